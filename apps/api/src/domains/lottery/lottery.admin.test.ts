import type {
  AdminGame,
  AdminNumero,
  AdminOrderPage,
  CancelledNumero,
  ExposurePage,
  GameLimits,
  OddsTable,
  PnlReport,
  ResultEntry,
} from '@lotus/contracts/lottery';
import { describe, expect, it } from 'vitest';
import {
  afterDraw,
  bet,
  digitsOf,
  freshNumero,
  gameIdOf,
  lotteryMember,
  lotteryReconcileAfterEach,
  orderRow,
  type TestNumero,
  testGame,
} from '../../../test/lottery.ts';
import { reconcileAfterEach } from '../../../test/money.ts';
import { backOfficeTeam } from '../../../test/operators.ts';
import { setupTestApp } from '../../../test/support.ts';
import { mainBalance } from '../../../test/withdrawals.ts';
import { drawNumero } from './numero.service.ts';
import { settleNumero } from './settlement.service.ts';

const ctx = setupTestApp();
reconcileAfterEach(ctx);
lotteryReconcileAfterEach(ctx);
const { bo } = backOfficeTeam(ctx);

const straight = (digit: number, multiple = 1) => `${digit}||||~1~101~1~1950~${multiple}`;

async function audited(action: string, targetId: string): Promise<number> {
  const rows = await ctx.db
    .selectFrom('audit_log')
    .select('id')
    .where('action', '=', action)
    .where('target_id', '=', targetId)
    .execute();
  return rows.length;
}

/** Moves a numero's close and draw into the past (results are entered after the cut-off). */
async function closeNow(n: TestNumero) {
  const past = new Date(Date.now() - 1000);
  await ctx.db
    .updateTable('lottery_numeros')
    .set({ close_at: past, draw_at: past })
    .where('id', '=', n.id)
    .execute();
}

/** A northern draw where 68 ends five prizes (special, a 2nd, a 5th, the 6th 168, a 7th). */
const NORTH = [
  ['special', ['12368']],
  ['first', ['45067']],
  ['second', ['11111', '22268']],
  ['third', ['33333', '44444', '55555', '66666', '77777', '88899']],
  ['fourth', ['1234', '5678', '9012', '3456']],
  ['fifth', ['7890', '1357', '2468', '3579', '4680', '5791']],
  ['sixth', ['168', '246', '802']],
  ['seventh', ['68', '13', '57', '99']],
].flatMap(([tier, numbers]) => (numbers as string[]).map((number) => ({ tier: tier as string, number })));

