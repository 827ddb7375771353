import { applyRepeatables, type RepeatableFunction } from '@lotus/db-repeatable';
import { assertMigrationNames } from '@lotus/server-common/migration-names';
import type { Kysely } from 'kysely';
import { type Migration, type MigrationProvider, Migrator } from 'kysely/migration';
import type { GameKind } from '../game-kind.ts';
import { GAME_KINDS } from '../kinds.ts';
import * as m0001 from './migrations/0001_house_vendor.ts';
import * as m0002 from './migrations/0002_live_tables.ts';
import * as m0003 from './migrations/0003_free_rounds.ts';
import * as m0004 from './migrations/0004_live_place_bet.ts';
import * as m0005 from './migrations/0005_live_bet_arrival.ts';
import * as m0006 from './migrations/0006_repeatable_functions.ts';
import * as m0007 from './migrations/0007_live_bet_request_ids.ts';
import * as m0008 from './migrations/0008_live_undo_request_ids.ts';
import * as m20261201T181309 from './migrations/20261201T181309_session_currency_label.ts';
import type { VendorDatabase } from './schema.ts';

/**
/**
 * The vendor's numbered migrations, frozen (its databases hold these names): a newer migration, of the
 * core or of a game kind, is named by its UTC timestamp, `YYYYMMDDTHHMMSS_name`
 * (@lotus/server-common/migration-names), checked when the migrator is made.
 */
export const LEGACY_VENDOR_MIGRATIONS: ReadonlySet<string> = new Set([
  '0001_house_vendor',
  '0002_live_tables',
  '0003_free_rounds',
  '0004_live_place_bet',
  '0005_live_bet_arrival',
  '0006_repeatable_functions',
  '0007_live_bet_request_ids',
  '0008_live_undo_request_ids',
]);

/**
 * The migrations of the vendor's first game kinds, slots and live tables, and of the core (sessions,
 * seeds, wallet calls), in one sequence as they were written; a game kind added later brings its own
 * (`GameKind.migrations`, in its folder).
 */
const CORE_MIGRATIONS: Readonly<Record<string, Migration>> = {
  '0001_house_vendor': m0001,
  '0002_live_tables': m0002,
  '0003_free_rounds': m0003,
  '0004_live_place_bet': m0004,
  '0005_live_bet_arrival': m0005,
  '0006_repeatable_functions': m0006,
  '0007_live_bet_request_ids': m0007,
  '0008_live_undo_request_ids': m0008,
  '20261201T181309_session_currency_label': m20261201T181309,
};

/**
 * Every migration: the core's and each game kind's, by name (Kysely runs them in name order, the same
 * on PGlite and PostgreSQL; listed in code, no directory scan). Two kinds may not use one name.
 */
export function migrationsOf(kinds: readonly GameKind[]): Readonly<Record<string, Migration>> {
  const all: Record<string, Migration> = { ...CORE_MIGRATIONS };
  for (const kind of kinds)
    for (const [name, migration] of Object.entries(kind.migrations ?? {})) {
      if (name in all) throw new Error(`migration ${name} of game kind ${kind.name} is named twice`);
      all[name] = migration;
    }
  return all;
}

export const VENDOR_MIGRATIONS: Readonly<Record<string, Migration>> = migrationsOf(GAME_KINDS);

/** The game kinds' functions kept as repeatable migrations, applied after the ordinary ones. */
export function functionsOf(kinds: readonly GameKind[]): RepeatableFunction[] {
  return kinds.flatMap((kind) => kind.functions ?? []);
}

export const VENDOR_FUNCTIONS: RepeatableFunction[] = functionsOf(GAME_KINDS);

class InCodeMigrationProvider implements MigrationProvider {
  readonly migrations: Readonly<Record<string, Migration>>;
  constructor(migrations: Readonly<Record<string, Migration>>) {
    this.migrations = migrations;
  }
  async getMigrations(): Promise<Record<string, Migration>> {
    return { ...this.migrations };
  }
}

/**
 * Its own table names, so it never meets the platform's. Unordered: two branches written in parallel
 * each add a timestamped migration, so a database may have run the later one when the earlier lands
 * (Kysely still runs the pending ones in name order). A name of neither form throws here.
 */
export function createVendorMigrator(
  db: Kysely<VendorDatabase>,
  migrations: Readonly<Record<string, Migration>> = VENDOR_MIGRATIONS,
): Migrator {
  assertMigrationNames(
    Object.keys(migrations).map((name) => ({ name, owner: 'house vendor' })),
    LEGACY_VENDOR_MIGRATIONS,
  );
  return new Migrator({
    db,
    provider: new InCodeMigrationProvider(migrations),
    migrationTableName: 'house_vendor_migrations',
    migrationLockTableName: 'house_vendor_migrations_lock',
    allowUnorderedMigrations: true,
  });
}

/**
 * Applies every pending migration, then the function files whose checksum changed (all of them when
 * an ordinary migration ran, which may have replaced a function); throws the first failure. Answers
 * the migrations run and the files applied.
 */
export async function migrateVendorDatabase(
  db: Kysely<VendorDatabase>,
  functions: RepeatableFunction[] = VENDOR_FUNCTIONS,
  migrations: Readonly<Record<string, Migration>> = VENDOR_MIGRATIONS,
): Promise<{ migrations: string[]; functions: string[] }> {
  const { error, results } = await createVendorMigrator(db, migrations).migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  const ran = (results ?? []).map((r) => r.migrationName);
  const applied = await applyRepeatables(db, functions, {
    table: m0006.VENDOR_REPEATABLE_TABLE,
    force: ran.length > 0,
  });
  return { migrations: ran, functions: applied };
}
