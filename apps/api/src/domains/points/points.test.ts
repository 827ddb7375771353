import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { SeamlessSession } from '@lotus/contracts/game-launch';
import type { LaunchGameResult } from '@lotus/contracts/games';
import {
  type AdminExchange,
  type AdminMemberPoints,
  type AdminProduct,
  CONVERT_POINT_RELAY,
  type ConvertResult,
  type PointConfig,
  type PointReward,
  type PointTransactionPage,
  REDEEM_POINT_RELAY,
  type RedeemPointList,
  type RedeemResult,
} from '@lotus/contracts/points';
import { sql } from 'kysely';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { multipart, PNG } from '../../../test/deposits.ts';
import { drainWritten } from '../../../test/events.ts';
import {
  FUNDS_PASSWORD,
  fund,
  mainBalance,
  type SignedInMember,
  signedInMember,
} from '../../../test/factories.ts';
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
import { sealed } from '../../../test/members.ts';
import { reconcileAfterEach } from '../../../test/money.ts';
import { backOfficeTeam, createOperator, operatorLogin, uniqueName } from '../../../test/operators.ts';
import { createBrand, headers, setupTestApp } from '../../../test/support.ts';
import { passwordCheckUrl } from '../members/funds-password.ts';
import { ensureAccount, moneyTransaction, postEntry } from '../wallet/ledger.service.ts';
import { mainWalletRef } from '../wallet/wallet.service.ts';
import { pointsEarning } from './points.consumer.ts';
import { savePointsRate } from './points.repository.ts';
import { pointsAccount, postPoints } from './points-ledger.repository.ts';

const ctx = setupTestApp({
  rateLimits: {
    gameLaunch: { max: 10_000, timeWindow: 60_000 },
    pointsRedeem: { max: 10_000, timeWindow: 60_000 },
  },
});
reconcileAfterEach(ctx);
const { bo } = backOfficeTeam(ctx);

/** The points ledger balances: every entry sums to zero, every balance equals its postings. */
async function pointsReconcile() {
  const entries = await sql<{ n: string }>`
    select count(*)::text as n from (
      select entry_id from points_postings group by entry_id having sum(amount) <> 0) x`.execute(ctx.db);
  expect(entries.rows[0]?.n).toBe('0');
  const accounts = await sql<{ n: string }>`
    select count(*)::text as n from points_accounts a
    where a.balance <> coalesce((select sum(p.amount) from points_postings p where p.account_id = a.id), 0)`.execute(
    ctx.db,
  );
  expect(accounts.rows[0]?.n).toBe('0');
  const negative = await sql<{ n: string }>`
    select count(*)::text as n from points_accounts where kind in ('member', 'exchange_hold') and balance < 0`.execute(
    ctx.db,
  );
  expect(negative.rows[0]?.n).toBe('0');
}
afterEach(pointsReconcile);

async function points(memberId: string): Promise<bigint> {
  const row = await ctx.db
    .selectFrom('points_accounts')
    .select('balance')
    .where('kind', '=', 'member')
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  return row ? BigInt(row.balance) : 0n;
}

/** Gives a member points (test arrangement: an earn entry from the brand's earned account). */
async function givePoints(brandId: string, memberId: string, amount: bigint) {
  await ctx.db.transaction().execute(async (trx) => {
    await postPoints(trx, {
      brandId,
      kind: 'earn',
      category: 'RNG',
      idempotencyKey: `test:${randomUUID()}`,
      requestHash: 'test',
      legs: [
        { account: await pointsAccount(trx, brandId, 'earned'), amount: -amount },
        { account: await pointsAccount(trx, brandId, 'member', memberId), amount },
      ],
    });
  });
}

/** Drains the points consumer until `done` (on PostgreSQL other transactions may hold the feed back). */
async function drainUntil(done: () => Promise<boolean>) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    await drainWritten(ctx.db, pointsEarning, { maxBatches: 1000 });
    if (await done()) return;
    if (Date.now() > deadline) throw new Error('points_earning did not catch up');
    await sleep(100);
  }
}

