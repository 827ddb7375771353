import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.ts';
import { DOMAIN_MODULES } from '../modules.ts';
import type { EventConsumer, EventPosting, JournalEntry } from './event.ts';
import { CategoryCache, deriveFacts } from './facts.ts';
import {
  advanceCursor,
  type Cursor,
  ensureCursor,
  entriesAfter,
  type FeedPosting,
  feedHead,
  lockCursor,
  postingsOf,
  recordError,
} from './feed.repository.ts';
import { type DeclaredKind, LEDGER_KINDS } from './ledger-kinds.ts';
import { FACTS_OF, type FactType } from './money-facts.ts';

/** Every domain's event consumers, from the module list. */
export const PLATFORM_CONSUMERS: readonly EventConsumer[] = DOMAIN_MODULES.flatMap((m) => m.consumers ?? []);

/** Categories found by the feed in this process, per database: shared by all its consumers. */
const categoryCaches = new WeakMap<Db, CategoryCache>();
function categoryCacheOf(db: Db): CategoryCache {
  let cache = categoryCaches.get(db);
  if (!cache) {
    cache = new CategoryCache();
    categoryCaches.set(db, cache);
  }
  return cache;
}

/** Entries read (and handled) per transaction: bounds the time a batch holds its cursor row. */
export const DEFAULT_BATCH_SIZE = 500;
/** Pause between polls when every consumer has caught up. */
export const DEFAULT_POLL_MS = 1_000;

export type BatchResult =
  /** Another process holds this consumer's cursor. */
  | { status: 'busy' }
  /** `read` entries passed (0: caught up), `delivered` of them had facts of the consumer's types. */
  | { status: 'done'; read: number; delivered: number };

function toPosting(row: FeedPosting): EventPosting {
  return {
    accountId: row.account_id,
    accountKind: row.account_kind,
    memberId: row.member_id,
    vendorId: row.vendor_id,
    amount: BigInt(row.amount),
    currency: row.currency,
  };
}

/**
 * One batch of one consumer, in one transaction: lock its cursor (skipped when another process
 * holds it; drainConsumer creates it first), read the next entries behind the oldest transaction in flight, hand over the facts
 * of its types (derived from the entries of declared kinds, categories included), move the cursor
 * past everything read. The handler's writes and the cursor commit together; a handler error rolls
 * both back, is recorded on the cursor row, and is thrown.
 */
export async function consumeBatch(
  db: Db,
  consumer: EventConsumer,
  batchSize: number = DEFAULT_BATCH_SIZE,
  kinds: ReadonlyMap<string, DeclaredKind> = LEDGER_KINDS,
): Promise<BatchResult> {
  const wanted = new Set<FactType>(consumer.facts);
  try {
    return await db.transaction().execute(async (trx): Promise<BatchResult> => {
      const cursor = await lockCursor(trx, consumer.name);
      if (!cursor) return { status: 'busy' };
      const entries = await entriesAfter(trx, cursor, batchSize);
      const last = entries.at(-1);
      if (!last) return { status: 'done', read: 0, delivered: 0 };
      const chosen = entries.filter((entry) => {
        const declared = kinds.get(entry.kind);
        return declared !== undefined && FACTS_OF[declared.means].some((t) => wanted.has(t));
      });
      if (chosen.length > 0) {
        const byEntry = new Map<string, EventPosting[]>();
        for (const row of await postingsOf(
          trx,
          chosen.map((c) => c.id),
        )) {
          const list = byEntry.get(row.entry_id) ?? [];
          list.push(toPosting(row));
          byEntry.set(row.entry_id, list);
        }
        const read: JournalEntry[] = chosen.map((entry) => ({
          kind: entry.kind,
          entryId: entry.id,
          txId: entry.tx_id,
          brandId: entry.brand_id,
          reference: entry.reference,
          metadata: entry.metadata,
          createdAt: entry.created_at,
          postings: byEntry.get(entry.id) ?? [],
        }));
        const facts = await deriveFacts(
          trx,
          read,
          kinds,
          wanted,
          consumer.categories === false ? false : categoryCacheOf(db),
        );
        if (facts.length > 0) await consumer.handle(trx, facts);
      }
      const next: Cursor = { name: consumer.name, txId: last.tx_id, entryId: last.id };
      await advanceCursor(trx, next, entries.length);
      return { status: 'done', read: entries.length, delivered: chosen.length };
    });
  } catch (error) {
    await recordError(db, consumer.name, error instanceof Error ? error.message : String(error)).catch(
      () => undefined,
    );
    throw error;
  }
}

