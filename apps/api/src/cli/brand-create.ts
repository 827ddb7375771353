import { loadConfig } from '../config.ts';
import { createDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrator.ts';
import { BrandInputError, createProductionBrand, parseBrandArguments } from '../db/seed/production-brand.ts';

/**
 * `npm run brand:create -- --merchant CODE --name "..." --domain d1 --domain d2 --currency MYR
 * --languages EN,MS,CN --time-zone Asia/Kuala_Lumpur --operator USERNAME`: migrates, then creates a
 * production brand, its first admin operator (a random password printed once; TOTP enrolment at the
 * first login) and its house vendor registration with a fresh signing secret (printed once, for
 * HOUSE_VENDOR_BRANDS). Exit status 2 for refused input or an existing brand (nothing written).
 */
let input: ReturnType<typeof parseBrandArguments>;
try {
  input = parseBrandArguments(process.argv.slice(2));
} catch (error) {
  if (!(error instanceof BrandInputError)) throw error;
  console.error(`brand:create refused: ${error.message}`);
  process.exit(2);
}
const config = loadConfig();
const db = await createDatabase(
  config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir },
);
let status = 0;
try {
  await migrateToLatest(db);
  const created = await createProductionBrand(db, input, {
    hashing: config.passwordHashing,
    houseVendorUrl: config.houseVendorPublicUrl,
  });
  console.info(
    [
      `brand ${created.brand.merchantCode} created (${input.domains.join(', ')}; ${input.currency}; ${input.languages.join(',')}; ${input.timeZone})`,
      `operator: ${created.operator}`,
      `password (shown once): ${created.password}`,
      'the first back-office login enrols TOTP (scan the QR code with an authenticator app)',
      `house vendor secret (shown once): HOUSE_VENDOR_BRANDS=${created.brand.merchantCode}:${created.houseVendorSecret}`,
    ].join('\n'),
  );
} catch (error) {
  if (!(error instanceof BrandInputError)) throw error;
  console.error(`brand:create refused: ${error.message}`);
  status = 2;
} finally {
  await db.destroy();
}
process.exitCode = status;
