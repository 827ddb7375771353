import type { Kysely } from 'kysely';
import { type Migration, type MigrationProvider, type MigrationResultSet, Migrator } from 'kysely/migration';
import { SEAMLESS_FUNCTIONS } from '../domains/vendors/seamless.sql.ts';
import * as m0001 from './migrations/0001_foundation.ts';
import * as m0002 from './migrations/0002_accounts.ts';
import * as m0003 from './migrations/0003_ledger.ts';
import * as m0004 from './migrations/0004_operators.ts';
import * as m0005 from './migrations/0005_deposits.ts';
import * as m0006 from './migrations/0006_withdrawals.ts';
import * as m0007 from './migrations/0007_wallet.ts';
import * as m0008 from './migrations/0008_seamless_functions.ts';
import * as m0009 from './migrations/0009_ledger_check_plans.ts';
import * as m0010 from './migrations/0010_ledger_check_cached_plan.ts';
import * as m0011 from './migrations/0011_seamless_lighter_writes.ts';
import * as m0012 from './migrations/0012_repeatable_functions.ts';
import * as m0013 from './migrations/0013_event_feed_and_job_runs.ts';
import * as m0015 from './migrations/0015_member_uploads.ts';
import { applyRepeatables, type RepeatableFunction } from './repeatable.ts';
import type { Database } from './schema.ts';

/** Migrations are listed in code (no directory scan), so the same list runs on PGlite and PostgreSQL. */
const migrations: Record<string, Migration> = {
  '0001_foundation': m0001,
  '0002_accounts': m0002,
  '0003_ledger': m0003,
  '0004_operators': m0004,
  '0005_deposits': m0005,
  '0006_withdrawals': m0006,
  '0007_wallet': m0007,
  '0008_seamless_functions': m0008,
  '0009_ledger_check_plans': m0009,
  '0010_ledger_check_cached_plan': m0010,
  '0011_seamless_lighter_writes': m0011,
  '0012_repeatable_functions': m0012,
  '0013_event_feed_and_job_runs': m0013,
  '0015_member_uploads': m0015,
};

class InCodeMigrationProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    return migrations;
  }
}

export function createMigrator(db: Kysely<Database>): Migrator {
  return new Migrator({ db, provider: new InCodeMigrationProvider() });
}

/** The functions kept as repeatable migrations (db/repeatable.ts), applied after the ordinary ones. */
export const REPEATABLE_FUNCTIONS: RepeatableFunction[] = [...SEAMLESS_FUNCTIONS];

/**
 * Applies every pending migration, then the repeatable function files whose checksum changed (all
 * of them when an ordinary migration ran, which may have replaced a function); throws the first
 * failure.
 */
export async function migrateToLatest(db: Kysely<Database>): Promise<MigrationResultSet['results']> {
  const { error, results } = await createMigrator(db).migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  await applyRepeatables(db, REPEATABLE_FUNCTIONS, { force: (results?.length ?? 0) > 0 });
  return results;
}
