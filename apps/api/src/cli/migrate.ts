import { loadConfig } from '../config.ts';
import { createDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrator.ts';

/** `npm run db:migrate`: applies pending migrations to DATABASE_URL or the PGlite DATA_DIR. */
const config = loadConfig();
const db = await createDatabase(
  config.databaseUrl
    ? { databaseUrl: config.databaseUrl, timeouts: { ...config.databaseTimeouts, statementMs: 0 } }
    : { dataDir: config.dataDir },
);
try {
  const results = await migrateToLatest(db);
  for (const r of results ?? []) console.info(`${r.status}: ${r.migrationName}`);
  if (!results?.length) console.info('database already up to date');
} finally {
  await db.destroy();
}
