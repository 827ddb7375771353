import { randomUUID } from 'node:crypto';
import { TRIAL_TYPE } from '@lotus/contracts/accounts';
import type { SeamlessSession } from '@lotus/contracts/game-launch';
import type { BettingRecordPage, LaunchGameResult, PersonalProfit, RankList } from '@lotus/contracts/games';
import type { PopularGames } from '@lotus/contracts/lottery';
import { formatAmount, parseAmount } from '@lotus/contracts/money';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { localDay } from '../../../test/days.ts';
import {
  catalogueTestVendor,
  house,
  launchTokenOf,
  memberGet,
  type Player,
  player,
  seamless,
  slot,
  type TestVendor,
} from '../../../test/games.ts';
import { reconcileAfterEach } from '../../../test/money.ts';
import { setupTestApp } from '../../../test/support.ts';
import { maskName } from './records.service.ts';

const ctx = setupTestApp({ rateLimits: { gameLaunch: { max: 10_000, timeWindow: 60_000 } } });
reconcileAfterEach(ctx);

let fishv: TestVendor;
let alice: Player;
let aliceStart: bigint;

/** A player's seamless session at a vendor, through a real launch and exchange. */
async function sessionOf(p: Player, vendor: Pick<TestVendor, 'code' | 'secret' | 'merchant'>, game: string) {
  const launched = await memberGet<LaunchGameResult>(
    ctx,
    `/wps/game/launchGame?vassalage=${vendor.code}&gameId=${game}`,
    p,
  );
  const session = await seamless<SeamlessSession>(ctx, vendor, 'session', {
    launchToken: launchTokenOf(launched.body.value.content.game_url),
  });
  const token = session.body.value?.token;
  if (!token) throw new Error(`no session: ${session.body.errorCode}`);
  return token;
}

/** Plays rounds as a vendor does: bet, wins, and the round's end. */
function rounds(vendor: Pick<TestVendor, 'code' | 'secret' | 'merchant'>, token: string, game: string) {
  const call = async (path: string, body: Record<string, unknown>) => {
    const answer = await seamless(ctx, vendor, path, {
      gameId: game,
      ...(path === 'roundEnd' ? {} : { currency: 'MYR' }),
      ...body,
    });
    if (answer.status !== 200) throw new Error(`${path}: ${answer.body.errorCode}`);
    return answer;
  };
  return {
    async bet(amount: string, wins: string[] = [], end = true) {
      const roundId = randomUUID();
      const transactionId = randomUUID();
      const placed = await call('bet', { token, transactionId, roundId, amount });
      for (const win of wins) {
        await call('win', {
          token,
          transactionId: randomUUID(),
          betTransactionId: transactionId,
          roundId,
          amount: win,
        });
      }
      if (end) await call('roundEnd', { roundId });
      return { roundId, transactionId, placed };
    },
    async rolledBack(amount: string) {
      const { roundId, transactionId } = await this.bet(amount, [], false);
      await call('rollback', {
        token,
        transactionId: randomUUID(),
        betTransactionId: transactionId,
        roundId,
      });
      return roundId;
    },
    async betWin(bet: string, win: string) {
      const roundId = randomUUID();
      await call('betWin', { token, transactionId: randomUUID(), roundId, betAmount: bet, winAmount: win });
      return roundId;
    },
  };
}

async function mainBalance(p: Player): Promise<bigint> {
  const row = await ctx.db
    .selectFrom('ledger_accounts')
    .select('balance')
    .where('member_id', '=', p.id)
    .where('kind', '=', 'member_main')
    .executeTakeFirstOrThrow();
  return BigInt(row.balance);
}

/** What the ledger's seamless entries moved on the member's wallets (minor units). */
async function seamlessNet(p: Player): Promise<bigint> {
  const { rows } = await sql<{ net: string | null }>`
    select sum(p.amount)::text as net from postings p
    join ledger_accounts a on a.id = p.account_id
    join journal_entries e on e.id = p.entry_id
    where a.member_id = ${p.id} and e.kind like 'seamless_%'`.execute(ctx.db);
  return BigInt(rows[0]?.net ?? '0');
}

/**
 * The member's days (`offsetMinutes` east of UTC) of the seamless money moved on their wallets, by the
 * postings' own times: the days the play of beforeAll fell on (two when it ran across midnight there).
 */
