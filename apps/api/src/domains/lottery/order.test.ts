import { randomUUID } from 'node:crypto';
import { TRIAL_TYPE } from '@lotus/contracts/accounts';
import type { LotteryOrder, OrderDetail, OrderPage } from '@lotus/contracts/lottery';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  bet,
  entriesOf,
  freshNumero,
  gameIdOf,
  lotteryMember,
  lotteryReconcileAfterEach,
  memberCall,
  orderRow,
} from '../../../test/lottery.ts';
import { reconcileAfterEach } from '../../../test/money.ts';
import { countRows, createBrand, setupTestApp } from '../../../test/support.ts';
import { mainBalance } from '../../../test/withdrawals.ts';
import { createMember } from '../../harness.ts';
import { findMemberById } from '../members/member.repository.ts';
import { SessionService } from '../members/session.service.ts';

const ctx = setupTestApp();
reconcileAfterEach(ctx);
lotteryReconcileAfterEach(ctx);

let lott1: string;
let dice: string;
beforeAll(async () => {
  lott1 = await gameIdOf(ctx, 'LOTT1');
  dice = await gameIdOf(ctx, 'K3F1');
});

/** One straight digit at position 0: 1 combination x 2.00 x multiple. */
const straight = (digit: number, multiple = 1) => `${digit}||||~1~101~1~1950~${multiple}`;

