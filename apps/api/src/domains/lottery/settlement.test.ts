import type { DrawVerification, OrderDetail, ResultsHistory, Trends } from '@lotus/contracts/lottery';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  afterDraw,
  bet,
  digitsOf,
  entriesOf,
  freshNumero,
  gameIdOf,
  lotteryMember,
  lotteryReconcileAfterEach,
  memberCall,
  orderRow,
  testGame,
} from '../../../test/lottery.ts';
import { reconcileAfterEach } from '../../../test/money.ts';
import { call, headers, setupTestApp } from '../../../test/support.ts';
import { mainBalance } from '../../../test/withdrawals.ts';
import { runsOf } from '../../jobs/job-runs.repository.ts';
import { runJob } from '../../jobs/scheduler.ts';
import { drawDice, drawSea4d, payoutOf, playTypeById, seedHash } from './engine/index.ts';
import { lotteryModule } from './lottery.module.ts';
import { lotteryReconcile } from './lottery-reconcile.ts';
import {
  cancelOverdueNumeros,
  closeNumeros,
  createNumeros,
  drawNumero,
  drawNumeros,
  PLATFORM_DRAW_GRACE_MS,
} from './numero.service.ts';
import { cancelNumero, refundCancelledNumeros, settleNumero } from './settlement.service.ts';

const ctx = setupTestApp();
reconcileAfterEach(ctx);
lotteryReconcileAfterEach(ctx);

let lott1: string;
let dice: string;
beforeAll(async () => {
  lott1 = await gameIdOf(ctx, 'LOTT1');
  dice = await gameIdOf(ctx, 'K3F1');
});

const straight = (digit: number, multiple = 1) => `${digit}||||~1~101~1~1950~${multiple}`;

async function numeroStatus(id: string) {
  const row = await ctx.db
    .selectFrom('lottery_numeros')
    .select('status')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.status;
}

