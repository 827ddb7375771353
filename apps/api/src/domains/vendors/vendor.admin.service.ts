import type { CreateVendorBody, VendorRow, VendorWithSecret } from '@lotus/contracts/backoffice';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { invalidateDbCaches } from '../../lib/db-cache.ts';
import { randomToken } from '../../lib/hashing.ts';
import type { Brand } from '../brands/brand.ts';
import { recordAudit } from '../operators/audit.service.ts';
import type { OperatorContext } from '../operators/operator-session.service.ts';
import {
  findBrandVendor,
  listBrandVendors,
  setVendorActive,
  type VendorAdminRow,
} from './vendor.admin.repository.ts';
import { findVendorByCode, upsertVendor } from './vendor.repository.ts';

const rowOf = (v: VendorAdminRow): VendorRow => ({
  id: v.id,
  code: v.code,
  name: v.name,
  active: v.active,
  createdAt: v.created_at.toISOString(),
});

export async function vendorList(db: Db, brand: Brand): Promise<VendorRow[]> {
  return (await listBrandVendors(db, brand.id)).map(rowOf);
}

/** A new vendor with a fresh signing secret (returned once; stored encrypted by the vendor repository). */
export async function createVendor(
  db: Db,
  brand: Brand,
  operator: OperatorContext,
  ip: string,
  body: CreateVendorBody,
): Promise<VendorWithSecret> {
  if (await findVendorByCode(db, brand.id, body.code)) throw new AppError('request_param_err');
  return issueSecret(
    db,
    brand,
    operator,
    ip,
    { code: body.code, name: body.name, active: true },
    'vendor.create',
  );
}

export async function rotateVendorSecret(
  db: Db,
  brand: Brand,
  operator: OperatorContext,
  ip: string,
  id: string,
): Promise<VendorWithSecret> {
  const vendor = await findBrandVendor(db, brand.id, id);
  if (!vendor) throw new AppError('not_found');
  return issueSecret(db, brand, operator, ip, vendor, 'vendor.rotate_secret');
}

async function issueSecret(
  db: Db,
  brand: Brand,
  operator: OperatorContext,
  ip: string,
  vendor: { code: string; name: string; active: boolean },
  action: string,
): Promise<VendorWithSecret> {
  const secret = randomToken(32);
  const saved = await db.transaction().execute(async (trx) => {
    const stored = await upsertVendor(trx, { brandId: brand.id, ...vendor, secret });
    // The audit row names the change, never the secret.
    await recordAudit(trx, {
      brandId: brand.id,
      operatorId: operator.id,
      action,
      targetType: 'vendor',
      targetId: stored.id,
      after: { code: stored.code, name: stored.name, active: stored.active },
      ip,
    });
    return stored;
  });
  // The seamless API's vendor cache: the new secret signs at once, the old one no longer does.
  await invalidateDbCaches(db);
  const row = await findBrandVendor(db, brand.id, saved.id);
  if (!row) throw new AppError('not_found');
  return { vendor: rowOf(row), secret };
}

export async function changeVendorActive(
  db: Db,
  brand: Brand,
  operator: OperatorContext,
  ip: string,
  id: string,
  active: boolean,
): Promise<VendorRow> {
  const changed = await db.transaction().execute(async (trx) => {
    const before = await findBrandVendor(trx, brand.id, id);
    if (!before) throw new AppError('not_found');
    await setVendorActive(trx, brand.id, id, active);
    await recordAudit(trx, {
      brandId: brand.id,
      operatorId: operator.id,
      action: active ? 'vendor.activate' : 'vendor.deactivate',
      targetType: 'vendor',
      targetId: id,
      before: { active: before.active },
      after: { active },
      ip,
    });
    return rowOf({ ...before, active });
  });
  // The seamless API's vendor cache: a switched-off vendor is refused at once.
  await invalidateDbCaches(db);
  return changed;
}
