import { createOperator, currentTotpCode } from '@lotus/api/harness';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_BRANDS } from './brands.ts';
import { launchBrowser, newPage, siteUrl } from './browser.ts';
import { db, unique } from './pages.ts';

/**
 * Content management (issue 24), end to end on a brand of its own (E2ECONTENT on content.localhost,
 * the demo content): an admin edits a popup announcement, a home banner, adds a banner of the login
 * and register modals, edits a help page and a registration rule in the back office, and the member
 * site shows each change on its next page load, without a restart of anything.
 */
const { code: MERCHANT, domain: HOST } = E2E_BRANDS.content;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Logs an admin of the content brand into its back office through the login page (password, then TOTP). */
async function adminSignedIn(page: Page): Promise<void> {
  const username = `cms${unique()}`;
  const password = 'Operator#2026';
  const { totpSecret } = await db((d) =>
    createOperator(d, { merchantCode: MERCHANT, username, password, role: 'admin' }),
  );
  await page.goto(`${siteUrl(HOST)}/backoffice/`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByLabel('Authenticator code').fill(currentTotpCode(totpSecret));
  await page.getByRole('button', { name: 'Verify and log in' }).click();
  await page.getByRole('navigation', { name: 'Back-office menu' }).waitFor({ timeout: 15_000 });
}

async function saved(page: Page): Promise<void> {
  await expect
    .poll(
      async () =>
        page
          .getByRole('status')
          .first()
          .innerText()
          .catch(() => ''),
      { timeout: 15_000 },
    )
    .toContain('Saved');
}

describe('content management', () => {
  it('an operator edits an announcement, banners, a help page and a registration rule; the site shows each at once', {
    timeout: 180_000,
  }, async () => {
    const mark = unique();
    const popupTitle = `Spring reload ${mark}`;
    const bannerTitle = `Jackpot week ${mark}`;
    const modalBannerTitle = `Join and win ${mark}`;
    const helpText = `Withdrawals arrive within one hour ${mark}`;

    const bo = await newPage(browser);
    const { page } = bo;
    await adminSignedIn(page);
    await page
      .getByRole('navigation', { name: 'Back-office menu' })
      .getByRole('link', { name: 'Content' })
      .click();
    await page.getByRole('heading', { name: 'Content', level: 1 }).waitFor();

    // 1. The first visitors' popup: a new title (EN) and text with a script the server strips.
    const popupRow = page
      .getByRole('row')
      .filter({ hasText: 'Popup (PU)' })
      .filter({ hasText: 'Visitors (B)' })
      .first();
    await popupRow.getByRole('button', { name: 'Edit' }).click();
    const announcementForm = page.getByRole('form', { name: 'Announcement' });
    await announcementForm.getByLabel('English', { exact: true }).first().fill(popupTitle);
    await announcementForm
      .getByLabel('English', { exact: true })
      .nth(1)
      .fill(`<p>Reload <b>${mark}</b></p><script>window.hacked=1</script>`);
    await announcementForm.getByRole('button', { name: 'English' }).click();
    const preview = announcementForm.frameLocator('iframe.content-preview-frame');
    await preview.locator('b').filter({ hasText: mark }).waitFor();
    expect(await preview.locator('script').count()).toBe(0);
    await announcementForm.getByRole('button', { name: 'Save' }).click();
    await saved(page);

    // 2. The first home banner gets a new title; 3. a banner for the login and register modals.
    await page.getByRole('tab', { name: 'Banners' }).click();
    await page
      .getByRole('row')
      .filter({ hasText: 'Home carousel' })
      .first()
      .getByRole('button', { name: 'Edit' })
      .click();
    const bannerForm = page.getByRole('form', { name: 'Banner' });
    await bannerForm.getByLabel('English', { exact: true }).fill(bannerTitle);
    await bannerForm.getByRole('button', { name: 'Save' }).click();
    await saved(page);
    await bannerForm.getByRole('button', { name: 'New' }).click();
    await bannerForm.getByLabel('Group').selectOption('w_reg');
    await bannerForm.getByLabel('Image address').fill('/favicon.svg');
    await bannerForm.getByLabel('English', { exact: true }).fill(modalBannerTitle);
    await bannerForm.getByRole('button', { name: 'Save' }).click();
    await saved(page);
    await page.getByRole('row').filter({ hasText: modalBannerTitle }).waitFor();

    // 4. The first help page: new text, with an event handler the sanitiser removes.
    await page.getByRole('tab', { name: 'Help pages' }).click();
    await page.getByRole('row').nth(1).getByRole('button', { name: 'Edit' }).click();
    const helpForm = page.getByRole('form', { name: 'Help page' });
    await helpForm
      .getByLabel('English', { exact: true })
      .nth(1)
      .fill(`<p onmouseover="window.hacked=1">${helpText}</p>`);
    await helpForm.getByRole('button', { name: 'Save' }).click();
    await saved(page);

    // 5. Usernames of 6 to 8 characters from now on; a bad pattern is refused first.
    await page.getByRole('tab', { name: 'Registration rules' }).click();
    const username = page.getByTestId('rule-username');
    await username.getByLabel('Username Own pattern (* = any)').fill('([a-z');
    await username.getByRole('alert').waitFor();
    await username.getByLabel('Username Own pattern (* = any)').fill('*');
    await username.getByLabel('Username Maximum').fill('8');
    await page.getByRole('button', { name: 'Save' }).click();
    await saved(page);

    // The member site, in a fresh session: each change shows on its first load.
    const site = await newPage(browser, { popups: 'keep' });
    const member = site.page;
    await member.goto(`${siteUrl(HOST)}/index`);
    const popup = member.getByTestId('announcement-popup');
    await popup.waitFor({ timeout: 20_000 });
    await popup.getByRole('heading', { name: popupTitle }).waitFor();
    await popup.locator('b').filter({ hasText: mark }).waitFor();
    expect(await member.evaluate(() => (window as { hacked?: number }).hacked)).toBeUndefined();
    await popup.getByRole('button', { name: /close/i }).first().click();
    await popup.waitFor({ state: 'hidden' });
    await expect
      .poll(async () => member.getByTestId('banner-title').allInnerTexts(), { timeout: 15_000 })
      .toContain(bannerTitle);

    await member.goto(`${siteUrl(HOST)}/help`);
    const article = member.locator('.help__article');
    await article.getByText(helpText).waitFor({ timeout: 15_000 });
    expect(await article.innerHTML()).not.toContain('onmouseover');

    await member.goto(`${siteUrl(HOST)}/register`);
    const modal = member.getByTestId('register-modal');
    await modal.waitFor();
    await modal.getByTestId('modal-banner-title').filter({ hasText: modalBannerTitle }).waitFor();
    const field = modal.getByLabel('Username');
    await field.fill('abcdefghij');
    await field.blur();
    await modal.getByText('6 to 8 characters').waitFor();
    await field.fill('abcdefg');
    await field.blur();
    await expect.poll(async () => modal.getByText('6 to 8 characters').count()).toBe(0);

    await site.context.close();
    await bo.context.close();
  });
});
