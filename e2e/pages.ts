import { randomBytes } from 'node:crypto';
import { createMember, createOperator, currentTotpCode, withDatabase } from '@lotus/api/harness';
import type { LoginResult } from '@lotus/contracts/accounts';
import { encryptPayload, importPublicKeyPem } from '@lotus/contracts/crypto-envelope';
import { popupClosedKey, SESSION_KEYS } from '@lotus/contracts/storage';
import type { Browser, Locator, Page } from 'playwright-core';
import { inject } from 'vitest';
import { newPage, siteUrl } from './browser.ts';

/**
 * What the end-to-end scenarios do again and again on the member site and in the back office:
 * one place for the popup, the member's header login, the operator's login with TOTP and the
 * test data they need, so a change of the UI is followed in one file.
 */

/** A short random suffix for names that must not clash between runs of a scenario. */
export const unique = () => randomBytes(3).toString('hex');

/** Runs `work` on the end-to-end run's database (the one the server uses). */
export const db = <T>(work: Parameters<typeof withDatabase<T>>[1]) =>
  withDatabase(inject('databaseUrl'), work);

/** Closes a dialog by its close (or cancel) button, in any of the site's languages. */
export async function closeDialog(
  dialog: Locator,
  name = /close|tutup|关闭|cancel|batal|取消/i,
): Promise<void> {
  await dialog.getByRole('button', { name }).first().click();
  await dialog.waitFor({ state: 'hidden' });
}

/**
 * Closes the announcement popup when the audience has one (visitors B, members A, first login F)
 * within `timeout`; `inspect` looks at the open popup first (the layout guard measures it).
 */
export async function dismissPopup(
  page: Page,
  { timeout = 5_000, inspect }: { timeout?: number; inspect?: () => Promise<void> } = {},
): Promise<void> {
  const popup = page.getByTestId('announcement-popup');
  const shown = await popup.waitFor({ state: 'visible', timeout }).then(
    () => true,
    () => false,
  );
  if (!shown) return;
  await inspect?.();
  // A plain event, not an action: an action would first run the page's popup handler (see
  // newPage), which closes the popup and leaves this click waiting for a button that is gone.
  await popup
    .getByRole('button', { name: /close|tutup|关闭/i })
    .first()
    .dispatchEvent('click');
  await popup.waitFor({ state: 'hidden' });
}

/**
 * How many announcements a popup list holds (audiences: B for visitors; A, or F on a first login,
 * for members), as the site receives it; -1 when no such list arrives within `timeout` (already
 * closed this session).
 */
function popupList(page: Page, audiences: 'B' | 'AF', timeout = 15_000): Promise<number> {
  const execution = new RegExp(`[?&]execution=[${audiences}](&|$)`);
  return page
    .waitForResponse(
      (response) => response.url().includes('MCSFE_getListAnnouncements') && execution.test(response.url()),
      { timeout },
    )
    .then(async (response) => {
      const body = (await response.json()) as { value?: unknown };
      return Array.isArray(body.value) ? body.value.length : 0;
    })
    .catch(() => -1);
}

/**
 * Once a popup list of `items` arrived: waits until its popup has opened or has been closed already
 * (the page's popup handler closes it before any action or wait that meets it, see newPage), then
 * closes it if it is still open. With no list seen (-1), gives the popup a few seconds.
 */
async function popupClosedOnce(page: Page, audiences: 'B' | 'AF', items: number): Promise<void> {
  if (items === 0) return;
  if (items < 0) {
    await dismissPopup(page, { timeout: 3_000 });
    return;
  }
  const keys = [...audiences].map((execution) => popupClosedKey(execution as 'A' | 'B' | 'F'));
  await page.waitForFunction(
    (closedKeys) =>
      document.querySelector('[data-testid="announcement-popup"]') !== null ||
      closedKeys.some((key) => sessionStorage.getItem(key) === '1'),
    keys,
    { timeout: 30_000 },
  );
  await dismissPopup(page, { timeout: 1_000 });
}

/** The home page with the visitors' popup out of the way. */
export async function openHome(page: Page): Promise<void> {
  const popupItems = popupList(page, 'B');
  await page.goto(`${siteUrl()}/index`);
  await popupClosedOnce(page, 'B', await popupItems);
}

