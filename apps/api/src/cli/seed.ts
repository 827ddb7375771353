import { loadConfig } from '../config.ts';
import { createDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrator.ts';
import { seed } from '../db/seed.ts';

/**
 * `npm run db:seed`: migrates, then creates the demo brand unless it exists (refused when
 * SEED_DEMO_BRAND is off: under NODE_ENV=production unless set to 1, or set to 0).
 */
const config = loadConfig();
if (!config.seedDemoBrand) {
  console.error('The demo brand is not seeded under NODE_ENV=production unless SEED_DEMO_BRAND=1');
  process.exit(1);
}
const db = await createDatabase(
  config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir },
);
try {
  await migrateToLatest(db);
  const { created } = await seed(db, { houseVendorUrl: config.houseVendorPublicUrl });
  console.info(created ? 'demo brand DEMO created' : 'demo brand DEMO already present');
} finally {
  await db.destroy();
}
