import type { Executor } from '../../db/executor.ts';

export type VendorAdminRow = { id: string; code: string; name: string; active: boolean; created_at: Date };

export async function listBrandVendors(executor: Executor, brandId: string): Promise<VendorAdminRow[]> {
  return executor
    .selectFrom('vendors')
    .select(['id', 'code', 'name', 'active', 'created_at'])
    .where('brand_id', '=', brandId)
    .orderBy('code')
    .execute();
}

export async function findBrandVendor(
  executor: Executor,
  brandId: string,
  id: string,
): Promise<VendorAdminRow | null> {
  const row = await executor
    .selectFrom('vendors')
    .select(['id', 'code', 'name', 'active', 'created_at'])
    .where('brand_id', '=', brandId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ?? null;
}

export async function setVendorActive(executor: Executor, brandId: string, id: string, active: boolean) {
  await executor
    .updateTable('vendors')
    .set({ active })
    .where('brand_id', '=', brandId)
    .where('id', '=', id)
    .execute();
}
