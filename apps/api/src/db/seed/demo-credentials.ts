import { findBrandByMerchantCode } from '../../domains/brands/brand.repository.ts';
import { findOperatorByUsername } from '../../domains/operators/operator.repository.ts';
import { decryptSecret, findVendorForSignature } from '../../domains/vendors/vendor.repository.ts';
import { verifyPassword } from '../../lib/hashing.ts';
import type { Db } from '../database.ts';
import { HOUSE_VENDOR_SECRET } from './demo-games.ts';
import { DEMO_OPERATORS } from './demo-operators.ts';

/**
 * The published demo credentials still valid in this database (a database seeded before
 * SEED_DEMO_BRAND existed): the DEMO brand's operators with their demo passwords and its house
 * vendor with the demo signing secret. Answers what was found, as `kind: name` (empty when none).
 */
export async function findDemoCredentials(db: Db, merchantCode = 'DEMO'): Promise<string[]> {
  const brand = await findBrandByMerchantCode(db, merchantCode);
  if (!brand) return [];
  const found: string[] = [];
  for (const demo of DEMO_OPERATORS) {
    const operator = await findOperatorByUsername(db, brand.id, demo.username);
    if (operator && (await verifyPassword(operator.passwordHash, demo.password))) {
      found.push(`operator ${merchantCode}/${demo.username} with its demo password`);
    }
  }
  const vendor = await findVendorForSignature(db, merchantCode, 'HOUSE');
  if (vendor && (await decryptSecret(db, vendor.secret_encrypted)) === HOUSE_VENDOR_SECRET) {
    found.push(`vendor ${merchantCode}/HOUSE with the demo signing secret`);
  }
  return found;
}
