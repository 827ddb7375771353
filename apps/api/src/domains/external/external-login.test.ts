import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LoginResult } from '@lotus/contracts/accounts';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getWithToken, randomIp } from '../../../test/members.ts';
import { call, countRows, createBrand, headers, setupTestApp } from '../../../test/support.ts';
import { setBrandFlags, setExternalProvider } from '../../harness.ts';

const ctx = setupTestApp();
const REDIRECT = 'http://localhost/oauth/callback/google';
let server: Server;
let issuer: string;

/** A real OpenID provider on a local port, with its development login and consent pages. */
beforeAll(async () => {
  server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: 'lotus-web',
        client_secret: 'lotus-secret-for-tests-only',
        redirect_uris: [REDIRECT],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
      // Another application at the same provider: its codes and tokens are not for us.
      {
        client_id: 'other-app',
        client_secret: 'other-secret-for-tests-only',
        redirect_uris: [REDIRECT],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    findAccount: async (_ctx: unknown, sub: string) => ({
      accountId: sub,
      claims: async () => ({
        sub,
        email: `${sub}@example.com`,
        email_verified: true,
        name: `Player ${sub}`,
        // Issue 25: the provider's birth date decides; `minor*` accounts are 17, `nodob*` have none.
        ...(sub.startsWith('nodob')
          ? {}
          : { birthdate: sub.startsWith('minor') ? minorBirthDate() : '1990-01-01' }),
      }),
    }),
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'birthdate'] },
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    cookies: { keys: ['oidc-test-cookie-key'] },
  });
  server.on('request', provider.callback());
  await setBrandFlags(ctx.db, 'DEMO', { GOOGLELOGIN3: true });
  await setExternalProvider(ctx.db, 'DEMO', 'google', {
    issuer,
    clientId: 'lotus-web',
    clientSecret: 'lotus-secret-for-tests-only',
  });
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

/** Plays the browser at the provider: follows redirects, logs in as `account`, consents. */
async function signInAtProvider(authorizationUrl: string, account: string): Promise<string> {
  const cookies = new Map<string, string>();
  let url = authorizationUrl;
  let form: Record<string, string> | null = null;
  for (let step = 0; step < 12; step += 1) {
    const res = await fetch(url, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(form ? { body: new URLSearchParams(form).toString() } : {}),
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair = ''] = c.split(';');
      const [name = '', ...value] = pair.split('=');
      cookies.set(name.trim(), value.join('='));
    }
    form = null;
    const location = res.headers.get('location');
    if (location) {
      const next = new URL(location, url).href;
      if (next.startsWith(REDIRECT)) return next;
      url = next;
      continue;
    }
    const html = await res.text();
    const action = /action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`provider page without a form (${res.status})`);
    url = new URL(action, url).href;
    form = html.includes('name="login"')
      ? { prompt: 'login', login: account, password: 'any' }
      : { prompt: 'consent' };
  }
  throw new Error('no redirect back to the site');
}

const finishAt = (merchant: string, callbackUrl: string) =>
  call<LoginResult>(ctx.app, {
    method: 'POST',
    url: '/wps/session/external/google/callback',
    remoteAddress: randomIp(),
    headers: headers(merchant),
    payload: { callbackUrl },
  });

async function start(merchant = 'DEMO') {
  return call<{ authorizationUrl: string; state: string }>(ctx.app, {
    method: 'GET',
    url: `/wps/session/external/google/start?redirectUri=${encodeURIComponent(REDIRECT)}`,
    remoteAddress: randomIp(),
    headers: headers(merchant),
  });
}

const finish = (callbackUrl: string) =>
  call<LoginResult>(ctx.app, {
    method: 'POST',
    url: '/wps/session/external/google/callback',
    remoteAddress: randomIp(),
    headers: headers(),
    payload: { callbackUrl },
  });

/** A date of birth 17 years before today (UTC). */
function minorBirthDate(): string {
  const d = new Date();
  return `${d.getUTCFullYear() - 17}-${String(d.getUTCMonth() + 1).padStart(2, '0')}-${String(d.getUTCDate()).padStart(2, '0')}`;
}

