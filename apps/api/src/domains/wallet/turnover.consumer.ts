import type { EventConsumer } from '../../events/event.ts';
import { type FactOf, isAfter } from '../../events/money-facts.ts';
import {
  addTurnover,
  type TurnoverDelta,
  type TurnoverKey,
  type TurnoverPosition,
  turnoverPositions,
} from './turnover.repository.ts';

const keyOf = (k: TurnoverKey) => `${k.brandId}|${k.memberId}|${k.day}|${k.vendorId}|${k.currency}`;

type GameFactOf = FactOf<'stake_placed' | 'stake_returned' | 'win_paid'>;

/**
 * What one fact of a vendor game adds to its member's day: a stake counts one bet and its amount, a
 * win its payout, a returned stake takes its bet back (one bet less, the refunded stake off); a bet
 * and its win in one call are its two facts. Null for another product, or without a member or a
 * vendor (none is written today).
 */
export function turnoverOf(fact: GameFactOf): Omit<TurnoverDelta, 'lastTxId' | 'lastEntryId'> | null {
  if (fact.product !== 'vendor_games' || !fact.memberId || !fact.vendorId) return null;
  const key = {
    brandId: fact.brandId,
    memberId: fact.memberId,
    day: fact.createdAt.toISOString().slice(0, 10),
    vendorId: fact.vendorId,
    currency: fact.currency,
  };
  switch (fact.type) {
    case 'stake_placed':
      return { ...key, bets: 1n, stake: fact.amount, payout: 0n };
    case 'win_paid':
      return { ...key, bets: 0n, stake: 0n, payout: fact.amount };
    case 'stake_returned':
      return { ...key, bets: -1n, stake: -fact.amount, payout: 0n };
  }
}

/**
 * Sums a batch per row, leaving out each event a row has already applied (its position is not
 * after the row's last one): a redelivered batch, or one that overlaps an applied one, counts once.
 */
export function turnoverDeltas(
  events: readonly GameFactOf[],
  applied: readonly TurnoverPosition[],
): TurnoverDelta[] {
  const positions = new Map(applied.map((p) => [keyOf(p), p]));
  const deltas = new Map<string, TurnoverDelta>();
  for (const event of events) {
    const change = turnoverOf(event);
    if (!change) continue;
    const k = keyOf(change);
    const position = { txId: event.txId, entryId: event.entryId };
    const last = positions.get(k);
    if (last && !isAfter(position, { txId: last.lastTxId, entryId: last.lastEntryId })) continue;
    const sum = deltas.get(k);
    if (!sum) {
      deltas.set(k, { ...change, lastTxId: event.txId, lastEntryId: event.entryId });
      continue;
    }
    sum.bets += change.bets;
    sum.stake += change.stake;
    sum.payout += change.payout;
    if (isAfter(position, { txId: sum.lastTxId, entryId: sum.lastEntryId })) {
      sum.lastTxId = event.txId;
      sum.lastEntryId = event.entryId;
    }
  }
  return [...deltas.values()];
}

/**
 * Per member, UTC day and vendor: bets, stake, payout and net (payout - stake) of the seamless
 * wallet, read by the betting record's totals and later by VIP and rebate.
 */
export const memberDailyTurnover: EventConsumer<GameFactOf['type']> = {
  name: 'member_daily_turnover',
  facts: ['stake_placed', 'stake_returned', 'win_paid'],
  // Reads no game category: the feed skips the lookups for this consumer.
  categories: false,
  handle: async (trx, events) => {
    const keys = events.flatMap((e) => {
      const t = turnoverOf(e);
      return t ? [t] : [];
    });
    if (keys.length === 0) return;
    const applied = await turnoverPositions(trx, keys);
    await addTurnover(trx, turnoverDeltas(events, applied));
  },
};
