import { randomUUID } from 'node:crypto';
import type { SeamlessSession } from '@lotus/contracts/game-launch';
import type { LaunchGameResult } from '@lotus/contracts/games';
import type { MemberPromotion } from '@lotus/contracts/promotions';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { bankTransfer, depositor } from '../../test/deposits.ts';
import {
  catalogueTestVendor,
  house,
  launchTokenOf,
  memberGet,
  memberPost,
  player,
  seamless,
  slot,
  type TestVendor,
} from '../../test/games.ts';
import {
  LOTTERY_KINDS as LEGACY_LOTTERY_KINDS,
  type LegacyEvent,
  legacyTypeOf,
  missionFactOf,
  pointsTurnoverOf,
  referralFactOf,
  vipCategoriesOf,
  vipDepositOf,
  vipStakeOf,
  wageringLotteryRefundOf,
  wageringRollbackMember,
  wageringStakeOf,
  walletTurnoverOf,
} from '../../test/legacy-consumers.ts';
import {
  afterDraw,
  bet,
  digitsOf,
  freshNumero,
  lotteryMember,
  memberCall,
  testGame,
} from '../../test/lottery.ts';
import { reconcileAfterEach } from '../../test/money.ts';
import { backOfficeTeam } from '../../test/operators.ts';
import { promotionBody } from '../../test/promotions.ts';
import { setupTestApp } from '../../test/support.ts';
import { pendingWithdrawal } from '../../test/withdrawals.ts';
import type { Db } from '../db/database.ts';
import { seamlessCategories } from '../domains/games/bet-category.service.ts';
import { advanceChases } from '../domains/lottery/chase.service.ts';
import { drawNumero } from '../domains/lottery/numero.service.ts';
import { settleNumero } from '../domains/lottery/settlement.service.ts';
import { missionFact } from '../domains/missions/mission-progress.consumer.ts';
import { turnoverOf as pointsTurnoverOfFact } from '../domains/points/points.consumer.ts';
import {
  lotteryRefundOf,
  rollbackMember,
  wageringCategory,
  stakeOf as wageringStakeOfFact,
} from '../domains/promotions/wagering.consumer.ts';
import { referralFact } from '../domains/referrals/referral-qualification.consumer.ts';
import { issueVendorSession } from '../domains/vendors/vendor-session.service.ts';
import { depositOf, stakeOf as vipStakeOfFact } from '../domains/vip/turnover.consumer.ts';
import { turnoverOf as walletTurnoverOfFact } from '../domains/wallet/turnover.consumer.ts';
import type { JournalEntry } from './event.ts';
import { deriveFacts } from './facts.ts';
import { LEDGER_KINDS } from './ledger-kinds.ts';
import type { MoneyFact } from './money-facts.ts';

/**
 * The replay test of the money facts (docs/money-facts.md): a mixed journal written by the real
 * writers (vendor games: slots, live, an uncatalogued game, bets, wins, bets-and-wins, rollbacks;
 * free rounds; the lottery: orders, a cancelled one, a win, a chase from its hold; deposits;
 * withdrawals; a bonus; adjustments), read back as the feed reads it, goes through the consumers'
 * derivations as they were (test/legacy-consumers.ts: raw postings, each consumer's own list of
 * member accounts and its own category lookup) and through the fact-based ones: every total per
 * consumer, member and key is the same.
 */

const ctx = setupTestApp({
  rateLimits: {
    promotionActions: { max: 10_000, timeWindow: 60_000 },
    gameLaunch: { max: 10_000, timeWindow: 60_000 },
  },
});
reconcileAfterEach(ctx);
const team = backOfficeTeam(ctx);

const straight = (digit: number, multiple = 1) => `${digit}||||~1~101~1~1950~${multiple}`;

let vendor: TestVendor;
beforeAll(async () => {
  vendor = await catalogueTestVendor(ctx, {
    categories: ['RNG', 'LIVE'],
    games: [slot('rslot'), slot('rlive', { category: 'LIVE', gameType: 'BACCARAT' })],
  });
});