describe('numeros from the schedule', () => {
  it('creates numeros ahead for every game once, with the seed hash published and the seed kept', async () => {
    const now = new Date('2030-01-01T00:00:30Z');
    const created = await createNumeros(ctx.db, now);
    expect(created).toBeGreaterThan(0);
    expect(await createNumeros(ctx.db, now)).toBe(0);
    // a minute on, a 1-minute game needs one more numero (and the 3- and 5-minute ones maybe one)
    expect(await createNumeros(ctx.db, new Date('2030-01-01T00:01:30Z'))).toBeGreaterThan(0);
    const rows = await ctx.db
      .selectFrom('lottery_numeros')
      .select(['numero', 'seed', 'seed_hash', 'open_at', 'close_at', 'draw_at'])
      .where('game_id', '=', lott1)
      .where('draw_at', '>', now)
      .orderBy('draw_at')
      .execute();
    expect(rows.length).toBe(101);
    expect(rows[0]).toMatchObject({
      numero: '20300101-0481', // 08:01 in UTC+8 is the 481st minute of the day
      open_at: new Date('2030-01-01T00:00:00Z'),
      close_at: new Date('2030-01-01T00:00:55Z'),
      draw_at: new Date('2030-01-01T00:01:00Z'),
    });
    expect(rows.every((r) => r.seed !== null && r.seed_hash === seedHash(r.seed))).toBe(true);
    const official = await ctx.db
      .selectFrom('lottery_numeros')
      .select(['seed', 'seed_hash'])
      .where('game_id', '=', await gameIdOf(ctx, 'VNNORTH'))
      .execute();
    expect(official.length).toBe(14);
    expect(official.every((r) => r.seed === null && r.seed_hash === null)).toBe(true);
  });

  it('closes at the close time and draws with the engine from the revealed seed', async () => {
    const n = await freshNumero(ctx, lott1, { closeInMs: 60_000 });
    const before = await call<DrawVerification>(ctx.app, {
      method: 'GET',
      url: `/lgw/lottery/verify?gameId=${lott1}&numero=${n.numero}`,
      headers: headers(),
    });
    expect(before.body.value).toMatchObject({ seed: null, result: null, verified: false, status: 'open' });
    expect(before.body.value.seedHash).toBe(seedHash(n.seed as string));
    const at = await afterDraw(ctx, n);
    expect(await closeNumeros(ctx.db, at)).toBeGreaterThan(0);
    expect(await numeroStatus(n.id)).toBe('closed');
    expect(await drawNumeros(ctx.db, at)).toBeGreaterThan(0);
    expect(await drawNumero(ctx.db, n.id, at)).toBe(false);
    const after = await call<DrawVerification>(ctx.app, {
      method: 'GET',
      url: `/lgw/lottery/verify?gameId=${lott1}&numero=${n.numero}`,
      headers: headers(),
    });
    expect(after.body.value).toMatchObject({ seed: n.seed, verified: true, status: 'drawn' });
    expect(after.body.value.result?.balls).toEqual(digitsOf(n).map(String));
  });

  it('cancels a platform numero that was not drawn in time, refunding its orders', async () => {
    const m = await lotteryMember(ctx, 10_000n);
    const n = await freshNumero(ctx, lott1);
    await bet(ctx, m, {
      gameId: lott1,
      currentNumero: n.numero,
      bettingSlipString: straight(1),
      betCartAmountSum: '2.00',
    });
    await ctx.db
      .updateTable('lottery_numeros')
      .set({ seed: null, seed_hash: null })
      .where('id', '=', n.id)
      .execute();
    const at = await afterDraw(ctx, n);
    await expect(drawNumero(ctx.db, n.id, at)).rejects.toThrow(/valid seed/);
    expect(await cancelOverdueNumeros(ctx.db, at)).toBe(0);
    expect(
      await cancelOverdueNumeros(ctx.db, new Date(at.getTime() + PLATFORM_DRAW_GRACE_MS)),
    ).toBeGreaterThan(0);
    expect(await numeroStatus(n.id)).toBe('cancelled');
    expect(await mainBalance(ctx, m)).toBe(10_000n);
  });
});

