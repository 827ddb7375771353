import { reconcileLedger } from '@lotus/api/harness';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, siteUrl } from './browser.ts';
import {
  betOnPage,
  cents,
  db,
  fundedMember,
  type LiveSeat,
  liveBettingRecord,
  memberBalance,
  openLiveTable,
  type PageBet,
  sessionWithoutPopups,
  unique,
  vendorUrl,
} from './live-shared.ts';
import { overflowingElements } from './overflow.ts';
import { loginFromHeader, loginInBox } from './pages.ts';

/**
 * The roulette live table end to end (issue 13), as live-page.e2e.ts plays baccarat: a member logs
 * in on a 390 px phone (the /login page: the header has only a link there), opens the real roulette
 * table from /live (the vendor's page in the site's iframe exchanging its launch token), presses a
 * number of the upright board and outside bets of the grid below it with chips in one betting
 * window, and then the page shows the pocket and the win (or no win) those bets earn on it, the
 * balance moves by exactly payouts - stakes, the betting record lists the round's bets, and nothing
 * scrolls sideways. On a desktop the iframe is wide enough for the horizontal board (zero at the
 * left), and a bet pressed there is taken. Nothing is mocked: the vendor runs as its own process on
 * global-setup's short live clock (every table, roulette too: 10 s to bet, result within 1.5 s).
 */
const TABLE = 'live-roulette';
const RED = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);
const colourOf = (n: number) => (n === 0 ? 'green' : RED.has(n) ? 'red' : 'black');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

type Seat = LiveSeat;

/** A funded member logs in at `width` px, opens /live and sits at the roulette table through its Play button. */
async function sit(username: string, width: number): Promise<Seat> {
  const memberId = await fundedMember(username);
  const { page } = await sessionWithoutPopups(browser);
  await page.setViewportSize({ width, height: width < 900 ? 844 : 900 });
  await page.goto(`${siteUrl()}/index`);
  const authorized = page.waitForRequest((r) => Boolean(r.headers().authorization), { timeout: 30_000 });
  authorized.catch(() => {}); // awaited below; a failed click must not leave it unhandled
  if (width < 981) {
    // A phone's header has a "Log in" link to the full login page instead of the box.
    await page.locator('.site-header__login-link').click();
    // The login page's username tab (an SMS tab may sit beside it).
    const form = page.getByTestId('login-page').getByRole('tabpanel', { name: 'Username' });
    await form.waitFor();
    await loginInBox(form, username, 'Secret123');
  } else {
    await loginFromHeader(page, username, 'Secret123');
  }
  await page.getByTestId('logged-in-bar').waitFor({ state: 'attached', timeout: 30_000 });
  const siteToken = (await authorized).headers().authorization ?? '';
  const { game, frame } = await openLiveTable(page, TABLE, 'Play Lotus Roulette');
  return { username, memberId, page, game, frame, siteToken };
}

/** Waits until the page's betting window is open with at least `seconds` left; answers the round number. */
async function openWindow(seat: Seat, seconds: number): Promise<string> {
  const handle = await seat.frame.waitForFunction(
    (seconds) => {
      const left = Number(document.querySelector('.countdown')?.textContent ?? '0');
      const spot = document.querySelector<HTMLButtonElement>('[data-spot="red"]');
      if (!spot || spot.disabled || left < seconds) return null;
      return document.querySelector('.round-no')?.textContent ?? null;
    },
    seconds,
    { timeout: 60_000, polling: 100 },
  );
  return (await handle.jsonValue()) as string;
}

type StakedBet = PageBet & { stake: bigint };

/**
 * Records in the page what it shows about round `number`: its result line while the round is shown,
 * and the win (or no win) line whenever it appears (the settlement comes after the wheel's spin,
 * which on the short clock can outlast the result phase). Read with `seen`.
 */