/** The vendor games' money of one member: every kind of call, on a slot, a live table and an uncatalogued game. */
async function vendorGames(): Promise<void> {
  const p = await player(ctx, { funds: 100_000n });
  const call = async (path: string, game: string, body: Record<string, unknown>) => {
    const { token } = await issueVendorSession(ctx.db, p.id, vendor.code, game);
    const res = await seamless(ctx, vendor, path, { token, gameId: game, currency: 'MYR', ...body });
    expect(res.body.errorCode, `${path} ${game}`).toBe('');
  };
  for (const game of ['rslot', 'rlive', 'ghost-game']) {
    const won = { transactionId: randomUUID(), roundId: randomUUID() };
    await call('bet', game, { ...won, amount: '12.00' });
    await call('win', game, {
      transactionId: randomUUID(),
      betTransactionId: won.transactionId,
      roundId: won.roundId,
      amount: '30.50',
    });
    const rolled = { transactionId: randomUUID(), roundId: randomUUID() };
    await call('bet', game, { ...rolled, amount: '7.00' });
    await call('rollback', game, {
      transactionId: randomUUID(),
      betTransactionId: rolled.transactionId,
      roundId: rolled.roundId,
    });
    await call('betWin', game, {
      transactionId: randomUUID(),
      roundId: randomUUID(),
      betAmount: '3.00',
      winAmount: '1.25',
    });
    await call('bet', game, { transactionId: randomUUID(), roundId: randomUUID(), amount: '0.40' });
  }
}

/** A free-round promotion claimed, one free spin played and its win paid from the bonus pool. */
async function freeRounds(): Promise<void> {
  const brand = await ctx.db
    .selectFrom('games')
    .innerJoin('vendors', 'vendors.id', 'games.vendor_id')
    .innerJoin('brands', 'brands.id', 'games.brand_id')
    .select('games.id')
    .where('brands.merchant_code', '=', 'DEMO')
    .where('vendors.code', '=', 'HOUSE')
    .where('games.code', '=', 'lotus-garden')
    .executeTakeFirstOrThrow();
  const made = await team.bo<{ id: string }>(
    'marketing',
    'POST',
    '/bo/v1/promotions',
    promotionBody('Replay spins', {
      rewardKind: 'free_rounds',
      freeRoundsGame: brand.id,
      freeRoundsStake: '0.20',
      freeRoundsCount: 2,
      wageringMultiplier: 5,
    }),
  );
  expect(made.body.errorCode).toBe('');
  const p = await player(ctx, { funds: 10_000n });
  const applied = await memberPost<MemberPromotion>(
    ctx,
    `/wps/promotions/${made.body.value.id}/apply`,
    p,
    {},
  );
  expect(applied.body.errorCode).toBe('');
  const claimed = await memberPost<MemberPromotion>(
    ctx,
    `/wps/promotions/rewards/${applied.body.value.id}/claim`,
    p,
    {},
  );
  expect(claimed.body.errorCode).toBe('');
  const grant = await ctx.db
    .selectFrom('free_round_grants')
    .select('id')
    .where('record_id', '=', claimed.body.value.id)
    .executeTakeFirstOrThrow();
  const launched = await memberGet<LaunchGameResult>(
    ctx,
    '/wps/game/launchGame?vassalage=HOUSE&gameId=lotus-garden',
    p,
  );
  const session = await seamless<SeamlessSession>(ctx, house, 'session', {
    launchToken: launchTokenOf(launched.body.value.content.game_url),
  });
  const token = session.body.value?.token ?? '';
  const spin = { transactionId: randomUUID(), roundId: randomUUID() };
  const spun = await seamless(ctx, house, 'bet', {
    token,
    ...spin,
    gameId: 'lotus-garden',
    amount: '0.20',
    currency: 'MYR',
    freeRoundGrantId: grant.id,
  });
  expect(spun.body.errorCode).toBe('');
  const won = await seamless(ctx, house, 'win', {
    token,
    transactionId: randomUUID(),
    betTransactionId: spin.transactionId,
    roundId: spin.roundId,
    gameId: 'lotus-garden',
    amount: '2.00',
    currency: 'MYR',
  });
  expect(won.body.errorCode).toBe('');
}