describe('points earned on turnover', () => {
  let vendor: TestVendor;
  let p: Player;
  const tokens = new Map<string, string>();

  beforeAll(async () => {
    vendor = await catalogueTestVendor(ctx, {
      categories: ['RNG'],
      games: [
        slot('LIVE1', { category: 'LIVE', gameType: 'LIVE' }),
        slot('FISH1', { category: 'FISH', gameType: 'FISH' }),
        slot('SLOT1'),
        slot('SPORT1', { category: 'SPORTS', gameType: 'SPORTS' }),
        slot('PVP1', { category: 'PVP', gameType: 'PVP' }),
      ],
    });
    p = await player(ctx, { funds: 1_000_000n });
  });

  async function tokenFor(game: string) {
    const known = tokens.get(game);
    if (known) return known;
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
    tokens.set(game, token);
    return token;
  }

  async function bet(game: string, amount: string, rollback = false) {
    const token = await tokenFor(game);
    const roundId = randomUUID();
    const transactionId = randomUUID();
    const placed = await seamless(ctx, vendor, 'bet', {
      gameId: game,
      currency: 'MYR',
      token,
      transactionId,
      roundId,
      amount,
    });
    expect(placed.status).toBe(200);
    if (rollback) {
      const back = await seamless(ctx, vendor, 'rollback', {
        gameId: game,
        currency: 'MYR',
        token,
        transactionId: randomUUID(),
        betTransactionId: transactionId,
        roundId,
      });
      expect(back.status).toBe(200);
    }
  }

  async function byCategory(): Promise<Record<string, bigint>> {
    const rows = await ctx.db
      .selectFrom('points_postings as po')
      .innerJoin('points_entries as e', 'e.id', 'po.entry_id')
      .innerJoin('points_accounts as a', 'a.id', 'po.account_id')
      .select(['e.category', sql<string>`sum(po.amount)::text`.as('points')])
      .where('a.member_id', '=', p.id)
      .where('e.kind', '=', 'earn')
      .groupBy('e.category')
      .execute();
    return Object.fromEntries(rows.map((r) => [r.category ?? '', BigInt(r.points)]));
  }

  it('earns at the nav point values per category, carries fractions and counts a redelivery once', async () => {
    // live 0.70: three bets of 1.00 are 2.10 points -> 2 (0.10 carried); fish 1.20 x 10.00 = 12;
    // slots 1.20 x 5.00 = 6; sports 1.00 x 3.00 = 3; pvp 1.00 x 2.50 then 0.50 = 3 (the half carried).
    for (let i = 0; i < 3; i += 1) await bet('LIVE1', '1.00');
    await bet('FISH1', '10.00');
    await bet('SLOT1', '5.00');
    await bet('SPORT1', '3.00');
    await bet('PVP1', '2.50');
    await drainUntil(async () => (await points(p.id)) >= 25n);
    expect(await byCategory()).toEqual({ LIVE: 2n, FISH: 12n, RNG: 6n, SPORTS: 3n, PVP: 2n });
    await bet('PVP1', '0.50');
    // A rolled back bet is no turnover: the slot's 5.00 bet and its rollback earn nothing.
    await bet('SLOT1', '5.00', true);
    await bet('LIVE1', '0.90'); // 0.10 carried + 0.63 = 0.73: still 2 live points
    await drainUntil(async () => (await points(p.id)) >= 26n);
    await drainWritten(ctx.db, pointsEarning, { maxBatches: 1000 });
    expect(await byCategory()).toEqual({ LIVE: 2n, FISH: 12n, RNG: 6n, SPORTS: 3n, PVP: 3n });
    const live = await ctx.db
      .selectFrom('points_accruals')
      .select([sql<string>`accrued::text`.as('accrued'), 'posted'])
      .where('member_id', '=', p.id)
      .where('category', '=', 'LIVE')
      .executeTakeFirstOrThrow();
    expect(live).toEqual({ accrued: String((300n + 90n) * 700n), posted: '2' });

    // Redelivery: the consumer's cursor moved back to the start counts nothing twice.
    await sql`update event_consumers set last_tx_id = '0'::xid8, last_entry_id = 0 where name = ${pointsEarning.name}`.execute(
      ctx.db,
    );
    await drainWritten(ctx.db, pointsEarning, { maxBatches: 1000 });
    expect(await points(p.id)).toBe(26n);

    const tx = await memberGet<PointTransactionPage>(ctx, '/wps/relay/ODSFE2_MemTransDet?size=50', p);
    expect(tx.body.success).toBe(true);
    expect(new Set(tx.body.value.items.map((i) => i.pointType))).toEqual(
      new Set(['live', 'fish', 'rng', 'sports', 'pvp']),
    );
    expect(tx.body.value.items[0]?.balanceAfter).toBe('26');
  });

  it('earns on a credited deposit at the brand rate and on a lottery stake, and takes a refund back', async () => {
    const m = await signedInMember(ctx, {});
    await fund(ctx, m, 10_000n);
    const brandId = m.brand.id;
    await savePointsRate(ctx.db, brandId, 'DEPOSIT', 500);
    try {
      await moneyTransaction(ctx.db, async (trx) => {
        const wallet = (await ensureAccount(trx, mainWalletRef(m.brand, m.id))).account;
        const provider = (
          await ensureAccount(trx, { brandId, kind: 'payment_provider', ownerKey: '', currency: 'MYR' })
        ).account;
        const house = (await ensureAccount(trx, { brandId, kind: 'house', ownerKey: '', currency: 'MYR' }))
          .account;
        const post = (kind: string, legs: [typeof wallet, bigint][]) =>
          postEntry(trx, {
            brandId,
            kind,
            idempotencyKey: `test:${randomUUID()}`,
            requestHash: 'test',
            metadata: { memberId: m.id },
            legs: legs.map(([account, amount]) => ({ account, amount })),
          });
        // A deposit of 100.00 at 0.50 is 50 points; a lottery stake of 20.00 at 1.00 is 20, its
        // refund of 5.00 (another order) takes 5 back.
        await post('deposit', [
          [provider, -10_000n],
          [wallet, 10_000n],
        ]);
        await post('lottery_bet', [
          [wallet, -2_000n],
          [house, 2_000n],
        ]);
        await post('lottery_refund', [
          [house, -500n],
          [wallet, 500n],
        ]);
      });
      await drainUntil(async () => (await points(m.id)) === 65n);
      const rows = await ctx.db
        .selectFrom('points_accruals')
        .select(['category', 'posted'])
        .where('member_id', '=', m.id)
        .orderBy('category')
        .execute();
      expect(rows).toEqual([
        { category: 'DEPOSIT', posted: '50' },
        { category: 'LOTT', posted: '15' },
      ]);
    } finally {
      await savePointsRate(ctx.db, brandId, 'DEPOSIT', 0);
    }
  });

  it('answers the spec values in MCS2_getPointConfig and the balance in MCS2_getPointBalance', async () => {
    const config = await memberGet<PointConfig>(ctx, '/wps/relay/MCS2_getPointConfig', p);
    const rates = Object.fromEntries(config.body.value.rates.map((r) => [r.category, r.value]));
    expect(rates).toMatchObject({ LIVE: '0.70', SPORTS: '1.00', FISH: '1.20', RNG: '1.20', PVP: '1.00' });
    const balance = await memberGet<{ pointBalance: string }>(ctx, '/wps/relay/MCS2_getPointBalance', p);
    expect(balance.body.value.pointBalance).toBe((await points(p.id)).toString());
    expect((await memberGet(ctx, '/wps/relay/MCS2_getPointBalance', null)).body.success).toBe(false);
  });
});

