import { randomUUID } from 'node:crypto';
import type { SeamlessSession } from '@lotus/contracts/game-launch';
import type { LaunchGameResult } from '@lotus/contracts/games';
import type {
  AdminVipLevels,
  PlayerRankProgress,
  RebateClaimResult,
  RebateRecordPage,
  RebateSummary,
  VipHistoryPage,
  VipLevels,
  VipSettings,
} from '@lotus/contracts/vip';
import type { TransactionHistoryPage } from '@lotus/contracts/wallet';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { utcDay } from '../../../test/days.ts';
import { drainWritten } from '../../../test/events.ts';
import {
  catalogueTestVendor,
  launchTokenOf,
  memberGet,
  type Player,
  player,
  seamless,
  slot,
  type TestVendor,
} from '../../../test/games.ts';
import { bet, freshNumero, lotteryMember, memberCall, testGame } from '../../../test/lottery.ts';
import { reconcileAfterEach } from '../../../test/money.ts';
import { backOfficeTeam } from '../../../test/operators.ts';
import { call, headers, setupTestApp } from '../../../test/support.ts';
import { setBrandFlags } from '../../harness.ts';
import { ensureAccount, moneyTransaction, postEntry } from '../wallet/ledger.service.ts';
import { mainWalletRef } from '../wallet/wallet.service.ts';
import { dailyRebate, rebateLines } from './rebate.service.ts';
import { vipDeposits, vipTurnover } from './turnover.consumer.ts';
import {
  decideLevel,
  memberTurnoverByCategory,
  memberVipLevel,
  runBrandVip,
  vipWithdrawalLimits,
} from './vip.service.ts';
import { DEMO_VIP_LEVELS } from './vip-seed.ts';

const ctx = setupTestApp({
  rateLimits: {
    gameLaunch: { max: 10_000, timeWindow: 60_000 },
    vipRebateClaim: { max: 10_000, timeWindow: 60_000 },
  },
});
reconcileAfterEach(ctx);
const { bo } = backOfficeTeam(ctx);

const today = () => utcDay();
type Brand = Player['brand'];
let brand: Brand;
let live: TestVendor;
let slots: TestVendor;

beforeAll(async () => {
  live = await catalogueTestVendor(ctx, {
    code: 'VIPLIVE',
    categories: ['LIVE'],
    games: [slot('baccarat', { category: 'LIVE', gameType: 'LIVE' })],
  });
  slots = await catalogueTestVendor(ctx, { code: 'VIPSLOT', categories: ['RNG'], games: [slot('fortune')] });
  brand = (await player(ctx)).brand;
});

