import { describe, expect, it } from 'vitest';
import { bet, freshNumero, lotteryMember, testGame } from '../../../test/lottery.ts';
import { reconcileAfterEach } from '../../../test/money.ts';
import { createBrand, setupTestApp } from '../../../test/support.ts';
import { orderCategories } from './records.service.ts';

const ctx = setupTestApp();
reconcileAfterEach(ctx);

describe('orderCategories (published for the rewards turnover)', () => {
  it("answers each of the brand's orders with its game's category, and nothing for another brand", async () => {
    const gameId = await testGame(ctx);
    const n = await freshNumero(ctx, gameId);
    const m = await lotteryMember(ctx, 10_000n);
    const placed = await bet(ctx, m, {
      gameId,
      currentNumero: n.numero,
      bettingSlipString: '1||||~1~101~1~1950~1',
      betCartAmountSum: '2.00',
    });
    const orderId = placed.body.value.order.orderId;
    const brandId = (
      await ctx.db
        .selectFrom('lottery_games')
        .select('brand_id')
        .where('id', '=', gameId)
        .executeTakeFirstOrThrow()
    ).brand_id;
    expect(Object.fromEntries(await orderCategories(ctx.db, brandId, [orderId, '999999999', 'x']))).toEqual({
      [orderId]: 'ELOTT',
    });
    const other = await createBrand(ctx.db);
    expect((await orderCategories(ctx.db, other.id, [orderId])).size).toBe(0);
    expect((await orderCategories(ctx.db, brandId, [])).size).toBe(0);
  });
});