async function playDays(p: Player, offsetMinutes: number): Promise<string[]> {
  const { rows } = await sql<{ at: Date }>`
    select p.created_at as at from postings p
    join ledger_accounts a on a.id = p.account_id
    join journal_entries e on e.id = p.entry_id
    where a.member_id = ${p.id} and e.kind like 'seamless_%'`.execute(ctx.db);
  return [...new Set(rows.map((r) => localDay(r.at, offsetMinutes)))].sort();
}

/** The days of a profit report added up: its totals when every day is there. */
function sumOfDays(days: PersonalProfit['days']): PersonalProfit['totals'] {
  const add = (field: 'stake' | 'payout' | 'profit') =>
    formatAmount(
      days.reduce((t, d) => t + (parseAmount(d[field], 'MYR') ?? 0n), 0n),
      'MYR',
    );
  return {
    betCount: days.reduce((t, d) => t + d.betCount, 0),
    stake: add('stake'),
    payout: add('payout'),
    profit: add('profit'),
  };
}

const record = (p: Player | null, query = '') =>
  memberGet<BettingRecordPage>(ctx, `/wps/relay/MCSFE_getBettingRecord?${query}`, p);
const profit = (p: Player | null, query = '') =>
  memberGet<PersonalProfit>(ctx, `/wps/relay/MCSFE_getPersonalProfit?${query}`, p);

let roundIds: Record<string, string> = {};

beforeAll(async () => {
  fishv = await catalogueTestVendor(ctx, {
    code: 'FISHV',
    categories: ['FISH'],
    games: [
      slot('ocean-king', {
        category: 'FISH',
        gameType: 'FISH',
        names: { en: 'Ocean King', ms: 'Raja Lautan', cn: '海洋之王' },
      }),
    ],
  });
  alice = await player(ctx, { funds: 100_000n, nickname: 'AliceWonder' });
  aliceStart = await mainBalance(alice);
  const garden = rounds(house, await sessionOf(alice, house, 'lotus-garden'), 'lotus-garden');
  const jade = rounds(house, await sessionOf(alice, house, 'jade-ways'), 'jade-ways');
  const sevens = rounds(house, await sessionOf(alice, house, 'lucky-sevens'), 'lucky-sevens');
  const fish = rounds(fishv, await sessionOf(alice, fishv, 'ocean-king'), 'ocean-king');
  roundIds = {
    won: (await garden.bet('10.00', ['25.00'])).roundId,
    lost: (await jade.bet('5.00')).roundId,
    cancelled: await garden.rolledBack('3.00'),
    betWin: await sevens.betWin('2.00', '1.50'),
    open: (await garden.bet('4.00', [], false)).roundId,
    steps: (await jade.bet('7.00', ['3.00', '4.50'])).roundId,
    fish: (await fish.bet('20.00')).roundId,
  };
  // Refused for the balance: no bet of the record.
  const refused = await garden.bet('1000000.00');
  expect(refused.placed.body.errorCode).toBe('insufficient_balance');
  // Another member's bets stay theirs.
  const bob = await player(ctx, { funds: 100_000n });
  await rounds(house, await sessionOf(bob, house, 'lotus-garden'), 'lotus-garden').bet('50.00', ['99.00']);
  // A trial account's demo win is no winner of the board.
  const trial = await player(ctx, { isAgent: TRIAL_TYPE });
  await rounds(house, await sessionOf(trial, house, 'lotus-garden'), 'lotus-garden').bet('100.00', [
    '900.00',
  ]);
});

