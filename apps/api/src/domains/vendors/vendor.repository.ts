import type { Db } from '../../db/database.ts';
import { openSecret, sealSecret } from '../security/sealed-secrets.ts';

export type Vendor = { id: string; brandId: string; code: string; name: string; active: boolean };

/**
 * Vendor (and payment gateway) secrets are stored sealed under the installation's `vendor_secrets`
 * key and never returned by any API: the platform needs the plain secret only to sign and check.
 */
export function encryptSecret(db: Db, secret: string): Promise<string> {
  return sealSecret(db, 'vendor_secrets', secret);
}

export function decryptSecret(db: Db, stored: string): Promise<string> {
  return openSecret(db, 'vendor_secrets', stored);
}

/** Creates a vendor of a brand, or replaces the name and secret of the existing code. */
export async function upsertVendor(
  db: Db,
  input: { brandId: string; code: string; name: string; secret: string; active?: boolean },
): Promise<Vendor> {
  const secretEncrypted = await encryptSecret(db, input.secret);
  const row = await db
    .insertInto('vendors')
    .values({
      brand_id: input.brandId,
      code: input.code,
      name: input.name,
      secret_encrypted: secretEncrypted,
      active: input.active ?? true,
    })
    .onConflict((oc) =>
      oc.columns(['brand_id', 'code']).doUpdateSet({
        name: input.name,
        secret_encrypted: secretEncrypted,
        active: input.active ?? true,
      }),
    )
    .returning(['id', 'brand_id', 'code', 'name', 'active'])
    .executeTakeFirstOrThrow();
  return { id: row.id, brandId: row.brand_id, code: row.code, name: row.name, active: row.active };
}

/** A vendor with its (encrypted) secret, by brand merchant code and vendor code. */
export async function findVendorForSignature(db: Db, merchantCode: string, vendorCode: string) {
  return db
    .selectFrom('vendors')
    .innerJoin('brands', 'brands.id', 'vendors.brand_id')
    .select([
      'vendors.id',
      'vendors.brand_id',
      'vendors.code',
      'vendors.name',
      'vendors.active',
      'vendors.secret_encrypted',
      'brands.currency',
      'brands.currency_symbol',
    ])
    .where('brands.merchant_code', '=', merchantCode)
    .where('vendors.code', '=', vendorCode)
    .executeTakeFirst();
}

export async function findVendorByCode(db: Db, brandId: string, code: string): Promise<Vendor | null> {
  const row = await db
    .selectFrom('vendors')
    .select(['id', 'brand_id', 'code', 'name', 'active'])
    .where('brand_id', '=', brandId)
    .where('code', '=', code)
    .executeTakeFirst();
  return row
    ? { id: row.id, brandId: row.brand_id, code: row.code, name: row.name, active: row.active }
    : null;
}