describe('settlement', () => {
  it('pays every winning order in one pass, and a second settlement pays nothing', async () => {
    const n = await freshNumero(ctx, lott1);
    const [first] = digitsOf(n) as [number];
    const winner = await lotteryMember(ctx, 10_000n);
    const loser = await lotteryMember(ctx, 10_000n);
    const won = await bet(ctx, winner, {
      gameId: lott1,
      currentNumero: n.numero,
      bettingSlipString: `${straight(first, 5)};${straight((first + 1) % 10)}`,
      betCartAmountSum: '12.00',
    });
    const lost = await bet(ctx, loser, {
      gameId: lott1,
      currentNumero: n.numero,
      bettingSlipString: straight((first + 5) % 10, 2),
      betCartAmountSum: '4.00',
    });
    const at = await afterDraw(ctx, n);
    await drawNumero(ctx.db, n.id, at);
    const outcome = await settleNumero(ctx.db, n.id, at);
    // 5 x 2.00 at 9.8x = 98.00; the other slip loses
    expect(outcome).toEqual({ settled: 2, won: 1, paid: 9_800n });
    expect(await mainBalance(ctx, winner)).toBe(10_000n - 1_200n + 9_800n);
    expect(await mainBalance(ctx, loser)).toBe(9_600n);
    expect(await orderRow(ctx, won.body.value.order.orderId)).toMatchObject({
      status: 'won',
      payout: '9800',
    });
    expect(await orderRow(ctx, lost.body.value.order.orderId)).toMatchObject({ status: 'lost', payout: '0' });
    expect(await numeroStatus(n.id)).toBe('settled');

    expect(await settleNumero(ctx.db, n.id, at)).toEqual({ settled: 0, won: 0, paid: 0n });
    expect(await mainBalance(ctx, winner)).toBe(18_600n);
    expect(await entriesOf(ctx, won.body.value.order.orderId)).toEqual(['lottery_bet', 'lottery_win']);

    const detail = await memberCall<OrderDetail>(
      ctx,
      winner,
      'GET',
      `/lgw/orders/detail/${won.body.value.order.orderId}/info`,
    );
    expect(detail.body.value).toMatchObject({
      status: 'won',
      payout: '98.00',
      numeroStatus: 'settled',
      seed: n.seed,
    });
    expect(detail.body.value.slips.map((s) => s.payout)).toEqual(['98.00', '0.00']);
  });

  it('settles concurrently and in small batches without paying any order twice', async () => {
    const n = await freshNumero(ctx, lott1);
    const [first] = digitsOf(n) as [number];
    const members = await Promise.all(Array.from({ length: 4 }, () => lotteryMember(ctx, 10_000n)));
    for (const [i, m] of members.entries()) {
      for (let k = 0; k < 3; k++) {
        const digit = (i + k) % 2 === 0 ? first : (first + 1) % 10;
        const res = await bet(ctx, m, {
          gameId: lott1,
          currentNumero: n.numero,
          bettingSlipString: straight(digit),
          betCartAmountSum: '2.00',
        });
        expect(res.body.success).toBe(true);
      }
    }
    const at = await afterDraw(ctx, n);
    await drawNumero(ctx.db, n.id, at);
    const outcomes = await Promise.all([
      settleNumero(ctx.db, n.id, at, 2),
      settleNumero(ctx.db, n.id, at, 3),
      settleNumero(ctx.db, n.id, at, 5),
    ]);
    expect(outcomes.reduce((sum, o) => sum + o.settled, 0)).toBe(12);
    expect(outcomes.reduce((sum, o) => sum + o.won, 0)).toBe(6);
    expect(outcomes.reduce((sum, o) => sum + o.paid, 0n)).toBe(6n * 1_960n);
    const paid = await ctx.db
      .selectFrom('journal_entries')
      .select('idempotency_key')
      .where('kind', '=', 'lottery_win')
      .where(
        'reference',
        'in',
        (await ctx.db.selectFrom('lottery_orders').select('id').where('numero_id', '=', n.id).execute()).map(
          (o) => `lottery:order:${o.id}`,
        ),
      )
      .execute();
    expect(paid).toHaveLength(6);
    expect(await numeroStatus(n.id)).toBe('settled');
  });

  it('settles dice orders with the odds the order was placed at', async () => {
    const n = await freshNumero(ctx, dice);
    const draw = drawDice(n.seed as string, 'K3F1', n.numero);
    if (draw.kind !== 'dice') throw new Error('dice');
    const sum = draw.dice.reduce((a, b) => a + b, 0);
    const m = await lotteryMember(ctx, 10_000n);
    const res = await bet(ctx, m, {
      gameId: dice,
      currentNumero: n.numero,
      bettingSlipString: `${sum}~1~201~1~1950~2;B,S~1~202~2~1950~1`,
      betCartAmountSum: '4.40',
    });
    expect(res.body.errorCode).toBe('');
    const at = await afterDraw(ctx, n);
    await drawNumero(ctx.db, n.id, at);
    const outcome = await settleNumero(ctx.db, n.id, at);
    const sumType = playTypeById(201);
    const bigSmall = playTypeById(202);
    if (!sumType || !bigSmall) throw new Error('plays');
    const expected =
      payoutOf(sumType, [[String(sum)]], draw, 'LOTT', 400n) +
      payoutOf(bigSmall, [['B', 'S']], draw, 'LOTT', 20n);
    expect(outcome.paid).toBe(expected);
    expect(await mainBalance(ctx, m)).toBe(10_000n - 440n + expected);
  });
});