describe('betting record (personalHistoryCopy)', () => {
  it("lists the member's bets across vendors, newest first, with stake, payout, win/loss and status", async () => {
    const res = await record(alice);
    expect(res.status).toBe(200);
    const page = res.body.value;
    expect(page.total).toBe(7);
    expect(page.items.map((i) => i.roundId)).toEqual([
      roundIds.fish,
      roundIds.steps,
      roundIds.open,
      roundIds.betWin,
      roundIds.cancelled,
      roundIds.lost,
      roundIds.won,
    ]);
    const byRound = new Map(page.items.map((i) => [i.roundId, i]));
    expect(byRound.get(roundIds.won ?? '')).toMatchObject({
      gameCategory: 'RNG',
      vassalage: 'HOUSE',
      vendorName: 'Lotus Studio',
      gameCode: 'lotus-garden',
      gameName: 'Lotus Garden',
      stake: '10.00',
      payout: '25.00',
      winLoss: '15.00',
      status: 'settled',
    });
    expect(byRound.get(roundIds.lost ?? '')).toMatchObject({
      stake: '5.00',
      payout: '0.00',
      winLoss: '-5.00',
      status: 'settled',
    });
    expect(byRound.get(roundIds.cancelled ?? '')).toMatchObject({
      stake: '3.00',
      payout: '0.00',
      winLoss: '0.00',
      status: 'cancelled',
    });
    expect(byRound.get(roundIds.betWin ?? '')).toMatchObject({
      gameCode: 'lucky-sevens',
      stake: '2.00',
      payout: '1.50',
      winLoss: '-0.50',
    });
    expect(byRound.get(roundIds.open ?? '')).toMatchObject({
      stake: '4.00',
      payout: '0.00',
      status: 'pending',
    });
    expect(byRound.get(roundIds.steps ?? '')).toMatchObject({
      stake: '7.00',
      payout: '7.50',
      winLoss: '0.50',
    });
    expect(byRound.get(roundIds.fish ?? '')).toMatchObject({
      gameCategory: 'FISH',
      vassalage: 'FISHV',
      gameName: 'Ocean King',
      winLoss: '-20.00',
      // The vendor's own template ({round} only), the round id URL-encoded.
      verifyUrl: `https://fishv.games.test/verify/${encodeURIComponent(roundIds.fish ?? '')}`,
    });
    expect(byRound.get(roundIds.won ?? '')?.verifyUrl).toMatch(
      new RegExp(`/verify\\?round=${roundIds.won}&game=lotus-garden$`),
    );
    expect(page).toMatchObject({ currency: 'MYR', currencySymbol: 'RM', page: 1, size: 20 });
  });

  it('totals agree with the ledger to the cent', async () => {
    const { totals } = (await record(alice)).body.value;
    expect(totals).toEqual({ betCount: 6, stake: '48.00', payout: '34.00', winLoss: '-14.00' });
    const net = await seamlessNet(alice);
    expect(formatAmount(net, 'MYR')).toBe(totals.winLoss);
    expect(formatAmount((await mainBalance(alice)) - aliceStart, 'MYR')).toBe(totals.winLoss);
  });

  it('names games in the request language', async () => {
    const res = await memberGet<BettingRecordPage>(
      ctx,
      '/wps/relay/MCSFE_getBettingRecord?gameCategory=FISH',
      alice,
    );
    expect(res.body.value.items[0]?.gameName).toBe('Ocean King');
  });

  it('filters by category and vendor, and pages', async () => {
    const fish = (await record(alice, 'gameCategory=FISH')).body.value;
    expect(fish.items.map((i) => i.roundId)).toEqual([roundIds.fish]);
    expect(fish.totals).toEqual({ betCount: 1, stake: '20.00', payout: '0.00', winLoss: '-20.00' });
    const houseOnly = (await record(alice, 'vassalage=HOUSE')).body.value;
    expect(houseOnly.total).toBe(6);
    const pages = await Promise.all([1, 2, 3].map((page) => record(alice, `size=3&page=${page}`)));
    expect(pages.map((p) => p.body.value.items.length)).toEqual([3, 3, 1]);
    expect(new Set(pages.flatMap((p) => p.body.value.items.map((i) => i.id))).size).toBe(7);
    expect((await record(alice, 'page=99')).body.value.items).toEqual([]);
    expect((await record(alice, 'vassalage=NONE')).body.value.total).toBe(0);
  });

  it('takes a date range (quick picks send one) and refuses impossible ones', async () => {
    const now = Date.now();
    const iso = (ms: number) => encodeURIComponent(new Date(ms).toISOString());
    expect(
      (await record(alice, `from=${iso(now - 30 * 86_400_000)}&to=${iso(now + 60_000)}`)).body.value.total,
    ).toBe(7);
    expect((await record(alice, `from=${iso(now + 60_000)}&to=${iso(now + 120_000)}`)).body.value.total).toBe(
      0,
    );
    expect((await record(alice, `from=${iso(now)}&to=${iso(now - 60_000)}`)).body.errorCode).toBe(
      'history_range_invalid',
    );
    expect((await record(alice, `from=${iso(now - 100 * 86_400_000)}&to=${iso(now)}`)).body.errorCode).toBe(
      'history_range_invalid',
    );
    for (const q of [
      'from=2026-02-30T00:00:00Z',
      'page=0',
      'size=101',
      'page=100001',
      'gameCategory=X',
      'vassalage=a%00',
    ]) {
      expect((await record(alice, q)).status, q).toBe(400);
    }
  });

  it('is for members only: visitors 401, trial accounts refused', async () => {
    expect((await record(null)).status).toBe(401);
    const trial = await player(ctx, { isAgent: TRIAL_TYPE });
    const res = await record(trial);
    expect(res.status).toBe(200);
    expect(res.body.errorCode).toBe('trial_account_restricted');
    expect((await profit(trial)).status).toBe(200);
  });

  it('carries amounts above 2^53 exactly', async () => {
    const rich = await player(ctx, { funds: 2n ** 60n });
    const stake = 2n ** 53n + 1n;
    await rounds(house, await sessionOf(rich, house, 'lotus-garden'), 'lotus-garden').bet(
      formatAmount(stake, 'MYR'),
    );
    const { items, totals } = (await record(rich)).body.value;
    expect(items[0]?.stake).toBe('90071992547409.93');
    expect(totals.winLoss).toBe('-90071992547409.93');
  });
});

