import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createDemoLikeBrand, setExternalProvider } from '@lotus/api/harness';
import Provider from 'oidc-provider';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, siteUrl } from './browser.ts';
import { db, dismissPopup, unique } from './pages.ts';

/**
 * External sign-in (issue 24) in the browser against a real, local OpenID provider (oidc-provider
 * with its development login and consent pages): on a brand of its own with GOOGLELOGIN3 on, the
 * login modal shows "Continue with Google", the member signs in at the provider and lands back on
 * the site logged in, a member created on the first sign-in.
 */
const MERCHANT = `E2EOIDC${unique().toUpperCase()}`;
const HOST = `${MERCHANT.toLowerCase()}.localhost`;

let browser: Browser;
let server: Server;

beforeAll(async () => {
  server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: 'lotus-e2e',
        client_secret: 'lotus-e2e-secret-for-tests-only',
        redirect_uris: [`${siteUrl(HOST)}/oauth/callback/google`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    findAccount: async (_ctx: unknown, sub: string) => ({
      accountId: sub,
      // The brand's minimum age needs the provider's birthdate claim (docs/kyc.md).
      claims: async () => ({
        sub,
        email: `${sub}@example.com`,
        email_verified: true,
        name: `Player ${sub}`,
        birthdate: '1990-01-01',
      }),
    }),
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'birthdate'] },
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    cookies: { keys: ['oidc-e2e-cookie-key'] },
  });
  server.on('request', provider.callback());
  await db(async (d) => {
    await createDemoLikeBrand(d, {
      merchantCode: MERCHANT,
      domains: [HOST],
      settings: { featureFlags: { GOOGLELOGIN3: true, FACEBOOKLOGIN3: false } },
    });
    await setExternalProvider(d, MERCHANT, 'google', {
      issuer,
      clientId: 'lotus-e2e',
      clientSecret: 'lotus-e2e-secret-for-tests-only',
    });
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
});

describe('external sign-in', () => {
  it('the login modal offers Google; the member signs in at a local OpenID provider and lands logged in', {
    timeout: 120_000,
  }, async () => {
    const { page } = await newPage(browser);
    await page.goto(`${siteUrl(HOST)}/register`);
    const register = page.getByTestId('register-modal');
    await register.waitFor();
    await expect.poll(() => register.getByRole('button', { name: 'Continue with Google' }).count()).toBe(1);
    // Facebook's flag is off: no button for it.
    expect(await register.getByRole('button', { name: 'Continue with Facebook' }).count()).toBe(0);
    await register.locator('.register-form__login button').click();
    const login = page.getByTestId('login-modal');
    await login.waitFor();
    await login.getByRole('button', { name: 'Continue with Google' }).click();

    // At the provider (its development pages): any login name, then consent.
    await page.waitForURL(/127\.0\.0\.1/, { timeout: 30_000 });
    const account = `oidc${unique()}`;
    await page.locator('input[name="login"]').fill(account);
    await page.locator('input[name="password"]').fill('any');
    await page.getByRole('button', { name: /sign-in/i }).click();
    await page.getByRole('button', { name: /continue/i }).click();

    // Back on the site: the callback page signs in and goes home, logged in.
    await page.waitForURL(`${siteUrl(HOST)}/**`, { timeout: 30_000 });
    await page.getByTestId('logged-in-bar').waitFor({ timeout: 30_000 });
    await dismissPopup(page, { timeout: 3_000 });
    expect(new URL(page.url()).pathname).not.toContain('/oauth/callback');
    const member = await db((d) =>
      d
        .selectFrom('members')
        .innerJoin('brands', 'brands.id', 'members.brand_id')
        .select(['members.email', 'members.register_method'])
        .where('brands.merchant_code', '=', MERCHANT)
        .where('members.email', '=', `${account}@example.com`)
        .executeTakeFirst(),
    );
    expect(member).toEqual({ email: `${account}@example.com`, register_method: 'EXTERNAL_GOOGLE' });
  });
});
