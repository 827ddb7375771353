import { randomUUID } from 'node:crypto';
import { signSeamlessRequest } from '@lotus/contracts/seamless-signature';
import { beforeAll, describe, expect, it } from 'vitest';
import { vendorPlayer } from '../../../test/factories.ts';
import {
  afterDraw,
  digitsOf,
  freshNumero,
  bet as lotteryBet,
  lotteryMember,
  lotteryReconcileAfterEach,
  type TestNumero,
  testGame,
} from '../../../test/lottery.ts';
import { reconcileAfterEach } from '../../../test/money.ts';
import { refuseStakesOf, restoreStakeGates, restoreStakeGatesAfterEach } from '../../../test/stake-gate.ts';
import { setupTestApp } from '../../../test/support.ts';
import { mainBalance } from '../../../test/withdrawals.ts';
import { findBrandByMerchantCode } from '../brands/brand.repository.ts';
import { advanceChases } from '../lottery/chase.service.ts';
import { drawNumero } from '../lottery/numero.service.ts';
import { settleNumero } from '../lottery/settlement.service.ts';
import { upsertVendor } from '../vendors/vendor.repository.ts';

/**
 * The stake gate (docs/money-posting.md) is asked for every product's stake: with the gates set to
 * refuse one member, that member's slot and live-table bets (seamless bet and bet-and-win: the
 * PL/pgSQL primitive) and lottery bets, chases and chase steps (the TypeScript batch primitive) are
 * refused with stake_refused and move nothing, while what is not a stake (a win) still posts.
 */
const ctx = setupTestApp();
reconcileAfterEach(ctx);
lotteryReconcileAfterEach(ctx);
restoreStakeGatesAfterEach(ctx);

const VENDOR = 'HOUSE';
const SECRET = 'test-secret-0123456789abcdef';

beforeAll(async () => {
  const brand = await findBrandByMerchantCode(ctx.db, 'DEMO');
  if (!brand) throw new Error('no demo brand');
  await upsertVendor(ctx.db, { brandId: brand.id, code: VENDOR, name: 'House games', secret: SECRET });
});

type Answer = { success: boolean; value: { balance: string } | null; errorCode: string };

