import { createHash, randomBytes } from 'node:crypto';
import {
  createMember,
  fundMember,
  issueVendorSession,
  signSeamlessRequest,
  withDatabase,
} from '@lotus/api/harness';
import { sql } from 'kysely';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newPage, siteUrl } from './browser.ts';
import { dismissPopup, memberSignedIn } from './pages.ts';

/**
 * Games (issue 12), platform side: the house vendor's slots in the lobby, play for visitors and
 * members, favourites, and the launch into the game frame. (Spinning and reconciling with the
 * vendor's rounds comes with the house vendor itself.)
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const unique = () => randomBytes(3).toString('hex');
const db = <T>(work: Parameters<typeof withDatabase<T>>[1]) => withDatabase(inject('databaseUrl'), work);
const HOUSE_GAMES = ['Lotus Garden', 'Jade Ways', 'Lucky Sevens'];
/** The demo brand's house vendor signs its seamless calls with this (README: Games). */
const HOUSE_SECRET = 'house-vendor-demo-secret-not-for-production';

/** A seamless call as the house vendor makes it, signed, over HTTP. */
async function seamless(path: string, body: Record<string, unknown>): Promise<{ success: boolean }> {
  const raw = JSON.stringify({ vendor: 'HOUSE', ...body });
  const url = `/seamless/v1/${path}`;
  const res = await fetch(`${siteUrl()}${url}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      merchant: 'DEMO',
      'x-vendor': 'HOUSE',
      'x-signature': await signSeamlessRequest(HOUSE_SECRET, 'POST', url, raw),
    },
    body: raw,
  });
  return (await res.json()) as { success: boolean };
}

async function logIn(page: Page, username: string): Promise<void> {
  await memberSignedIn(page, username, 'Secret123');
}

/** The names on the game grid once it shows `count` games. */
async function gameNames(page: Page, count: number): Promise<string[]> {
  await page.waitForFunction(
    (n) => document.querySelectorAll('[data-testid="game-card"] .game-card__name').length === n,
    count,
    { timeout: 15_000 },
  );
  return page.locator('[data-testid="game-card"] .game-card__name').allInnerTexts();
}

describe('games: lobby and launch', () => {
  it('shows a visitor the house slots on /rng and opens the login popup on play', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${siteUrl()}/rng`);
    await dismissPopup(page);
    expect(await gameNames(page, 3)).toEqual(HOUSE_GAMES);
    await page
      .getByRole('navigation', { name: 'Game providers' })
      .getByRole('button', { name: 'Lotus Studio' })
      .click();
    await page.waitForURL(/\/rng\?page=HOUSE$/);
    await page.getByRole('button', { name: 'Play Lotus Garden', exact: true }).click();
    await page.getByTestId('login-modal').waitFor();
    expect(new URL(page.url()).pathname).toBe('/rng');
    await context.close();
  });

  it('lets a member favourite a slot and launch one: the frame opens the vendor page with a launch token', async () => {
    const username = `gm${unique()}`;
    await db(async (d) => {
      await createMember(d, { merchantCode: 'DEMO', username, password: 'Secret123' });
      await fundMember(d, { merchantCode: 'DEMO', username, amount: '100.00' });
    });
    const { context, page } = await newPage(browser);
    await logIn(page, username);

    await page.getByTestId('bottom-nav').getByRole('link', { name: 'Slots' }).click();
    await page.waitForURL(/\/rng$/);
    // The home page (with its own hot game cards) stays on screen until /rng has rendered.
    await page.getByRole('navigation', { name: 'Game providers' }).waitFor();
    expect(await gameNames(page, 3)).toEqual(HOUSE_GAMES);

    await page.getByRole('button', { name: 'Add Lucky Sevens to favourites' }).click();
    await page.getByRole('button', { name: 'Remove Lucky Sevens from favourites' }).waitFor();
    await page.getByRole('button', { name: 'Favourites', exact: true }).click();
    expect(await gameNames(page, 1)).toEqual(['Lucky Sevens']);
    await page.getByRole('button', { name: 'All games', exact: true }).click();

    // The vendor's page spends the launch token as soon as it loads: its request waits until the
    // stored token has been read below, then goes on (and the token is spent).
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(`${inject('vendorUrl')}/play/**`, async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Play Jade Ways', exact: true }).click();
    await page.waitForURL(/\/game\?vendor=HOUSE&game=jade-ways/);
    const frame = page.getByTestId('game-iframe');
    await frame.waitFor();
    const src = new URL((await frame.getAttribute('src')) ?? '');
    expect(`${src.origin}${src.pathname}`).toBe(`${inject('vendorUrl')}/play/jade-ways`);
    expect(src.searchParams.get('game')).toBe('jade-ways');
    expect(src.searchParams.get('lang')).toBe('EN');
    expect(src.searchParams.get('merchant')).toBe('DEMO');
    const token = src.searchParams.get('launch') ?? '';
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The platform keeps only the token's hash, unspent until the vendor exchanges it.
    const stored = await db(async (d) => {
      const { rows } = await sql<{ member: string; game_code: string; mode: string; used_at: Date | null }>`
        select m.username as member, t.game_code, t.mode, t.used_at from launch_tokens t
        join members m on m.id = t.member_id
        where t.token_hash = ${createHash('sha256').update(token).digest('hex')}`.execute(d);
      return rows;
    });
    expect(stored).toEqual([{ member: username, game_code: 'jade-ways', mode: 'real', used_at: null }]);
    release();
    await expect
      .poll(
        () =>
          db(async (d) => {
            const { rows } = await sql<{ used: boolean }>`
              select used_at is not null as used from launch_tokens
              where token_hash = ${createHash('sha256').update(token).digest('hex')}`.execute(d);
            return rows[0]?.used;
          }),
        { timeout: 15_000 },
      )
      .toBe(true);

    // Back to the lobby, where the game is now among the recently played.
    await page.getByRole('button', { name: /Back to the lobby/ }).click();
    await page.waitForURL(/\/rng$/);
    await page.getByRole('button', { name: 'Recently played', exact: true }).click();
    expect(await gameNames(page, 1)).toEqual(['Jade Ways']);
    await context.close();
  });

  it('fits a 360 px phone without sideways scrolling', async () => {
    const { context, page } = await newPage(browser);
    await page.setViewportSize({ width: 360, height: 780 });
    for (const path of ['/rng', '/live', '/index']) {
      await page.goto(`${siteUrl()}${path}`);
      await dismissPopup(page, { timeout: 3_000 });
      if (path === '/rng') await gameNames(page, 3);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
    await context.close();
  });

  it("shows a member's bets and profit and loss on a 360 px phone, read from the platform's records", async () => {
    const username = `gr${unique()}`;
    const memberId = await db(async (d) => {
      const { id } = await createMember(d, { merchantCode: 'DEMO', username, password: 'Secret123' });
      await fundMember(d, { merchantCode: 'DEMO', username, amount: '100.00' });
      return id;
    });
    const token = await db(
      async (d) => (await issueVendorSession(d, memberId, 'HOUSE', 'lotus-garden')).token,
    );
    const roundId = `e2e-${unique()}`;
    const bet = { token, transactionId: `b-${roundId}`, roundId, gameId: 'lotus-garden', currency: 'MYR' };
    expect((await seamless('bet', { ...bet, amount: '2.00' })).success).toBe(true);
    const win = {
      ...bet,
      transactionId: `w-${roundId}`,
      betTransactionId: bet.transactionId,
      amount: '5.50',
    };
    expect((await seamless('win', win)).success).toBe(true);

    const { context, page } = await newPage(browser);
    await logIn(page, username);
    // The phone header has no login form: log in wide, then narrow the window.
    await page.setViewportSize({ width: 360, height: 780 });
    await page.getByTestId('account-menu').click();
    await page.getByTestId('account-menu-content').getByTestId('menu-member-centre').click();
    const centre = page.getByTestId('member-centre');
    await centre.getByTestId('member-menu-personalHistoryCopy').click();
    const record = centre.getByTestId('betting-record');
    await record.getByText(roundId).waitFor({ timeout: 15_000 });
    expect(await record.getByText('+RM 3.50').count()).toBeGreaterThan(0);
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await centre.getByTestId('member-menu-personalProfit').click();
    const profit = centre.getByTestId('personal-profit');
    await profit.getByRole('rowheader', { name: 'Slots' }).waitFor({ timeout: 15_000 });
    expect(await profit.getByText('+RM 3.50').count()).toBeGreaterThan(0);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await context.close();
  });
});
