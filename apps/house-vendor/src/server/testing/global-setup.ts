/**
 * Vitest global setup of the house vendor's server projects (house-vendor-pglite,
 * house-vendor-postgres): the migrated vendor database every test vendor starts from, built once per
 * run (or taken from an earlier run while its sources are unchanged), see
 * @lotus/server-common/test-databases. On PostgreSQL a template database, on PGlite a snapshot of
 * the data directory under node_modules/.cache.
 */
import path from 'node:path';
import {
  DEFAULT_ADMIN_URL,
  dropAbandonedTestDatabases,
  ensurePgliteSnapshot,
  ensurePostgresTemplate,
  installedVersion,
  sourcesChecksum,
} from '@lotus/server-common/test-databases';
import type { TestProject } from 'vitest/node';
import { createVendorDatabase, createVendorPglite, vendorDatabaseOnPglite } from '../db/database.ts';
import { migrateVendorDatabase } from '../db/migrator.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PostgreSQL: the template database's name; PGlite: the snapshot file's path. */
    vendorDatabaseTemplate: string;
  }
}

const ROOT = path.resolve(import.meta.dirname, '../../../../..');

/** What the template is made of: any change here builds a new one. */
const SOURCES = [
  'apps/house-vendor/src/server',
  'apps/house-vendor/src/live',
  'packages/db-repeatable/src',
  'packages/server-common/src',
];

export default async function setup(project: TestProject): Promise<void> {
  const onPostgres = project.config.env?.HOUSE_VENDOR_TEST_DB === 'postgres';
  const engine = onPostgres
    ? []
    : [`pglite ${await installedVersion('@electric-sql/pglite', import.meta.url)}`];
  const checksum = await sourcesChecksum(ROOT, SOURCES, engine);
  if (onPostgres) {
    const adminUrl = process.env.TEST_ADMIN_DATABASE_URL ?? DEFAULT_ADMIN_URL;
    await dropAbandonedTestDatabases({ adminUrl, prefixes: ['house_vendor_test'] });
    const template = await ensurePostgresTemplate({
      adminUrl,
      prefix: 'house_vendor',
      checksum,
      build: async (databaseUrl) => {
        const db = await createVendorDatabase({ databaseUrl, poolSize: 1 });
        try {
          await migrateVendorDatabase(db);
        } finally {
          await db.destroy();
        }
      },
    });
    project.provide('vendorDatabaseTemplate', template);
    return;
  }
  const snapshot = await ensurePgliteSnapshot({
    cacheDir: path.join(ROOT, 'node_modules/.cache/lotus-tests'),
    prefix: 'house-vendor-pglite',
    checksum,
    build: async () => {
      const pglite = await createVendorPglite({ memory: true });
      const db = vendorDatabaseOnPglite(pglite);
      try {
        await migrateVendorDatabase(db);
        await pglite.query('CHECKPOINT');
        return await pglite.dumpDataDir('none');
      } finally {
        await db.destroy();
      }
    },
  });
  project.provide('vendorDatabaseTemplate', snapshot);
}
