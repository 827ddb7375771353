import { type Kysely, sql } from 'kysely';
import { SEAMLESS_BET_0011, SEAMLESS_WIN_0011 } from './0011_seamless_lighter_writes.ts';

/**
 * Repeatable migrations (@lotus/db-repeatable, packages/db-repeatable): the checksum of each function file applied, so the
 * migrator re-applies a file only when it changed. From here on the seamless functions' one source
 * is their file under domains/vendors/sql; a database migrated before keeps its history and simply
 * gets the current bodies applied after this migration.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table repeatable_migrations (
      name text primary key,
      checksum text not null,
      applied_at timestamptz not null default now()
    )`.execute(db);
}

/** The functions the files added since 0011 go; bet and win get back 0011's bodies. */
const ADDED = [
  'seamless_replay',
  'seamless_player',
  'seamless_round_open',
  'seamless_post',
  'seamless_settler',
  'seamless_rollback',
  'seamless_bet_win',
  'seamless_round_end',
  'seamless_bet',
  'seamless_win',
];

export async function down(db: Kysely<unknown>): Promise<void> {
  const found = await sql<{ signature: string }>`
    select p.oid::regprocedure::text as signature from pg_proc p
      where p.proname in (${sql.join(ADDED)}) and p.pronamespace = current_schema()::regnamespace`.execute(
    db,
  );
  for (const f of found.rows) await sql.raw(`drop function ${f.signature}`).execute(db);
  await SEAMLESS_BET_0011.execute(db);
  await SEAMLESS_WIN_0011.execute(db);
  await sql`drop table repeatable_migrations`.execute(db);
}