async function send(path: string, body: Record<string, unknown>): Promise<Answer> {
  const raw = JSON.stringify({ vendor: VENDOR, ...body });
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/seamless/v1/${path}`,
    headers: {
      merchant: 'DEMO',
      'x-vendor': VENDOR,
      'x-signature': await signSeamlessRequest(SECRET, 'POST', `/seamless/v1/${path}`, raw),
      'content-type': 'application/json',
    },
    payload: raw,
  });
  return res.json() as Answer;
}

async function seamlessCalls(transactionId: string): Promise<number> {
  const rows = await ctx.db
    .selectFrom('seamless_transactions')
    .select('id')
    .where('transaction_id', '=', transactionId)
    .execute();
  return rows.length;
}

describe('the stake gate: every product asks it before a stake', () => {
  it.each([
    ['a slot', 'slots-1'],
    ['a live table', 'live-baccarat'],
  ])(
    '%s: a seamless bet and bet-and-win are refused with stake_refused and keep nothing; a win is not asked',
    async (_, gameId) => {
      const p = await vendorPlayer(ctx, VENDOR, { funds: 10_000n, gameId });
      const roundId = randomUUID();
      const placed = { transactionId: randomUUID(), roundId, gameId, currency: 'MYR' };
      expect(await send('bet', { ...placed, token: p.token, amount: '10.00' })).toMatchObject({
        success: true,
      });

      await refuseStakesOf(ctx.db, [p.id]);
      const refusedBet = {
        transactionId: randomUUID(),
        roundId,
        gameId,
        currency: 'MYR',
        token: p.token,
        amount: '5.00',
      };
      expect(await send('bet', refusedBet)).toMatchObject({ success: false, errorCode: 'stake_refused' });
      const betWin = {
        transactionId: randomUUID(),
        roundId: randomUUID(),
        gameId,
        currency: 'MYR',
        token: p.token,
        betAmount: '5.00',
        winAmount: '7.00',
      };
      expect(await send('betWin', betWin)).toMatchObject({ success: false, errorCode: 'stake_refused' });
      expect(await seamlessCalls(refusedBet.transactionId)).toBe(0);
      expect(await seamlessCalls(betWin.transactionId)).toBe(0);
      expect(await mainBalance(ctx, p)).toBe(9_000n);
      // A win settles an earlier stake: not a stake, not asked.
      const win = {
        transactionId: randomUUID(),
        roundId,
        gameId,
        currency: 'MYR',
        betTransactionId: placed.transactionId,
      };
      expect(await send('win', { ...win, amount: '20.00' })).toMatchObject({
        success: true,
        value: { balance: '110.00' },
      });

      // Nothing of the refused calls was kept: the same ids go through once the gate lets them.
      await restoreStakeGates(ctx.db);
      expect(await send('bet', refusedBet)).toMatchObject({ success: true, value: { balance: '105.00' } });
      expect(await send('betWin', betWin)).toMatchObject({ success: true, value: { balance: '107.00' } });
    },
  );

  it('lottery: a bet and a chase are refused with stake_refused and place nothing', async () => {
    const gameId = await testGame(ctx);
    const n1 = await freshNumero(ctx, gameId, { closeInMs: 10 * 60_000 });
    const m = await lotteryMember(ctx, 10_000n);
    await refuseStakesOf(ctx.db, [m.id]);
    const order = {
      gameId,
      currentNumero: n1.numero,
      bettingSlipString: '1||||~1~101~1~1950~1',
      betCartAmountSum: '2.00',
    };
    const plain = await lotteryBet(ctx, m, order);
    expect(plain.body.errorCode).toBe('stake_refused');
    const chase = await lotteryBet(ctx, m, {
      ...order,
      chase: { kind: 'same', numeros: 2 },
      orderType: 'chase',
    });
    expect(chase.body.errorCode).toBe('stake_refused');
    expect(await mainBalance(ctx, m)).toBe(10_000n);
    const orders = await ctx.db
      .selectFrom('lottery_orders')
      .select('id')
      .where('member_id', '=', m.id)
      .execute();
    expect(orders).toEqual([]);
    const chases = await ctx.db
      .selectFrom('lottery_chases')
      .select('id')
      .where('member_id', '=', m.id)
      .execute();
    expect(chases).toEqual([]);
  });

  it("lottery: a chase's next step, staked by the chase job, is refused with stake_refused and moves nothing", async () => {
    const gameId = await testGame(ctx);
    const numeros: TestNumero[] = [];
    for (const minutes of [10, 20])
      numeros.push(await freshNumero(ctx, gameId, { closeInMs: minutes * 60_000 }));
    const [n1] = numeros as [TestNumero];
    const m = await lotteryMember(ctx, 10_000n);
    const losing = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9].find((d) => d !== digitsOf(n1)[0]) as number;
    const placed = await lotteryBet(ctx, m, {
      gameId,
      currentNumero: n1.numero,
      bettingSlipString: `${losing}||||~1~101~1~1950~1`,
      betCartAmountSum: '2.00',
      chase: { kind: 'same', numeros: 2 },
      orderType: 'chase',
    });
    expect(placed.body.errorCode).toBe('');
    const chaseId = placed.body.value.chase?.chaseId as string;
    const at = await afterDraw(ctx, n1);
    await drawNumero(ctx.db, n1.id, at);
    await settleNumero(ctx.db, n1.id, at);

    await refuseStakesOf(ctx.db, [m.id]);
    // The job goes on (other chases are not held up); the refused step stays pending for a later run.
    expect(await advanceChases(ctx.db, at)).toBe(0);
    const steps = await ctx.db
      .selectFrom('lottery_chase_steps')
      .select('status')
      .where('chase_id', '=', chaseId)
      .orderBy('step')
      .execute();
    expect(steps.map((s) => s.status)).toEqual(['placed', 'pending']);
    expect(await mainBalance(ctx, m)).toBe(9_600n);

    await restoreStakeGates(ctx.db);
    expect(await advanceChases(ctx.db, at)).toBe(1);
    const after = await ctx.db
      .selectFrom('lottery_chase_steps')
      .select('status')
      .where('chase_id', '=', chaseId)
      .orderBy('step')
      .execute();
    expect(after.map((s) => s.status)).toEqual(['placed', 'placed']);
  });
});