async function watch(seat: Seat, number: string): Promise<void> {
  await seat.frame.evaluate((number) => {
    const w = window as unknown as { __seen: { result: string | null; win: string | null } };
    w.__seen = { result: null, win: null };
    const look = () => {
      if (document.querySelector('.round-no')?.textContent === number) {
        w.__seen.result ??= document.querySelector('.live-result')?.textContent ?? null;
      }
      if (w.__seen.result !== null) {
        w.__seen.win ??=
          document.querySelector('.win-banner, .message[role="status"]')?.textContent?.trim() || null;
      }
    };
    new MutationObserver(look).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
    });
    look();
  }, number);
}

async function seen(seat: Seat, what: 'result' | 'win'): Promise<string> {
  const handle = await seat.frame.waitForFunction(
    (what) => (window as unknown as { __seen: Record<string, string | null> }).__seen[what] ?? null,
    what,
    { timeout: 30_000, polling: 50 },
  );
  return (await handle.jsonValue()) as string;
}

/** Payout (stake included) of the phone's bets at `pocket`: straight 35:1, red 1:1, dozen 2:1. */
function payoutAt(
  pocket: number,
  bets: { straight: [number, bigint]; red: bigint; dozen: [number, bigint] },
) {
  const [n, straight] = bets.straight;
  const [d, dozen] = bets.dozen;
  return (
    (pocket === n ? straight * 36n : 0n) +
    (colourOf(pocket) === 'red' ? bets.red * 2n : 0n) +
    (pocket !== 0 && Math.ceil(pocket / 12) === d ? dozen * 3n : 0n)
  );
}

/** The pocket of the seat's round, as the vendor's public verification of the round tells it. */
async function verifiedPocket(seatId: string): Promise<number> {
  const res = await fetch(`${vendorUrl()}/api/live/rounds/${seatId}`);
  expect(res.status).toBe(200);
  const body = (await res.json()) as { result: { game: string; pocket: number } | null };
  expect(body.result?.game).toBe('ROU');
  return body.result?.pocket ?? -1;
}

