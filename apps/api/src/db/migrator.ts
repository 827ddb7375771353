import { applyRepeatables, type RepeatableFunction } from '@lotus/db-repeatable';
import type { Kysely } from 'kysely';
import { type Migration, type MigrationProvider, type MigrationResultSet, Migrator } from 'kysely/migration';
import { DOMAIN_MODULES } from '../modules.ts';
import * as m0001 from './migrations/0001_foundation.ts';
import * as m0015 from './migrations/0015_member_uploads.ts';
import type { Database } from './schema.ts';

/** Migrations of the kernel itself (brands and settings, upload quotas); domains declare their own. */
const KERNEL_MIGRATIONS: Record<string, Migration> = {
  '0001_foundation': m0001,
  '0015_member_uploads': m0015,
};

/**
 * Every migration: the kernel's and each domain module's (`migrations` in its module), listed in
 * code (no directory scan), so the same list runs on PGlite and PostgreSQL. Kysely runs them in the
 * order of their names, so a migration's number is its place in the one global order; two modules
 * claiming one name stop the server at boot.
 */
export function allMigrations(
  modules: readonly { name: string; migrations?: Readonly<Record<string, Migration>> }[] = DOMAIN_MODULES,
): Record<string, Migration> {
  const all: Record<string, Migration> = { ...KERNEL_MIGRATIONS };
  const owner = new Map<string, string>(Object.keys(KERNEL_MIGRATIONS).map((name) => [name, 'kernel']));
  const numbers = new Map<string, string>([...owner.keys()].map((name) => [name.slice(0, 4), name]));
  for (const module of modules) {
    for (const [name, migration] of Object.entries(module.migrations ?? {})) {
      const number = name.slice(0, 4);
      if (!/^\d{4}_[a-z0-9_]+$/.test(name))
        throw new Error(`Migration name ${name} (${module.name}) is not NNNN_name`);
      if (owner.has(name))
        throw new Error(`Migration ${name} is declared by ${owner.get(name)} and ${module.name}`);
      if (numbers.has(number))
        throw new Error(`Migration number ${number} is taken by ${numbers.get(number)} (${module.name})`);
      owner.set(name, module.name);
      numbers.set(number, name);
      all[name] = migration;
    }
  }
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
  // Unordered: domains are built in parallel and take numbers from disjoint ranges, so a database
  // may already have run a higher number when a lower one lands; each migration only touches its
  // own domain's tables, so running the newcomer afterwards is safe (Kysely still runs the pending
  // ones in name order, and refuses a name it ran that is no longer listed).
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
