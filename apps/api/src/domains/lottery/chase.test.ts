import { randomUUID } from 'node:crypto';
import type { ChasePage, OrderDetail } from '@lotus/contracts/lottery';
import { describe, expect, it } from 'vitest';
import { signedInMember } from '../../../test/factories.ts';
import {
  afterDraw,
  bet,
  digitsOf,
  freshNumero,
  lotteryMember,
  lotteryReconcileAfterEach,
  memberCall,
  type TestNumero,
  testGame,
} from '../../../test/lottery.ts';
import { reconcileAfterEach } from '../../../test/money.ts';
import { call, createBrand, headers, setupTestApp } from '../../../test/support.ts';
import { mainBalance } from '../../../test/withdrawals.ts';
import { advanceChases, planMultiples } from './chase.service.ts';
import { parseCart } from './engine/index.ts';
import { drawNumero } from './numero.service.ts';
import { cancelNumero, settleNumero } from './settlement.service.ts';

const ctx = setupTestApp();
reconcileAfterEach(ctx);
lotteryReconcileAfterEach(ctx);

const straight = (digit: number, multiple = 1) => `${digit}||||~1~101~1~1950~${multiple}`;

/** Three numeros of a game of its own, all open now, drawn 10, 20 and 30 minutes from now. */
async function threeNumeros(): Promise<{ gameId: string; numeros: TestNumero[] }> {
  const gameId = await testGame(ctx);
  const numeros = [];
  for (const minutes of [10, 20, 30])
    numeros.push(await freshNumero(ctx, gameId, { closeInMs: minutes * 60_000 }));
  return { gameId, numeros };
}

async function drawSettleAdvance(n: TestNumero) {
  const at = await afterDraw(ctx, n);
  await drawNumero(ctx.db, n.id, at);
  await settleNumero(ctx.db, n.id, at);
  await advanceChases(ctx.db, at);
}

async function chaseOf(chaseId: string) {
  return ctx.db
    .selectFrom('lottery_chases')
    .select(['status', 'next_step', 'returned_amount', 'hold_account_id'])
    .where('id', '=', chaseId)
    .executeTakeFirstOrThrow();
}

async function holdBalance(chaseId: string): Promise<bigint> {
  const chase = await chaseOf(chaseId);
  const row = await ctx.db
    .selectFrom('ledger_accounts')
    .select('balance')
    .where('id', '=', chase.hold_account_id)
    .executeTakeFirstOrThrow();
  return BigInt(row.balance);
}

async function stepStatuses(chaseId: string) {
  const rows = await ctx.db
    .selectFrom('lottery_chase_steps')
    .select(['status'])
    .where('chase_id', '=', chaseId)
    .orderBy('step')
    .execute();
  return rows.map((r) => r.status);
}

describe('chase plans', () => {
  const cart = parseCart(straight(1), 200n, { family: 'digits' });
  const odds = { '101': { hit: '98000' } };

  it('same, doubling and target-profit multiples', () => {
    expect(planMultiples(cart, odds, { kind: 'same', numeros: 3, startMultiple: 2 })).toEqual([2n, 2n, 2n]);
    expect(planMultiples(cart, odds, { kind: 'double', numeros: 5, doubleEvery: 2 })).toEqual([
      1n,
      1n,
      2n,
      2n,
      4n,
    ]);
    // a win pays 19.60 per multiple; each numero's multiple is the least with which a win there
    // returns all staked so far plus 50%: 1, then ceil(2.00 x 1.5 / (19.60 - 3.00)) = 1, ...
    expect(planMultiples(cart, odds, { kind: 'profit', numeros: 4, targetProfitPercent: 50 })).toEqual([
      1n,
      1n,
      1n,
      1n,
    ]);
    expect(planMultiples(cart, odds, { kind: 'profit', numeros: 4, targetProfitPercent: 400 })).toEqual([
      1n,
      2n,
      4n,
      8n,
    ]);
  });

  it('refuses a profit target a win can never reach, and multiples beyond 10,000', () => {
    expect(() => planMultiples(cart, odds, { kind: 'profit', numeros: 3, targetProfitPercent: 900 })).toThrow(
      /lottery_chase_invalid/,
    );
    expect(() => planMultiples(cart, odds, { kind: 'double', numeros: 20 })).toThrow(/lottery_chase_invalid/);
  });
});

