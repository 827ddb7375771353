import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
/**
 * The database a test file gets: a copy of the run's migrated and seeded template (test/global-setup.ts)
 * on the engine its project names (TEST_DB=pglite or postgres). Kept apart from support.ts so the global
 * setup, which runs outside the test workers, can import it.
 */
import { createTestPostgresDatabase, readPgliteSnapshot } from '@lotus/server-common/test-databases';
import { inject } from 'vitest';
import { createDatabase, type DatabaseTarget, type Db } from '../src/db/database.ts';
import { TEST_ADMIN_URL } from './settings.ts';

export type TestDatabase = { db: Db; drop: () => Promise<void> };

/** A new empty PostgreSQL database on the test server (no migrations); `drop` removes it. */
export async function createPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  return createTestPostgresDatabase({ adminUrl: TEST_ADMIN_URL, prefix: 'lotus_test' });
}

/** A migrated and seeded PostgreSQL database (a copy of the run's template); `drop` removes it. */
export async function createSeededPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  return createTestPostgresDatabase({ adminUrl: TEST_ADMIN_URL, prefix: 'lotus_test', template: template() });
}

/** The run's template: a PostgreSQL template database's name, or the PGlite snapshot file. */
export function template(): string {
  const value = process.env.TEST_DB ? inject('apiDatabaseTemplate') : undefined;
  if (!value)
    throw new Error(
      'This test file needs a database: it runs in the projects api-pglite and api-postgres (a file that needs none is named *.unit.test.ts)',
    );
  return value;
}

/**
 * The migrated and seeded demo database of one test file: TEST_DB=pglite loads the run's snapshot into
 * an in-memory PGlite, TEST_DB=postgres copies the run's template database; `drop` removes it.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (process.env.TEST_DB !== 'postgres') {
    const db = await createDatabase({ memory: true, loadDataDir: await readPgliteSnapshot(template()) });
    return { db, drop: () => db.destroy() };
  }
  const copy = await createSeededPostgresDatabase();
  const db = await createDatabase({ databaseUrl: copy.url });
  return {
    db,
    drop: async () => {
      await db.destroy();
      await copy.drop();
    },
  };
}

/**
 * A migrated and seeded database target of the project's engine for code that opens its own
 * connections (the harness, a server process): a copy of the run's template on PostgreSQL (its URL),
 * the run's snapshot loaded into a scratch directory on PGlite; `drop` removes it.
 */
export async function createSeededTarget(): Promise<{
  target: string | DatabaseTarget;
  drop: () => Promise<void>;
}> {
  if (process.env.TEST_DB === 'postgres') {
    const copy = await createSeededPostgresDatabase();
    return { target: copy.url, drop: copy.drop };
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'lotus-seeded-'));
  return {
    target: { dataDir: dir, loadDataDir: await readPgliteSnapshot(template()) },
    drop: () => rm(dir, { recursive: true, force: true }),
  };
}