describe('SEA 4D', () => {
  it('pays Big on every prize and Small on the top three only', async () => {
    const sea = await gameIdOf(ctx, 'SEA4D');
    const n = await freshNumero(ctx, sea);
    const draw = drawSea4d(n.seed as string, 'SEA4D', n.numero);
    if (draw.kind !== 'sea4d') throw new Error('4d');
    const first = draw.prizes[0]?.number as string;
    const starter = draw.prizes[3]?.number as string;
    const m = await lotteryMember(ctx, 10_000n);
    // mode 3 = 0.02 a unit: Big on the 1st prize 2500x, Big on a starter 180x, Small on a starter nothing
    const res = await bet(ctx, m, {
      gameId: sea,
      currentNumero: n.numero,
      bettingSlipString: `${first}~1~501~3~1~1;${starter}~1~501~3~1~1;${starter}~1~502~3~1~1`,
      betCartAmountSum: '0.06',
    });
    expect(res.body.errorCode).toBe('');
    const at = await afterDraw(ctx, n);
    await drawNumero(ctx.db, n.id, at);
    const outcome = await settleNumero(ctx.db, n.id, at);
    expect(outcome.paid).toBe(5_000n + 360n);
    const detail = await memberCall<OrderDetail>(
      ctx,
      m,
      'GET',
      `/lgw/orders/detail/${res.body.value.order.orderId}/info`,
    );
    expect(detail.body.value.slips.map((s) => s.payout)).toEqual(['50.00', '3.60', '0.00']);
    expect(detail.body.value.result?.prizes).toHaveLength(23);
  });
});

