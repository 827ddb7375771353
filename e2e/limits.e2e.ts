import { createMember, fundMember, reconcileLedger } from '@lotus/api/harness';
import { sql } from 'kysely';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, siteUrl } from './browser.ts';
import { overflowingElements } from './overflow.ts';
import { db, memberSignedIn, unique } from './pages.ts';

/**
 * Responsible-gaming limits (issue 25, docs/limits.md) end to end, on a phone: a member sets a
 * 24-hour loss limit in the member centre, plays the house vendor's slot (its own process, the
 * signed seamless API) until the platform's stake gate refuses a spin and the game says why, then
 * asks to raise the limit and sees the cooling-off countdown.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function openLimits(page: Page) {
  await page.getByTestId('account-menu').click();
  await page.getByTestId('account-menu-content').getByTestId('menu-member-centre').click();
  const centre = page.getByTestId('member-centre');
  await centre.getByTestId('member-menu-responsibleGaming').click();
  const limits = centre.getByTestId('limits-page');
  await limits.waitFor({ timeout: 15_000 });
  return limits;
}

async function setLimit(page: Page, amount: string) {
  const limits = page.getByTestId('limits-page');
  await limits.getByLabel('Kind').selectOption('loss');
  await limits.getByLabel('Window').selectOption('day');
  await limits.getByLabel(/^Amount/).fill(amount);
  await limits.getByRole('button', { name: 'Save limit' }).click();
}

describe('limits: a member limits their losses and is stopped by the game', () => {
  it('sets a 24-hour loss limit, plays the slot until it refuses, raises it and sees the countdown', async () => {
    const username = `rg${unique()}`;
    const memberId = await db(async (d) => {
      const { id } = await createMember(d, { merchantCode: 'DEMO', username, password: 'Secret123' });
      await fundMember(d, { merchantCode: 'DEMO', username, amount: '100.00' });
      return id;
    });
    const { context, page } = await newPage(browser);
    await page.setViewportSize({ width: 390, height: 844 });
    await memberSignedIn(page, username, 'Secret123');

    const limits = await openLimits(page);
    await limits
      .getByText(/rolling windows: the last 24 hours, the last 7 days and the last 30 days/)
      .waitFor();
    await setLimit(page, '0.40');
    await limits.getByText('Your limit applies now.').waitFor();
    await expect.poll(() => limits.getByTestId('limit-loss-day').innerText()).toContain('0.40');
    await page.getByTestId('member-centre').getByRole('button', { name: /close/i }).first().click();

    // The house slot: spin until the platform refuses a stake by the limit.
    await page.goto(`${siteUrl()}/game?vendor=HOUSE&game=lotus-garden&back=%2Frng`);
    const game = page.frameLocator('[data-testid="game-iframe"]');
    await game.getByText('RM 100.00').waitFor({ timeout: 30_000 });
    const refusal = game.getByText('Your own limit stopped this bet');
    let spins = 0;
    while (!(await refusal.isVisible())) {
      expect(spins, 'the limit never refused a spin').toBeLessThan(40);
      await game.locator('button.spin:not([disabled])').click({ timeout: 15_000 });
      spins += 1;
      await game.locator('button.spin:not([disabled])').waitFor({ timeout: 30_000 });
    }
    const ledger = await db(async (d) => {
      const { rows } = await sql<{ loss: string }>`
        select coalesce(sum(-p.amount), 0)::text as loss from postings p
          join ledger_accounts a on a.id = p.account_id
         where a.member_id = ${memberId} and a.kind = 'member_main'`.execute(d);
      // The postings' sum is the fund less the loss.
      return { loss: BigInt(rows[0]?.loss ?? '0') + 10_000n, report: await reconcileLedger(d) };
    });
    // What the member lost stays within the limit.
    expect(ledger.loss).toBeLessThanOrEqual(40n);
    expect(ledger.report.ok).toBe(true);

    // Raising waits the cooling-off: the page counts down from 24 hours.
    await page.goto(`${siteUrl()}/index`);
    await page.getByTestId('logged-in-bar').waitFor({ timeout: 30_000 });
    const again = await openLimits(page);
    await setLimit(page, '500');
    await again
      .getByText('Your request waits for the cooling-off; confirm it when the countdown ends.')
      .waitFor();
    const countdown = again.getByTestId('limit-loss-day').getByTestId('limit-countdown');
    await expect.poll(() => countdown.innerText()).toMatch(/You can confirm it in (23:59:\d\d|1d 00:00:00)/);
    const first = await countdown.innerText();
    await expect.poll(() => countdown.innerText(), { timeout: 5_000 }).not.toBe(first);
    await expect
      .poll(() => again.getByTestId('limit-loss-day').innerText())
      .toContain('Raise to 500.00 requested.');
    const report = await page.evaluate(overflowingElements, []);
    expect(report.scrollWidth).toBeLessThanOrEqual(report.innerWidth);
    await context.close();
  }, 240_000);
});