describe('chases', () => {
  it('stops after a win with winningStop and returns the rest to the member', async () => {
    const { gameId, numeros } = await threeNumeros();
    const [n1] = numeros as [TestNumero];
    const m = await lotteryMember(ctx, 10_000n);
    const winning = digitsOf(n1)[0] as number;
    const res = await bet(ctx, m, {
      gameId,
      currentNumero: n1.numero,
      bettingSlipString: straight(winning),
      betCartAmountSum: '2.00',
      winningStop: true,
      chase: { kind: 'same', numeros: 3 },
      orderType: 'chase',
    });
    expect(res.body.errorCode).toBe('');
    const chaseId = res.body.value.chase?.chaseId as string;
    expect(res.body.value.chase).toMatchObject({ status: 'active', totalAmount: '6.00' });
    expect(res.body.value.balance).toBe('94.00');
    expect(await holdBalance(chaseId)).toBe(400n);

    await drawSettleAdvance(n1);
    expect(await chaseOf(chaseId)).toMatchObject({ status: 'won_stopped', returned_amount: '400' });
    expect(await stepStatuses(chaseId)).toEqual(['placed', 'cancelled', 'cancelled']);
    expect(await holdBalance(chaseId)).toBe(0n);
    // 100.00 - 6.00 + 19.60 won + 4.00 returned
    expect(await mainBalance(ctx, m)).toBe(11_760n);
    // nothing more happens on the next runs
    await drawSettleAdvance(numeros[1] as TestNumero);
    expect(await mainBalance(ctx, m)).toBe(11_760n);
  });

  it('goes on to the next numeros while losing and completes with the hold emptied', async () => {
    const { gameId, numeros } = await threeNumeros();
    const [n1, n2, n3] = numeros as [TestNumero, TestNumero, TestNumero];
    const m = await lotteryMember(ctx, 10_000n);
    // a digit none of the three draws has first
    const firsts = new Set(numeros.map((n) => digitsOf(n)[0]));
    const losing = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9].find((d) => !firsts.has(d)) as number;
    const res = await bet(ctx, m, {
      gameId,
      currentNumero: n1.numero,
      bettingSlipString: straight(losing),
      betCartAmountSum: '2.00',
      winningStop: true,
      chase: { kind: 'double', numeros: 3 },
    });
    const chaseId = res.body.value.chase?.chaseId as string;
    expect(res.body.value.chase?.steps.map((s) => [s.multiple, s.amount])).toEqual([
      ['1', '2.00'],
      ['2', '4.00'],
      ['4', '8.00'],
    ]);
    await drawSettleAdvance(n1);
    expect(await stepStatuses(chaseId)).toEqual(['placed', 'placed', 'pending']);
    const second = await ctx.db
      .selectFrom('lottery_orders')
      .select(['numero_id', 'amount', 'status'])
      .where('chase_id', '=', chaseId)
      .where('chase_step', '=', 1)
      .executeTakeFirstOrThrow();
    expect(second).toEqual({ numero_id: n2.id, amount: '400', status: 'placed' });
    await drawSettleAdvance(n2);
    await drawSettleAdvance(n3);
    expect(await chaseOf(chaseId)).toMatchObject({ status: 'completed', next_step: 3, returned_amount: '0' });
    expect(await holdBalance(chaseId)).toBe(0n);
    expect(await mainBalance(ctx, m)).toBe(10_000n - 1_400n);
    const detail = await memberCall<OrderDetail>(
      ctx,
      m,
      'GET',
      `/lgw/orders/detail/${res.body.value.order.orderId}/info`,
    );
    expect(detail.body.value.chase?.steps.map((s) => s.numero)).toEqual([n1.numero, n2.numero, n3.numero]);
  });

  it('with abandoning, a cancelled numero ends the chase and returns the rest', async () => {
    const { gameId, numeros } = await threeNumeros();
    const [n1] = numeros as [TestNumero];
    const m = await lotteryMember(ctx, 10_000n);
    const res = await bet(ctx, m, {
      gameId,
      currentNumero: n1.numero,
      bettingSlipString: straight(3),
      betCartAmountSum: '2.00',
      abandoning: true,
      chase: { kind: 'same', numeros: 3 },
    });
    const chaseId = res.body.value.chase?.chaseId as string;
    await cancelNumero(ctx.db, n1.id, 'power cut');
    await advanceChases(ctx.db, new Date());
    expect(await chaseOf(chaseId)).toMatchObject({ status: 'abandoned', returned_amount: '400' });
    expect(await mainBalance(ctx, m)).toBe(10_000n);
  });

  it('without abandoning, a cancelled numero is refunded and the chase goes on', async () => {
    const { gameId, numeros } = await threeNumeros();
    const [n1, n2] = numeros as [TestNumero, TestNumero];
    const m = await lotteryMember(ctx, 10_000n);
    const res = await bet(ctx, m, {
      gameId,
      currentNumero: n1.numero,
      bettingSlipString: straight(3),
      betCartAmountSum: '2.00',
      chase: { kind: 'same', numeros: 2 },
    });
    const chaseId = res.body.value.chase?.chaseId as string;
    await cancelNumero(ctx.db, n1.id, 'power cut');
    await advanceChases(ctx.db, new Date());
    const step = await ctx.db
      .selectFrom('lottery_orders')
      .select('numero_id')
      .where('chase_id', '=', chaseId)
      .where('chase_step', '=', 1)
      .executeTakeFirstOrThrow();
    expect(step.numero_id).toBe(n2.id);
    expect(await mainBalance(ctx, m)).toBe(10_000n - 200n);
  });

  it('the member stops a chase: numeros not placed yet are returned, once', async () => {
    const { gameId, numeros } = await threeNumeros();
    const m = await lotteryMember(ctx, 10_000n);
    const other = await lotteryMember(ctx, 10_000n);
    const requestId = randomUUID();
    const body = {
      gameId,
      currentNumero: (numeros[0] as TestNumero).numero,
      bettingSlipString: straight(3),
      betCartAmountSum: '2.00',
      chase: { kind: 'same', numeros: 3 },
      requestId,
    };
    const res = await bet(ctx, m, body);
    const again = await bet(ctx, m, body);
    expect(again.body.value.chase?.chaseId).toBe(res.body.value.chase?.chaseId);
    const { chase: _plan, ...plain } = body;
    expect((await bet(ctx, m, plain)).body.errorCode).toBe('idempotency_mismatch');
    const chaseId = res.body.value.chase?.chaseId as string;
    expect((await memberCall(ctx, other, 'POST', `/lgw/orders/chase/${chaseId}/cancel`)).body.errorCode).toBe(
      'lottery_chase_not_found',
    );
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => memberCall(ctx, m, 'POST', `/lgw/orders/chase/${chaseId}/cancel`)),
    );
    expect(answers.filter((a) => a.body.success)).toHaveLength(1);
    expect(
      answers.filter((a) => !a.body.success).every((a) => a.body.errorCode === 'lottery_chase_state_invalid'),
    ).toBe(true);
    expect(await chaseOf(chaseId)).toMatchObject({ status: 'cancelled', returned_amount: '400' });
    // the first numero's order stays placed (the member may cancel it on its own)
    expect(await mainBalance(ctx, m)).toBe(9_800n);
    expect(await stepStatuses(chaseId)).toEqual(['placed', 'cancelled', 'cancelled']);
  });
});

