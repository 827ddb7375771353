import type { Kysely } from 'kysely';
import { type Migration, type MigrationProvider, Migrator } from 'kysely/migration';
import * as m0001 from './migrations/0001_house_vendor.ts';
import * as m0002 from './migrations/0002_live_tables.ts';
import * as m0003 from './migrations/0003_free_rounds.ts';
import * as m0004 from './migrations/0004_live_place_bet.ts';
import * as m0005 from './migrations/0005_live_bet_arrival.ts';
import type { VendorDatabase } from './schema.ts';

/** Listed in code (no directory scan), so the same list runs on PGlite and PostgreSQL. */
const migrations: Record<string, Migration> = {
  '0001_house_vendor': m0001,
  '0002_live_tables': m0002,
  '0003_free_rounds': m0003,
  '0004_live_place_bet': m0004,
  '0005_live_bet_arrival': m0005,
};

class InCodeMigrationProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    return migrations;
  }
}

/** Applies every pending migration (its own table names, so it never meets the platform's). */
export async function migrateVendorDatabase(db: Kysely<VendorDatabase>): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: new InCodeMigrationProvider(),
    migrationTableName: 'house_vendor_migrations',
    migrationLockTableName: 'house_vendor_migrations_lock',
  });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
}