/** Lottery orders (one won, one cancelled) and a chase staked from its hold, stopped by its win. */
async function lottery(): Promise<void> {
  const gameId = await testGame(ctx);
  const n1 = await freshNumero(ctx, gameId, { closeInMs: 10 * 60_000 });
  const n2 = await freshNumero(ctx, gameId, { closeInMs: 20 * 60_000 });
  const digit = digitsOf(n1)[0] as number;
  const m = await lotteryMember(ctx, 10_000n);
  const won = await bet(ctx, m, {
    gameId,
    currentNumero: n1.numero,
    bettingSlipString: straight(digit),
    betCartAmountSum: '2.00',
  });
  expect(won.body.errorCode).toBe('');
  const cancelled = await bet(ctx, m, {
    gameId,
    currentNumero: n1.numero,
    bettingSlipString: straight(digit, 2),
    betCartAmountSum: '4.00',
  });
  expect(cancelled.body.errorCode).toBe('');
  const cancel = await memberCall(ctx, m, 'POST', `/lgw/orders/${cancelled.body.value.order.orderId}/cancel`);
  expect(cancel.body.errorCode).toBe('');
  // A chase that wins its first step and stops: the rest comes back from its hold.
  const chase = await bet(ctx, m, {
    gameId,
    currentNumero: n1.numero,
    bettingSlipString: straight(digit),
    betCartAmountSum: '2.00',
    winningStop: true,
    chase: { kind: 'same', numeros: 2 },
    orderType: 'chase',
  });
  expect(chase.body.errorCode).toBe('');
  for (const n of [n1, n2]) {
    const at = await afterDraw(ctx, n);
    await drawNumero(ctx.db, n.id, at);
    await settleNumero(ctx.db, n.id, at);
    await advanceChases(ctx.db, at);
  }
}

/** A deposit approved, a withdrawal paid, another rejected. */
async function cashier(): Promise<void> {
  const m = await depositor(ctx);
  const created = await bankTransfer(ctx, m, { amount: '150.00' });
  expect(created.body.errorCode).toBe('');
  const approved = await team.bo(
    'finance',
    'POST',
    `/bo/v1/deposits/${created.body.value.deposit.id}/approve`,
  );
  expect(approved.body.errorCode).toBe('');
  const paid = await pendingWithdrawal(ctx, '500.00');
  expect(
    (await team.bo('finance', 'POST', `/bo/v1/withdrawals/${paid.withdrawal.id}/approve`)).body.errorCode,
  ).toBe('');
  expect(
    (await team.bo('finance', 'POST', `/bo/v1/withdrawals/${paid.withdrawal.id}/pay`)).body.errorCode,
  ).toBe('');
  const rejected = await pendingWithdrawal(ctx, '300.00');
  expect(
    (
      await team.bo('finance', 'POST', `/bo/v1/withdrawals/${rejected.withdrawal.id}/reject`, {
        reason: 'replay test',
      })
    ).body.errorCode,
  ).toBe('');
}

/** Every journal entry with its postings, in feed order, as the feed reads them. */
async function journal(db: Db): Promise<JournalEntry[]> {
  const { rows } = await sql<{
    id: string;
    tx_id: string;
    brand_id: string;
    kind: string;
    reference: string;
    metadata: Record<string, unknown>;
    created_at: Date;
  }>`select id::text, tx_id::text, brand_id::text, kind, reference, metadata, created_at
     from journal_entries order by tx_id, id`.execute(db);
  const postings = await sql<{
    entry_id: string;
    account_id: string;
    account_kind: string;
    member_id: string | null;
    vendor_id: string | null;
    amount: string;
    currency: string;
  }>`select p.entry_id::text, p.account_id::text, a.kind as account_kind, a.member_id::text,
            a.vendor_id::text, p.amount::text, p.currency
     from postings p join ledger_accounts a on a.id = p.account_id order by p.id`.execute(db);
  const byEntry = new Map<string, JournalEntry['postings']>();
  for (const p of postings.rows) {
    const list = byEntry.get(p.entry_id) ?? [];
    list.push({
      accountId: p.account_id,
      accountKind: p.account_kind,
      memberId: p.member_id,
      vendorId: p.vendor_id,
      amount: BigInt(p.amount),
      currency: p.currency,
    });
    byEntry.set(p.entry_id, list);
  }
  return rows.map((r) => ({
    kind: r.kind,
    entryId: r.id,
    txId: r.tx_id,
    brandId: r.brand_id,
    reference: r.reference,
    metadata: r.metadata,
    createdAt: r.created_at,
    postings: byEntry.get(r.id) ?? [],
  }));
}

type Totals = Record<string, string>;

function adder() {
  const totals = new Map<string, bigint>();
  return {
    add: (key: string, amount: bigint) => totals.set(key, (totals.get(key) ?? 0n) + amount),
    done: (): Totals =>
      Object.fromEntries(
        [...totals.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => [k, String(v)]),
      ),
  };
}

