import { createHash, randomBytes } from 'node:crypto';
import { createMember, fundMember, reconcileLedger, withDatabase } from '@lotus/api/harness';
import { sql } from 'kysely';
import pg from 'pg';
import type { Browser, FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newPage } from './browser.ts';
import { memberSignedIn } from './pages.ts';

/**
 * Games (issue 12) through the real house vendor: a member launches a slot from /rng, the vendor's
 * page in the platform's frame exchanges the launch token, ten spins go vendor -> signed seamless
 * API -> ledger over HTTP, and then the vendor's own rounds, the platform's seamless records, the
 * ledger, the game's balance, the header balance, the betting record and the account record all
 * agree to the cent; the vendor's verification page recomputes one of the rounds from its revealed
 * seeds. Nothing is mocked: the vendor is its own process with its own database (global-setup).
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const SPINS = 10;
const unique = () => randomBytes(3).toString('hex');
const db = <T>(work: Parameters<typeof withDatabase<T>>[1]) => withDatabase(inject('databaseUrl'), work);

type VendorRound = {
  id: string;
  stake: string;
  payout: string | null;
  status: string;
  balance_after: string | null;
};

/** The vendor's own records of a player's rounds (its database, never the platform's). */
async function vendorRounds(playerId: string): Promise<VendorRound[]> {
  const client = new pg.Client({ connectionString: inject('vendorDatabaseUrl') });
  await client.connect();
  try {
    const { rows } = await client.query<VendorRound>(
      `select id, stake::text, payout::text, status, balance_after::text
       from rounds where brand = 'DEMO' and player_id = $1 order by created_at, id`,
      [playerId],
    );
    return rows;
  } finally {
    await client.end();
  }
}

