import { findBrandByMerchantCode } from '../../domains/brands/brand.repository.ts';
import { findOperatorByUsername, insertOperator } from '../../domains/operators/operator.repository.ts';
import { hashPassword, type PasswordHashing, PRODUCTION_PASSWORD_HASHING } from '../../lib/hashing.ts';
import type { Db } from '../database.ts';

/**
 * Demo back-office operators of the DEMO brand (README, "Demo brand"). Neither has TOTP yet: the
 * first login shows the enrolment QR code for an authenticator app.
 */
export const DEMO_OPERATORS = [
  { username: 'demoadmin', password: 'Admin123', role: 'admin' },
  { username: 'demofinance', password: 'Finance123', role: 'finance' },
] as const;

/** Idempotent: creates each demo operator that does not exist yet. */
export async function seedDemoOperators(
  db: Db,
  merchantCode = 'DEMO',
  hashing: PasswordHashing = PRODUCTION_PASSWORD_HASHING,
): Promise<void> {
  const brand = await findBrandByMerchantCode(db, merchantCode);
  if (!brand) return;
  for (const operator of DEMO_OPERATORS) {
    if (await findOperatorByUsername(db, brand.id, operator.username)) continue;
    await insertOperator(db, {
      brandId: brand.id,
      username: operator.username,
      passwordHash: await hashPassword(operator.password, hashing),
      role: operator.role,
    });
  }
}