/**
 * Fills a field and checks the text landed. While the announcement popup (a native modal dialog)
 * is open or closing, the page behind it is inert: Playwright's fill finds the field visible and
 * editable, but focus and typing go nowhere and the field stays empty (seen about one time in
 * eight right after the home page's popup: no input event reached the field). Fills again then.
 */
async function fillSurely(field: Locator, value: string): Promise<void> {
  for (let attempt = 0; attempt < 20; attempt++) {
    await field.fill(value);
    if ((await field.inputValue()) === value) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the field did not take the text ${JSON.stringify(value)}`);
}

/** Types the credentials into the header's login box (English labels) and submits. */
export async function loginFromHeader(page: Page, username: string, password: string): Promise<void> {
  await loginInBox(page.getByTestId('login-box'), username, password);
}

/**
 * Types the credentials into a login form (English labels) and submits: the header's box on wide
 * screens, the /login page's on a phone (below 981 px the header has a "Log in" link instead).
 */
export async function loginInBox(box: Locator, username: string, password: string): Promise<void> {
  await fillSurely(box.getByLabel('Username'), username);
  await fillSurely(box.getByLabel('Password'), password);
  await box.getByRole('button', { name: 'Log in' }).click();
}

/** Logged in: the bar is there and the members' popup, if any, is out of the way. */
export async function loggedIn(page: Page): Promise<void> {
  await page.getByTestId('logged-in-bar').waitFor({ timeout: 30_000 });
  await dismissPopup(page, { timeout: 3_000 });
}

/** The site's envelope: a call marked E, sealed with the server's public key as the browser seals it. */
async function sealedPost<T>(path: string, payload: unknown): Promise<T> {
  const site = { merchant: 'DEMO', language: 'EN', device: 'web' };
  const key = await fetch(`${siteUrl()}/wps/system/publicKey`, { headers: site })
    .then((res) => res.json() as Promise<{ value: { publicKey: string } }>)
    .then((body) => importPublicKeyPem(body.value.publicKey));
  const envelope = await encryptPayload(key, payload);
  const res = await fetch(`${siteUrl()}${path}`, {
    method: 'POST',
    headers: { ...site, 'content-type': 'application/json', ...envelope.headers },
    body: JSON.stringify(envelope.body),
  });
  const body = (await res.json()) as { success: boolean; value: T; errorCode: string };
  if (!body.success) throw new Error(`${path}: ${res.status} ${body.errorCode}`);
  return body.value;
}

/**
 * A member of DEMO signed in for a scenario whose subject is not the login (accounts.e2e.ts and
 * the layout guard log in through the page): the site's own login call, made from here, then the
 * session the site would keep (sessionStorage: token, agent type, account; the announcement popups
 * already seen) and the home page, logged in. Saves the home page's visitor round, the typing and
 * the popups of a login through the header on every scenario. Answers the session token the site
 * sends with its calls.
 */
export async function memberSignedIn(page: Page, username: string, password: string): Promise<string> {
  const login = await sealedPost<LoginResult>('/wps/session/login', {
    type: 'username',
    username,
    password,
    loginDeviceId: randomBytes(16).toString('hex'),
  });
  if (login.firstTimeLogin) {
    // As the site does after a first login (features/auth/lib/complete-login.ts).
    await fetch(`${siteUrl()}/wps/member/firstLogin`, {
      method: 'POST',
      headers: { merchant: 'DEMO', language: 'EN', device: 'web', authorization: login.token },
    });
  }
  // Any page of the site's origin gives access to its sessionStorage; /health is the lightest.
  await page.goto(`${siteUrl()}/health`);
  await page.evaluate(
    ({ keys, login, closed }) => {
      sessionStorage.setItem(keys.token, login.token);
      sessionStorage.setItem(keys.isAgent, String(login.isAgent));
      sessionStorage.setItem(keys.account, login.userName);
      sessionStorage.setItem(keys.merchant, 'DEMO');
      for (const key of closed) sessionStorage.setItem(key, '1');
    },
    {
      keys: SESSION_KEYS,
      login: { token: login.token, isAgent: login.isAgent, userName: login.userName },
      closed: (['A', 'B', 'F'] as const).map(popupClosedKey),
    },
  );
  await page.goto(`${siteUrl()}/index`);
  await page.getByTestId('logged-in-bar').waitFor({ timeout: 30_000 });
  return login.token;
}

/** Logs out through the confirm dialog; the visitors' popup shows again and is closed. */
export async function logout(page: Page): Promise<void> {
  await page.getByTestId('logout').click();
  await page.getByTestId('logout-confirm').click();
  await page.getByTestId('login-box').waitFor();
  // Logging out clears the session storage (merchant aside), so the visitors' popup shows again.
  await dismissPopup(page);
}

/** A new member of DEMO, logged in from the header in a new browser page, the deposit page open. */
export async function memberOnDepositPage(
  browser: Browser,
): Promise<{ page: Page; username: string; close: () => Promise<void> }> {
  const username = `dep${unique()}`;
  await db((d) => createMember(d, { merchantCode: 'DEMO', username, password: 'Secret123' }));
  const { context, page } = await newPage(browser);
  await memberSignedIn(page, username, 'Secret123');
  await page.getByTestId('logged-in-bar').getByRole('button', { name: 'Deposit' }).click();
  await page.getByTestId('deposit-form').waitFor({ timeout: 15_000 });
  return { page, username, close: () => context.close() };
}

export type OperatorLogin = { username: string; password: string; totpSecret: string };

/** An operator of the demo brand with `role`, its authenticator enrolled on the harness secret. */
export async function demoOperator(
  role: 'admin' | 'finance' | 'cs' | 'marketing' | 'readonly',
): Promise<OperatorLogin> {
  const username = `${role.slice(0, 3)}${unique()}`;
  const password = 'Operator#2026';
  const { totpSecret } = await db((d) =>
    createOperator(d, { merchantCode: 'DEMO', username, password, role }),
  );
  return { username, password, totpSecret };
}

/** A finance operator of the demo brand. */
export const financeOperator = (): Promise<OperatorLogin> => demoOperator('finance');

/** The back office's first login step (username and password): the authenticator code is asked next. */
export async function operatorPasswordStep(page: Page, operator: OperatorLogin): Promise<void> {
  await page.goto(`${siteUrl()}/backoffice/`);
  await page.getByLabel('Username').fill(operator.username);
  await page.getByLabel('Password').fill(operator.password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/**
 * An operator signed into the back office for a scenario whose subject is not the login (the back
 * office's own test logs in through the page): the login call with the password and the code of its
 * TOTP secret, made from here, then the session the back office keeps (sessionStorage) and its menu.
 */
export async function operatorSignedIn(page: Page, operator: OperatorLogin): Promise<void> {
  const res = await fetch(`${siteUrl()}/bo/v1/session/login`, {
    method: 'POST',
    headers: { merchant: 'DEMO', language: 'EN', 'content-type': 'application/json' },
    body: JSON.stringify({
      username: operator.username,
      password: operator.password,
      totpCode: currentTotpCode(operator.totpSecret),
    }),
  });
  const body = (await res.json()) as {
    success: boolean;
    errorCode: string;
    value: { step: string; token: string; operator: unknown };
  };
  if (!body.success || body.value.step !== 'done')
    throw new Error(`operator ${operator.username}: ${res.status} ${body.errorCode ?? body.value.step}`);
  // Any page of the site's origin gives access to its sessionStorage; /health is the lightest.
  await page.goto(`${siteUrl()}/health`);
  await page.evaluate(
    ({ token, info }) => {
      // The back office's session keys (apps/backoffice/src/lib/session.ts).
      sessionStorage.setItem('bo.token', token);
      sessionStorage.setItem('bo.operator', JSON.stringify(info));
    },
    { token: body.value.token, info: body.value.operator },
  );
  await page.goto(`${siteUrl()}/backoffice/`);
  await page.getByRole('navigation', { name: 'Back-office menu' }).waitFor({ timeout: 15_000 });
}

/**
 * Logs an operator into the back office: username and password, then the code of its TOTP secret
 * (the authenticator app's part), and waits for the menu.
 */
export async function operatorLogin(page: Page, operator: OperatorLogin): Promise<void> {
  await operatorPasswordStep(page, operator);
  await page.getByLabel('Authenticator code').fill(currentTotpCode(operator.totpSecret));
  await page.getByRole('button', { name: 'Verify and log in' }).click();
  await page.getByRole('navigation', { name: 'Back-office menu' }).waitFor({ timeout: 15_000 });
}