const PRODUCT = {
  name: 'Travel mug',
  description: 'Steel, 350 ml',
  type: 'physical',
  imageUrl: '/uploads/mug.png',
  points: '100',
  cashAmount: '0',
  stock: 5,
  status: 'active',
  sortOrder: 1,
};

async function newProduct(overrides: Partial<typeof PRODUCT> = {}) {
  const res = await bo<AdminProduct>('admin', 'POST', '/bo/v1/points/products', { ...PRODUCT, ...overrides });
  expect(res.body.success, res.body.errorCode).toBe(true);
  return res.body.value;
}

function redeem(m: SignedInMember, body: Record<string, unknown>) {
  return sealed<RedeemResult>(
    ctx,
    passwordCheckUrl(REDEEM_POINT_RELAY),
    {
      fundsPassword: FUNDS_PASSWORD,
      quantity: 1,
      address: '12 Jalan Ampang, Kuala Lumpur',
      mobileNum: '123456789',
      countryDialingCode: '60',
      clientRequestId: randomUUID(),
      ...body,
    },
    { token: m.token, ip: m.ip },
  );
}

describe('the points mall', () => {
  it('redeems with the funds password, a delivery address and a valid phone; refuses otherwise', async () => {
    const product = await newProduct();
    const m = await signedInMember(ctx, { fundsPassword: FUNDS_PASSWORD });
    await givePoints(m.brand.id, m.id, 250n);

    const list = await memberGet<PointReward>(ctx, '/wps/relay/MCS2_getPointReward', m);
    expect(list.body.value.items.find((i) => i.id === product.id)).toMatchObject({ stock: 5, points: '100' });

    expect((await redeem(m, { productId: product.id, fundsPassword: '' })).body.errorCode).toBe(
      'funds_password_wrong',
    );
    expect((await redeem(m, { productId: product.id, fundsPassword: '999999' })).body.errorCode).toBe(
      'funds_password_wrong',
    );
    const noPassword = await signedInMember(ctx, {});
    await givePoints(noPassword.brand.id, noPassword.id, 250n);
    expect((await redeem(noPassword, { productId: product.id })).body.errorCode).toBe(
      'funds_password_required',
    );
    expect((await redeem(m, { productId: product.id, mobileNum: '12' })).body.success).toBe(false);
    expect((await redeem(m, { productId: product.id, address: '' })).status).toBe(400);
    expect((await redeem(m, { productId: product.id, address: 'Jalan\u0000Ampang' })).status).toBe(400);
    expect((await redeem(m, { productId: product.id, quantity: 3 })).body.errorCode).toBe(
      'points_insufficient',
    );
    expect((await redeem(m, { productId: '9223372036854775807' })).body.errorCode).toBe(
      'points_product_not_found',
    );
    expect((await redeem(m, { productId: '99999999999999999999' })).status).toBe(400);
    expect(await points(m.id)).toBe(250n);

    const requestId = randomUUID();
    const done = await redeem(m, { productId: product.id, quantity: 2, clientRequestId: requestId });
    expect(done.body.success, done.body.errorCode).toBe(true);
    expect(done.body.value.exchange).toMatchObject({
      exchangeType: 'physical',
      productName: 'Travel mug',
      quantity: 2,
      requiredPoints: '200',
      status: 'applying',
    });
    expect(done.body.value.pointBalance).toBe('50');
    // The same request again is the same exchange.
    const again = await redeem(m, { productId: product.id, quantity: 2, clientRequestId: requestId });
    expect(again.body.value.exchange.transactionNo).toBe(done.body.value.exchange.transactionNo);
    expect(await points(m.id)).toBe(50n);

    const records = await memberGet<RedeemPointList>(ctx, '/wps/relay/MCS2_getRedeemPointList', m);
    expect(records.body.value.items).toHaveLength(1);
    expect(records.body.value.items[0]).toMatchObject({ status: 'applying', requiredPoints: '200' });
    // Another member sees none of it.
    const other = await memberGet<RedeemPointList>(ctx, '/wps/relay/MCS2_getRedeemPointList', noPassword);
    expect(other.body.value.items).toHaveLength(0);
  });

  it('refuses an out-of-stock product and never oversells under concurrent redeems', async () => {
    const product = await newProduct({ stock: 3 });
    const members = await Promise.all(
      Array.from({ length: 6 }, () => signedInMember(ctx, { fundsPassword: FUNDS_PASSWORD })),
    );
    for (const m of members) await givePoints(m.brand.id, m.id, 100n);
    const answers = await Promise.all(members.map((m) => redeem(m, { productId: product.id })));
    const okCount = answers.filter((a) => a.body.success).length;
    expect(okCount).toBe(3);
    expect(
      answers.filter((a) => !a.body.success).every((a) => a.body.errorCode === 'points_out_of_stock'),
    ).toBe(true);
    const after = await ctx.db
      .selectFrom('points_products')
      .select('stock')
      .where('id', '=', product.id)
      .executeTakeFirstOrThrow();
    expect(after.stock).toBe(0);
    const spent = await Promise.all(members.map((m) => points(m.id)));
    expect(spent.filter((b) => b === 0n)).toHaveLength(3);
    expect(spent.filter((b) => b === 100n)).toHaveLength(3);

    // One member double-clicking: the same request id in parallel is one exchange.
    const product2 = await newProduct({ stock: 10 });
    const m = await signedInMember(ctx, { fundsPassword: FUNDS_PASSWORD });
    await givePoints(m.brand.id, m.id, 1000n);
    const id = randomUUID();
    const twice = await Promise.all(
      [1, 2, 3].map(() => redeem(m, { productId: product2.id, clientRequestId: id })),
    );
    expect(twice.every((a) => a.body.success)).toBe(true);
    expect(new Set(twice.map((a) => a.body.value.exchange.transactionNo)).size).toBe(1);
    expect(await points(m.id)).toBe(900n);
  });

  it('rejects an exchange once (points and stock returned) and passes a cash product paying once (audited)', async () => {
    const product = await newProduct({ stock: 2 });
    const cash = await newProduct({
      name: 'Cash 10',
      type: 'cash',
      cashAmount: '10.00',
      points: '500',
      stock: 10,
    });
    const m = await signedInMember(ctx, { fundsPassword: FUNDS_PASSWORD });
    await givePoints(m.brand.id, m.id, 1000n);
    const physical = await redeem(m, { productId: product.id });
    const paid = await redeem(m, { productId: cash.id });
    expect(await points(m.id)).toBe(400n);
    const xid = physical.body.value.exchange.transactionNo;
    const cid = paid.body.value.exchange.transactionNo;

    // Roles: a cs operator cannot decide; a reason is required.
    expect((await bo('cs', 'POST', `/bo/v1/points/exchanges/${xid}/reject`, { reason: 'x' })).status).toBe(
      403,
    );
    expect(
      (await bo('finance', 'POST', `/bo/v1/points/exchanges/${xid}/reject`, { reason: '' })).status,
    ).toBe(400);

    const rejected = await Promise.all(
      [1, 2].map(() =>
        bo<AdminExchange>('finance', 'POST', `/bo/v1/points/exchanges/${xid}/reject`, {
          reason: 'Address unknown',
        }),
      ),
    );
    expect(rejected.filter((r) => r.body.success)).toHaveLength(1);
    expect(rejected.find((r) => !r.body.success)?.body.errorCode).toBe('points_exchange_state_invalid');
    expect(await points(m.id)).toBe(500n);
    expect((await bo('finance', 'POST', `/bo/v1/points/exchanges/${xid}/pass`)).body.errorCode).toBe(
      'points_exchange_state_invalid',
    );
    const stock = await ctx.db
      .selectFrom('points_products')
      .select('stock')
      .where('id', '=', product.id)
      .executeTakeFirstOrThrow();
    expect(stock.stock).toBe(2);

    const before = await mainBalance(ctx, m);
    const passed = await Promise.all(
      [1, 2].map(() => bo<AdminExchange>('finance', 'POST', `/bo/v1/points/exchanges/${cid}/pass`)),
    );
    expect(passed.filter((r) => r.body.success)).toHaveLength(1);
    expect(await mainBalance(ctx, m)).toBe(before + 1000n);
    expect(await points(m.id)).toBe(500n);

    const records = await memberGet<RedeemPointList>(ctx, '/wps/relay/MCS2_getRedeemPointList', m);
    expect(Object.fromEntries(records.body.value.items.map((i) => [i.transactionNo, i.status]))).toEqual({
      [xid]: 'rejected',
      [cid]: 'passed',
    });
    const audits = await ctx.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_id', 'in', [xid, cid])
      .where('target_type', '=', 'points_exchange')
      .execute();
    expect(audits.map((a) => a.action).sort()).toEqual(['points.exchange.pass', 'points.exchange.reject']);

    const statement = await bo<AdminMemberPoints>('readonly', 'GET', `/bo/v1/points/members/${m.id}`);
    expect(statement.body.value.pointBalance).toBe('500');
    expect(statement.body.value.transactions.items.map((i) => i.pointType)).toEqual([
      'return',
      'redeem',
      'redeem',
      'rng',
    ]);
  });
});

