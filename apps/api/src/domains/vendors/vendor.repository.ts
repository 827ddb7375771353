import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import { getOrCreateSecret } from '../security/server-secrets.repository.ts';

export type Vendor = { id: string; brandId: string; code: string; name: string; active: boolean };

/**
 * Vendor secrets are stored encrypted (AES-256-GCM with the installation's `vendor_secrets` key
 * from server_secrets) and never returned by any API: the platform needs the plain secret only to
 * check signatures.
 */
async function secretKey(db: Db): Promise<Buffer> {
  const hex = await getOrCreateSecret(db, 'vendor_secrets', async () => randomBytes(32).toString('hex'));
  return Buffer.from(hex, 'hex');
}

export async function encryptSecret(db: Db, secret: string): Promise<string> {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', await secretKey(db), iv);
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [
    'v1',
    iv.toString('base64url'),
    body.toString('base64url'),
    cipher.getAuthTag().toString('base64url'),
  ].join('.');
}

export async function decryptSecret(db: Db, stored: string): Promise<string> {
  const [version, iv, body, tag] = stored.split('.');
  if (version !== 'v1' || !iv || !body || !tag) throw new Error('vendor secret: unknown format');
  const decipher = createDecipheriv('aes-256-gcm', await secretKey(db), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
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
