/**
 * Vitest global setup of the API's database projects (api-pglite, api-postgres): the migrated and
 * seeded database every test file starts from, built once per run (or taken from an earlier run
 * while its sources are unchanged), see @lotus/server-common/test-databases. On PostgreSQL it is a
 * template database; on PGlite a data-directory snapshot under node_modules/.cache.
 */
import path from 'node:path';
import {
  dropAbandonedTestDatabases,
  ensurePgliteSnapshot,
  ensurePostgresTemplate,
  installedVersion,
  sourcesChecksum,
} from '@lotus/server-common/test-databases';
import type { TestProject } from 'vitest/node';
import { createDatabase, createPglite, type Db, databaseOnPglite } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrator.ts';
import { seed } from '../src/db/seed.ts';
import { TEST_ADMIN_URL, TEST_PASSWORD_HASHING } from './settings.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PostgreSQL: the template database's name; PGlite: the snapshot file's path. */
    apiDatabaseTemplate: string;
  }
}

const ROOT = path.resolve(import.meta.dirname, '../../..');

/** What the template is made of: any change here builds a new one. */
const SOURCES = [
  'apps/api/src',
  'apps/api/test/global-setup.ts',
  'apps/api/test/settings.ts',
  'packages/contracts/src',
  'packages/db-repeatable/src',
  'packages/server-common/src',
];

async function migrateAndSeed(db: Db): Promise<void> {
  await migrateToLatest(db);
  await seed(db, { hashing: TEST_PASSWORD_HASHING });
}

export default async function setup(project: TestProject): Promise<void> {
  const onPostgres = project.config.env?.TEST_DB === 'postgres';
  const engine = onPostgres
    ? []
    : [`pglite ${await installedVersion('@electric-sql/pglite', import.meta.url)}`];
  const checksum = await sourcesChecksum(ROOT, SOURCES, engine);
  if (onPostgres) {
    await dropAbandonedTestDatabases({ adminUrl: TEST_ADMIN_URL, prefixes: ['lotus_test'] });
    const template = await ensurePostgresTemplate({
      adminUrl: TEST_ADMIN_URL,
      prefix: 'lotus',
      checksum,
      build: async (databaseUrl) => {
        const db = await createDatabase({ databaseUrl, poolSize: 1, timeouts: { statementMs: 0 } });
        try {
          await migrateAndSeed(db);
        } finally {
          await db.destroy();
        }
      },
    });
    project.provide('apiDatabaseTemplate', template);
    return;
  }
  const snapshot = await ensurePgliteSnapshot({
    cacheDir: path.join(ROOT, 'node_modules/.cache/lotus-tests'),
    prefix: 'api-pglite',
    checksum,
    build: async () => {
      const pglite = await createPglite({ memory: true });
      const db = databaseOnPglite(pglite);
      try {
        await migrateAndSeed(db);
        await pglite.query('CHECKPOINT');
        return await pglite.dumpDataDir('none');
      } finally {
        await db.destroy();
      }
    },
  });
  project.provide('apiDatabaseTemplate', snapshot);
}
