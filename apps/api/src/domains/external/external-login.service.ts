import { randomBytes } from 'node:crypto';
import type { LoginResult } from '@lotus/contracts/accounts';
import * as oidc from 'openid-client';
import { AppError } from '../../http/app-error.ts';
import type { Caller } from '../../http/caller.ts';
import type { MemberServices } from '../../http/member-services.ts';
import { throttleKey } from '../../http/throttle.ts';
import { flagOn } from '../brands/brand.ts';
import { brandOrigin } from '../brands/brand-origin.ts';
import { assertActive, completeLogin } from '../members/login.service.ts';
import { createCheckedMember, findMemberById } from '../members/member.service.ts';
import type { Member } from '../members/member.ts';
import {
  type ExternalProvider,
  type ExternalProviderName,
  findIdentityMember,
  findProvider,
  linkIdentity,
  PROVIDER_FLAG,
  saveLoginState,
  takeLoginState,
} from './external.repository.ts';

const STATE_TTL_MS = 10 * 60_000;
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * External sign-in (Google, Facebook per brand flag) through OpenID Connect with openid-client:
 * authorization code + PKCE (S256), state and nonce kept server-side for 10 minutes and used once.
 * Issuer metadata is discovered once per brand and provider and kept in process.
 */
export class ExternalLogin {
  private readonly configs = new Map<string, Promise<oidc.Configuration>>();

  private configuration(
    brandId: string,
    name: string,
    provider: ExternalProvider,
  ): Promise<oidc.Configuration> {
    const key = `${brandId}|${name}|${provider.issuer}|${provider.clientId}`;
    let config = this.configs.get(key);
    if (!config) {
      const issuer = new URL(provider.issuer);
      // Plain HTTP only for a provider on this machine (development and tests).
      const insecure = issuer.protocol === 'http:' && LOOPBACK.has(issuer.hostname);
      config = oidc
        .discovery(issuer, provider.clientId, provider.clientSecret, undefined, {
          ...(insecure ? { execute: [oidc.allowInsecureRequests] } : {}),
        })
        .catch((error: unknown) => {
          this.configs.delete(key);
          throw error;
        });
      this.configs.set(key, config);
    }
    return config;
  }

  private async provider(svc: MemberServices, caller: Caller, name: ExternalProviderName) {
    if (!flagOn(caller.brand, PROVIDER_FLAG[name])) throw new AppError('feature_disabled');
    const provider = await findProvider(svc.db, caller.brand.id, name);
    if (!provider) throw new AppError('feature_disabled');
    try {
      return await this.configuration(caller.brand.id, name, provider);
    } catch (error) {
      throw new AppError('external_login_failed', { cause: error });
    }
  }

  /** The provider's authorization URL; the browser goes there, then back to `redirectUri`. */
  async start(
    svc: MemberServices,
    caller: Caller,
    name: ExternalProviderName,
    redirectUri: string,
  ): Promise<{ authorizationUrl: string; state: string }> {
    await svc.throttle.consume([['externalPerIp', throttleKey(caller.brand, caller.ip)]]);
    // A text that is no URL at all is the caller's mistake, not a fault (URL throws TypeError).
    const callback = URL.parse(redirectUri);
    if (!callback) throw new AppError('request_param_err');
    const origin = await brandOrigin(svc.db, caller.brand, caller.host);
    if (callback.origin !== origin && !LOOPBACK.has(callback.hostname))
      throw new AppError('request_param_err');
    const config = await this.provider(svc, caller, name);
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    await saveLoginState(
      svc.db,
      state,
      { brandId: caller.brand.id, provider: name, codeVerifier, nonce, redirectUri },
      new Date(Date.now() + STATE_TTL_MS),
    );
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: 'openid email profile',
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    return { authorizationUrl: url.href, state };
  }

  /**
   * The browser's callback URL (with code and state) -> tokens -> the ID token's subject -> the
   * member linked to it, or a new member when none is (its e-mail kept when the provider verified it).
   */
  async finish(
    svc: MemberServices,
    caller: Caller,
    name: ExternalProviderName,
    callbackUrl: string,
  ): Promise<LoginResult> {
    await svc.throttle.consume([['externalPerIp', throttleKey(caller.brand, caller.ip)]]);
    const current = URL.parse(callbackUrl);
    if (!current) throw new AppError('request_param_err');
    const stateValue = current.searchParams.get('state') ?? '';
    const state = stateValue ? await takeLoginState(svc.db, stateValue) : null;
    if (
      !state ||
      state.brandId !== caller.brand.id ||
      state.provider !== name ||
      state.expiresAt < new Date()
    ) {
      throw new AppError('external_login_failed');
    }
    if (`${current.origin}${current.pathname}` !== state.redirectUri.split('?')[0]) {
      throw new AppError('external_login_failed');
    }
    const config = await this.provider(svc, caller, name);
    let claims: oidc.IDToken | undefined;
    try {
      const tokens = await oidc.authorizationCodeGrant(config, current, {
        pkceCodeVerifier: state.codeVerifier,
        expectedState: stateValue,
        expectedNonce: state.nonce,
        idTokenExpected: true,
      });
      claims = tokens.claims();
    } catch (error) {
      throw new AppError('external_login_failed', { cause: error });
    }
    if (!claims?.sub) throw new AppError('external_login_failed');
    const member = await this.memberFor(svc, caller, name, claims);
    assertActive(member);
    return completeLogin(svc, caller, member, 'external', false);
  }

  private async memberFor(
    svc: MemberServices,
    caller: Caller,
    name: string,
    claims: oidc.IDToken,
  ): Promise<Member> {
    const brandId = caller.brand.id;
    const linked = await findIdentityMember(svc.db, brandId, name, claims.sub);
    if (linked) {
      const member = await findMemberById(svc.db, brandId, linked);
      if (member) return member;
    }
    const email = claims.email_verified === true && typeof claims.email === 'string' ? claims.email : null;
    // The provider's `birthdate` claim (OpenID Connect standard claim, YYYY-MM-DD): without one, or
    // below the brand's minimum age, no account is created (birth_date_invalid, age_below_18/21).
    const birthDate = typeof claims.birthdate === 'string' ? claims.birthdate : null;
    const id = await createCheckedMember(
      svc.db,
      caller.brand,
      {
        birthDate,
        username: `${name[0]}${randomBytes(6).toString('hex')}`,
        // No password: this member signs in through the provider (or sets one by e-mail reset).
        passwordHash: '!external',
        email,
        nickname: typeof claims.name === 'string' ? claims.name.slice(0, 32) : '',
        language: caller.language,
        registerMethod: `EXTERNAL_${name.toUpperCase()}`,
        registerIp: caller.ip,
      },
      (trx, memberId) => linkIdentity(trx, { brandId, provider: name, subject: claims.sub, memberId }),
    );
    const member = await findMemberById(svc.db, brandId, id);
    if (!member) throw new Error('external member vanished');
    return member;
  }
}