const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/** The totals each consumer drew from the journal before the facts: raw postings, its own lookups. */
async function legacyTotals(db: Db, entries: readonly JournalEntry[]): Promise<Record<string, Totals>> {
  const events: LegacyEvent[] = entries.flatMap((e) => {
    const type = legacyTypeOf(e.kind);
    return type ? [{ ...e, type }] : [];
  });
  const wallet = adder();
  for (const e of events) {
    const t = e.type === 'bet_settled' ? walletTurnoverOf(e) : null;
    if (!t) continue;
    const key = `${t.memberId}|${t.day}|${t.vendorId}|${t.currency}`;
    wallet.add(`${key}|bets`, t.bets);
    wallet.add(`${key}|stake`, t.stake);
    wallet.add(`${key}|payout`, t.payout);
  }
  const vip = adder();
  const moves = events.flatMap((e) => {
    if (e.type !== 'bet_settled' && e.type !== 'lottery_order_moved') return [];
    const m = vipStakeOf(e);
    return m && m.stake !== 0n ? [m] : [];
  });
  const vipCategories = await vipCategoriesOf(db, moves);
  for (const m of moves) vip.add(`${m.memberId}|${m.day}|${vipCategories.get(m.source) ?? 'RNG'}`, m.stake);
  const vipDeposits = adder();
  for (const e of events) {
    const d = e.type === 'deposit_credited' ? vipDepositOf(e) : null;
    if (d) vipDeposits.add(`${d.memberId}|${d.day}`, d.amount);
  }
  const seamless = await seamlessCategories(db, {
    entryIds: events.filter((e) => e.type === 'bet_settled').map((e) => e.entryId),
  });
  const points = adder();
  for (const e of events) {
    if (e.type === 'withdrawal_paid') continue;
    const t = pointsTurnoverOf(e, seamless.get(e.entryId)?.category);
    if (t && t.turnover !== 0n) points.add(`${t.memberId}|${t.category}|${t.currency}`, t.turnover);
  }
  const wagering = adder();
  for (const e of events) {
    if (e.type !== 'bet_settled' && e.type !== 'lottery_order_moved') continue;
    const s = wageringStakeOf(e);
    if (s) {
      const found = seamless.get(e.entryId);
      const category = LEGACY_LOTTERY_KINDS.has(e.kind)
        ? 'LOTT'
        : found?.catalogued
          ? found.category
          : 'OTHER';
      wagering.add(`stake|${s.memberId}|${e.entryId}|${category}`, s.stake);
    }
    const rolledBack = wageringRollbackMember(e);
    if (rolledBack) wagering.add(`rollback|${rolledBack}|${e.entryId}`, 1n);
    const refund = wageringLotteryRefundOf(e);
    if (refund) wagering.add(`refund|${refund.memberId}|${refund.orderId}|${e.entryId}`, 1n);
  }
  const missions = adder();
  const missionFacts = events.flatMap((e) => {
    const f = e.type === 'withdrawal_paid' ? null : missionFactOf(e);
    return f && f.amount !== 0n ? [f] : [];
  });
  const byCall = await seamlessCategories(db, {
    calls: missionFacts.flatMap((f) => (f.seamless ? [f.seamless] : [])),
  });
  for (const f of missionFacts) {
    const category = f.seamless
      ? (byCall.get(`${f.seamless.vendorId}|${f.seamless.transactionId}`)?.category ?? 'RNG')
      : f.category;
    missions.add(`${f.memberId}|${f.kind}|${category ?? '-'}|${dayOf(f.at)}`, f.amount);
  }
  const referrals = adder();
  for (const e of events) {
    const f = e.type === 'withdrawal_paid' ? null : referralFactOf(e);
    if (!f) continue;
    if (f.deposit !== null) referrals.add(`${f.memberId}|deposit`, f.deposit);
    referrals.add(`${f.memberId}|turnover`, f.turnover);
  }
  return {
    wallet: wallet.done(),
    vip: vip.done(),
    vipDeposits: vipDeposits.done(),
    points: points.done(),
    wagering: wagering.done(),
    missions: missions.done(),
    referrals: referrals.done(),
  };
}