describe('back office: games, odds and limits', () => {
  it('lets an admin add and change games (audited); others read only', async () => {
    const input = {
      code: `BO${Date.now().toString(36)}`,
      family: 'digits',
      drawSource: 'platform',
      nameEn: 'Lotto 2 Minutes',
      nameMs: '',
      nameCn: '',
      category: 'ELOTT',
      accountTypeName: 'ELOTT',
      schedule: { kind: 'interval', seconds: 120 },
      utcOffsetMinutes: 480,
      closeOffsetSeconds: 10,
      status: 'active',
      prizeModes: ['LOTT', 'ZY'],
      sortOrder: 5,
      isHot: false,
    };
    expect((await bo('finance', 'POST', '/bo/v1/lottery/games', input)).body.errorCode).toBe(
      'operator_forbidden',
    );
    const created = await bo<AdminGame>('admin', 'POST', '/bo/v1/lottery/games', input);
    expect(created.body.value).toMatchObject({ code: input.code, intervalSeconds: 120, status: 'active' });
    expect((await bo('admin', 'POST', '/bo/v1/lottery/games', input)).body.errorCode).toBe(
      'lottery_game_code_taken',
    );
    const badInterval = await bo('admin', 'POST', '/bo/v1/lottery/games', {
      ...input,
      code: `${input.code}X`,
      schedule: { kind: 'interval', seconds: 70 },
    });
    expect(badInterval.body.errorCode).toBe('lottery_config_invalid');
    const officialDigits = await bo('admin', 'POST', '/bo/v1/lottery/games', {
      ...input,
      code: `${input.code}Y`,
      drawSource: 'official',
    });
    expect(officialDigits.body.errorCode).toBe('lottery_config_invalid');
    const gameId = created.body.value.gameId;
    const suspended = await bo<AdminGame>('admin', 'PUT', `/bo/v1/lottery/games/${gameId}`, {
      status: 'suspended',
    });
    expect(suspended.body.value.status).toBe('suspended');
    expect(await audited('lottery.game.create', gameId)).toBe(1);
    expect(await audited('lottery.game.update', gameId)).toBe(1);
    const listed = await bo<{ items: AdminGame[] }>('readonly', 'GET', '/bo/v1/lottery/games');
    expect(listed.body.value.items.map((g) => g.code)).toContain(input.code);
    const m = await lotteryMember(ctx, 10_000n);
    const n = await freshNumero(ctx, gameId);
    const refused = await bet(ctx, m, {
      gameId,
      currentNumero: n.numero,
      bettingSlipString: straight(1),
      betCartAmountSum: '2.00',
    });
    expect(refused.body.errorCode).toBe('lottery_game_unavailable');
  });

  it('overrides odds for new orders; an order keeps the odds it was placed at', async () => {
    const gameId = await testGame(ctx);
    const n = await freshNumero(ctx, gameId);
    const digit = digitsOf(n)[0] as number;
    const m = await lotteryMember(ctx, 10_000n);
    const before = await bet(ctx, m, {
      gameId,
      currentNumero: n.numero,
      bettingSlipString: straight(digit),
      betCartAmountSum: '2.00',
    });
    const changed = await bo<OddsTable>('admin', 'PUT', '/bo/v1/lottery/odds', {
      items: [{ prizeMode: 'LOTT', playId: 101, tier: 'hit', odds: '90000' }],
    });
    expect(changed.body.value.items.find((r) => r.prizeMode === 'LOTT' && r.playId === 101)).toMatchObject({
      odds: '90000',
      defaultOdds: '98000',
      overridden: true,
    });
    const badTier = await bo('admin', 'PUT', '/bo/v1/lottery/odds', {
      items: [{ prizeMode: 'LOTT', playId: 101, tier: 'jackpot', odds: '90000' }],
    });
    expect(badTier.body.errorCode).toBe('lottery_config_invalid');
    const after = await bet(ctx, m, {
      gameId,
      currentNumero: n.numero,
      bettingSlipString: straight(digit),
      betCartAmountSum: '2.00',
    });
    const at = await afterDraw(ctx, n);
    await drawNumero(ctx.db, n.id, at);
    await settleNumero(ctx.db, n.id, at);
    expect((await orderRow(ctx, before.body.value.order.orderId)).payout).toBe('1960');
    expect((await orderRow(ctx, after.body.value.order.orderId)).payout).toBe('1800');
    await bo('admin', 'PUT', '/bo/v1/lottery/odds', {
      items: [{ prizeMode: 'LOTT', playId: 101, tier: 'hit', odds: null }],
    });
    const reset = await bo<OddsTable>('readonly', 'GET', '/bo/v1/lottery/odds?prizeMode=LOTT&family=digits');
    expect(reset.body.value.items.find((r) => r.playId === 101)?.overridden).toBe(false);
  });

  it('refuses the order that would push the liability on a number over its cap', async () => {
    const gameId = await testGame(ctx);
    // a 2.00 straight digit pays 19.60: the cap holds two of them on one number
    const limits = await bo<GameLimits>('admin', 'PUT', `/bo/v1/lottery/games/${gameId}/limits`, {
      items: [
        {
          playId: 0,
          limits: { minSlip: '0.20', maxSlip: '100.00', maxOrder: '500.00', numberCap: '1000.00' },
        },
        {
          playId: 101,
          limits: { minSlip: '0.20', maxSlip: '100.00', maxOrder: '500.00', numberCap: '39.20' },
        },
      ],
    });
    expect(limits.body.value.items.map((r) => [r.playId, r.numberCap])).toEqual([
      [0, '1000.00'],
      [101, '39.20'],
    ]);
    const n = await freshNumero(ctx, gameId);
    const a = await lotteryMember(ctx, 10_000n);
    const b = await lotteryMember(ctx, 10_000n);
    expect(
      (
        await bet(ctx, a, {
          gameId,
          currentNumero: n.numero,
          bettingSlipString: straight(5),
          betCartAmountSum: '2.00',
        })
      ).body.success,
    ).toBe(true);
    const second = await bet(ctx, b, {
      gameId,
      currentNumero: n.numero,
      bettingSlipString: straight(5),
      betCartAmountSum: '2.00',
    });
    expect(second.body.success).toBe(true);
    const third = await bet(ctx, b, {
      gameId,
      currentNumero: n.numero,
      bettingSlipString: `${straight(6)};${straight(5)}`,
      betCartAmountSum: '4.00',
    });
    expect(third.body).toMatchObject({
      errorCode: 'lottery_liability_cap',
      value: { slipIndex: 1, reason: 'liability-cap', detail: '101:0:5' },
    });
    expect(await mainBalance(ctx, b)).toBe(9_800n);
    const alone = await bet(ctx, b, {
      gameId,
      currentNumero: n.numero,
      bettingSlipString: straight(7, 3),
      betCartAmountSum: '6.00',
    });
    expect(alone.body).toMatchObject({ errorCode: 'lottery_liability_cap', value: { detail: '101:0:7' } });
    const small = await bet(ctx, b, {
      gameId,
      currentNumero: n.numero,
      bettingSlipString: '1||||~1~101~3~1950~1',
      betCartAmountSum: '0.02',
    });
    expect(small.body.errorCode).toBe('lottery_amount_below_minimum');
    // cancelling one order on 5 makes room again
    await ctx.app.inject({
      method: 'POST',
      url: `/lgw/orders/${second.body.value.order.orderId}/cancel`,
      headers: { merchant: 'DEMO', authorization: b.token },
    });
    const again = await bet(ctx, b, {
      gameId,
      currentNumero: n.numero,
      bettingSlipString: straight(5),
      betCartAmountSum: '2.00',
    });
    expect(again.body.success).toBe(true);
    const exposure = await bo<ExposurePage>('readonly', 'GET', `/bo/v1/lottery/numeros/${n.id}/exposure`);
    expect(exposure.body.value.items[0]).toMatchObject({
      key: '101:0:5',
      playCode: 'pos-straight',
      number: '0:5',
      liability: '39.20',
      cap: '39.20',
      stake: '4.00',
    });
    expect(await audited('lottery.limits.update', gameId)).toBe(1);
  });
});