async function sessionOf(p: Player, vendor: TestVendor, game: string) {
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

async function play(
  p: Player,
  vendor: TestVendor,
  game: string,
  amount: string,
  rollback = false,
  win?: string,
) {
  const token = await sessionOf(p, vendor, game);
  const roundId = randomUUID();
  const transactionId = randomUUID();
  const call = (path: string, body: Record<string, unknown>) =>
    seamless(ctx, vendor, path, { gameId: game, currency: 'MYR', token, roundId, ...body });
  expect((await call('bet', { transactionId, amount })).status).toBe(200);
  if (win) await call('win', { transactionId: randomUUID(), betTransactionId: transactionId, amount: win });
  if (rollback) await call('rollback', { transactionId: randomUUID(), betTransactionId: transactionId });
}

/** A deposit as the deposits domain credits one (kind `deposit`, payment provider to main wallet). */
async function deposit(memberId: string, amount: bigint) {
  await moneyTransaction(ctx.db, async (trx) => {
    const { account: provider } = await ensureAccount(trx, {
      brandId: brand.id,
      kind: 'payment_provider',
      ownerKey: 'test',
      currency: brand.currency,
    });
    const { account: wallet } = await ensureAccount(trx, mainWalletRef(brand, memberId));
    const key = `test-deposit:${randomUUID()}`;
    await postEntry(trx, {
      brandId: brand.id,
      kind: 'deposit',
      idempotencyKey: key,
      requestHash: key,
      legs: [
        { account: provider, amount: -amount },
        { account: wallet, amount },
      ],
    });
  });
}

async function drain() {
  await drainWritten(ctx.db, vipTurnover);
  await drainWritten(ctx.db, vipDeposits);
}

/** Turnover and deposits of a member set directly (the job and rebate tests; the consumer has its own). */
async function figures(memberId: string, rows: Record<string, bigint>, deposits = 0n, day = today()) {
  for (const [category, stake] of Object.entries(rows))
    await sql`insert into vip_turnover (brand_id, member_id, day, category, stake, last_tx_id, last_entry_id)
              values (${brand.id}, ${memberId}, ${day}::date, ${category}, ${stake.toString()}, '0'::xid8, 0)
              on conflict (brand_id, member_id, day, category) do update set stake = vip_turnover.stake + excluded.stake`.execute(
      ctx.db,
    );
  if (deposits > 0n)
    await sql`insert into vip_deposits (brand_id, member_id, day, amount, last_tx_id, last_entry_id)
              values (${brand.id}, ${memberId}, ${day}::date, ${deposits.toString()}, '0'::xid8, 0)
              on conflict (brand_id, member_id, day) do update set amount = vip_deposits.amount + excluded.amount`.execute(
      ctx.db,
    );
}

async function balance(memberId: string): Promise<bigint> {
  const row = await ctx.db
    .selectFrom('ledger_accounts')
    .select('balance')
    .where('member_id', '=', memberId)
    .where('kind', '=', 'member_main')
    .executeTakeFirst();
  return BigInt(row?.balance ?? '0');
}

const get = <T>(p: { token: string }, url: string) => memberCall<T>(ctx, p, 'GET', url);
const claim = (p: { token: string }) =>
  memberCall<RebateClaimResult>(ctx, p, 'POST', '/wps/relay/MCSFE_claimManualRebate');

describe('vip turnover consumer', () => {
  it('counts seamless stakes per game category once, rollbacks off, wins nothing', async () => {
    // The days the bets fell on: from the day the test began to the day it reads (two at midnight).
    const first = today();
    const p = await player(ctx, { funds: 100_000n });
    await play(p, slots, 'fortune', '10.00', false, '50.00');
    await play(p, slots, 'fortune', '5.00', true);
    await play(p, live, 'baccarat', '20.00');
    await drain();
    const t = await memberTurnoverByCategory(ctx.db, brand.id, p.id, first, today());
    expect(Object.fromEntries(t)).toEqual({ LIVE: 2000n, RNG: 1000n });
    // A redelivery (a consumer reading the whole feed again with the same handler) counts nothing twice.
    await drainWritten(ctx.db, { ...vipTurnover, name: `vip_turnover_again_${randomUUID().slice(0, 6)}` });
    const again = await memberTurnoverByCategory(ctx.db, brand.id, p.id, first, today());
    expect(Object.fromEntries(again)).toEqual({ LIVE: 2000n, RNG: 1000n });
    // Another member's turnover is their own.
    const other = await player(ctx, { funds: 10_000n });
    expect((await memberTurnoverByCategory(ctx.db, brand.id, other.id, first, today())).size).toBe(0);
  });

  it("counts lottery stakes under their game's category, a cancelled order's refund off", async () => {
    const first = today();
    const gameId = await testGame(ctx);
    const category = (
      await ctx.db
        .selectFrom('lottery_games')
        .select('category')
        .where('id', '=', gameId)
        .executeTakeFirstOrThrow()
    ).category;
    const n = await freshNumero(ctx, gameId);
    const m = await lotteryMember(ctx, 10_000n);
    const body = {
      gameId,
      currentNumero: n.numero,
      bettingSlipString: '1||||~1~101~1~1950~1',
      betCartAmountSum: '2.00',
    };
    const placed = await bet(ctx, m, body);
    expect([placed.body.success, placed.body.errorCode]).toEqual([true, '']);
    const cancelled = await bet(ctx, m, body);
    await memberCall(ctx, m, 'POST', `/lgw/orders/${cancelled.body.value.order.orderId}/cancel`);
    await drain();
    const t = await memberTurnoverByCategory(ctx.db, brand.id, m.id, first, today());
    expect(Object.fromEntries(t)).toEqual({ [category]: 200n });
  });

  it('counts deposits per member and day once', async () => {
    const p = await player(ctx);
    await deposit(p.id, 30_000n);
    await deposit(p.id, 20_000n);
    await drain();
    await drainWritten(ctx.db, { ...vipDeposits, name: `vip_deposits_again_${randomUUID().slice(0, 6)}` });
    const { rows } = await sql<{ day: string; amount: string }>`
      select day::text as day, amount::text from vip_deposits
      where brand_id = ${brand.id} and member_id = ${p.id} order by day`.execute(ctx.db);
    // One row per UTC day of the deposits' own entries: 500.00 on one day (split when midnight fell between).
    const entries = await sql<{ at: Date; amount: string }>`
      select e.created_at as at, p.amount::text as amount from journal_entries e
      join postings p on p.entry_id = e.id
      join ledger_accounts a on a.id = p.account_id and a.member_id = ${p.id}
      where e.kind = 'deposit'`.execute(ctx.db);
    const perDay = new Map<string, bigint>();
    for (const e of entries.rows)
      perDay.set(utcDay(e.at), (perDay.get(utcDay(e.at)) ?? 0n) + BigInt(e.amount));
    expect(entries.rows).toHaveLength(2);
    expect(rows.map((r) => [r.day, r.amount])).toEqual(
      [...perDay].sort(([a], [b]) => a.localeCompare(b)).map(([day, amount]) => [day, amount.toString()]),
    );
    expect(rows.reduce((t, r) => t + BigInt(r.amount), 0n)).toBe(50_000n);
  });
});

describe('vip levels', () => {
  const levels = DEMO_VIP_LEVELS;
  it('decides upgrades, keeps and downgrades from the figures', () => {
    // Bronze needs 500 deposits and 5,000 turnover; keeps at 250 and 2,500.
    expect(decideLevel(levels, 0, { deposits: 50_000n, turnover: 500_000n })).toEqual({
      to: 1,
      reason: 'upgrade',
    });
    expect(decideLevel(levels, 0, { deposits: 1_000_000n, turnover: 10_000_000n })).toEqual({
      to: 3,
      reason: 'upgrade',
    });
    expect(decideLevel(levels, 1, { deposits: 30_000n, turnover: 300_000n })).toEqual({
      to: 1,
      reason: null,
    });
    expect(decideLevel(levels, 1, { deposits: 10_000n, turnover: 300_000n })).toEqual({
      to: 0,
      reason: 'downgrade',
    });
    // Gold whose figures fall to Silver's keep conditions goes to Silver, not to 0.
    expect(decideLevel(levels, 3, { deposits: 100_000n, turnover: 1_300_000n })).toEqual({
      to: 2,
      reason: 'downgrade',
    });
  });

  it('lists the demo levels in the request language and the member progress', async () => {
    const list = await call<VipLevels>(ctx.app, {
      method: 'GET',
      url: '/wps/relay/MCSFE_getVipLevels',
      headers: headers('DEMO', 'CN'),
    });
    expect(list.body.value.levels.map((l) => l.name).slice(0, 3)).toEqual(['普通会员', '青铜', '白银']);
    expect(list.body.value.levels.map((l) => l.vipService)).toEqual([
      false,
      false,
      false,
      false,
      false,
      true,
      true,
    ]);
    const p = await player(ctx);
    await figures(p.id, { RNG: 120_000n }, 10_000n);
    const progress = await get<PlayerRankProgress>(p, '/wps/relay/MCSFE_getPlayerRankProgress');
    expect(progress.body.value).toMatchObject({
      playerRankName: 'Member',
      nextRankName: 'Bronze',
      rankLevel: 0,
      monthlyTurnover: { actual: '1200.00', expected: '5000.00' },
      deposits: { actual: '100.00', expected: '500.00' },
      vipService: false,
    });
    expect((await get(p, '/wps/relay/MCSFE_getPlayerRankProgress')).status).toBe(200);
    expect(
      (
        await call(ctx.app, {
          method: 'GET',
          url: '/wps/relay/MCSFE_getPlayerRankProgress',
          headers: headers(),
        })
      ).status,
    ).toBe(401);
  });

  it('the nightly job upgrades with the bonus once, keeps, then downgrades, recording why', async () => {
    const p = await player(ctx);
    await figures(p.id, { RNG: 3_000_000n }, 300_000n); // Silver: 2,000 deposits, 25,000 turnover
    const before = await balance(p.id);
    const now = new Date();
    await runBrandVip(ctx.db, brand, now);
    expect((await memberVipLevel(ctx.db, brand.id, p.id)).level).toBe(2);
    // Bronze's 18.00 and Silver's 58.00 upgrade bonuses, once each, and Silver's 10.00 monthly bonus.
    expect((await balance(p.id)) - before).toBe(1_800n + 5_800n + 1_000n);
    await runBrandVip(ctx.db, brand, now);
    expect((await balance(p.id)) - before).toBe(8_600n);
    expect((await vipWithdrawalLimits(ctx.db, brand.id, p.id)).dailyMax).toBe(15_000_000n);
    // 20 days later the figures of the rolling 30 days still count; 31 days later they are gone.
    const later = new Date(now.getTime() + 31 * 86_400_000);
    await figures(p.id, { RNG: 1_300_000n }, 100_000n, later.toISOString().slice(0, 10)); // Silver keeps
    await runBrandVip(ctx.db, brand, later);
    expect((await memberVipLevel(ctx.db, brand.id, p.id)).level).toBe(2);
    const after = new Date(later.getTime() + 31 * 86_400_000);
    await figures(p.id, { RNG: 300_000n }, 30_000n, after.toISOString().slice(0, 10)); // Bronze keeps only
    await runBrandVip(ctx.db, brand, after);
    expect((await memberVipLevel(ctx.db, brand.id, p.id)).level).toBe(1);
    const history = await bo<VipHistoryPage>('readonly', 'GET', `/bo/v1/vip/history?memberId=${p.id}`);
    expect(
      history.body.value.items.map((h) => [h.fromLevel, h.toLevel, h.reason, h.deposits, h.turnover]),
    ).toEqual([
      [2, 1, 'downgrade', '300.00', '3000.00'],
      [0, 2, 'upgrade', '3000.00', '30000.00'],
    ]);
  });
});

describe('rebate', () => {
  beforeAll(async () => {
    await setBrandFlags(ctx.db, 'DEMO', { MANPLAYREB3: true });
  });

  it("computes each category's rebate at the member level's rate", () => {
    const bronze = DEMO_VIP_LEVELS[1]!;
    const lines = rebateLines(
      [
        { memberId: '1', category: 'RNG', total: 100_000n, rebated: 20_000n },
        { memberId: '1', category: 'LIVE', total: 50_000n, rebated: 0n },
      ],
      bronze,
    );
    expect(lines).toEqual([
      { category: 'RNG', turnover: 80_000n, rate: 40, amount: 320n },
      { category: 'LIVE', turnover: 50_000n, rate: 24, amount: 120n },
    ]);
  });

  it('shows the amount, pays a claim once, and a second claim finds nothing', async () => {
    const p = await player(ctx);
    await figures(p.id, { RNG: 100_000n, LIVE: 50_000n, LOTT: 10_000n });
    const summary = await get<RebateSummary>(p, '/wps/relay/MCSFE_getManualRebate');
    // Level 0: RNG 0.30%, LIVE 0.18%, LOTT 0.12%.
    expect(summary.body.value).toMatchObject({ enabled: true, total: '4.02', claimable: true, rankLevel: 0 });
    const before = await balance(p.id);
    const first = await claim(p);
    expect(first.body.value.amount).toBe('4.02');
    expect((await balance(p.id)) - before).toBe(402n);
    const second = await claim(p);
    expect(second.body.errorCode).toBe('vip_rebate_below_minimum');
    expect((await balance(p.id)) - before).toBe(402n);
    // The daily job finds nothing either: the manual claim's turnover is rebated.
    await ctx.db
      .insertInto('vip_settings')
      .values({ brand_id: brand.id, rebate_mode: 'daily', rebate_min_payout: '100' })
      .onConflict((oc) => oc.column('brand_id').doUpdateSet({ rebate_mode: 'daily' }))
      .execute();
    try {
      await dailyRebate(ctx.db, new Date());
      expect((await balance(p.id)) - before).toBe(402n);
      // New turnover is rebated by the daily job, only the new part; then a claim has nothing.
      await figures(p.id, { RNG: 50_000n });
      await dailyRebate(ctx.db, new Date());
      expect((await balance(p.id)) - before).toBe(402n + 150n);
      expect((await claim(p)).body.errorCode).toBe('vip_rebate_below_minimum');
    } finally {
      await ctx.db
        .updateTable('vip_settings')
        .set({ rebate_mode: 'manual' })
        .where('brand_id', '=', brand.id)
        .execute();
    }
    const payouts = await bo<RebateRecordPage>('readonly', 'GET', `/bo/v1/vip/rebates?memberId=${p.id}`);
    expect(payouts.body.value.items.map((i) => [i.mode, i.amount])).toEqual([
      ['daily', '1.50'],
      ['manual', '4.02'],
    ]);
    // The member's account record names both payouts rewards.
    const history = await get<TransactionHistoryPage>(p, '/wps/member/transactions?type=reward');
    expect(history.body.value.items.map((i) => [i.type, i.amount])).toEqual([
      ['reward', '1.50'],
      ['reward', '4.02'],
    ]);
  });

  it('pays concurrent claims once', async () => {
    const p = await player(ctx);
    await figures(p.id, { RNG: 1_000_000n });
    const before = await balance(p.id);
    const results = await Promise.all(Array.from({ length: 6 }, () => claim(p)));
    expect(results.filter((r) => r.body.success)).toHaveLength(1);
    expect(results.filter((r) => !r.body.success).map((r) => r.body.errorCode)).toEqual(
      Array(5).fill('vip_rebate_below_minimum'),
    );
    expect((await balance(p.id)) - before).toBe(3_000n);
  });

  it('refuses below the minimum, when the flag is off, and keeps members apart', async () => {
    const p = await player(ctx);
    await figures(p.id, { RNG: 10_000n }); // 0.30 < 1.00 minimum
    expect((await get<RebateSummary>(p, '/wps/relay/MCSFE_getManualRebate')).body.value.claimable).toBe(
      false,
    );
    expect((await claim(p)).body.errorCode).toBe('vip_rebate_below_minimum');
    const other = await player(ctx);
    await figures(other.id, { RNG: 1_000_000n });
    expect((await get<RebateSummary>(p, '/wps/relay/MCSFE_getManualRebate')).body.value.total).toBe('0.30');
    await setBrandFlags(ctx.db, 'DEMO', { MANPLAYREB3: false });
    try {
      expect((await claim(other)).body.errorCode).toBe('vip_rebate_disabled');
    } finally {
      await setBrandFlags(ctx.db, 'DEMO', { MANPLAYREB3: true });
    }
    expect((await claim(other)).body.value.amount).toBe('30.00');
  });
});

describe('vip back office', () => {
  it('edits the ladder and settings as admin only, audited; bad input changes nothing', async () => {
    const current = await bo<AdminVipLevels>('readonly', 'GET', '/bo/v1/vip/levels');
    const levels = current.body.value.levels;
    expect(levels).toHaveLength(7);
    expect((await bo('finance', 'PUT', '/bo/v1/vip/levels', { levels })).status).toBe(403);
    const changed = levels.map((l) => (l.level === 1 ? { ...l, upgradeBonus: '20.00' } : l));
    const saved = await bo<AdminVipLevels>('admin', 'PUT', '/bo/v1/vip/levels', { levels: changed });
    expect(saved.body.value.levels[1]?.upgradeBonus).toBe('20.00');
    const falling = changed.map((l) => (l.level === 2 ? { ...l, minTurnover: '1.00' } : l));
    const refused = await bo('admin', 'PUT', '/bo/v1/vip/levels', { levels: falling });
    expect([refused.status, refused.body.errorCode]).toEqual([400, 'vip_levels_invalid']);
    const nul = changed.map((l) => (l.level === 2 ? { ...l, nameEn: 'a\u0000b' } : l));
    expect((await bo('admin', 'PUT', '/bo/v1/vip/levels', { levels: nul })).status).toBe(400);
    const badRate = changed.map((l) => (l.level === 2 ? { ...l, rebateRates: { BOGUS: 10 } } : l));
    expect((await bo('admin', 'PUT', '/bo/v1/vip/levels', { levels: badRate })).status).toBe(400);
    const huge = changed.map((l) => (l.level === 6 ? { ...l, minTurnover: '99999999999999999999' } : l));
    expect((await bo('admin', 'PUT', '/bo/v1/vip/levels', { levels: huge })).status).toBe(400);
    expect(
      (await bo<AdminVipLevels>('readonly', 'GET', '/bo/v1/vip/levels')).body.value.levels[1]?.upgradeBonus,
    ).toBe('20.00');
    const settings = await bo<VipSettings>('admin', 'PUT', '/bo/v1/vip/settings', {
      periodDays: 30,
      rebateMode: 'manual',
      rebateMinPayout: '2.00',
    });
    expect(settings.body.value.rebateMinPayout).toBe('2.00');
    expect(
      (
        await bo('admin', 'PUT', '/bo/v1/vip/settings', {
          periodDays: 0,
          rebateMode: 'x',
          rebateMinPayout: '1',
        })
      ).status,
    ).toBe(400);
    const audits = await ctx.db
      .selectFrom('audit_log')
      .select('action')
      .where('brand_id', '=', brand.id)
      .where('action', 'like', 'vip.%')
      .execute();
    expect(audits.map((a) => a.action).sort()).toEqual(['vip.levels.update', 'vip.settings.update']);
    await bo('admin', 'PUT', '/bo/v1/vip/settings', {
      periodDays: 30,
      rebateMode: 'manual',
      rebateMinPayout: '1.00',
    });
    await bo('admin', 'PUT', '/bo/v1/vip/levels', { levels });
  });
});
