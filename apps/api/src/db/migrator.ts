import { applyRepeatables, type RepeatableFunction } from '@lotus/db-repeatable';
import {
  assertMigrationNames,
  isMigrationName,
  NUMBERED_MIGRATION,
} from '@lotus/server-common/migration-names';
import type { Kysely } from 'kysely';
import { type Migration, type MigrationProvider, type MigrationResultSet, Migrator } from 'kysely/migration';
import { DOMAIN_MODULES } from '../modules.ts';
import * as m0001 from './migrations/0001_foundation.ts';
import * as m0015 from './migrations/0015_member_uploads.ts';
import * as m20261128T192707 from './migrations/20261128T192707_brand_time_zone.ts';
import * as m20261201T175245 from './migrations/20261201T175245_member_uploads_kyc.ts';
import type { Database } from './schema.ts';

/** Migrations of the kernel itself (brands and settings, upload quotas); domains declare their own. */
const KERNEL_MIGRATIONS: Record<string, Migration> = {
  '0001_foundation': m0001,
  '0015_member_uploads': m0015,
  '20261128T192707_brand_time_zone': m20261128T192707,
  '20261201T175245_member_uploads_kyc': m20261201T175245,
};

/**
 * The migrations named `NNNN_name` (one global number each) before issue 22, frozen: deployed
 * databases hold these names in kysely_migration, so they are never renamed, and no numbered name is
 * added. Every newer migration is named by its UTC timestamp, `YYYYMMDDTHHMMSS_name`
 * (@lotus/server-common/migration-names; docs/boundaries-and-migrations.md).
 */
export const LEGACY_MIGRATIONS: ReadonlySet<string> = new Set([
  '0001_foundation',
  '0002_accounts',
  '0003_ledger',
  '0004_operators',
  '0005_deposits',
  '0006_withdrawals',
  '0007_wallet',
  '0008_seamless_functions',
  '0009_ledger_check_plans',
  '0010_ledger_check_cached_plan',
  '0011_seamless_lighter_writes',
  '0012_repeatable_functions',
  '0013_event_feed_and_job_runs',
  '0015_member_uploads',
  '0016_contact_requests',
  '0017_operator_passwords',
  '0018_affiliate_applications',
  '0019_games_catalogue',
  '0030_lottery',
  '0031_promotions',
  '0034_vip',
  '0037_points',
  '0040_messages',
  '0041_missions',
  '0042_referrals',
  '0043_promotion_raffles',
  '0044_free_round_grants',
  '0045_raffle_points_prizes',
  '0046_promotion_points_rewards',
  '0048_game_stakes',
]);

/**
 * Every migration: the kernel's and each domain module's (`migrations` in its module), listed in
 * code (no directory scan), so the same list runs on PGlite and PostgreSQL. Kysely runs them in the
 * order of their names: the frozen legacy ones (`NNNN_name`), then the timestamped ones
 * (`YYYYMMDDTHHMMSS_name`) in time order. Two modules claiming one name, or one legacy number, stop
 * the server at boot, and so does a name of neither form, a numbered name outside the frozen list or
 * a timestamp that is no real UTC time.
 */
export function allMigrations(
  modules: readonly { name: string; migrations?: Readonly<Record<string, Migration>> }[] = DOMAIN_MODULES,
): Record<string, Migration> {
  const all: Record<string, Migration> = { ...KERNEL_MIGRATIONS };
  const owner = new Map<string, string>(Object.keys(KERNEL_MIGRATIONS).map((name) => [name, 'kernel']));
  const numbers = new Map<string, string>([...owner.keys()].map((name) => [name.slice(0, 4), name]));
  for (const module of modules) {
    for (const [name, migration] of Object.entries(module.migrations ?? {})) {
      const number = NUMBERED_MIGRATION.test(name) ? name.slice(0, 4) : null;
      if (!isMigrationName(name))
        throw new Error(
          `Migration name ${name} (${module.name}) is not NNNN_name (legacy) nor YYYYMMDDTHHMMSS_name (its UTC timestamp)`,
        );
      if (owner.has(name))
        throw new Error(`Migration ${name} is declared by ${owner.get(name)} and ${module.name}`);
      if (number !== null && numbers.has(number))
        throw new Error(`Migration number ${number} is taken by ${numbers.get(number)} (${module.name})`);
      owner.set(name, module.name);
      if (number !== null) numbers.set(number, name);
      all[name] = migration;
    }
  }
  assertMigrationNames(
    [...owner].map(([name, by]) => ({ name, owner: by })),
    LEGACY_MIGRATIONS,
  );
  return all;
}

class InCodeMigrationProvider implements MigrationProvider {
  readonly migrations: () => Record<string, Migration>;
  constructor(migrations: () => Record<string, Migration>) {
    this.migrations = migrations;
  }
  async getMigrations(): Promise<Record<string, Migration>> {
    return this.migrations();
  }
}

export function createMigrator(
  db: Kysely<Database>,
  migrations: () => Record<string, Migration> = allMigrations,
): Migrator {
  // Unordered: domains are built in parallel, so a database may already have run a later timestamp
  // (or, before the freeze, a higher number) when an earlier one lands; each migration only touches
  // its own domain's tables (npm run boundaries: migration-ddl), so running the newcomer afterwards
  // is safe (Kysely still runs the pending ones in name order, and refuses a name it ran that is no
  // longer listed).
  return new Migrator({
    db,
    provider: new InCodeMigrationProvider(migrations),
    allowUnorderedMigrations: true,
  });
}

/** The domains' functions kept as repeatable migrations (@lotus/db-repeatable, packages/db-repeatable), applied after the ordinary ones. */
export const REPEATABLE_FUNCTIONS: RepeatableFunction[] = DOMAIN_MODULES.flatMap(
  (module) => module.functions ?? [],
);

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