describe('converting points to money', () => {
  function convert(
    m: SignedInMember,
    pointsText: string,
    clientRequestId = randomUUID(),
    fundsPassword = FUNDS_PASSWORD,
  ) {
    return sealed<ConvertResult>(
      ctx,
      passwordCheckUrl(CONVERT_POINT_RELAY),
      { fundsPassword, points: pointsText, clientRequestId },
      { token: m.token, ip: m.ip },
    );
  }

  it('pays once at the brand rate through the money ledger', async () => {
    const m = await signedInMember(ctx, { fundsPassword: FUNDS_PASSWORD });
    await fund(ctx, m, 100n);
    await givePoints(m.brand.id, m.id, 1000n);
    // Default rate: 100 points give 1.00.
    expect((await convert(m, '150')).body.errorCode).toBe('points_convert_invalid');
    expect((await convert(m, '2000')).body.errorCode).toBe('points_insufficient');
    expect((await convert(m, '300', randomUUID(), '111111')).body.errorCode).toBe('funds_password_wrong');
    const id = randomUUID();
    const answers = await Promise.all([1, 2, 3].map(() => convert(m, '300', id)));
    expect(answers.every((a) => a.body.success)).toBe(true);
    expect(answers[0]?.body.value).toMatchObject({ points: '300', amount: '3.00' });
    expect(await points(m.id)).toBe(700n);
    expect(await mainBalance(ctx, m)).toBe(400n);
    // The money entry and the points entry share the key: one of each.
    const money = await ctx.db
      .selectFrom('journal_entries')
      .select('id')
      .where('kind', '=', 'points_convert')
      .where('idempotency_key', '=', `points_convert:${m.id}:${id}`)
      .execute();
    expect(money).toHaveLength(1);
  });

  it('lets an admin change the rates and the conversion (audited); others may not', async () => {
    const input = {
      rates: [
        { category: 'DEPOSIT', value: '0.5' },
        { category: 'LOTT', value: '0.8' },
      ],
      convertPoints: '50',
      convertAmount: '1.00',
      minConvertPoints: '50',
    };
    expect((await bo('cs', 'PUT', '/bo/v1/points/settings', input)).status).toBe(403);
    expect(
      (await bo('admin', 'PUT', '/bo/v1/points/settings', { ...input, convertPoints: '-1' })).status,
    ).toBe(400);
    const saved = await bo<{ rates: { category: string; value: string }[]; convertAmount: string }>(
      'admin',
      'PUT',
      '/bo/v1/points/settings',
      input,
    );
    expect(saved.body.success, saved.body.errorCode).toBe(true);
    expect(saved.body.value.rates.find((r) => r.category === 'DEPOSIT')?.value).toBe('0.50');
    const m = await signedInMember(ctx, { fundsPassword: FUNDS_PASSWORD });
    await givePoints(m.brand.id, m.id, 100n);
    const res = await convert(m, '50');
    expect(res.body.value.amount).toBe('1.00');
    await bo('admin', 'PUT', '/bo/v1/points/settings', {
      rates: [
        { category: 'DEPOSIT', value: '0' },
        { category: 'LOTT', value: '1.00' },
      ],
      convertPoints: '100',
      convertAmount: '1.00',
      minConvertPoints: '100',
    });
    const audits = await ctx.db
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'points.settings.update')
      .execute();
    expect(audits).toHaveLength(2);
  });
});