describe('external sign-in through OpenID Connect', () => {
  it("refuses to create an account below the brand's minimum age, or without a birth date (issue 25)", async () => {
    const before = await countRows(ctx.db, 'members');
    const minor = await finish(await signInAtProvider((await start()).body.value.authorizationUrl, 'minor1'));
    expect(minor.body.errorCode).toBe('age_below_18');
    const none = await finish(await signInAtProvider((await start()).body.value.authorizationUrl, 'nodob1'));
    expect(none.body.errorCode).toBe('birth_date_invalid');
    expect(await countRows(ctx.db, 'members')).toBe(before);
  });

  it('signs a new person in with code + PKCE, creates the member once, and reuses it', async () => {
    const begun = await start();
    expect(begun.body.success).toBe(true);
    const auth = new URL(begun.body.value.authorizationUrl);
    expect(auth.searchParams.get('code_challenge_method')).toBe('S256');
    expect(auth.searchParams.get('nonce')).toBeTruthy();
    const callbackUrl = await signInAtProvider(begun.body.value.authorizationUrl, 'alice');
    const before = await countRows(ctx.db, 'members');
    const res = await finish(callbackUrl);
    expect(res.body.success).toBe(true);
    expect(res.body.value).toMatchObject({ customerType: 'MEMBER', passwordExpired: false });
    expect(await countRows(ctx.db, 'members')).toBe(before + 1);
    const info = await getWithToken<{ email: string; nickname: string }>(
      ctx,
      '/wps/member/info',
      res.body.value.token,
    );
    expect(info.body.value).toMatchObject({ email: 'al***@example.com', nickname: 'Player alice' });

    // The same callback (state already used) is refused; nothing changes.
    expect((await finish(callbackUrl)).body.errorCode).toBe('external_login_failed');

    const again = await start();
    const second = await finish(await signInAtProvider(again.body.value.authorizationUrl, 'alice'));
    expect(second.body.value.id).toBe(res.body.value.id);
    expect(await countRows(ctx.db, 'members')).toBe(before + 1);
  });

  it('refuses a forged state or code', async () => {
    const begun = await start();
    const callbackUrl = await signInAtProvider(begun.body.value.authorizationUrl, 'bob');
    const forgedState = new URL(callbackUrl);
    forgedState.searchParams.set('state', 'forged');
    expect((await finish(forgedState.href)).body.errorCode).toBe('external_login_failed');
    const forgedCode = new URL(callbackUrl);
    forgedCode.searchParams.set('code', 'forged');
    expect((await finish(forgedCode.href)).body.errorCode).toBe('external_login_failed');
  });

  it('is refused when the brand flag is off or no provider is configured', async () => {
    const brand = await createBrand(ctx.db);
    expect((await start(brand.merchantCode)).body.errorCode).toBe('feature_disabled');
    await setBrandFlags(ctx.db, brand.merchantCode, { GOOGLELOGIN3: true });
    expect((await start(brand.merchantCode)).body.errorCode).toBe('feature_disabled');
  });

  it('refuses an authorization response naming another issuer (mix-up), and nothing is created', async () => {
    const begun = await start();
    const callbackUrl = new URL(await signInAtProvider(begun.body.value.authorizationUrl, 'carol'));
    expect(callbackUrl.searchParams.get('iss')).toBe(issuer);
    callbackUrl.searchParams.set('iss', 'http://evil.example');
    const before = await countRows(ctx.db, 'members');
    expect((await finish(callbackUrl.href)).body.errorCode).toBe('external_login_failed');
    expect(await countRows(ctx.db, 'members')).toBe(before);
  });

  it('refuses a code issued to another application (audience), with our own state', async () => {
    const begun = await start();
    // The same request, but the provider is asked on behalf of another client: its code is bound to it.
    const forOther = new URL(begun.body.value.authorizationUrl);
    forOther.searchParams.set('client_id', 'other-app');
    const callbackUrl = await signInAtProvider(forOther.href, 'dave');
    const before = await countRows(ctx.db, 'members');
    expect((await finish(callbackUrl)).body.errorCode).toBe('external_login_failed');
    expect(await countRows(ctx.db, 'members')).toBe(before);
  });

  it('refuses at a second brand a sign-in begun at the first, even with the same provider configured', async () => {
    const other = await createBrand(ctx.db);
    await setBrandFlags(ctx.db, other.merchantCode, { GOOGLELOGIN3: true });
    await setExternalProvider(ctx.db, other.merchantCode, 'google', {
      issuer,
      clientId: 'lotus-web',
      clientSecret: 'lotus-secret-for-tests-only',
    });
    const begun = await start();
    const callbackUrl = await signInAtProvider(begun.body.value.authorizationUrl, 'erin');
    const before = await countRows(ctx.db, 'members');
    expect((await finishAt(other.merchantCode, callbackUrl)).body.errorCode).toBe('external_login_failed');
    expect(await countRows(ctx.db, 'members')).toBe(before);
    // The state was spent by the attempt: the first brand refuses it now too.
    expect((await finish(callbackUrl)).body.errorCode).toBe('external_login_failed');
    expect(await countRows(ctx.db, 'members')).toBe(before);
  });
});
