import { createMember } from '@lotus/api/harness';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from './browser.ts';
import { db, demoOperator, memberSignedIn, operatorSignedIn, unique } from './pages.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('messages', () => {
  it('marketing sends a member a message in the back office; the member sees the badge, reads it on a phone and the badge goes', async () => {
    const username = `msg${unique()}`;
    const title = `Weekend news ${unique()}`;
    await db((d) => createMember(d, { merchantCode: 'DEMO', username, password: 'Secret123' }));

    const bo = await newPage(browser);
    await operatorSignedIn(bo.page, await demoOperator('marketing'));
    await bo.page.getByRole('link', { name: 'Messages' }).click();
    await bo.page.getByLabel('Audience').selectOption('members');
    await bo.page.getByLabel(/User names/).fill(username);
    await bo.page.getByLabel('Title').first().fill(title);
    await bo.page
      .getByLabel('Message (HTML)')
      .first()
      .fill('<p>Double points on <b>Saturday</b></p><script>alert(1)</script>');
    await bo.page.getByRole('button', { name: 'Send' }).click();
    await bo.page
      .getByRole('status')
      .filter({ hasText: /Message \d+ saved/ })
      .waitFor({ timeout: 15_000 });
    await bo.page.getByRole('row').filter({ hasText: title }).waitFor();
    await bo.context.close();

    const { context, page } = await newPage(browser);
    await memberSignedIn(page, username, 'Secret123');
    await page.setViewportSize({ width: 360, height: 780 });
    await page.getByTestId('account-menu').click();
    await page.getByTestId('account-menu-content').getByTestId('menu-member-centre').click();
    const centre = page.getByTestId('member-centre');
    const badge = centre.getByTestId('member-menu-messageV2-badge');
    await badge.waitFor({ timeout: 15_000 });
    // The demo brand's welcome message (to every member, seed/demo-rewards.ts) and this one.
    expect(await badge.innerText()).toBe('2');
    await centre.getByTestId('member-menu-messageV2').click();
    const inbox = centre.getByTestId('messages-page');
    await inbox.getByRole('button', { name: new RegExp(title) }).click();
    await inbox.getByText('Saturday').waitFor({ timeout: 15_000 });
    await page.waitForFunction(
      () => document.querySelector('[data-testid="member-menu-messageV2-badge"]')?.textContent === '1',
      undefined,
      { timeout: 15_000 },
    );
    await inbox.getByRole('button', { name: /Welcome to Lotus Demo/ }).click();
    await inbox.getByText('first deposit bonus is waiting').waitFor({ timeout: 15_000 });
    await badge.waitFor({ state: 'hidden', timeout: 15_000 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await context.close();
  });
});
