import type { Db } from '../../db/database.ts';
import { createDbCache, invalidateDbCaches } from '../../lib/db-cache.ts';

export type CustomerServiceResource = {
  csType: string;
  url: string;
  qrCodeUrl: string;
  labelNameEn: string;
  labelNameMs: string;
  labelNameCn: string;
};

const cached = createDbCache<CustomerServiceResource[]>(2_000);

/** A brand's customer-service channels; read on every status call, so cached for 2 s. */
export function listCustomerServiceResources(db: Db, brandId: string): Promise<CustomerServiceResource[]> {
  return cached.get(db, brandId, () => loadCustomerServiceResources(db, brandId));
}

async function loadCustomerServiceResources(db: Db, brandId: string): Promise<CustomerServiceResource[]> {
  const rows = await db
    .selectFrom('customer_service_resources')
    .select(['cs_type', 'url', 'qr_code_url', 'label_name_en', 'label_name_ms', 'label_name_cn'])
    .where('brand_id', '=', brandId)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    csType: r.cs_type,
    url: r.url,
    qrCodeUrl: r.qr_code_url,
    labelNameEn: r.label_name_en,
    labelNameMs: r.label_name_ms,
    labelNameCn: r.label_name_cn,
  }));
}

export async function insertCustomerServiceResources(
  db: Db,
  brandId: string,
  resources: CustomerServiceResource[],
): Promise<void> {
  if (resources.length === 0) return;
  await db
    .insertInto('customer_service_resources')
    .values(
      resources.map((r, i) => ({
        brand_id: brandId,
        cs_type: r.csType,
        url: r.url,
        qr_code_url: r.qrCodeUrl,
        label_name_en: r.labelNameEn,
        label_name_ms: r.labelNameMs,
        label_name_cn: r.labelNameCn,
        sort_order: i,
      })),
    )
    .execute();
  invalidateDbCaches(db);
}

/** Replaces a brand's channels with `resources` (in their order); the caller audits and invalidates. */
export async function replaceCustomerServiceResources(
  db: Db,
  brandId: string,
  resources: CustomerServiceResource[],
): Promise<void> {
  await db.deleteFrom('customer_service_resources').where('brand_id', '=', brandId).execute();
  if (resources.length === 0) return;
  await db
    .insertInto('customer_service_resources')
    .values(
      resources.map((r, i) => ({
        brand_id: brandId,
        cs_type: r.csType,
        url: r.url,
        qr_code_url: r.qrCodeUrl,
        label_name_en: r.labelNameEn,
        label_name_ms: r.labelNameMs,
        label_name_cn: r.labelNameCn,
        sort_order: i,
      })),
    )
    .execute();
}

/** A brand's channels read fresh (the back office), not through the cache. */
export function customerServiceResourcesNow(db: Db, brandId: string): Promise<CustomerServiceResource[]> {
  return loadCustomerServiceResources(db, brandId);
}