describe('live table page: roulette', () => {
  it('a phone bets a number and outside bets with chips, sees the pocket and its win, and the balance and record match to the cent', async () => {
    const seat = await sit(`rp${unique()}`, 390);
    // The upright board on a phone.
    await seat.game.locator('.roulette-board[data-orientation="upright"]').waitFor();

    const bets: StakedBet[] = [
      { chip: '0.50', spot: 'straight:17', name: /on Straight up 17$/, stake: 50n },
      { chip: '1.00', spot: 'red', name: /on Red$/, stake: 100n },
      { chip: '2.50', spot: 'dozen:2', name: /on Dozen 2$/, stake: 250n },
    ];
    const staked = bets.reduce((s, b) => s + b.stake, 0n);
    const round = await openWindow(seat, 7);
    await watch(seat, round);
    expect(await betOnPage(seat, bets)).toBe(`${round} Your bets this round: ${cents(staked)}`);

    // The result: the pocket and its colour, the same the vendor's verification of the seat holds.
    const shown = await seen(seat, 'result');
    const match = /^(\d+) (red|black|green)$/.exec(shown);
    expect(match, shown).not.toBeNull();
    const pocket = Number(match?.[1]);
    expect(match?.[2]).toBe(colourOf(pocket));
    const payout = payoutAt(pocket, { straight: [17, 50n], red: 100n, dozen: [2, 250n] });

    // The page's balance after the settlement, and the platform's ledger: payouts - stakes exactly.
    const after = 10_000n - staked + payout;
    await seat.game
      .locator('.balance strong')
      .getByText(`RM ${cents(after)}`, { exact: true })
      .waitFor({ timeout: 30_000 });
    // The win line of this round's bets on that pocket. On the short clock the settlement (after the
    // wheel's 2.4 s spin) can come once the next round is open: a win is then said as the last
    // round's, and a round gone says no "no win".
    const line = await seat.frame.evaluate(
      () => (window as unknown as { __seen: Record<string, string | null> }).__seen.win,
    );
    if (payout > 0n)
      expect([`You won ${cents(payout)}`, `Last round: you won ${cents(payout)}`]).toContain(line);
    else expect([null, 'No win this round']).toContain(line);
    expect(await memberBalance(seat.memberId)).toBe(after);

    // The betting record through the platform: the round's three bets, one seat, to the cent.
    const record = await liveBettingRecord(seat.siteToken);
    expect(record.items).toHaveLength(bets.length);
    const seatId = record.items[0]?.roundId ?? '';
    expect(
      record.items.every((i) => i.roundId === seatId && i.gameCode === TABLE && i.status === 'settled'),
    ).toBe(true);
    expect(record.items.map((i) => i.stake).sort()).toEqual(['0.50', '1.00', '2.50']);
    expect(record.totals).toEqual({
      betCount: bets.length,
      stake: cents(staked),
      payout: cents(payout),
      winLoss: cents(payout - staked),
    });
    expect(await verifiedPocket(seatId)).toBe(pocket);

    // The phone's table page and the site around it scroll down only.
    const inFrame = await seat.frame.evaluate(overflowingElements, []);
    expect(inFrame.offenders).toEqual([]);
    expect(inFrame.scrollWidth).toBeLessThanOrEqual(inFrame.innerWidth);
    expect(
      await seat.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);

    const report = await db((d) => reconcileLedger(d));
    expect(report.problems).toEqual([]);
    await seat.page.context().close();
  }, 180_000);

  it('a desktop shows the horizontal board, zero at the left, and takes a bet pressed on it', async () => {
    const seat = await sit(`rd${unique()}`, 1366);
    expect(await seat.frame.evaluate(() => window.innerWidth)).toBeGreaterThanOrEqual(900);
    const board = seat.game.locator('.roulette-board[data-orientation="horizontal"]');
    await board.waitFor();
    // Zero at the left end, the numbers' rows to its right (3 on top, 1 at the bottom), 36 at the far end.
    const box = async (spot: string) => {
      const b = await board.locator(`[data-spot="${spot}"]`).boundingBox();
      if (!b) throw new Error(`${spot} not shown`);
      return b;
    };
    const [zero, one, three, last] = await Promise.all(
      ['straight:0', 'straight:1', 'straight:3', 'straight:36'].map(box),
    );
    expect(zero!.x + zero!.width).toBeLessThanOrEqual(one!.x + 1);
    expect(three!.y).toBeLessThan(one!.y);
    expect(last!.x).toBeGreaterThan(one!.x + 10 * one!.width);
    expect(await board.locator('[data-spot="red"]').count()).toBe(1);
    // No second grid of outside bets under the horizontal board.
    expect(await seat.game.locator('.live-grid').count()).toBe(0);

    const round = await openWindow(seat, 5);
    expect(await betOnPage(seat, [{ chip: '1.00', spot: 'straight:0', name: /on Straight up 0$/ }])).toBe(
      `${round} Your bets this round: 1.00`,
    );
    // Taken by the server: the bet is in the platform's record and its stake left the balance (or came back 36 times).
    const deadline = Date.now() + 30_000;
    let record = await liveBettingRecord(seat.siteToken);
    while (record.items[0]?.status !== 'settled' && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 250));
      record = await liveBettingRecord(seat.siteToken);
    }
    expect(record.items).toHaveLength(1);
    expect(record.items[0]).toMatchObject({ gameCode: TABLE, stake: '1.00', status: 'settled' });
    const pocket = await verifiedPocket(record.items[0]?.roundId ?? '');
    const payout = pocket === 0 ? 3600n : 0n;
    expect(record.totals.payout).toBe(cents(payout));
    expect(await memberBalance(seat.memberId)).toBe(10_000n - 100n + payout);
    await seat.page.context().close();
  }, 120_000);
});