/** Minor units (MYR has two decimals) as the site prints them. */
const major = (minor: bigint) => {
  const negative = minor < 0n;
  const abs = negative ? -minor : minor;
  const text = `${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
  return `${negative ? '-' : ''}${Number(text.split('.')[0]).toLocaleString('en-US')}.${text.split('.')[1]}`;
};
/** "RM 1,234.50" / "-RM 0.20" -> minor units. */
const minorOf = (text: string) => {
  const digits = text.replace(/[^0-9.-]/g, '');
  const [whole = '0', fraction = ''] = digits.replace('-', '').split('.');
  const value = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2));
  return digits.startsWith('-') || text.trim().startsWith('-') ? -value : value;
};

async function logIn(page: Page, username: string): Promise<void> {
  await memberSignedIn(page, username, 'Secret123');
}

/** Presses Spin once and waits until the vendor has settled that round and the button is back. */
async function spin(game: FrameLocator, playerId: string, n: number): Promise<void> {
  const button = game.getByRole('button', { name: /^Spin for / });
  await button.click();
  const deadline = Date.now() + 30_000;
  for (;;) {
    const rounds = await vendorRounds(playerId);
    if (rounds.length === n && rounds.every((r) => r.status === 'settled')) break;
    if (Date.now() > deadline) throw new Error(`spin ${n}: rounds ${JSON.stringify(rounds)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  await game.locator('button.spin:not([disabled])').waitFor({ timeout: 15_000 });
}

describe('games: the house vendor in the frame', () => {
  it('spins a slot ten times; the balance, betting record and account record agree with the vendor rounds; one round verifies', async () => {
    const username = `hv${unique()}`;
    const { memberId, vendorId } = await db(async (d) => {
      const { id } = await createMember(d, { merchantCode: 'DEMO', username, password: 'Secret123' });
      await fundMember(d, { merchantCode: 'DEMO', username, amount: '100.00' });
      const { rows } = await sql<{ id: string }>`
        select v.id::text as id from vendors v join brands b on b.id = v.brand_id
        where b.merchant_code = 'DEMO' and v.code = 'HOUSE'`.execute(d);
      return { memberId: id, vendorId: rows[0]?.id ?? '' };
    });
    // The platform names its member to a vendor by an opaque id (launch-session.service.ts).
    const playerId = createHash('sha256')
      .update(`lotus-player:${vendorId}:${memberId}`)
      .digest('hex')
      .slice(0, 32);

    const { context, page } = await newPage(browser);
    await logIn(page, username);
    await page.getByTestId('bottom-nav').getByRole('link', { name: 'Slots' }).click();
    await page.waitForURL(/\/rng$/);
    // The home page stays on screen until /rng has rendered (navigations are transitions), and its
    // hot games have a Play Lotus Garden button too: play from the slots page's own grid.
    await page.getByRole('navigation', { name: 'Game providers' }).waitFor();
    await page.getByRole('button', { name: 'Play Lotus Garden', exact: true }).click();
    await page.waitForURL(/\/game\?.*back=%2Frng(&|$)/);
    await page.waitForURL(/\/game\?vendor=HOUSE&game=lotus-garden/);
    const frameElement = page.getByTestId('game-iframe');
    await frameElement.waitFor();
    const src = new URL((await frameElement.getAttribute('src')) ?? '');
    expect(src.origin).toBe(inject('vendorUrl'));

    const game = page.frameLocator('[data-testid="game-iframe"]');
    // The launch token was exchanged: the game shows the member's platform balance.
    await game.getByText('RM 100.00').waitFor({ timeout: 30_000 });
    for (let n = 1; n <= SPINS; n += 1) await spin(game, playerId, n);

    // The vendor's rounds ...
    const rounds = await vendorRounds(playerId);
    expect(rounds).toHaveLength(SPINS);
    const staked = rounds.reduce((sum, r) => sum + BigInt(r.stake), 0n);
    const paid = rounds.reduce((sum, r) => sum + BigInt(r.payout ?? '0'), 0n);
    expect(staked).toBeGreaterThan(0n);
    const expected = 10_000n - staked + paid;
    expect(rounds.at(-1)?.balance_after).toBe(expected.toString());

    // ... are the platform's seamless records, round by round, and its ledger.
    const platform = await db(async (d) => {
      const { rows: txs } = await sql<{ round_id: string; kind: string; amount: string; win_amount: string }>`
        select round_id, kind, amount::text, win_amount::text from seamless_transactions
        where member_id = ${memberId} order by id`.execute(d);
      const { rows: balance } = await sql<{ balance: string }>`
        select balance::text from ledger_accounts where member_id = ${memberId} and kind = 'member_main'`.execute(
        d,
      );
      return { txs, balance: balance[0]?.balance, report: await reconcileLedger(d) };
    });
    expect(new Set(platform.txs.map((t) => t.round_id))).toEqual(new Set(rounds.map((r) => r.id)));
    const bets = platform.txs.filter((t) => t.kind === 'bet' || t.kind === 'bet_win');
    expect(bets).toHaveLength(SPINS);
    expect(platform.txs.reduce((sum, t) => sum + BigInt(t.amount) * (t.kind === 'win' ? 0n : 1n), 0n)).toBe(
      staked,
    );
    expect(
      platform.txs.reduce(
        (sum, t) => sum + (t.kind === 'win' ? BigInt(t.amount) : 0n) + BigInt(t.win_amount),
        0n,
      ),
    ).toBe(paid);
    expect(platform.balance).toBe(expected.toString());
    expect(platform.report.problems).toEqual([]);
    expect(platform.report.ok).toBe(true);

    // The game shows the same balance.
    await game.getByText(`RM ${major(expected)}`).waitFor({ timeout: 15_000 });

    // Rotating the seeds reveals the server seed; the verification page recomputes a round from it.
    await game.getByRole('button', { name: 'Fairness', exact: true }).click();
    await game.getByRole('button', { name: 'Rotate seeds and reveal' }).click();
    await game.getByText('Revealed seed pair').waitFor();
    const verify = await context.newPage();
    const checked = rounds[SPINS - 1];
    await verify.goto(`${inject('vendorUrl')}/verify?round=${checked?.id}&lang=EN`);
    await verify
      .getByText('The server seed matches the hash shown before play.')
      .waitFor({ timeout: 15_000 });
    await verify.getByText('The recomputed result is the result the game showed.').waitFor();
    expect(await verify.getByText('The recomputed result differs').count()).toBe(0);
    await verify.close();

    // Back on the site: the header balance, the betting record and the account record.
    await game.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('button', { name: /Back to the lobby/ }).click();
    await page.waitForURL(/\/rng$/);
    await page.waitForFunction(
      (text) => (document.querySelector('[data-testid="balance"]')?.textContent ?? '').includes(text),
      major(expected),
      { timeout: 15_000 },
    );

    // The records on a phone: the account menu holds the member centre below 981 px.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId('account-menu').click();
    await page.getByTestId('account-menu-content').getByTestId('menu-member-centre').click();
    const centre = page.getByTestId('member-centre');
    await centre.getByTestId('member-menu-personalHistoryCopy').click();
    const totals = centre.getByTestId('betting-record').getByRole('definition');
    await page.waitForFunction(
      (n) => document.querySelector('[data-testid="betting-record"] .records-totals dd')?.textContent === n,
      String(SPINS),
      { timeout: 15_000 },
    );
    const [count, stake, payout, winLoss] = await totals.allInnerTexts();
    expect(count).toBe(String(SPINS));
    expect(minorOf(stake ?? '')).toBe(staked);
    expect(minorOf(payout ?? '')).toBe(paid);
    expect(minorOf(winLoss ?? '')).toBe(paid - staked);
    for (const round of rounds.slice(0, 3)) await centre.getByText(round.id).waitFor();

    await centre.getByTestId('member-menu-transactionHistory').click();
    const history = centre.getByTestId('transaction-history');
    await history.locator('select').first().selectOption('bet');
    await page.waitForFunction(
      (n) => document.querySelectorAll('[data-testid="transaction-history"] tbody tr').length === n,
      SPINS,
      { timeout: 15_000 },
    );
    const amounts = await history.locator('tbody tr td:nth-child(3)').allInnerTexts();
    expect(amounts.reduce((sum, text) => sum + minorOf(text), 0n)).toBe(-staked);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await context.close();
  }, 240_000);
});