describe('placing lottery orders (POST /lgw/orders/betting)', () => {
  it('places a cart in one transaction: the order, one ledger entry, the wallet debited', async () => {
    const m = await lotteryMember(ctx, 10_000n);
    const n = await freshNumero(ctx, lott1);
    const res = await bet(ctx, m, {
      gameId: lott1,
      currentNumero: n.numero,
      // 2 straights x 2.00 x 3 + front-three group 6 on 4 digits (4 combinations) x 0.20 x 1
      bettingSlipString: `1,2||||~1~101~1~1950~3;1,2,3,4~1~113~2~1950~1`,
      betCartAmountSum: '12.80',
    });
    expect(res.body.errorCode).toBe('');
    expect(res.body.value.order).toMatchObject({
      gameId: lott1,
      numero: n.numero,
      amount: '12.80',
      payout: '0.00',
      status: 'placed',
      slipCount: 2,
      prizeMode: 'LOTT',
    });
    expect(res.body.value.balance).toBe('87.20');
    expect(await mainBalance(ctx, m)).toBe(8_720n);
    expect(await entriesOf(ctx, res.body.value.order.orderId)).toEqual(['lottery_bet']);
    const detail = await memberCall<OrderDetail>(
      ctx,
      m,
      'GET',
      `/lgw/orders/detail/${res.body.value.order.orderId}/info`,
    );
    expect(detail.body.value.slips.map((s) => [s.playCode, s.balls, s.combinations, s.amount])).toEqual([
      ['pos-straight', '1,2||||', '2', '12.00'],
      ['front3-group6', '1,2,3,4', '4', '0.80'],
    ]);
    expect(detail.body.value.seed).toBeNull();
    expect(detail.body.value.seedHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('answers a repeated request id with the first order (also 10 at once): one order, one debit', async () => {
    const m = await lotteryMember(ctx, 10_000n);
    const n = await freshNumero(ctx, lott1);
    const requestId = randomUUID();
    const body = {
      gameId: lott1,
      currentNumero: n.numero,
      bettingSlipString: straight(5),
      betCartAmountSum: '2.00',
      requestId,
    };
    const answers = await Promise.all(Array.from({ length: 10 }, () => bet(ctx, m, body)));
    const ids = new Set(answers.map((a) => a.body.value.order?.orderId));
    expect(answers.every((a) => a.body.success)).toBe(true);
    expect(ids.size).toBe(1);
    expect(await mainBalance(ctx, m)).toBe(9_800n);
    const other = await bet(ctx, m, { ...body, bettingSlipString: straight(6) });
    expect(other.body.errorCode).toBe('idempotency_mismatch');
    expect(await mainBalance(ctx, m)).toBe(9_800n);
  });

  it('refuses a malformed slip with its position and places nothing', async () => {
    const m = await lotteryMember(ctx, 10_000n);
    const n = await freshNumero(ctx, lott1);
    const orders = await countRows(ctx.db, 'lottery_orders');
    const entries = await countRows(ctx.db, 'journal_entries');
    const cases: [string, string, number | null, string][] = [
      [`${straight(1)};1,1||||~1~101~1~1950~1`, '4.00', 1, 'bad-balls'], // duplicate ball
      [`${straight(1)};${straight(2)};1~1~201~1~1950~1`, '6.00', 2, 'wrong-game'], // a dice play
      [`${straight(1)};1||||~1~101~7~1950~1`, '4.00', 1, 'bad-mode'],
      [`1||||~1~101~1~1950~0`, '2.00', 0, 'bad-multiple'],
      [`1||||~2~101~1~1950~1`, '2.00', 0, 'bad-version'],
      ['1||||~1~101~1~1950', '2.00', 0, 'bad-field-count'],
    ];
    for (const [slips, total, slipIndex, reason] of cases) {
      const res = await bet(ctx, m, {
        gameId: lott1,
        currentNumero: n.numero,
        bettingSlipString: slips,
        betCartAmountSum: total,
      });
      expect(res.body.errorCode, slips).toBe('lottery_slip_invalid');
      expect(res.body.value, slips).toMatchObject({ slipIndex, reason });
    }
    expect(await countRows(ctx.db, 'lottery_orders')).toBe(orders);
    expect(await countRows(ctx.db, 'journal_entries')).toBe(entries);
    expect(await mainBalance(ctx, m)).toBe(10_000n);
  });

  it('refuses a cart whose total is not the sum of its slips', async () => {
    const m = await lotteryMember(ctx, 10_000n);
    const n = await freshNumero(ctx, lott1);
    for (const total of ['4.01', '3.99', '400']) {
      const res = await bet(ctx, m, {
        gameId: lott1,
        currentNumero: n.numero,
        bettingSlipString: `${straight(1)};${straight(2)}`,
        betCartAmountSum: total,
      });
      expect(res.body.errorCode).toBe('lottery_cart_total_mismatch');
      expect(res.body.value).toMatchObject({ slipIndex: null, reason: 'total-mismatch' });
    }
    expect(await mainBalance(ctx, m)).toBe(10_000n);
  });

  it('refuses late orders: a numero past its close time (server time) and an unknown one', async () => {
    const m = await lotteryMember(ctx, 10_000n);
    const late = await freshNumero(ctx, lott1, { closeInMs: -1000, openedAgoMs: 120_000 });
    const res = await bet(ctx, m, {
      gameId: lott1,
      currentNumero: late.numero,
      bettingSlipString: straight(1),
      betCartAmountSum: '2.00',
    });
    expect(res.body.errorCode).toBe('lottery_numero_closed');
    const future = await freshNumero(ctx, lott1, { openedAgoMs: -60_000 });
    const early = await bet(ctx, m, {
      gameId: lott1,
      currentNumero: future.numero,
      bettingSlipString: straight(1),
      betCartAmountSum: '2.00',
    });
    expect(early.body.errorCode).toBe('lottery_numero_closed');
    const none = await bet(ctx, m, {
      gameId: lott1,
      currentNumero: 'NOPE-1',
      bettingSlipString: straight(1),
      betCartAmountSum: '2.00',
    });
    expect(none.body.errorCode).toBe('lottery_numero_not_found');
    expect(await mainBalance(ctx, m)).toBe(10_000n);
  });

  it('refuses everything when the balance is short, and concurrent orders cannot overdraw', async () => {
    const m = await lotteryMember(ctx, 1_000n);
    const n = await freshNumero(ctx, lott1);
    const short = await bet(ctx, m, {
      gameId: lott1,
      currentNumero: n.numero,
      bettingSlipString: straight(1, 6),
      betCartAmountSum: '12.00',
    });
    expect(short.body.errorCode).toBe('insufficient_balance');
    const kept = await ctx.db
      .selectFrom('lottery_orders')
      .select('id')
      .where('numero_id', '=', n.id)
      .execute();
    expect(kept).toEqual([]);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        bet(ctx, m, {
          gameId: lott1,
          currentNumero: n.numero,
          bettingSlipString: straight(i % 10),
          betCartAmountSum: '2.00',
        }),
      ),
    );
    const placed = answers.filter((a) => a.body.success).length;
    expect(placed).toBe(5); // floor(10.00 / 2.00)
    expect(
      answers
        .filter((a) => !a.body.success)
        .every((a) => ['insufficient_balance', 'wallet_busy'].includes(a.body.errorCode)),
    ).toBe(true);
    expect(await mainBalance(ctx, m)).toBe(0n);
  });

  it('cancels an order before its numero closes, refunding once even with 20 cancels at once', async () => {
    const m = await lotteryMember(ctx, 10_000n);
    const n = await freshNumero(ctx, lott1);
    const placed = await bet(ctx, m, {
      gameId: lott1,
      currentNumero: n.numero,
      bettingSlipString: straight(3, 5),
      betCartAmountSum: '10.00',
    });
    const orderId = placed.body.value.order.orderId;
    expect(await mainBalance(ctx, m)).toBe(9_000n);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        memberCall<LotteryOrder>(ctx, m, 'POST', `/lgw/orders/${orderId}/cancel`),
      ),
    );
    expect(answers.filter((a) => a.body.success)).toHaveLength(1);
    expect(
      answers.filter((a) => !a.body.success).every((a) => a.body.errorCode === 'lottery_order_state_invalid'),
    ).toBe(true);
    expect(await mainBalance(ctx, m)).toBe(10_000n);
    expect((await orderRow(ctx, orderId)).status).toBe('cancelled');
    expect(await entriesOf(ctx, orderId)).toEqual(['lottery_bet', 'lottery_refund']);
    const exposure = await ctx.db
      .selectFrom('lottery_exposure')
      .select('liability')
      .where('numero_id', '=', n.id)
      .where('key', '=', '101:0:3')
      .executeTakeFirstOrThrow();
    expect(exposure.liability).toBe('0');
  });

  it('refuses to cancel once the numero has closed', async () => {
    const m = await lotteryMember(ctx, 10_000n);
    const n = await freshNumero(ctx, lott1);
    const placed = await bet(ctx, m, {
      gameId: lott1,
      currentNumero: n.numero,
      bettingSlipString: straight(3),
      betCartAmountSum: '2.00',
    });
    await ctx.db
      .updateTable('lottery_numeros')
      .set({ close_at: new Date(Date.now() - 1000), draw_at: new Date() })
      .where('id', '=', n.id)
      .execute();
    const res = await memberCall(ctx, m, 'POST', `/lgw/orders/${placed.body.value.order.orderId}/cancel`);
    expect(res.body.errorCode).toBe('lottery_numero_closed');
    expect(await mainBalance(ctx, m)).toBe(9_800n);
  });

  it("never shows or cancels another member's orders", async () => {
    const owner = await lotteryMember(ctx, 10_000n);
    const other = await lotteryMember(ctx, 10_000n);
    const n = await freshNumero(ctx, lott1);
    const placed = await bet(ctx, owner, {
      gameId: lott1,
      currentNumero: n.numero,
      bettingSlipString: straight(3),
      betCartAmountSum: '2.00',
    });
    const orderId = placed.body.value.order.orderId;
    expect((await memberCall(ctx, other, 'GET', `/lgw/orders/detail/${orderId}/info`)).body.errorCode).toBe(
      'lottery_order_not_found',
    );
    expect((await memberCall(ctx, other, 'POST', `/lgw/orders/${orderId}/cancel`)).body.errorCode).toBe(
      'lottery_order_not_found',
    );
    const search = await memberCall<OrderPage>(ctx, other, 'POST', '/lgw/orders', { orderNumber: orderId });
    expect(search.body.value.items).toEqual([]);
    const today = await memberCall<OrderPage>(ctx, other, 'GET', `/lgw/orders/today?gameId=${lott1}`);
    expect(today.body.value.items).toEqual([]);
    const mine = await memberCall<OrderPage>(ctx, owner, 'POST', '/lgw/orders', {
      orderNumber: orderId,
      orderStatus: 'placed',
    });
    expect(mine.body.value.items.map((o) => o.orderId)).toEqual([orderId]);
    expect((await orderRow(ctx, orderId)).status).toBe('placed');
  });

  it('refuses hostile input: NUL, huge multiples, overflowing totals, other brands and games', async () => {
    const m = await lotteryMember(ctx, 10_000n);
    const n = await freshNumero(ctx, lott1);
    const base = { gameId: lott1, currentNumero: n.numero };
    const nul = await bet(ctx, m, {
      ...base,
      bettingSlipString: '1\u0000||||~1~101~1~1950~1',
      betCartAmountSum: '2.00',
    });
    expect(nul.status).toBe(400);
    const huge = await bet(ctx, m, {
      ...base,
      bettingSlipString: straight(1, 999_999_999),
      betCartAmountSum: '2.00',
    });
    expect(huge.body).toMatchObject({ errorCode: 'lottery_slip_invalid', value: { reason: 'bad-multiple' } });
    const overflow = await bet(ctx, m, {
      ...base,
      bettingSlipString: straight(1),
      betCartAmountSum: '99999999999999999999',
    });
    expect(overflow.body.success).toBe(false);
    const big = await bet(ctx, m, {
      ...base,
      bettingSlipString: straight(1, 10_000),
      betCartAmountSum: '20000.00',
    });
    expect(big.body.errorCode).toBe('lottery_amount_above_maximum');
    const dicePlay = await bet(ctx, m, {
      ...base,
      gameId: dice,
      bettingSlipString: straight(1),
      betCartAmountSum: '2.00',
    });
    expect(dicePlay.body).toMatchObject({
      errorCode: 'lottery_slip_invalid',
      value: { reason: 'wrong-game' },
    });
    const mode = await bet(ctx, m, {
      ...base,
      bettingSlipString: straight(1),
      betCartAmountSum: '2.00',
      prizeModeId: 'XYZ',
    });
    expect(mode.body.errorCode).toBe('lottery_prize_mode_invalid');
    const negative = await bet(ctx, m, {
      ...base,
      bettingSlipString: straight(1),
      betCartAmountSum: '-2.00',
    });
    expect(negative.status).toBe(400);
    const float = await memberCall(ctx, m, 'POST', '/lgw/orders/betting', {
      ...base,
      requestId: randomUUID(),
      prizeModeId: 'LOTT',
      winningStop: false,
      abandoning: false,
      bettingSlipString: straight(1),
      betCartAmountSum: 2,
    });
    expect(float.status).toBe(400);
    // Another brand's game, and this brand's game through another brand's header.
    const other = await createBrand(ctx.db);
    const res = await bet(
      ctx,
      m,
      { ...base, bettingSlipString: straight(1), betCartAmountSum: '2.00' },
      other.merchantCode,
    );
    expect(res.status).toBe(401);
    const { id } = await createMember(ctx.db, {
      merchantCode: other.merchantCode,
      username: `x${Date.now()}`,
      password: 'Secret123',
    });
    const stranger = await findMemberById(ctx.db, other.id, id);
    if (!stranger) throw new Error('no member');
    const token = await new SessionService(ctx.db, 120).start(stranger, { ip: '10.9.9.9', device: 'web' });
    const foreign = await bet(
      ctx,
      { token },
      { ...base, bettingSlipString: straight(1), betCartAmountSum: '2.00' },
      other.merchantCode,
    );
    expect(foreign.body.errorCode).toBe('lottery_game_not_found');
    const unknown = await bet(ctx, m, {
      ...base,
      gameId: '9223372036854775807',
      bettingSlipString: straight(1),
      betCartAmountSum: '2.00',
    });
    expect(unknown.body.errorCode).toBe('lottery_game_not_found');
    const tooBig = await bet(ctx, m, {
      ...base,
      gameId: '9223372036854775808',
      bettingSlipString: straight(1),
      betCartAmountSum: '2.00',
    });
    expect(tooBig.status).toBe(400);
    expect(await mainBalance(ctx, m)).toBe(10_000n);
  });

  it('lets trial accounts play on their demo balance, kept apart from the real house', async () => {
    const trial = await lotteryMember(ctx, 0n, TRIAL_TYPE);
    const n = await freshNumero(ctx, lott1);
    const res = await bet(ctx, trial, {
      gameId: lott1,
      currentNumero: n.numero,
      bettingSlipString: straight(7),
      betCartAmountSum: '2.00',
    });
    expect(res.body.errorCode).toBe('');
    expect(res.body.value.balance).toBe('1998.00'); // the brand's 2,000.00 demo credit
    const house = await ctx.db
      .selectFrom('lottery_orders as o')
      .innerJoin('ledger_accounts as a', 'a.id', 'o.house_account_id')
      .select(['a.owner_key', 'o.is_trial'])
      .where('o.id', '=', res.body.value.order.orderId)
      .executeTakeFirstOrThrow();
    expect(house).toEqual({ owner_key: 'lottery:demo', is_trial: true });
  });
});
