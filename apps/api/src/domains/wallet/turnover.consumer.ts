import type { EventConsumer, LedgerEvent } from '../../events/event.ts';
import {
  addTurnover,
  type TurnoverDelta,
  type TurnoverKey,
  type TurnoverPosition,
  turnoverPositions,
} from './turnover.repository.ts';

/** Accounts that are a member's wallet: a bet's stake leaves one, a win's payout arrives in one. */
const MEMBER_WALLETS = new Set(['member_main', 'member_vendor']);

const keyOf = (k: TurnoverKey) => `${k.brandId}|${k.memberId}|${k.day}|${k.vendorId}|${k.currency}`;

/** (txId, entryId) order of the feed: true when a is after b. */
export function isAfter(a: { txId: string; entryId: string }, b: { txId: string; entryId: string }): boolean {
  const ta = BigInt(a.txId);
  const tb = BigInt(b.txId);
  return ta !== tb ? ta > tb : BigInt(a.entryId) > BigInt(b.entryId);
}

/**
 * What one seamless entry adds to its member's day: a bet (or bet-and-win) counts one bet and its
 * stake (the wallet's debit), a win or the win of a bet-and-win its payout (the wallet's credit),
 * a rollback takes its bet back (one bet less, the refunded stake off). Null for an entry without a
 * member wallet or vendor leg (none is written today).
 */
export function turnoverOf(event: LedgerEvent): Omit<TurnoverDelta, 'lastTxId' | 'lastEntryId'> | null {
  const wallet = event.postings.find((p) => MEMBER_WALLETS.has(p.accountKind) && p.memberId);
  const vendor = event.postings.find((p) => p.accountKind === 'vendor' && p.vendorId);
  if (!wallet?.memberId || !vendor?.vendorId) return null;
  let debits = 0n;
  let credits = 0n;
  for (const p of event.postings) {
    if (p.accountId !== wallet.accountId) continue;
    if (p.amount < 0n) debits -= p.amount;
    else credits += p.amount;
  }
  const key = {
    brandId: event.brandId,
    memberId: wallet.memberId,
    day: event.createdAt.toISOString().slice(0, 10),
    vendorId: vendor.vendorId,
    currency: wallet.currency,
  };
  switch (event.kind) {
    case 'seamless_bet':
      return { ...key, bets: 1n, stake: debits, payout: 0n };
    case 'seamless_bet_win':
      return { ...key, bets: 1n, stake: debits, payout: credits };
    case 'seamless_win':
      return { ...key, bets: 0n, stake: 0n, payout: credits };
    case 'seamless_rollback':
      return { ...key, bets: -1n, stake: -credits, payout: 0n };
    default:
      return null;
  }
}

/**
 * Sums a batch per row, leaving out each event a row has already applied (its position is not
 * after the row's last one): a redelivered batch, or one that overlaps an applied one, counts once.
 */
export function turnoverDeltas(
  events: readonly LedgerEvent[],
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
export const memberDailyTurnover: EventConsumer = {
  name: 'member_daily_turnover',
  events: ['bet_settled'],
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
