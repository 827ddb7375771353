import { createHash, randomBytes } from 'node:crypto';
import { reconcileLedger } from '@lotus/api/harness';
import { sql } from 'kysely';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, siteUrl } from './browser.ts';
import {
  cents,
  db,
  fundedMember,
  liveBettingRecord,
  memberBalance,
  sessionWithoutPopups,
  TABLE,
  unique,
  type VendorSeat,
  vendorSeats,
  vendorUrl,
} from './live-shared.ts';
import { memberSignedIn } from './pages.ts';

/**
 * Live tables (issue 13) through the real house vendor (its own process and database, short clocks
 * from global-setup): two members in two browser contexts open /live, see the tables' state relayed
 * by the platform, and launch the same baccarat table. Here each player's bets go through the
 * vendor's HTTP API with the page session the launch token of the iframe buys (POST /api/session, as
 * the vendor's pages do); live-page.e2e.ts bets with the table page's own chips and grid. Both get the same result; each balance
 * and betting record matches its own bets and payout to the cent; the ledger reconciles.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Signs in and returns the member token the site sends with its calls. */
const logIn = (page: Page, username: string): Promise<string> => memberSignedIn(page, username, 'Secret123');

async function vendor<T>(
  path: string,
  token: string | null,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const res = await fetch(`${vendorUrl()}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as T };
}

type Member = {
  username: string;
  memberId: string;
  playerId: string;
  page: Page;
  siteToken: string;
  session: string;
};

async function seat(username: string, vendorId: string): Promise<Member> {
  const memberId = await fundedMember(username);
  const playerId = createHash('sha256')
    .update(`lotus-player:${vendorId}:${memberId}`)
    .digest('hex')
    .slice(0, 32);
  const { page } = await sessionWithoutPopups(browser);
  const siteToken = await logIn(page, username);
  await page.goto(`${siteUrl()}/live`);
  // The platform relays the vendor's lobby: the table's card shows its live phase, not "unknown".
  const card = page.locator(`[data-testid="game-card"][data-game="${TABLE}"]`);
  await card.locator('[data-testid="live-status"]:not([data-phase="unknown"])').waitFor({ timeout: 30_000 });
  await card.getByRole('button', { name: 'Play Lotus Baccarat', exact: true }).click();
  await page.waitForURL(/\/game\?vendor=HOUSE&game=live-baccarat/);
  const frame = page.getByTestId('game-iframe');
  await frame.waitFor();
  const src = new URL((await frame.getAttribute('src')) ?? '');
  expect(src.origin).toBe(vendorUrl());
  const launchToken = src.searchParams.get('launch') ?? '';
  // Bet through the API: exchange the launch token exactly as the vendor's pages do.
  const opened = await vendor<{ token: string }>('/api/session', null, {
    merchant: 'DEMO',
    launchToken,
    game: TABLE,
  });
  expect(opened.status).toBe(200);
  return { username, memberId, playerId, page, siteToken, session: opened.body.token };
}

type TableState = { round: { id: string; phase: string; msLeft: number } | null };

describe('live: two players at one baccarat table', () => {
  it('both bet in one round, get one result, and each balance and record matches to the cent', async () => {
    const vendorId = await db(async (d) => {
      const { rows } = await sql<{ id: string }>`
        select v.id::text as id from vendors v join brands b on b.id = v.brand_id
        where b.merchant_code = 'DEMO' and v.code = 'HOUSE'`.execute(d);
      return rows[0]?.id ?? '';
    });
    const alice = await seat(`la${unique()}`, vendorId);
    const bob = await seat(`lb${unique()}`, vendorId);

    // Wait for a betting window with time left, then both bet in it.
    const bets = {
      alice: [
        { kind: 'banker', stake: 1000n },
        { kind: 'tie', stake: 100n },
      ],
      bob: [{ kind: 'player', stake: 500n }],
    };
    let roundId = '';
    for (let attempt = 0; attempt < 5 && !roundId; attempt += 1) {
      const deadline = Date.now() + 30_000;
      let state: TableState | null = null;
      while (Date.now() < deadline) {
        state = (await vendor<TableState>(`/api/live/tables/${TABLE}`, alice.session)).body;
        if (state.round?.phase === 'betting' && state.round.msLeft > 3000) break;
        await sleep(150);
      }
      const round = state?.round;
      if (round?.phase !== 'betting') continue;
      const placed: number[] = [];
      for (const [member, list] of [
        [alice, bets.alice],
        [bob, bets.bob],
      ] as const) {
        for (const b of list) {
          const res = await vendor<{ bet: { status: string; round_id?: string } }>(
            `/api/live/tables/${TABLE}/bets`,
            member.session,
            { requestId: `r${randomBytes(8).toString('hex')}`, kind: b.kind, stake: b.stake.toString() },
          );
          placed.push(res.status);
        }
      }
      expect(placed).toEqual([200, 200, 200]);
      roundId = round.id;
    }
    expect(roundId).not.toBe('');

    // Both seats of the round settle.
    const deadline = Date.now() + 60_000;
    let seats: { alice: VendorSeat[]; bob: VendorSeat[] } = { alice: [], bob: [] };
    for (;;) {
      seats = { alice: await vendorSeats(alice.playerId), bob: await vendorSeats(bob.playerId) };
      if (
        [...seats.alice, ...seats.bob].length === 2 &&
        [...seats.alice, ...seats.bob].every((s) => s.status === 'settled')
      ) {
        break;
      }
      if (Date.now() > deadline) throw new Error(`seats ${JSON.stringify(seats)}`);
      await sleep(250);
    }
    const [aliceSeat] = seats.alice as [VendorSeat];
    const [bobSeat] = seats.bob as [VendorSeat];

    // One result for both: the public fairness data by each player's seat (the platform's round id).
    type Verification = { id: string; phase: string; result: { hand: { winner: string } } | null };
    const a = (await vendor<Verification>(`/api/live/rounds/${aliceSeat.id}`, null)).body;
    const b = (await vendor<Verification>(`/api/live/rounds/${bobSeat.id}`, null)).body;
    expect(a.id).toBe(roundId);
    expect(b.id).toBe(roundId);
    expect(a.result).not.toBeNull();
    expect(b.result).toEqual(a.result);

    // The payouts follow the result (banker 0.95:1, tie 8:1, player 1:1; a tie pushes banker and player).
    const winner = a.result?.hand.winner;
    const expected = {
      alice: winner === 'banker' ? 1950n : winner === 'tie' ? 1000n + 900n : 0n,
      bob: winner === 'player' ? 1000n : winner === 'tie' ? 500n : 0n,
    };
    expect(BigInt(aliceSeat.payout ?? '0')).toBe(expected.alice);
    expect(BigInt(bobSeat.payout ?? '0')).toBe(expected.bob);

    for (const [member, list, payout, seatId] of [
      [alice, bets.alice, expected.alice, aliceSeat.id],
      [bob, bets.bob, expected.bob, bobSeat.id],
    ] as const) {
      const staked = list.reduce((s, x) => s + x.stake, 0n);
      expect(await memberBalance(member.memberId)).toBe(10_000n - staked + payout);
      // The betting record through the platform's API, as the member centre reads it.
      const page = await liveBettingRecord(member.siteToken);
      expect(page.items).toHaveLength(list.length);
      expect(
        page.items.every((i) => i.roundId === seatId && i.gameCode === TABLE && i.status === 'settled'),
      ).toBe(true);
      expect(page.totals).toEqual({
        betCount: list.length,
        stake: cents(staked),
        payout: cents(payout),
        winLoss: cents(payout - staked),
      });
    }

    // The live page on a 390 px phone: the table cards with their state, no sideways scrolling.
    await alice.page.setViewportSize({ width: 390, height: 844 });
    await alice.page.goto(`${siteUrl()}/live`);
    await alice.page
      .locator(`[data-testid="game-card"][data-game="${TABLE}"] .live-road__bead`)
      .first()
      .waitFor({ timeout: 15_000 });
    expect(
      await alice.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);

    const report = await db((d) => reconcileLedger(d));
    expect(report.problems).toEqual([]);
    expect(report.ok).toBe(true);
    await alice.page.context().close();
    await bob.page.context().close();
  }, 240_000);
});
