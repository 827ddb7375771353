import type { LoginResult } from '@lotus/contracts/accounts';
import { isAgentType, TRIAL_TYPE } from '@lotus/contracts/accounts';
import type { SupportedLanguage } from '@lotus/contracts/languages';
import type { Db } from '../../db/database.ts';
import type { Guards } from '../../http/auth.ts';
import type { Throttle } from '../../http/throttle.ts';
import { countryOf } from '../../lib/geoip.ts';
import type { PasswordHashing } from '../../lib/hashing.ts';
import type { Brand } from '../brands/brand.ts';
import type { ServerKeyring } from '../security/server-keys.ts';
import type { SessionService } from '../sessions/session.service.ts';
import type { ImageCaptcha } from '../verification/captcha.service.ts';
import type { EmailProvider } from '../verification/email.ts';
import type { HumanCheck } from '../verification/human-check.service.ts';
import type { SmsCodes } from '../verification/sms.service.ts';
import type { Member } from './member.ts';
import type { PolicyCache } from './registration-settings.ts';

/** Everything the account calls need, built once per app and passed to the route modules. */
export type AccountServices = {
  db: Db;
  keyring: ServerKeyring;
  policies: PolicyCache;
  sessions: SessionService;
  guards: Guards;
  sms: SmsCodes;
  email: EmailProvider;
  humanCheck: HumanCheck;
  captcha: ImageCaptcha;
  throttle: Throttle;
  hashing: PasswordHashing;
};

/** Who is calling: brand, address, GeoIP country, device and language. */
export type Caller = {
  brand: Brand;
  ip: string;
  country: string;
  device: string;
  language: SupportedLanguage;
  /**
   * The call's `Host` as sent (X-Forwarded-Host behind a trusted proxy). Never used in a link: it only
   * chooses among the brand's configured domains (brands/brand-origin.ts).
   */
  host: string;
};

export function callerOf(request: {
  brand: Brand;
  ip: string;
  language: SupportedLanguage;
  headers: Record<string, string | string[] | undefined>;
  host: string;
}): Caller {
  const device = request.headers.device;
  return {
    brand: request.brand,
    ip: request.ip,
    country: countryOf(request.ip),
    device: typeof device === 'string' ? device.slice(0, 16) : '',
    language: request.language,
    host: request.host,
  };
}

export function customerType(isAgent: number): string {
  return isAgent === TRIAL_TYPE ? 'TRIAL' : isAgentType(isAgent) ? 'AGENT' : 'MEMBER';
}

export function loginResult(
  member: Member,
  token: string,
  options: { passwordExpired: boolean; firstTimeLogin?: boolean },
): LoginResult {
  return {
    token,
    id: member.id,
    userName: member.username,
    customerType: customerType(member.isAgent),
    isAgent: member.isAgent,
    firstTimeLogin: options.firstTimeLogin ?? member.firstLoginAt === null,
    passwordExpired: options.passwordExpired,
    mustChangePassword: member.mustChangePassword,
    language: member.language ?? '',
  };
}

export function flagOn(brand: Brand, flag: string): boolean {
  return brand.featureFlags[flag] === true;
}

/** Key of a throttle counter, always inside one brand. */
export const throttleKey = (brand: Brand, ...parts: string[]) => [brand.id, ...parts].join('|').toLowerCase();
