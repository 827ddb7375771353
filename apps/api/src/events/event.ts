import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { FactOf, FactType } from './money-facts.ts';

/**
 * The platform's events are money facts (money-facts.ts, docs/money-facts.md), derived from the
 * ledger's journal (append-only, so the journal is the outbox): each journal entry kind is declared
 * by the domain that posts it (its module's `ledgerKinds`) with what it means, and the feed turns
 * each entry into the facts of that meaning. An entry of an undeclared kind is no event: the
 * consumers' cursors pass over it (and a test fails, see ledger-kinds.test.ts).
 */

/** One leg of an entry as the feed reads it, with what the facts need of its account. */
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

/**
 * A journal entry with its postings, as the feed reads it: the input of the facts (facts.ts), which
 * no consumer sees. `(txId, entryId)` is its position in the feed.
 */
export type JournalEntry = {
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
 * A reader of the feed with its own cursor, subscribed to money facts. Delivery is at least once:
 * `handle` runs in the transaction that then advances the cursor (both commit or neither), and must
 * be idempotent (a consumer whose cursor is reset, or a handler with effects outside the database,
 * sees a fact again). The facts of one entry are always handed over together, in one batch. A
 * handler that throws stops its consumer at that batch (the error is kept on the cursor row and
 * the batch retried on the next poll); the other consumers go on.
 */
export type EventConsumer<T extends FactType = FactType> = {
  /** Unique, lower-case snake case: the cursor row's key. */
  name: string;
  /** The fact types delivered to `handle`; entries without such facts only move the cursor. */
  facts: readonly T[];
  /**
   * `false` when the consumer never reads a game fact's `category`: the feed then skips the
   * category lookups for its batches (one query per lookup and batch) and hands its facts with
   * `category: null`. Default: looked up, once per entry for all the process's consumers (the
   * feed keeps the answers in a CategoryCache).
   */
  categories?: boolean;
  /** Applies a batch (in feed order, never empty). */
  handle(trx: EventTx, facts: readonly FactOf<T>[]): Promise<void>;
};
