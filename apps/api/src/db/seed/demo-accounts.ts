import { AGENT_TYPES } from '@lotus/contracts/accounts';
import { findBrandByMerchantCode } from '../../domains/brands/brand.repository.ts';
import { updateBrandSettings } from '../../domains/brands/brand-settings.ts';
import { findMemberByUsername, insertMember } from '../../domains/members/member.repository.ts';
import { DEFAULT_POLICY, findPolicyRow, upsertPolicy } from '../../domains/members/registration-settings.ts';
import { hashPassword, type PasswordHashing, PRODUCTION_PASSWORD_HASHING } from '../../lib/hashing.ts';
import type { Db } from '../database.ts';

/**
 * Demo accounts of the DEMO brand (documented in the README of the API):
 * - agent `demoagent` / `Agent123`, affiliate code `DEMO01`;
 * - member `demoplayer` / `Player123`, mobile +60 12-300 0001, e-mail demoplayer@lotus-demo.example,
 *   downline of demoagent.
 */
export const DEMO_AGENT = { username: 'demoagent', password: 'Agent123', affiliateCode: 'DEMO01' } as const;
export const DEMO_PLAYER = {
  username: 'demoplayer',
  password: 'Player123',
  mobile: '+60123000001',
  email: 'demoplayer@lotus-demo.example',
} as const;

/** Account flags switched on for the demo brand when its account settings are first written. */
export const DEMO_ACCOUNT_FLAGS = [
  'USERNAMEREG3',
  'MOBILENUMREG3',
  'REGMOBVERF3',
  'DIRECTREG3',
  'FREEPLAY3',
  'MOBILEVERCODELOGIN3',
  'CHNGPASSVERIF3',
  'PWDEXPFORCECHANGE3',
] as const;

/**
 * Idempotent: registration settings (with a 90-day password age) and the account flags are written
 * once, when the brand has no settings row yet; the demo accounts are created when missing.
 */
export async function seedDemoAccounts(
  db: Db,
  merchantCode = 'DEMO',
  hashing: PasswordHashing = PRODUCTION_PASSWORD_HASHING,
): Promise<void> {
  const brand = await findBrandByMerchantCode(db, merchantCode);
  if (!brand) return;
  if (!(await findPolicyRow(db, brand.id))) {
    await upsertPolicy(db, brand.id, {
      fields: {
        ...DEFAULT_POLICY.fields,
        payeeName: { ...DEFAULT_POLICY.fields.payeeName!, enabled: true, required: false },
      },
      passwordMaxAgeDays: 90,
      loginCaptchaAfterFailures: 3,
    });
    await updateBrandSettings(db, merchantCode, {
      featureFlags: Object.fromEntries(DEMO_ACCOUNT_FLAGS.map((f) => [f, true])),
    });
  }
  let agent = await findMemberByUsername(db, brand.id, DEMO_AGENT.username);
  if (!agent) {
    await insertMember(db, {
      brandId: brand.id,
      username: DEMO_AGENT.username,
      passwordHash: await hashPassword(DEMO_AGENT.password, hashing),
      nickname: 'Demo Agent',
      isAgent: AGENT_TYPES.agent,
      affiliateCode: DEMO_AGENT.affiliateCode,
      registerMethod: 'SEED',
    });
    agent = await findMemberByUsername(db, brand.id, DEMO_AGENT.username);
  }
  if (!(await findMemberByUsername(db, brand.id, DEMO_PLAYER.username))) {
    await insertMember(db, {
      brandId: brand.id,
      username: DEMO_PLAYER.username,
      passwordHash: await hashPassword(DEMO_PLAYER.password, hashing),
      mobile: DEMO_PLAYER.mobile,
      email: DEMO_PLAYER.email,
      nickname: 'Demo Player',
      uplineId: agent?.id ?? null,
      registerMethod: 'SEED',
    });
  }
}
