/**
 * Settlement and refunds of a numero, set-based and in batches (issue 14 "Draws").
 *
 * Settling a drawn numero reads its placed orders in id order, BATCH at a time, computes each
 * order's payout in memory (DrawSettler: each distinct slip is evaluated once), then in one
 * transaction per batch moves the batch's orders placed -> won/lost with one UPDATE (only rows
 * still placed: a concurrent or earlier run settled the others) and pays exactly the winners that
 * UPDATE returned, one journal entry per winning order (key `lottery:order:<id>:win`), all posted
 * by one set of statements. A rerun finds nothing placed and pays nothing; the numero becomes
 * settled when none of its orders is left. Cancelling a numero refunds each placed order the same
 * way (key `lottery:order:<id>:refund`, the key a member's own cancel uses too, so an order is
 * never refunded twice).
 */
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { lotteryMoney, postTransfers, type Transfer } from './lottery-money.ts';
import {
  cancelledWithPlacedOrders,
  findNumero,
  lockNumero,
  numerosWithStatus,
  setCancelled,
  setSettled,
  shareNumero,
} from './numero.repository.ts';
import { markRefunded, markSettled, placedOrders } from './order.repository.ts';
import { DrawSettler, toDraw } from './slips.ts';

/** Orders per settlement transaction: short row locks on the wallets, few statements per order. */
export const SETTLE_BATCH = 5_000;

export type SettleOutcome = { settled: number; won: number; paid: bigint };

async function brandCurrency(db: Db, brandId: string): Promise<string> {
  const row = await db
    .selectFrom('brands')
    .select('currency')
    .where('id', '=', brandId)
    .executeTakeFirstOrThrow();
  return row.currency;
}

/** Settles every placed order of a drawn numero; idempotent. */
export async function settleNumero(
  db: Db,
  numeroId: string,
  now: Date = new Date(),
  batch = SETTLE_BATCH,
): Promise<SettleOutcome> {
  const numero = await findNumero(db, numeroId);
  if (numero?.status !== 'drawn' || !numero.result) return { settled: 0, won: 0, paid: 0n };
  const currency = await brandCurrency(db, numero.brand_id);
  const settler = new DrawSettler(toDraw(numero.result));
  const outcome: SettleOutcome = { settled: 0, won: 0, paid: 0n };
  let after = '0';
  for (;;) {
    const orders = await placedOrders(db, numeroId, after, batch);
    if (orders.length === 0) break;
    after = (orders[orders.length - 1] as (typeof orders)[number]).id;
    const payouts = orders.map((order) => ({ order, payout: settler.payout(order.slips, order.odds) }));
    const done = await lotteryMoney(db, async (trx) => {
      const locked = await shareNumero(trx, numeroId);
      if (locked?.status !== 'drawn') return null;
      const settled = await markSettled(
        trx,
        payouts.map((p) => ({ id: p.order.id, payout: p.payout })),
        now,
      );
      const wins: Transfer[] = payouts
        .filter((p) => p.payout > 0n && settled.has(p.order.id))
        .map((p) => ({
          key: `lottery:order:${p.order.id}:win`,
          kind: 'lottery_win',
          reference: `lottery:order:${p.order.id}`,
          metadata: { orderId: p.order.id, memberId: p.order.member_id },
          from: p.order.house_account_id,
          to: p.order.wallet_account_id,
          amount: p.payout,
        }));
      await postTransfers(trx, numero.brand_id, currency, wins);
      return { settled: settled.size, won: wins.length, paid: wins.reduce((sum, w) => sum + w.amount, 0n) };
    });
    if (!done) break;
    outcome.settled += done.settled;
    outcome.won += done.won;
    outcome.paid += done.paid;
  }
  await setSettled(db, numeroId, now);
  return outcome;
}

/** The settle job: every drawn numero. */
export async function settleDrawnNumeros(db: Db, now: Date): Promise<number> {
  let settled = 0;
  for (const { id } of await numerosWithStatus(db, 'drawn'))
    settled += (await settleNumero(db, id, now)).settled;
  return settled;
}

/** Refunds every placed order of a cancelled numero; idempotent. */
export async function refundNumero(db: Db, numeroId: string, now: Date = new Date()): Promise<number> {
  const numero = await findNumero(db, numeroId);
  if (numero?.status !== 'cancelled') return 0;
  const currency = await brandCurrency(db, numero.brand_id);
  let refunded = 0;
  let after = '0';
  for (;;) {
    const orders = await placedOrders(db, numeroId, after, SETTLE_BATCH);
    if (orders.length === 0) return refunded;
    after = (orders[orders.length - 1] as (typeof orders)[number]).id;
    refunded += await lotteryMoney(db, async (trx) => {
      const done = await markRefunded(
        trx,
        orders.map((o) => o.id),
        now,
      );
      await postTransfers(
        trx,
        numero.brand_id,
        currency,
        orders
          .filter((o) => done.has(o.id))
          .map((o) => ({
            key: `lottery:order:${o.id}:refund`,
            kind: 'lottery_refund',
            reference: `lottery:order:${o.id}`,
            metadata: { orderId: o.id, memberId: o.member_id },
            from: o.house_account_id,
            to: o.wallet_account_id,
            amount: BigInt(o.amount),
          })),
      );
      return done.size;
    });
  }
}

/**
 * Cancels a numero that cannot be drawn (open or closed, never once drawn: its result is public)
 * and refunds every order of it exactly once. `audit` writes the operator's audit row in the
 * transaction of the state change. Answers the number of orders refunded.
 */
export async function cancelNumero(
  db: Db,
  numeroId: string,
  reason: string,
  now: Date = new Date(),
  audit?: (trx: Parameters<Parameters<typeof lotteryMoney>[1]>[0]) => Promise<unknown>,
): Promise<number> {
  const cancelled = await lotteryMoney(db, async (trx) => {
    const numero = await lockNumero(trx, numeroId);
    if (!numero) throw new AppError('lottery_numero_not_found');
    if (!(await setCancelled(trx, numeroId, reason, now))) return false;
    if (audit) await audit(trx);
    return true;
  });
  if (!cancelled) throw new AppError('lottery_numero_state_invalid');
  return refundNumero(db, numeroId, now);
}

/** Sweep: cancelled numeros whose refunds stopped half way are refunded to the end. */
export async function refundCancelledNumeros(db: Db, now: Date): Promise<number> {
  let refunded = 0;
  for (const { id } of await cancelledWithPlacedOrders(db)) refunded += await refundNumero(db, id, now);
  return refunded;
}