/** Cursor rows this process has made sure of, per database. */
const cursorsCreated = new WeakMap<Db, Set<string>>();

/** Batches per drain of one consumer in a poll. */
const DRAIN_BATCHES = 20;

/** Batches of one consumer until it has caught up (or `maxBatches`): the number of entries read. */
export async function drainConsumer(
  db: Db,
  consumer: EventConsumer,
  options: { batchSize?: number; maxBatches?: number } = {},
): Promise<number> {
  return (await drain(db, consumer, options)).read;
}

/**
 * drainConsumer's batches, and whether they left the consumer caught up (false when another process
 * held its cursor or the batch limit stopped them).
 */
async function drain(
  db: Db,
  consumer: EventConsumer,
  options: { batchSize?: number; maxBatches?: number },
): Promise<{ read: number; caughtUp: boolean }> {
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  const known = cursorsCreated.get(db) ?? new Set<string>();
  if (!known.has(consumer.name)) {
    await ensureCursor(db, consumer.name);
    known.add(consumer.name);
    cursorsCreated.set(db, known);
  }
  let read = 0;
  for (let i = 0; i < (options.maxBatches ?? DRAIN_BATCHES); i += 1) {
    const result = await consumeBatch(db, consumer, batchSize);
    if (result.status === 'busy') return { read, caughtUp: false };
    read += result.read;
    if (result.read < batchSize) return { read, caughtUp: true };
  }
  return { read, caughtUp: false };
}

export type EventRunner = { stop: () => Promise<void> };

/**
 * Polls every consumer (processes with the worker role): each poll drains what is readable, then
 * waits `pollMs`. A failing consumer is logged and retried on the next poll; the others go on.
 * `stop()` ends the loop after the batch in flight.
 *
 * Idle (issue 23): a poll first reads the feed's head (one index-only statement). When it is the
 * head of the last full poll, that head was readable then (no older transaction in flight) and that
 * poll left every consumer caught up (none busy in another process, none failed, none stopped by
 * its batch limit), nothing can have appeared for any consumer, and the poll ends there: one
 * statement a second instead of a transaction of four statements per consumer. An entry committed
 * later, by any process, moves the head.
 */
export function startEventRunner(
  db: Db,
  log: Pick<FastifyBaseLogger, 'info' | 'error'>,
  consumers: readonly EventConsumer[],
  options: { pollMs?: number; batchSize?: number } = {},
): EventRunner {
  const pollMs = options.pollMs ?? DEFAULT_POLL_MS;
  const controller = new AbortController();
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  /** The head every consumer had caught up with at the last full poll (undefined: none such). */
  let caughtUpTo: string | null | undefined;
  const loop = (async () => {
    while (!controller.signal.aborted) {
      let head: { key: string | null; readable: boolean } | null = null;
      try {
        head = await feedHead(db);
      } catch (err) {
        log.error({ err }, 'event feed head unreadable');
      }
      if (head === null || caughtUpTo === undefined || head.key !== caughtUpTo) {
        let clean = head?.readable === true;
        for (const consumer of consumers) {
          if (controller.signal.aborted) break;
          try {
            const { read, caughtUp } = await drain(db, consumer, { batchSize });
            if (read > 0) log.info({ consumer: consumer.name, read }, 'event consumer advanced');
            if (!caughtUp) clean = false;
          } catch (err) {
            clean = false;
            log.error({ err, consumer: consumer.name }, 'event consumer failed');
          }
        }
        caughtUpTo = clean && head !== null && !controller.signal.aborted ? head.key : undefined;
      }
      await sleep(pollMs, undefined, { signal: controller.signal, ref: false }).catch(() => undefined);
    }
  })();
  return {
    stop: async () => {
      controller.abort();
      await loop;
    },
  };
}