describe("the member's chase list (GET /lgw/orders/chase)", () => {
  const list = (m: { token: string }, query = '') =>
    memberCall<ChasePage>(ctx, m, 'GET', `/lgw/orders/chase${query}`);

  async function chaseOn(m: { token: string }, gameId: string, numero: TestNumero, numeros = 2) {
    const res = await bet(ctx, m, {
      gameId,
      currentNumero: numero.numero,
      bettingSlipString: straight(3),
      betCartAmountSum: '2.00',
      chase: { kind: 'same', numeros },
    });
    expect(res.body.errorCode).toBe('');
    return res.body.value.chase?.chaseId as string;
  }

  it("lists only the member's own chases of its brand, newest first, paged and by state", async () => {
    const { gameId, numeros } = await threeNumeros();
    const n1 = numeros[0] as TestNumero;
    const m = await lotteryMember(ctx, 10_000n);
    const other = await lotteryMember(ctx, 10_000n);
    const first = await chaseOn(m, gameId, n1, 2);
    const second = await chaseOn(m, gameId, n1, 3);
    const third = await chaseOn(m, gameId, n1, 2);
    const theirs = await chaseOn(other, gameId, n1, 2);
    await memberCall(ctx, m, 'POST', `/lgw/orders/chase/${second}/cancel`);

    const all = await list(m);
    expect(all.status).toBe(200);
    expect(all.body.value).toMatchObject({ total: 3, page: 1, size: 20 });
    expect(all.body.value.items.map((c) => c.chaseId)).toEqual([third, second, first]);
    expect(all.body.value.items.map((c) => c.chaseId)).not.toContain(theirs);
    expect(all.body.value.items[1]).toMatchObject({
      gameId,
      status: 'cancelled',
      plan: 'same',
      prizeMode: 'LOTT',
      stepsCount: 3,
      totalAmount: '6.00',
      returnedAmount: '4.00',
    });
    expect(all.body.value.items[1]?.steps.map((s) => [s.step, s.status, s.numero])).toEqual([
      [0, 'placed', n1.numero],
      [1, 'cancelled', null],
      [2, 'cancelled', null],
    ]);
    expect(all.body.value.items[1]?.gameCode).toMatch(/\S/);

    const page2 = await list(m, '?page=2&size=2');
    expect(page2.body.value).toMatchObject({ total: 3, page: 2, size: 2 });
    expect(page2.body.value.items.map((c) => c.chaseId)).toEqual([first]);
    expect((await list(m, '?page=3&size=2')).body.value.items).toEqual([]);

    const active = await list(m, `?chasingStatus=active&gameId=${gameId}`);
    expect(active.body.value.items.map((c) => c.chaseId)).toEqual([third, first]);
    const cancelled = await list(m, '?chasingStatus=cancelled');
    expect(cancelled.body.value.items.map((c) => c.chaseId)).toEqual([second]);

    // the other member sees its own chase only
    expect((await list(other)).body.value.items.map((c) => c.chaseId)).toEqual([theirs]);
    // a game with none of the member's chases
    const { gameId: elsewhere } = await threeNumeros();
    expect((await list(m, `?gameId=${elsewhere}`)).body.value).toMatchObject({ total: 0, items: [] });
  });

  it("another brand's member sees none of these chases, and its token is refused on this brand", async () => {
    const { gameId, numeros } = await threeNumeros();
    const m = await lotteryMember(ctx, 10_000n);
    await chaseOn(m, gameId, numeros[0] as TestNumero);
    const brand = await createBrand(ctx.db);
    const stranger = await signedInMember(ctx, { merchant: brand.merchantCode });
    const own = await call<ChasePage>(ctx.app, {
      method: 'GET',
      url: '/lgw/orders/chase',
      headers: { ...headers(brand.merchantCode), authorization: stranger.token },
    });
    expect(own.status).toBe(200);
    expect(own.body.value).toMatchObject({ total: 0, items: [] });
    const crossed = await call<ChasePage>(ctx.app, {
      method: 'GET',
      url: `/lgw/orders/chase?gameId=${gameId}`,
      headers: { ...headers('DEMO'), authorization: stranger.token },
    });
    expect(crossed.status).toBe(401);
    expect(crossed.body.value).toBeNull();
  });

  it('refuses bad input and a missing token', async () => {
    const m = await lotteryMember(ctx, 1_000n);
    for (const query of [
      '?chasingStatus=won',
      '?size=0',
      '?size=101',
      '?page=0',
      '?page=abc',
      '?gameId=12a',
      '?gameId=99999999999999999999',
    ]) {
      const res = await list(m, query);
      expect(res.status, query).toBe(400);
      expect(res.body.success, query).toBe(false);
    }
    const anonymous = await call(ctx.app, { method: 'GET', url: '/lgw/orders/chase', headers: headers() });
    expect(anonymous.status).toBe(401);
  });
});