describe('cancelling a numero', () => {
  it('refunds every order exactly once, also cancelled twice at once, and keeps member cancels as they are', async () => {
    const n = await freshNumero(ctx, lott1);
    const members = await Promise.all(Array.from({ length: 3 }, () => lotteryMember(ctx, 10_000n)));
    const orders: string[] = [];
    for (const m of members) {
      for (const digit of [1, 2]) {
        const res = await bet(ctx, m, {
          gameId: lott1,
          currentNumero: n.numero,
          bettingSlipString: straight(digit, 2),
          betCartAmountSum: '4.00',
        });
        orders.push(res.body.value.order.orderId);
      }
    }
    const selfCancelled = orders[0] as string;
    await memberCall(ctx, members[0] as { token: string }, 'POST', `/lgw/orders/${selfCancelled}/cancel`);
    const results = await Promise.allSettled([
      cancelNumero(ctx.db, n.id, 'draw machine fault'),
      cancelNumero(ctx.db, n.id, 'draw machine fault'),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(String(rejected.reason)).toMatch(/lottery_numero_state_invalid/);
    expect(await refundCancelledNumeros(ctx.db, new Date())).toBe(0);
    for (const m of members) expect(await mainBalance(ctx, m)).toBe(10_000n);
    expect((await orderRow(ctx, selfCancelled)).status).toBe('cancelled');
    for (const id of orders.slice(1)) {
      expect((await orderRow(ctx, id)).status).toBe('refunded');
      expect(await entriesOf(ctx, id)).toEqual(['lottery_bet', 'lottery_refund']);
    }
    expect(await entriesOf(ctx, selfCancelled)).toEqual(['lottery_bet', 'lottery_refund']);
    await expect(settleNumero(ctx.db, n.id)).resolves.toEqual({ settled: 0, won: 0, paid: 0n });
  });

  it('refuses to cancel a numero once drawn', async () => {
    const n = await freshNumero(ctx, lott1);
    const at = await afterDraw(ctx, n);
    await drawNumero(ctx.db, n.id, at);
    await expect(cancelNumero(ctx.db, n.id, 'too late')).rejects.toThrow(/lottery_numero_state_invalid/);
  });
});

describe('the draw cycle job', () => {
  it('closes, draws and settles in one tick, and its run key runs once', async () => {
    const gameId = await testGame(ctx);
    const n = await freshNumero(ctx, gameId);
    const m = await lotteryMember(ctx, 10_000n);
    const digit = digitsOf(n)[0] as number;
    await bet(ctx, m, {
      gameId,
      currentNumero: n.numero,
      bettingSlipString: straight(digit),
      betCartAmountSum: '2.00',
    });
    const job = lotteryModule.jobs?.find((j) => j.name === 'lottery_draw_cycle');
    if (!job) throw new Error('no cycle job');
    const at = await afterDraw(ctx, n);
    const key = `cycle-${n.numero}`;
    expect(await runJob(ctx.db, job, at, { key })).toBeGreaterThanOrEqual(3);
    expect(await numeroStatus(n.id)).toBe('settled');
    expect(await mainBalance(ctx, m)).toBe(10_000n - 200n + 1_960n);
    expect(await runJob(ctx.db, job, new Date(at.getTime() + 120_000), { key })).toBeNull();
    const runs = await runsOf(ctx.db, 'lottery_draw_cycle');
    expect(runs.filter((r) => r.run_key === key).map((r) => r.status)).toEqual(['succeeded']);
  });
});

describe("the lottery's own reconciliation", () => {
  it('finds an order without its stake entry', async () => {
    const m = await lotteryMember(ctx, 1_000n);
    const n = await freshNumero(ctx, lott1);
    const placed = await bet(ctx, m, {
      gameId: lott1,
      currentNumero: n.numero,
      bettingSlipString: straight(1),
      betCartAmountSum: '2.00',
    });
    const row = await ctx.db
      .selectFrom('lottery_orders')
      .selectAll()
      .where('id', '=', placed.body.value.order.orderId)
      .executeTakeFirstOrThrow();
    const orphan = await ctx.db
      .insertInto('lottery_orders')
      .values({
        brand_id: row.brand_id,
        member_id: row.member_id,
        game_id: row.game_id,
        numero_id: row.numero_id,
        request_id: 'orphan-order',
        prize_mode: row.prize_mode,
        slips: JSON.stringify(row.slips),
        odds: JSON.stringify(row.odds),
        amount: row.amount,
        is_trial: false,
        wallet_account_id: row.wallet_account_id,
        house_account_id: row.house_account_id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(await lotteryReconcile(ctx.db)).toEqual([
      { check: 'order_entries', orderId: orphan.id, status: 'placed', stakes: 0, wins: 0, refunds: 0 },
    ]);
    await ctx.db.deleteFrom('lottery_orders').where('id', '=', orphan.id).execute();
  });
});

describe('results and trends', () => {
  it('lists the latest results with their seeds and counts hot, cold and missing numbers', async () => {
    const drawn: { numero: string; digits: number[] }[] = [];
    for (let i = 0; i < 3; i++) {
      const n = await freshNumero(ctx, lott1);
      await drawNumero(ctx.db, n.id, await afterDraw(ctx, n));
      drawn.push({ numero: n.numero, digits: digitsOf(n) });
    }
    const results = await call<ResultsHistory>(ctx.app, {
      method: 'GET',
      url: `/lgw/lottery/results?gameId=${lott1}&count=3`,
      headers: headers(),
    });
    expect(results.body.value.items).toHaveLength(3);
    expect(results.body.value.items.every((r) => r.seed !== null && r.result !== null)).toBe(true);
    const trends = await call<Trends>(ctx.app, {
      method: 'GET',
      url: `/lgw/lottery/trends?gameId=${lott1}&count=3`,
      headers: headers(),
    });
    const position0 = trends.body.value.groups.find((g) => g.group === 'position-0');
    expect(trends.body.value.draws).toBe(3);
    const newest = results.body.value.items[0]?.result?.balls[0] as string;
    expect(position0?.values.find((v) => v.value === newest)?.missing).toBe(0);
    const counted = position0?.values.reduce((sum, v) => sum + v.count, 0);
    expect(counted).toBe(3);
    expect(position0?.hot).toHaveLength(5);
  });
});