describe('personal profit and loss (personalProfit)', () => {
  it('sums per day and category what the ledger moved', async () => {
    const res = await profit(alice);
    expect(res.status).toBe(200);
    const value = res.body.value;
    expect(value.totals).toEqual({ betCount: 6, stake: '48.00', payout: '34.00', profit: '-14.00' });
    // One row per UTC day the bets fell on (one day unless beforeAll ran across midnight), adding up.
    expect(value.days.map((d) => d.day)).toEqual(await playDays(alice, 0));
    expect(sumOfDays(value.days)).toEqual(value.totals);
    expect(value.categories).toEqual([
      { gameCategory: 'RNG', betCount: 5, stake: '28.00', payout: '34.00', profit: '6.00' },
      { gameCategory: 'FISH', betCount: 1, stake: '20.00', payout: '0.00', profit: '-20.00' },
    ]);
    expect(value.rows).toHaveLength(2);
    expect(formatAmount(await seamlessNet(alice), 'MYR')).toBe(value.totals.profit);
  });

  it("groups by the member's day and filters", async () => {
    // UTC+14: that day ends at 10:00 UTC, so the days come from the bets' own times, not the clock's.
    const fourteen = (await profit(alice, 'offsetMinutes=840')).body.value;
    expect(fourteen.days.map((d) => d.day)).toEqual(await playDays(alice, 840));
    expect(sumOfDays(fourteen.days)).toEqual(fourteen.totals);
    expect(fourteen.totals).toEqual({ betCount: 6, stake: '48.00', payout: '34.00', profit: '-14.00' });
    // UTC-12 too: at any hour one of the two zones is on another day than UTC.
    const twelveWest = (await profit(alice, 'offsetMinutes=-720')).body.value;
    expect(twelveWest.days.map((d) => d.day)).toEqual(await playDays(alice, -720));
    const fish = (await profit(alice, 'gameCategory=FISH')).body.value;
    expect(fish.totals.profit).toBe('-20.00');
    expect((await profit(alice, 'vassalage=HOUSE')).body.value.totals.stake).toBe('28.00');
    expect((await profit(alice, 'offsetMinutes=900')).status).toBe(400);
  });
});

describe('winners board and popular games', () => {
  it('ranks the biggest wins of real members, names masked', async () => {
    const res = await memberGet<RankList>(ctx, '/wps/relay/GCSGAME_getRankList?limitNum=5', null);
    expect(res.status).toBe(200);
    const list = res.body.value.list;
    expect(list.map((r) => r.winAmount)).toEqual(['99.00', '25.00', '7.50', '1.50']);
    expect(list[1]).toMatchObject({
      rank: 2,
      nickname: 'A***r',
      gameName: 'Lotus Garden',
      gameCode: 'lotus-garden',
      vassalage: 'HOUSE',
      gameCategory: 'RNG',
      stake: '10.00',
    });
    expect(list.some((r) => r.winAmount === '900.00')).toBe(false);
    const fish = await memberGet<RankList>(ctx, '/wps/relay/GCSGAME_getRankList?gameCategory=FISH', null);
    expect(fish.body.value.list).toEqual([]);
    expect((await memberGet(ctx, '/wps/relay/GCSGAME_getRankList?limitNum=51', null)).status).toBe(400);
  });

  it('masks names whatever their length', () => {
    expect(maskName('AliceWonder')).toBe('A***r');
    expect(maskName('龙凤')).toBe('龙***');
    expect(maskName('x')).toBe('***');
  });

  it('popular games: the most played first', async () => {
    const res = await memberGet<PopularGames>(ctx, '/lgw/games/popular?count=3', null);
    // lotus-garden has the most bets of real members, then jade-ways (2), then ocean-king and lucky-sevens (1).
    expect(res.body.value.list.map((g) => g.code).slice(0, 2)).toEqual(['lotus-garden', 'jade-ways']);
    expect(res.body.value.list).toHaveLength(3);
  });
});

