import { createDatabase, type DatabaseTarget, type Db } from './db/database.ts';
import { migrateToLatest } from './db/migrator.ts';
import { brandTemplate } from './db/seed/demo-brand.ts';
import { createBrandWithContent, DEMO_CONTENT } from './db/seed.ts';
import {
  type BrandSettings,
  type BrandSettingsPatch,
  updateBrandSettings,
} from './domains/brands/brand-settings.ts';

/**
 * What end-to-end tests and benchmarks need to prepare a database the real server then serves
 * (import `@lotus/api/harness`). Start the server itself with `@lotus/api/server` or `main.ts`.
 */
export { getBrandSettings, updateBrandSettings } from './domains/brands/brand-settings.ts';
export type { BrandSettings, BrandSettingsPatch, Db };

/** Opens a database (a PostgreSQL URL or a PGlite target), migrates it, and runs `work` on it. */
export async function withDatabase<T>(
  target: string | DatabaseTarget,
  work: (db: Db) => Promise<T>,
): Promise<T> {
  const db = await createDatabase(typeof target === 'string' ? { databaseUrl: target } : target);
  try {
    await migrateToLatest(db);
    return await work(db);
  } finally {
    await db.destroy();
  }
}

/**
 * A brand with the demo brand's whole content under another merchant code and domains (for example
 * a brand in maintenance on `maintenance.localhost`), then `settings` applied. Idempotent: an
 * existing code keeps its content and only gets the settings.
 */
export async function createDemoLikeBrand(
  db: Db,
  brand: { merchantCode: string; name?: string; domains: string[]; settings?: BrandSettingsPatch },
): Promise<BrandSettings> {
  await createBrandWithContent(db, {
    ...DEMO_CONTENT,
    brand: brandTemplate(brand.merchantCode, brand.name ?? `Lotus ${brand.merchantCode}`, brand.domains),
  });
  return updateBrandSettings(db, brand.merchantCode, brand.settings ?? {});
}
