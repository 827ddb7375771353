import { type Kysely, sql } from 'kysely';

/**
 * The commit-time balance check of every journal entry (ledger_entry_balanced, migration 0003) reads
 * the entry's postings by `entry_id`. PL/pgSQL keeps a generic plan per connection, chosen from the
 * table's size when the connection first ran it: a connection opened while `postings` was small kept
 * a sequential scan, so every money movement on it read the whole table until the next ANALYZE
 * (measured: 3,043 full scans of up to 62,000 rows in one benchmark run, most of the database's
 * CPU). Planning each run for its own entry uses the index always, at a planning cost of
 * microseconds.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter function ledger_entry_balanced() set plan_cache_mode = force_custom_plan`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter function ledger_entry_balanced() reset plan_cache_mode`.execute(db);
}