describe('back office: official results, cancellation and P&L', () => {
  it('needs a second operator to approve an entered result; then the numero settles', async () => {
    const gameId = await gameIdOf(ctx, 'VNNORTH');
    const n = await freshNumero(ctx, gameId, { official: true });
    const m = await lotteryMember(ctx, 10_000n);
    // lo on 68 (five prizes end in it: 5 x 3.6x of 2.00) and de on 68 (98x of 2.00)
    const placed = await bet(ctx, m, {
      gameId,
      currentNumero: n.numero,
      bettingSlipString: '68~1~301~1~1950~1;68~1~302~1~1950~1',
      betCartAmountSum: '4.00',
    });
    expect(placed.body.errorCode).toBe('');
    const early = await bo('finance', 'POST', `/bo/v1/lottery/numeros/${n.id}/result`, { prizes: NORTH });
    expect(early.body.errorCode).toBe('lottery_numero_state_invalid');
    await closeNow(n);
    const wrong = await bo('finance', 'POST', `/bo/v1/lottery/numeros/${n.id}/result`, {
      prizes: NORTH.slice(1),
    });
    expect(wrong.body.errorCode).toBe('lottery_result_invalid');
    const entered = await bo<ResultEntry>('finance', 'POST', `/bo/v1/lottery/numeros/${n.id}/result`, {
      prizes: NORTH,
    });
    expect(entered.body.value.status).toBe('pending');
    expect(
      (await bo('cs', 'POST', `/bo/v1/lottery/results/${entered.body.value.id}/approve`)).body.errorCode,
    ).toBe('operator_forbidden');
    const self = await bo('finance', 'POST', `/bo/v1/lottery/results/${entered.body.value.id}/approve`);
    expect(self.body.errorCode).toBe('lottery_result_same_operator');
    const listed = await bo<AdminNumero>('readonly', 'GET', `/bo/v1/lottery/numeros/${n.id}`);
    expect(listed.body.value).toMatchObject({ status: 'open', pendingResult: { id: entered.body.value.id } });
    const [one, two] = await Promise.all([
      bo<ResultEntry>('finance2', 'POST', `/bo/v1/lottery/results/${entered.body.value.id}/approve`),
      bo<ResultEntry>('admin', 'POST', `/bo/v1/lottery/results/${entered.body.value.id}/approve`),
    ]);
    expect([one.body.success, two.body.success].sort()).toEqual([false, true]);
    expect([one.body.errorCode, two.body.errorCode]).toContain('lottery_result_state_invalid');
    expect(await audited('lottery.result.enter', n.id)).toBe(1);
    expect(await audited('lottery.result.approve', n.id)).toBe(1);
    const outcome = await settleNumero(ctx.db, n.id);
    expect(outcome).toEqual({ settled: 1, won: 1, paid: 3_600n + 19_600n });
    expect(await mainBalance(ctx, m)).toBe(10_000n - 400n + 23_200n);
  });

  it('lets a second operator reject an entry; a new entry replaces a pending one', async () => {
    const gameId = await gameIdOf(ctx, 'VNNORTH');
    const n = await freshNumero(ctx, gameId, { official: true });
    await closeNow(n);
    const first = await bo<ResultEntry>('finance', 'POST', `/bo/v1/lottery/numeros/${n.id}/result`, {
      prizes: NORTH,
    });
    const second = await bo<ResultEntry>('finance', 'POST', `/bo/v1/lottery/numeros/${n.id}/result`, {
      prizes: NORTH,
    });
    expect(
      (await bo('finance2', 'POST', `/bo/v1/lottery/results/${first.body.value.id}/approve`)).body.errorCode,
    ).toBe('lottery_result_state_invalid');
    const rejected = await bo<ResultEntry>(
      'finance2',
      'POST',
      `/bo/v1/lottery/results/${second.body.value.id}/reject`,
    );
    expect(rejected.body.value.status).toBe('rejected');
    const numero = await bo<AdminNumero>('readonly', 'GET', `/bo/v1/lottery/numeros/${n.id}`);
    expect(numero.body.value).toMatchObject({ status: 'open', result: null, pendingResult: null });
  });

  it('cancels a numero from the back office, refunding every order once (audited)', async () => {
    const gameId = await testGame(ctx);
    const n = await freshNumero(ctx, gameId);
    const m = await lotteryMember(ctx, 10_000n);
    await bet(ctx, m, {
      gameId,
      currentNumero: n.numero,
      bettingSlipString: straight(1, 4),
      betCartAmountSum: '8.00',
    });
    expect(
      (await bo('readonly', 'POST', `/bo/v1/lottery/numeros/${n.id}/cancel`, { reason: 'x' })).body.errorCode,
    ).toBe('operator_forbidden');
    const cancelled = await bo<CancelledNumero>('finance', 'POST', `/bo/v1/lottery/numeros/${n.id}/cancel`, {
      reason: 'results not published',
    });
    expect(cancelled.body.value).toMatchObject({
      refunded: 1,
      numero: { status: 'cancelled', cancelReason: 'results not published' },
    });
    const again = await bo('finance', 'POST', `/bo/v1/lottery/numeros/${n.id}/cancel`, { reason: 'again' });
    expect(again.body.errorCode).toBe('lottery_numero_state_invalid');
    expect(await mainBalance(ctx, m)).toBe(10_000n);
    expect(await audited('lottery.numero.cancel', n.id)).toBe(1);
    const orders = await bo<AdminOrderPage>('readonly', 'GET', `/bo/v1/lottery/numeros/${n.id}/orders`);
    expect(orders.body.value.items.map((o) => [o.username, o.status, o.amount])).toEqual([
      [m.username, 'refunded', '8.00'],
    ]);
  });

  it('reports the P&L per game and draw day on real money', async () => {
    const gameId = await testGame(ctx);
    const n = await freshNumero(ctx, gameId);
    const digit = digitsOf(n)[0] as number;
    const m = await lotteryMember(ctx, 10_000n);
    await bet(ctx, m, {
      gameId,
      currentNumero: n.numero,
      bettingSlipString: straight(digit),
      betCartAmountSum: '2.00',
    });
    await bet(ctx, m, {
      gameId,
      currentNumero: n.numero,
      bettingSlipString: straight((digit + 1) % 10, 5),
      betCartAmountSum: '10.00',
    });
    const at = await afterDraw(ctx, n);
    await drawNumero(ctx.db, n.id, at);
    await settleNumero(ctx.db, n.id, at);
    // The report's day is the UTC day of the draw itself, not of `at` (a second later: maybe the next day).
    const drawn = await ctx.db
      .selectFrom('lottery_numeros')
      .select('draw_at')
      .where('id', '=', n.id)
      .executeTakeFirstOrThrow();
    const day = drawn.draw_at.toISOString().slice(0, 10);
    expect((await bo('readonly', 'GET', `/bo/v1/lottery/pnl?from=${day}&to=${day}`)).body.errorCode).toBe(
      'operator_forbidden',
    );
    const report = await bo<PnlReport>(
      'finance',
      'GET',
      `/bo/v1/lottery/pnl?from=${day}&to=${day}&gameId=${gameId}`,
    );
    expect(report.body.value.items).toEqual([
      {
        day,
        gameId,
        gameCode: expect.any(String),
        orders: 2,
        stake: '12.00',
        payout: '19.60',
        refunded: '0.00',
        openStake: '0.00',
        net: '-7.60',
      },
    ]);
    const impossible = await bo('finance', 'GET', '/bo/v1/lottery/pnl?from=2026-02-30&to=2026-03-01');
    expect(impossible.status).toBe(400);
  });
});
