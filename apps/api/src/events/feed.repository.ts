import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { EventTx } from './event.ts';

export type Cursor = { name: string; txId: string; entryId: string };

export type FeedEntry = {
  id: string;
  tx_id: string;
  brand_id: string;
  kind: string;
  reference: string;
  metadata: Record<string, unknown>;
  created_at: Date;
};

export type FeedPosting = {
  entry_id: string;
  account_id: string;
  account_kind: string;
  member_id: string | null;
  vendor_id: string | null;
  amount: string;
  currency: string;
};

/** The consumer's cursor row, created at the start of the journal when it is new. */
export async function ensureCursor(db: Db, name: string): Promise<void> {
  await db
    .insertInto('event_consumers')
    .values({ name })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
}

/** Locks the cursor for this transaction; null when another process is handling this consumer. */
export async function lockCursor(trx: EventTx, name: string): Promise<Cursor | null> {
  const row = await trx
    .selectFrom('event_consumers')
    .select(['name', sql<string>`last_tx_id::text`.as('tx_id'), 'last_entry_id'])
    .where('name', '=', name)
    .forUpdate()
    .skipLocked()
    .executeTakeFirst();
  return row ? { name: row.name, txId: row.tx_id, entryId: row.last_entry_id } : null;
}

/**
 * The feed's head: the newest journal entry in (tx_id, id) order (null when there is none) and
 * whether every transaction up to it has ended (its tx_id below the oldest one still in flight), so
 * that a consumer's read would reach it. One index-only read (journal_entries_feed_idx).
 */
export async function feedHead(db: Db): Promise<{ key: string | null; readable: boolean }> {
  const row = await sql<{ tx_id: string | null; id: string | null; readable: boolean | null }>`
      select head.tx_id::text as tx_id, head.id::text as id,
             head.tx_id < pg_snapshot_xmin(pg_current_snapshot()) as readable
      from (select null::xid8 as none) nothing
      left join lateral (
        select tx_id, id from journal_entries order by tx_id desc, id desc limit 1
      ) head on true`.execute(db);
  const head = row.rows[0];
  if (!head || head.tx_id === null) return { key: null, readable: true };
  return { key: `${head.tx_id}:${head.id}`, readable: head.readable === true };
}

/**
 * The next entries after the cursor in (tx_id, id) order, only those written by transactions older
 * than the oldest one still in flight: every such transaction has ended, so no entry can appear
 * later before the last one read (an entry committed out of id order waits, it is never skipped).
 */
export async function entriesAfter(trx: EventTx, cursor: Cursor, limit: number): Promise<FeedEntry[]> {
  return trx
    .selectFrom('journal_entries')
    .select([
      'id',
      sql<string>`tx_id::text`.as('tx_id'),
      'brand_id',
      'kind',
      'reference',
      'metadata',
      'created_at',
    ])
    .where(sql<boolean>`(tx_id, id) > (${cursor.txId}::xid8, ${cursor.entryId}::bigint)`)
    .where(sql<boolean>`tx_id < pg_snapshot_xmin(pg_current_snapshot())`)
    .orderBy('tx_id')
    .orderBy('id')
    .limit(limit)
    .execute();
}

export async function postingsOf(trx: EventTx, entryIds: readonly string[]): Promise<FeedPosting[]> {
  if (entryIds.length === 0) return [];
  return trx
    .selectFrom('postings as p')
    .innerJoin('ledger_accounts as a', 'a.id', 'p.account_id')
    .select([
      'p.entry_id',
      'p.account_id',
      'a.kind as account_kind',
      'a.member_id',
      'a.vendor_id',
      sql<string>`p.amount::text`.as('amount'),
      'p.currency',
    ])
    .where('p.entry_id', 'in', entryIds)
    .orderBy('p.id')
    .execute();
}

export async function advanceCursor(trx: EventTx, cursor: Cursor, read: number): Promise<void> {
  await trx
    .updateTable('event_consumers')
    .set({
      last_tx_id: sql<string>`${cursor.txId}::xid8`,
      last_entry_id: cursor.entryId,
      consumed: sql<string>`consumed + ${read}`,
      updated_at: sql<Date>`now()`,
      last_error: '',
      last_error_at: null,
    })
    .where('name', '=', cursor.name)
    .execute();
}

export async function recordError(db: Db, name: string, error: string): Promise<void> {
  await db
    .updateTable('event_consumers')
    .set({ last_error: error.slice(0, 2000), last_error_at: sql<Date>`now()` })
    .where('name', '=', name)
    .execute();
}

/** How far each cursor (every consumer that ever ran) is behind, counted in one brand's entries. */
export type ConsumerLagRow = {
  name: string;
  tx_id: string;
  last_entry_id: string;
  updated_at: Date;
  last_error: string;
  behind: string;
  oldest_pending: Date | null;
};

/** Counting stops at this many entries (an index range scan; the dashboard says "10000+"). */
export const LAG_COUNT_CAP = 10_000;

export async function consumerLag(db: Db, brandId: string): Promise<ConsumerLagRow[]> {
  return db
    .selectFrom('event_consumers as c')
    .select([
      'c.name',
      sql<string>`c.last_tx_id::text`.as('tx_id'),
      'c.last_entry_id',
      'c.updated_at',
      'c.last_error',
      sql<string>`(select count(*) from (
        select 1 from journal_entries e
        where (e.tx_id, e.id) > (c.last_tx_id, c.last_entry_id) and e.brand_id = ${brandId}
        limit ${LAG_COUNT_CAP + 1}) s)`.as('behind'),
      sql<Date | null>`(select e.created_at from journal_entries e
        where (e.tx_id, e.id) > (c.last_tx_id, c.last_entry_id) and e.brand_id = ${brandId}
        order by e.tx_id, e.id limit 1)`.as('oldest_pending'),
    ])
    .orderBy('c.name')
    .execute();
}
