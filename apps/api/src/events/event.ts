import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * The platform's events, read from the ledger's journal (append-only, so the journal is the outbox):
 * each event type is a set of journal entry kinds. An entry of another kind is no event (yet): the
 * consumers' cursors pass over it.
 */
export const LEDGER_EVENT_KINDS = {
  /** A seamless-wallet call that moved money: a bet's stake, a win, a bet and its win at once, a rollback. */
  bet_settled: ['seamless_bet', 'seamless_win', 'seamless_bet_win', 'seamless_rollback'],
  /** A deposit credited to a member's main wallet (approved or paid by the gateway). */
  deposit_credited: ['deposit'],
  /** A withdrawal paid out to the member (its hold moves to the payment provider). */
  withdrawal_paid: ['withdrawal_paid'],
  /**
   * The lottery's money of an order (the lottery's ledger entries, metadata `orderId` and
   * `memberId`): its stake taken (`lottery_bet`, or `lottery_chase_stake` from a chase's hold), its
   * win paid, its stake refunded (a cancelled order or numero).
   */
  lottery_order_moved: ['lottery_bet', 'lottery_chase_stake', 'lottery_win', 'lottery_refund'],
} as const satisfies Record<string, readonly string[]>;

export type LedgerEventType = keyof typeof LEDGER_EVENT_KINDS;

const TYPE_OF_KIND = new Map<string, LedgerEventType>(
  Object.entries(LEDGER_EVENT_KINDS).flatMap(([type, kinds]) =>
    kinds.map((kind) => [kind, type as LedgerEventType] as const),
  ),
);

/** The event type of a journal entry kind, or null when the kind is no event. */
export function eventTypeOf(kind: string): LedgerEventType | null {
  return TYPE_OF_KIND.get(kind) ?? null;
}

/** One leg of the entry, with what the consumer needs to know of its account. */
export type EventPosting = {
  accountId: string;
  /** ledger_accounts.kind: member_main, member_vendor, vendor, house, payment_provider, ... */
  accountKind: string;
  memberId: string | null;
  vendorId: string | null;
  /** Minor units; negative debits the account. */
  amount: bigint;
  currency: string;
};

/** A journal entry as an event. `(txId, entryId)` is its position in the feed. */
export type LedgerEvent = {
  type: LedgerEventType;
  /** The journal entry kind (e.g. `seamless_rollback`). */
  kind: string;
  entryId: string;
  /** The id of the transaction that wrote the entry (xid8 as decimal text). */
  txId: string;
  brandId: string;
  reference: string;
  metadata: Record<string, unknown>;
  createdAt: Date;
  postings: EventPosting[];
};

export type EventTx = Transaction<Database>;

/**
 * A reader of the feed with its own cursor. Delivery is at least once: `handle` runs in the
 * transaction that then advances the cursor (both commit or neither), and must be idempotent
 * (a consumer whose cursor is reset, or a handler with effects outside the database, sees an
 * event again). A handler that throws stops its consumer at that batch (the error is kept on the
 * cursor row and the batch retried on the next poll); the other consumers go on.
 */
export type EventConsumer = {
  /** Unique, lower-case snake case: the cursor row's key. */
  name: string;
  /** The event types delivered to `handle`; entries of other types only move the cursor. */
  events: readonly LedgerEventType[];
  /** Applies a batch (in feed order, possibly empty of interest, never empty). */
  handle: (trx: EventTx, events: readonly LedgerEvent[]) => Promise<void>;
};
