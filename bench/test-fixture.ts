/**
 * What a database-backed API test file pays for its world before its first test, on both engines:
 * the way every file built it before the template (a new database, every migration and SQL function
 * file, the seed, then the app) against the way it does now (a copy of the run's template database
 * on PostgreSQL, the run's data-directory snapshot on PGlite, then the app). Timed in one warm
 * process, as a test worker runs file after file (isolate: false); the first round is reported apart
 * (a cold worker). Needs PostgreSQL at 127.0.0.1:5432. Alone: `npx node bench/test-fixture.ts`
 * (ROUNDS=5 by default); prints Markdown, writes nothing.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  createTestPostgresDatabase,
  DEFAULT_ADMIN_URL,
  ensurePostgresTemplate,
  sourcesChecksum,
} from '@lotus/server-common/test-databases';
import { buildApp } from '../apps/api/src/app.ts';
import { createDatabase, createPglite, type Db, databaseOnPglite } from '../apps/api/src/db/database.ts';
import { migrateToLatest } from '../apps/api/src/db/migrator.ts';
import { seed } from '../apps/api/src/db/seed.ts';
import { TEST_PASSWORD_HASHING } from '../apps/api/test/settings.ts';

const ROUNDS = Number(process.env.ROUNDS ?? 5);
const ADMIN_URL = process.env.TEST_ADMIN_DATABASE_URL ?? DEFAULT_ADMIN_URL;
const scratch = await mkdtemp(path.join(tmpdir(), 'bench-fixture-'));

async function withApp(db: Db): Promise<void> {
  const app = await buildApp({
    config: {
      trustProxy: ['127.0.0.1'],
      logLevel: 'silent',
      uploadDir: scratch,
      webDist: path.join(scratch, 'no-web'),
      redisUrl: null,
      passwordHashing: TEST_PASSWORD_HASHING,
      sessionIdleMinutes: 120,
    },
    db,
    logger: false,
  });
  await app.ready();
  await app.close();
}

async function migrated(db: Db): Promise<void> {
  await migrateToLatest(db);
  await seed(db, { hashing: TEST_PASSWORD_HASHING });
}

type Way = { engine: string; way: string; run: () => Promise<void> };

const pgliteSnapshot = await (async () => {
  const pglite = await createPglite({ memory: true });
  await migrated(databaseOnPglite(pglite));
  await pglite.query('CHECKPOINT');
  const blob = await pglite.dumpDataDir('none');
  await pglite.close();
  return blob;
})();

const checksum = `bench${await sourcesChecksum(path.resolve(import.meta.dirname, '..'), ['apps/api/src'])}`;
const template = await ensurePostgresTemplate({
  adminUrl: ADMIN_URL,
  prefix: 'lotus_bench',
  checksum: checksum.slice(0, 16),
  build: async (databaseUrl) => {
    const db = await createDatabase({ databaseUrl, poolSize: 1, timeouts: { statementMs: 0 } });
    await migrated(db);
    await db.destroy();
  },
});

const ways: Way[] = [
  {
    engine: 'PGlite',
    way: 'before: initdb, migrations, seed, app',
    run: async () => {
      const db = await createDatabase({ memory: true });
      await migrated(db);
      await withApp(db);
      await db.destroy();
    },
  },
  {
    engine: 'PGlite',
    way: 'now: snapshot loaded, app',
    run: async () => {
      const db = await createDatabase({ memory: true, loadDataDir: pgliteSnapshot });
      await withApp(db);
      await db.destroy();
    },
  },
  {
    engine: 'PostgreSQL',
    way: 'before: CREATE DATABASE, migrations, seed, app',
    run: async () => {
      const copy = await createTestPostgresDatabase({ adminUrl: ADMIN_URL, prefix: 'lotus_bench_t' });
      const db = await createDatabase({ databaseUrl: copy.url });
      await migrated(db);
      await withApp(db);
      await db.destroy();
      await copy.drop();
    },
  },
  {
    engine: 'PostgreSQL',
    way: 'now: CREATE DATABASE ... TEMPLATE, app',
    run: async () => {
      const copy = await createTestPostgresDatabase({
        adminUrl: ADMIN_URL,
        prefix: 'lotus_bench_t',
        template,
      });
      const db = await createDatabase({ databaseUrl: copy.url });
      await withApp(db);
      await db.destroy();
      await copy.drop();
    },
  },
];

const lines = [
  `Per-file fixture cost (${ROUNDS} rounds in one process after a first, cold one; load average ${(await import('node:os')).loadavg()[0]?.toFixed(2)}):`,
  '',
  '| engine | way | first (cold) | median of the rest |',
  '|---|---|---|---|',
];
for (const way of ways) {
  const times: number[] = [];
  for (let i = 0; i <= ROUNDS; i += 1) {
    const started = performance.now();
    await way.run();
    times.push(performance.now() - started);
  }
  const [first = 0, ...rest] = times;
  rest.sort((a, b) => a - b);
  const median = rest[Math.floor(rest.length / 2)] ?? 0;
  lines.push(
    `| ${way.engine} | ${way.way} | ${(first / 1000).toFixed(2)} s | ${(median / 1000).toFixed(2)} s |`,
  );
}
await rm(scratch, { recursive: true, force: true });
process.stdout.write(`${lines.join('\n')}\n`);
