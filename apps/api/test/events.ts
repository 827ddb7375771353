import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import type { Db } from '../src/db/database.ts';
import type { EventConsumer, EventTx, JournalEntry } from '../src/events/event.ts';
import { deriveFacts, factsOf } from '../src/events/facts.ts';
import { LEDGER_KINDS } from '../src/events/ledger-kinds.ts';
import type { MoneyFact } from '../src/events/money-facts.ts';
import { drainConsumer } from '../src/events/runner.ts';

/**
 * Waits until every journal entry written so far is readable by the event feed. The feed reads an
 * entry once every transaction older than it has ended, in any database of the server
 * (feed.repository.ts): on a PostgreSQL server shared with other test files (the parallel workers,
 * the other projects) that may take a moment after the entry committed.
 */
export async function feedReadable(db: Db, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    const { rows } = await sql<{ readable: boolean }>`
      select coalesce((select tx_id from journal_entries order by tx_id desc limit 1)
                      < pg_snapshot_xmin(pg_current_snapshot()), true) as readable`.execute(db);
    if (rows[0]?.readable) return;
    if (Date.now() > deadline) throw new Error('the event feed did not catch up with the journal');
    await sleep(10);
  }
}

/** Drains a consumer over everything written so far (see feedReadable). */
export async function drainWritten(
  db: Db,
  consumer: EventConsumer,
  options: { batchSize?: number; maxBatches?: number } = {},
): Promise<number> {
  await feedReadable(db);
  return drainConsumer(db, consumer, options);
}

/** Kinds the ledger's own tests post to exercise its primitives (no module posts them). */
const TEST_KINDS: ReadonlySet<string> = new Set(['test', 'test_debit', 'raw', 'bad']);

/**
 * The journal kinds in the database that no module declares (docs/money-facts.md): checked after
 * every money test (reconcileAfterEach), so every writer a test exercises has declared its kind.
 */
export async function undeclaredKinds(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('journal_entries').select('kind').distinct().execute();
  return rows
    .map((r) => r.kind)
    .filter((k) => !LEDGER_KINDS.has(k) && !TEST_KINDS.has(k))
    .sort();
}

/** The facts of one entry as the feed derives them (its kind must be declared), without categories. */
export function factsOfEntry(entry: JournalEntry): MoneyFact[] {
  const declared = LEDGER_KINDS.get(entry.kind);
  if (!declared) throw new Error(`journal kind ${entry.kind} is declared by no module`);
  return factsOf(entry, declared);
}

/**
 * Hands entries made by a test (no ledger rows needed) to a consumer as the runner would: their
 * facts of the consumer's types, categories looked up in `trx`.
 */
export async function deliverEntries(
  trx: EventTx,
  consumer: EventConsumer,
  entries: readonly JournalEntry[],
): Promise<void> {
  const facts = await deriveFacts(trx, entries, LEDGER_KINDS, new Set(consumer.facts));
  if (facts.length > 0) await consumer.handle(trx, facts);
}