describe('tenant isolation', () => {
  it("keeps brands apart: another brand's product, exchange and member are not found", async () => {
    const product = await newProduct();
    const other = await createBrand(ctx.db);
    const stranger = await signedInMember(ctx, {
      merchant: other.merchantCode,
      fundsPassword: FUNDS_PASSWORD,
    });
    await givePoints(other.id, stranger.id, 1000n);
    const res = await sealed<RedeemResult>(
      ctx,
      passwordCheckUrl(REDEEM_POINT_RELAY),
      {
        fundsPassword: FUNDS_PASSWORD,
        productId: product.id,
        quantity: 1,
        address: '12 Jalan Ampang, Kuala Lumpur',
        mobileNum: '123456789',
        countryDialingCode: '60',
        clientRequestId: randomUUID(),
      },
      { token: stranger.token, ip: stranger.ip, merchant: other.merchantCode },
    );
    expect(res.body.errorCode).toBe('points_product_not_found');
    // The stranger's own exchange in its brand: the DEMO back office can neither pass nor reject it.
    const foreignProduct = await ctx.db
      .insertInto('points_products')
      .values({ brand_id: other.id, name: 'Other mug', kind: 'physical', points: '100', stock: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const foreign = await sealed<RedeemResult>(
      ctx,
      passwordCheckUrl(REDEEM_POINT_RELAY),
      {
        fundsPassword: FUNDS_PASSWORD,
        productId: foreignProduct.id,
        quantity: 1,
        address: '12 Jalan Ampang, Kuala Lumpur',
        mobileNum: '123456789',
        countryDialingCode: '60',
        clientRequestId: randomUUID(),
      },
      { token: stranger.token, ip: stranger.ip, merchant: other.merchantCode },
    );
    expect(foreign.body.success, foreign.body.errorCode).toBe(true);
    const foreignId = foreign.body.value.exchange.transactionNo;
    expect((await bo('finance', 'POST', `/bo/v1/points/exchanges/${foreignId}/pass`)).body.errorCode).toBe(
      'points_exchange_not_found',
    );
    expect(
      (await bo('finance', 'POST', `/bo/v1/points/exchanges/${foreignId}/reject`, { reason: 'no' })).body
        .errorCode,
    ).toBe('points_exchange_not_found');
    const exchanges = await bo<{ items: AdminExchange[] }>(
      'readonly',
      'GET',
      '/bo/v1/points/exchanges?size=100',
    );
    expect(exchanges.body.value.items.some((x) => x.id === foreignId)).toBe(false);
    const list = await memberGet<PointReward>(
      ctx,
      '/wps/relay/MCS2_getPointReward',
      stranger,
      other.merchantCode,
    );
    expect(list.body.value.items.map((i) => i.name)).toEqual(['Other mug']);
    // The DEMO back office sees neither the stranger's points nor can it decide its exchanges.
    expect((await bo('readonly', 'GET', `/bo/v1/points/members/${stranger.id}`)).body.errorCode).toBe(
      'member_not_found',
    );
    expect(await points(stranger.id)).toBe(900n);
  });
});

describe('product images', () => {
  it('uploads a png through the back office (audited) and serves it by its random name only', async () => {
    const product = await newProduct({ imageUrl: '' });
    const username = uniqueName('img');
    await createOperator(ctx.db, {
      merchantCode: 'DEMO',
      username,
      password: 'Secret123',
      role: 'marketing',
    });
    const token = await operatorLogin(ctx, { merchantCode: 'DEMO', username, password: 'Secret123' });
    const upload = (bytes: Buffer, id = product.id) => {
      const form = multipart([{ name: 'image', filename: 'x.png', contentType: 'image/png', bytes }]);
      return ctx.app.inject({
        method: 'POST',
        url: `/bo/v1/points/products/${id}/image`,
        headers: { ...headers('DEMO'), authorization: token, 'content-type': form.contentType },
        payload: form.payload,
      });
    };
    const refused = await upload(Buffer.from('not an image'));
    expect(refused.json().errorCode).toBe('upload_type_invalid');
    expect((await upload(PNG, '9223372036854775807')).json().errorCode).toBe('points_product_not_found');
    const done = await upload(PNG);
    expect(done.json().success).toBe(true);
    const imageUrl = done.json().value.imageUrl as string;
    expect(imageUrl).toMatch(/^\/wps\/points\/images\/[0-9a-f-]{36}\.png$/);
    const served = await ctx.app.inject({ method: 'GET', url: imageUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(PNG)).toBe(true);
    const unknown = await ctx.app.inject({ method: 'GET', url: `/wps/points/images/${randomUUID()}.png` });
    expect(unknown.statusCode).toBe(404);
    const list = await bo<{ items: AdminProduct[] }>('readonly', 'GET', '/bo/v1/points/products');
    expect(list.body.value.items.find((p) => p.id === product.id)?.imageUrl).toBe(imageUrl);
    const audits = await ctx.db
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'points.product.image')
      .where('target_id', '=', product.id)
      .execute();
    expect(audits).toHaveLength(1);
  });
});
