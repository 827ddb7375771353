import { type Kysely, sql } from 'kysely';
import { LIVE_PLACE_BET_0005 } from './0005_live_bet_arrival.ts';

/**
 * Repeatable migrations (@lotus/db-repeatable, the mechanism of the platform API's migration 0012):
 * the checksum of each function file applied, so the vendor's migrator re-applies a file only when
 * it changed. From here on `live_place_bet`'s one source is live/sql/live_place_bet.sql.
 *
 * Migrations 0004 and 0005 keep the bodies they wrote, as the API kept 0008 and 0011's: a migration
 * that ran on a database is history and is not rewritten, their down() still restores the version
 * before them, and a fresh database simply runs them and then gets the file's current body (every
 * file is applied whenever an ordinary migration ran); a database migrated before this converges the
 * same way. The table has the vendor's own name, like its `house_vendor_migrations`, so it never
 * meets the platform's `repeatable_migrations`.
 */
export const VENDOR_REPEATABLE_TABLE = 'house_vendor_repeatable_migrations';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table ${sql.table(VENDOR_REPEATABLE_TABLE)} (
      name text primary key,
      checksum text not null,
      applied_at timestamptz not null default now()
    )`.execute(db);
}

/** The files' functions go; live_place_bet gets back 0005's body. */
export async function down(db: Kysely<unknown>): Promise<void> {
  const found = await sql<{ signature: string }>`
    select p.oid::regprocedure::text as signature from pg_proc p
      where p.proname = 'live_place_bet' and p.pronamespace = current_schema()::regnamespace`.execute(db);
  for (const f of found.rows) await sql.raw(`drop function ${f.signature}`).execute(db);
  await LIVE_PLACE_BET_0005.execute(db);
  await sql`drop table ${sql.table(VENDOR_REPEATABLE_TABLE)}`.execute(db);
}
