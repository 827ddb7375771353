import type { LoginResult } from '@lotus/contracts/accounts';
import { apiRequest } from '../../../lib/api-client.ts';

/** The brand flags of spec §6 that switch each external sign-in on. */
export const EXTERNAL_PROVIDERS = [
  { name: 'google', flag: 'GOOGLELOGIN3' },
  { name: 'facebook', flag: 'FACEBOOKLOGIN3' },
] as const;
export type ExternalProvider = (typeof EXTERNAL_PROVIDERS)[number]['name'];

/** The providers the brand's flags switch on, in display order. */
export function externalProvidersOf(flags: Record<string, boolean> | undefined): ExternalProvider[] {
  return EXTERNAL_PROVIDERS.filter((p) => flags?.[p.flag] === true).map((p) => p.name);
}

/** Where the provider sends the browser back: this site's /oauth/callback/<provider>. */
export function externalCallbackUri(provider: ExternalProvider): string {
  return `${window.location.origin}/oauth/callback/${provider}`;
}

/** GET /wps/session/external/:provider/start: the provider's authorization URL (state kept by the server). */
export function startExternalLogin(provider: ExternalProvider): Promise<{ authorizationUrl: string }> {
  return apiRequest(`/wps/session/external/${provider}/start`, {
    query: { redirectUri: externalCallbackUri(provider) },
  });
}

/** POST /wps/session/external/:provider/callback: the full callback URL; logs the member in. */
export function finishExternalLogin(provider: ExternalProvider, callbackUrl: string): Promise<LoginResult> {
  return apiRequest(`/wps/session/external/${provider}/callback`, { method: 'POST', body: { callbackUrl } });
}