describe('a live round: several bets, one win naming the first, paying the whole round', () => {
  it('keeps every bet, puts the win on the bet it names, and totals and P&L equal the ledger', async () => {
    const carol = await player(ctx, { funds: 100_000n });
    const start = await mainBalance(carol);
    const token = await sessionOf(carol, house, 'live-baccarat');
    const call = async (path: string, body: Record<string, unknown>) => {
      const answer = await seamless(ctx, house, path, { gameId: 'live-baccarat', currency: 'MYR', ...body });
      expect(answer.status).toBe(200);
    };
    // The vendor's seat id is the round id of this player's round at the table.
    const roundId = randomUUID();
    const bets = [
      { transactionId: randomUUID(), amount: '10.00' }, // banker
      { transactionId: randomUUID(), amount: '2.50' }, // tie
      { transactionId: randomUUID(), amount: '1.25' }, // player pair
    ];
    for (const b of bets) await call('bet', { token, roundId, ...b });
    // Banker wins 10.00 at 0.95:1 = 19.50; tie and pair lose: one win naming the first bet.
    await call('win', {
      token,
      roundId,
      transactionId: randomUUID(),
      betTransactionId: bets[0]?.transactionId,
      amount: '19.50',
    });
    const end = await seamless(ctx, house, 'roundEnd', { gameId: 'live-baccarat', roundId });
    expect(end.status).toBe(200);

    const page = (await record(carol)).body.value;
    expect(page.items).toHaveLength(3);
    expect(page.items.every((i) => i.roundId === roundId && i.gameCategory === 'LIVE')).toBe(true);
    const byTx = new Map(page.items.map((i) => [i.transactionId, i]));
    expect(byTx.get(bets[0]?.transactionId ?? '')).toMatchObject({
      gameCode: 'live-baccarat',
      gameName: 'Lotus Baccarat',
      stake: '10.00',
      payout: '19.50',
      status: 'settled',
    });
    expect(byTx.get(bets[1]?.transactionId ?? '')).toMatchObject({
      stake: '2.50',
      payout: '0.00',
      status: 'settled',
    });
    expect(byTx.get(bets[2]?.transactionId ?? '')).toMatchObject({
      stake: '1.25',
      payout: '0.00',
      status: 'settled',
    });
    // Each row links the round to the vendor's fairness page: the house vendor's template with the
    // seat id and the table (its page opens a live table's round on the live verification).
    const { verify_url: template } = await ctx.db
      .selectFrom('vendors')
      .select('verify_url')
      .where('code', '=', 'HOUSE')
      .executeTakeFirstOrThrow();
    expect(template).toMatch(/\/verify\?round=\{round\}&game=\{game\}$/);
    const live = template.replace('{round}', roundId).replace('{game}', 'live-baccarat');
    expect(page.items.map((i) => i.verifyUrl)).toEqual([live, live, live]);
    // The round: stakes 13.75, payout 19.50, +5.75, as the ledger moved it.
    expect(page.totals).toEqual({ betCount: 3, stake: '13.75', payout: '19.50', winLoss: '5.75' });
    expect(formatAmount(await seamlessNet(carol), 'MYR')).toBe('5.75');
    expect(formatAmount((await mainBalance(carol)) - start, 'MYR')).toBe('5.75');
    const pnl = (await profit(carol)).body.value;
    expect(pnl.totals).toEqual({ betCount: 3, stake: '13.75', payout: '19.50', profit: '5.75' });
    expect(pnl.categories).toEqual([
      { gameCategory: 'LIVE', betCount: 3, stake: '13.75', payout: '19.50', profit: '5.75' },
    ]);
  });
});
