import type { Db } from './db/database.ts';
import { findBrandByMerchantCode } from './domains/brands/brand.repository.ts';
import { insertOperator } from './domains/operators/operator.repository.ts';
import type { OperatorRole } from './domains/operators/operator.ts';
import { encryptTotpSecret, totpCode } from './domains/operators/totp.ts';
import { hashPassword } from './lib/hashing.ts';

/**
 * The authenticator secret of every operator made by `createOperator` (base32). Tests and the
 * end-to-end run play the authenticator app with it; it never exists outside test databases.
 */
export const HARNESS_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

export type HarnessOperator = {
  merchantCode: string;
  username: string;
  password: string;
  role: OperatorRole;
  /** Leave TOTP not enrolled (the first login shows the enrolment step). */
  withoutTotp?: boolean;
};

/** An operator with TOTP already enrolled on HARNESS_TOTP_SECRET (cheap argon2id cost). */
export async function createOperator(
  db: Db,
  input: HarnessOperator,
): Promise<{ id: string; totpSecret: string }> {
  const brand = await findBrandByMerchantCode(db, input.merchantCode);
  if (!brand) throw new Error(`Unknown merchant code ${input.merchantCode}`);
  const operator = await insertOperator(db, {
    brandId: brand.id,
    username: input.username,
    passwordHash: await hashPassword(input.password, { memoryCost: 1024, timeCost: 1, parallelism: 1 }),
    role: input.role,
    totpSecretEncrypted: input.withoutTotp ? null : await encryptTotpSecret(db, HARNESS_TOTP_SECRET),
    totpEnabled: !input.withoutTotp,
  });
  return { id: operator.id, totpSecret: HARNESS_TOTP_SECRET };
}

/**
 * The authenticator code of a secret now, or `stepsAhead` steps later (the server accepts one step
 * ahead, and a code only once: a second login of one operator in the same 30 s uses the next step).
 */
export function currentTotpCode(secret = HARNESS_TOTP_SECRET, stepsAhead = 0): string {
  return totpCode(secret, Date.now() + stepsAhead * 30_000);
}

/**
 * Forgets the operator's last accepted TOTP step, so a test can log the same operator in again within
 * one 30-second step (the one-use rule itself is tested on its own).
 */
export async function forgetTotpStep(db: Db, merchantCode: string, username: string): Promise<void> {
  const brand = await findBrandByMerchantCode(db, merchantCode);
  if (!brand) throw new Error(`Unknown merchant code ${merchantCode}`);
  await db
    .updateTable('operators')
    .set({ totp_last_step: null })
    .where('brand_id', '=', brand.id)
    .where('username', '=', username.toLowerCase())
    .execute();
}