/** The same totals from the money facts, through the fact-based consumers' rules. */
function factTotals(facts: readonly MoneyFact[]): Record<string, Totals> {
  const wallet = adder();
  const vip = adder();
  const vipDeposits = adder();
  const points = adder();
  const wagering = adder();
  const missions = adder();
  const referrals = adder();
  for (const f of facts) {
    if (f.type === 'stake_placed' || f.type === 'stake_returned' || f.type === 'win_paid') {
      const t = walletTurnoverOfFact(f);
      if (t) {
        const key = `${t.memberId}|${t.day}|${t.vendorId}|${t.currency}`;
        wallet.add(`${key}|bets`, t.bets);
        wallet.add(`${key}|stake`, t.stake);
        wallet.add(`${key}|payout`, t.payout);
      }
    }
    if (f.type === 'stake_placed' || f.type === 'stake_returned') {
      const m = vipStakeOfFact(f);
      if (m && m.stake !== 0n) vip.add(`${m.memberId}|${m.day}|${m.category}`, m.stake);
      const s = wageringStakeOfFact(f);
      if (s) wagering.add(`stake|${s.memberId}|${f.entryId}|${wageringCategory(f)}`, s.stake);
      const rolledBack = rollbackMember(f);
      if (rolledBack) wagering.add(`rollback|${rolledBack}|${f.entryId}`, 1n);
      const refund = lotteryRefundOf(f);
      if (refund) wagering.add(`refund|${refund.memberId}|${refund.orderId}|${f.entryId}`, 1n);
    }
    if (f.type === 'deposit_credited') {
      const d = depositOf(f);
      if (d) vipDeposits.add(`${d.memberId}|${d.day}`, d.amount);
    }
    if (f.type === 'stake_placed' || f.type === 'stake_returned' || f.type === 'deposit_credited') {
      const t = pointsTurnoverOfFact(f);
      if (t && t.turnover !== 0n) points.add(`${t.memberId}|${t.category}|${t.currency}`, t.turnover);
      const mf = missionFact(f);
      if (mf && mf.amount !== 0n)
        missions.add(`${mf.memberId}|${mf.kind}|${mf.category ?? '-'}|${dayOf(mf.at)}`, mf.amount);
      const rf = referralFact(f);
      if (rf) {
        if (rf.deposit !== null) referrals.add(`${rf.memberId}|deposit`, rf.deposit);
        referrals.add(`${rf.memberId}|turnover`, rf.turnover);
      }
    }
  }
  return {
    wallet: wallet.done(),
    vip: vip.done(),
    vipDeposits: vipDeposits.done(),
    points: points.done(),
    wagering: wagering.done(),
    missions: missions.done(),
    referrals: referrals.done(),
  };
}

/** The kinds the mixed journal must hold, so the comparison can never pass on a thin journal. */
const MIX = [
  'adjustment',
  'seamless_bet',
  'seamless_win',
  'seamless_bet_win',
  'seamless_rollback',
  'promotion_free_round_win',
  'lottery_bet',
  'lottery_refund',
  'lottery_win',
  'lottery_chase_hold',
  'lottery_chase_stake',
  'lottery_chase_return',
  'deposit',
  'withdrawal_hold',
  'withdrawal_paid',
  'withdrawal_return',
];

describe('the money facts replayed against the consumers before them', () => {
  it('gives every consumer the same totals from a recorded mixed journal, every kind written declared', async () => {
    await vendorGames();
    await freeRounds();
    await lottery();
    await cashier();
    const entries = await journal(ctx.db);
    const kinds = new Set(entries.map((e) => e.kind));
    expect([...kinds].filter((k) => !LEDGER_KINDS.has(k))).toEqual([]);
    expect(MIX.filter((k) => !kinds.has(k))).toEqual([]);

    const before = await legacyTotals(ctx.db, entries);
    const facts = await deriveFacts(ctx.db, entries, LEDGER_KINDS);
    const after = factTotals(facts);
    expect(after).toEqual(before);
    // Each consumer saw something of the journal (several members, categories and products).
    for (const [consumer, totals] of Object.entries(before))
      expect(Object.keys(totals).length, consumer).toBeGreaterThan(consumer === 'vipDeposits' ? 0 : 2);
    expect(new Set(Object.keys(before.vip ?? {}).map((k) => k.split('|')[2]))).toEqual(
      new Set(['RNG', 'LIVE', 'ELOTT']),
    );
  });
});
