import { createMember, fundMember, latestSmsCode, setKnownIp } from '@lotus/api/harness';
import { TRIAL_TYPE } from '@lotus/contracts/accounts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, siteUrl } from './browser.ts';
import { db, loggedIn, loginFromHeader, logout, openHome, unique } from './pages.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Waits for the code the built-in SMS provider wrote to its outbox (what a phone would receive). */
async function smsCodeFor(phone: string): Promise<string> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const code = await db((d) => latestSmsCode(d, phone));
    if (code) return code;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no SMS code for ${phone}`);
}

describe('accounts in the browser', () => {
  it('registers by username, lands logged in, logs out and back in', async () => {
    const { context, page } = await newPage(browser);
    await openHome(page);
    const username = `e2e${unique()}`;
    await page.goto(`${siteUrl()}/register`);
    const modal = page.getByTestId('register-modal');
    await modal.waitFor();
    await modal.getByLabel('Username').fill(username);
    await modal.getByLabel(/^Password/).fill('Secret123');
    await modal.getByLabel('Confirm password').fill('Secret123');
    await modal.getByLabel('Date of birth').fill('1990-01-01');
    await modal.getByTestId('register-submit').click();
    await loggedIn(page);
    expect(await page.getByTestId('nickname').innerText()).toContain(username);
    expect(await page.evaluate(() => sessionStorage.getItem('account'))).toBe(username);

    await logout(page);
    expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
    expect(await page.evaluate(() => sessionStorage.getItem('merchant'))).toBe('DEMO');
    // The header trims the name the member typed.
    await loginFromHeader(page, `  ${username} `, 'Secret123');
    await loggedIn(page);
    await context.close();
  });

  it('registers by mobile number with the SMS code', async () => {
    const { context, page } = await newPage(browser);
    await openHome(page);
    const national = `12${String(Date.now()).slice(-7)}`;
    await page.goto(`${siteUrl()}/register`);
    const modal = page.getByTestId('register-modal');
    await modal.waitFor();
    await modal.getByRole('tab', { name: 'Mobile register' }).click();
    await modal.getByLabel('Mobile number').fill(national);
    await modal.getByTestId('sms-send').click();
    const code = await smsCodeFor(`+60${national}`);
    await modal.getByLabel('SMS code').fill(code);
    // The demo brand registers by mobile without a password (MOBILENUMPASSREG3 off).
    expect(await modal.getByLabel(/^Password/).count()).toBe(0);
    expect(await modal.getByLabel('Confirm password').count()).toBe(0);
    await modal.getByLabel('Date of birth').fill('1990-01-01');
    await modal.getByTestId('register-submit').click();
    await loggedIn(page);
    await context.close();
  });

  it('plays the free demo and is warned that member features need a real account', async () => {
    const { context, page } = await newPage(browser);
    await openHome(page);
    const box = page.getByTestId('login-box');
    // The free demo asks for the date of birth first (the brand's minimum age, issue 25).
    await box.getByRole('button', { name: 'Free demo' }).click();
    await box.getByLabel(/date of birth/i).fill('1990-01-01');
    await box.getByRole('button', { name: 'Free demo' }).click();
    await loggedIn(page);
    expect(await page.evaluate(() => sessionStorage.getItem('isAgent'))).toBe(String(TRIAL_TYPE));
    await page.getByTestId('logged-in-bar').getByRole('button', { name: 'Deposit' }).click();
    await page.getByTestId('trial-warning').waitFor();
    await page.getByTestId('trial-warning-confirm').click();
    await page.getByTestId('trial-warning').waitFor({ state: 'hidden' });
    await context.close();
  });

  it('forces a password change for a member with the default password', async () => {
    const username = `e2ef${unique()}`;
    await db((d) =>
      createMember(d, { merchantCode: 'DEMO', username, password: 'Default123', mustChangePassword: true }),
    );
    const { context, page } = await newPage(browser);
    await openHome(page);
    await loginFromHeader(page, username, 'Default123');
    const modal = page.getByTestId('change-password-modal');
    await modal.waitFor();
    // The password was just typed at login: the forced change does not ask for it again.
    await modal.getByLabel(/^new password/i).waitFor();
    expect(await modal.getByLabel(/current password/i).count()).toBe(0);
    await modal.getByLabel(/^new password/i).fill('Changed123');
    await modal.getByLabel(/confirm/i).fill('Changed123');
    await modal.getByRole('button', { name: /save|change/i }).click();
    await modal.waitFor({ state: 'hidden' });
    await loggedIn(page);
    await logout(page);
    await loginFromHeader(page, username, 'Changed123');
    await loggedIn(page);
    await context.close();
  });

  it('asks for an SMS code when a member logs in from an address it never used', async () => {
    const username = `e2ev${unique()}`;
    const national = `13${String(Date.now()).slice(-7)}`;
    await db(async (d) => {
      await createMember(d, {
        merchantCode: 'DEMO',
        username,
        password: 'Secret123',
        mobile: `+60${national}`,
      });
      await setKnownIp(d, { merchantCode: 'DEMO', username, ip: '60.48.0.1', known: true });
    });
    const { context, page } = await newPage(browser, { forwardedFor: '60.48.0.99' });
    await openHome(page);
    await loginFromHeader(page, username, 'Secret123');
    const modal = page.getByTestId('verify-login-modal');
    await modal.waitFor();
    const code = await smsCodeFor(`+60${national}`);
    await modal.getByLabel('SMS code').fill(code);
    await modal.getByRole('button', { name: 'Verify and log in' }).click();
    await loggedIn(page);
    await context.close();
  });

  it('hides and shows the balance, and keeps the language across login', async () => {
    // A member of its own: the language chosen here becomes the member's stored language.
    const username = `lang${unique()}`;
    await db(async (d) => {
      await createMember(d, { merchantCode: 'DEMO', username, password: 'Player123' });
      await fundMember(d, { merchantCode: 'DEMO', username, amount: '1234.50' });
    });
    const { context, page } = await newPage(browser);
    await openHome(page);
    await page.getByTestId('language-picker').click();
    await page.getByRole('menuitemradio', { name: /Bahasa Melayu/ }).click();
    await page.waitForFunction(() => document.documentElement.lang === 'ms');
    await loginFromHeaderMs(page, username, 'Player123');
    await loggedIn(page);
    const balance = page.getByTestId('balance');
    await balance.waitFor();
    await page.waitForFunction(() =>
      /\d/.test(document.querySelector('[data-testid="balance"]')?.textContent ?? ''),
    );
    const shown = await balance.innerText();
    expect(shown).toMatch(/RM\s?[\d,]+\.\d{2}/);
    await page.getByTestId('balance-toggle').click();
    expect(await balance.innerText()).toContain('***');
    await page.getByTestId('balance-toggle').click();
    expect(await balance.innerText()).toBe(shown);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ms');
    await page.reload();
    await loggedIn(page);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ms');
    await context.close();
  });
});

/** The header login in Malay: the same fields, found by position rather than by their EN labels. */
async function loginFromHeaderMs(page: Page, username: string, password: string): Promise<void> {
  const box = page.getByTestId('login-box');
  await box.locator('input[autocomplete="username"]').fill(username);
  await box.locator('input[autocomplete="current-password"]').fill(password);
  await box.locator('button[type="submit"]').click();
}
