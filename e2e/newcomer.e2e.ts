import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, siteUrl } from './browser.ts';
import { db, memberSignedIn, openHome } from './pages.ts';

/**
 * Issue 24, the newcomer's path on the seeded demo brand, nothing arranged by the test: the home
 * banner's offer exists, the reward centre, missions, inbox and points mall have content, demoplayer
 * has money at once, applies for and claims the banner's first-deposit bonus, and spins the house
 * slot with it. The seed is the one `npm start` runs (the e2e server seeds a fresh database).
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const OFFER = '100% First Deposit Bonus';

/** The header balance after its refresh button, as the member reads it. */
async function headerBalanceIs(page: Page, text: string): Promise<void> {
  await page.getByTestId('balance-refresh').click();
  await page.waitForFunction(
    (expected) => (document.querySelector('[data-testid="balance"]')?.textContent ?? '').includes(expected),
    text,
    { timeout: 15_000 },
  );
}

async function openMemberPage(page: Page, item: string) {
  await page.getByTestId('personal-centre').click();
  const centre = page.getByTestId('member-centre');
  await centre.getByTestId(`member-menu-${item}`).click();
  return centre;
}

async function closeMemberCentre(page: Page) {
  await page.keyboard.press('Escape');
  await page.getByTestId('member-centre').waitFor({ state: 'hidden' });
}

describe('a newcomer on the demo brand', () => {
  it("follows the banner to an offer that exists; the visitor's promotions page lists the demo's rewards", async () => {
    const { context, page } = await newPage(browser);
    await openHome(page);
    await expect(page.getByTestId('banner-title').first().innerText()).resolves.toContain(OFFER);
    await page.getByTestId('banner-cta').first().click();
    await page.waitForURL(/\/promotions$/);
    const cards = page.getByTestId('promotion-card');
    await cards.filter({ hasText: OFFER }).waitFor({ timeout: 15_000 });
    for (const title of ['Daily Reload 20%', '10 Free Spins on Lotus Garden', 'Lucky Lotus Raffle']) {
      await cards.filter({ hasText: title }).waitFor();
    }
    await expect(page.getByText('No promotions at the moment').count()).resolves.toBe(0);
    await context.close();
  });

  it('finds the lottery on the home page: its tile lists the entries and starts SEA 4D', async () => {
    const { context, page } = await newPage(browser);
    await openHome(page);
    const tile = page.locator('.category-tile--lott');
    await expect(tile.innerText()).resolves.toContain('3 providers');
    await expect(tile.innerText()).resolves.not.toContain('No games yet');
    await tile.click();
    await page.waitForURL(/\/seaLottery$/);
    await context.close();
  });

  it('demoplayer has money at once, claims the offer, finds content in the member centre and spins', async () => {
    const { context, page } = await newPage(browser);
    await memberSignedIn(page, 'demoplayer', 'Player123');
    // The opening balance (500.00) and the seeded deposit (100.00).
    await headerBalanceIs(page, '600.00');

    // The reward centre: the raffle ticket, the daily points and the free spins wait there.
    let centre = await openMemberPage(page, 'rewardCenter');
    for (const title of [
      'Lucky Lotus Raffle',
      'Daily Check-in: 50 Points',
      '10 Free Spins on Lotus Garden',
    ]) {
      await centre.getByTestId('reward-item').filter({ hasText: title }).waitFor({ timeout: 15_000 });
    }
    await closeMemberCentre(page);

    // The banner's offer: apply on its card, claim in the reward centre; the bonus is wagering.
    await page.goto(`${siteUrl()}/promotions`);
    const card = page.getByTestId('promotion-card').filter({ hasText: OFFER });
    await card.getByRole('button', { name: 'Apply' }).click();
    await card.getByText('Ready to claim').waitFor({ timeout: 15_000 });
    centre = await openMemberPage(page, 'rewardCenter');
    const reward = centre.getByTestId('reward-item').filter({ hasText: OFFER });
    await expect(reward.innerText()).resolves.toContain('Bonus: 100.00');
    await reward.getByRole('button', { name: 'Claim' }).click();
    await reward.getByText('Wagering').waitFor({ timeout: 15_000 });
    await closeMemberCentre(page);
    await headerBalanceIs(page, '700.00');

    // Missions, the welcome message: content on the member centre's pages.
    centre = await openMemberPage(page, 'missionLeaderboard');
    await centre.getByText('Spin the slots').waitFor({ timeout: 15_000 });
    await centre.getByText('Weekly player').waitFor();
    await closeMemberCentre(page);
    centre = await openMemberPage(page, 'messageV2');
    await centre.getByText('Welcome to Lotus Demo').waitFor({ timeout: 15_000 });
    await closeMemberCentre(page);

    // The points mall has products.
    await page.goto(`${siteUrl()}/pointMall`);
    await page.getByText('RM 10 cash voucher').waitFor({ timeout: 15_000 });
    await page.getByText('Wireless earbuds').waitFor();

    // Play at once: the house slot shows the balance and takes a paid spin.
    await page.goto(`${siteUrl()}/rng`);
    await page.getByRole('button', { name: 'Play Lotus Garden', exact: true }).click();
    await page.waitForURL(/\/game\?vendor=HOUSE&game=lotus-garden/);
    const game = page.frameLocator('[data-testid="game-iframe"]');
    await game.getByText('RM 700.00').waitFor({ timeout: 30_000 });
    await game.getByText('10 free spins at 0.20').waitFor();
    await game.getByRole('button', { name: 'Spin for 0.20' }).click();
    // The platform's wallet took the stake: one seamless bet of demoplayer's, 0.20.
    const deadline = Date.now() + 30_000;
    let bets: string[] = [];
    while (bets.length === 0 && Date.now() < deadline) {
      bets = await db(async (d) =>
        (
          await d
            .selectFrom('seamless_transactions as t')
            .innerJoin('members as m', 'm.id', 't.member_id')
            .select('t.amount')
            .where('m.username', '=', 'demoplayer')
            .where('t.kind', 'in', ['bet', 'bet_win'])
            .execute()
        ).map((t) => t.amount),
      );
      if (bets.length === 0) await new Promise((r) => setTimeout(r, 250));
    }
    expect(bets).toEqual(['20']);
    await context.close();
  });
});
