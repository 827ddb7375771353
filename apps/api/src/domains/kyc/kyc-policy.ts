import { DEFAULT_KYC_POLICY, type KycPolicy, type KycState } from '@lotus/contracts/kyc';
import { parseAmount } from '@lotus/contracts/money';
import type { Executor } from '../../db/executor.ts';
import { AppError } from '../../http/app-error.ts';

/**
 * The brand's KYC policy (a back-office setting; DEFAULT_KYC_POLICY without a row) and what it lets
 * a member's state do. Read inside the money paths' transactions, so never cached across them.
 */
export async function kycPolicyOf(db: Executor, brandId: string): Promise<KycPolicy> {
  const row = await db
    .selectFrom('kyc_settings')
    .select('policy')
    .where('brand_id', '=', brandId)
    .executeTakeFirst();
  return row ? row.policy : DEFAULT_KYC_POLICY;
}

export async function kycStateOf(db: Executor, memberId: string): Promise<KycState> {
  const row = await db
    .selectFrom('kyc_members')
    .select('state')
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  return row?.state ?? 'none';
}

/** Checks a policy an operator saves: each cap must be an amount of the brand's currency. */
export function validatePolicy(policy: KycPolicy, currency: string): KycPolicy {
  for (const allowance of Object.values(policy.states)) {
    for (const cap of [allowance.depositMax, allowance.withdrawMax]) {
      if (cap !== null && parseAmount(cap, currency) === null) throw new AppError('kyc_policy_invalid');
    }
  }
  return policy;
}

/** True when some state may not play: the stake gate then reads the member's state. */
export function playGated(policy: KycPolicy): boolean {
  return Object.values(policy.states).some((s) => !s.play);
}

export type KycAction = 'deposit' | 'withdraw';

/**
 * Whether `state` may `action` `amount` (minor units) under `policy`: refused when the action is not
 * allowed at all or the amount is above the state's cap.
 */
export function allows(
  policy: KycPolicy,
  state: KycState,
  action: KycAction,
  amount: bigint,
  currency: string,
) {
  const allowance = policy.states[state];
  const allowed = action === 'deposit' ? allowance.deposit : allowance.withdraw;
  if (!allowed) return false;
  const cap = action === 'deposit' ? allowance.depositMax : allowance.withdrawMax;
  if (cap === null) return true;
  const capMinor = parseAmount(cap, currency);
  return capMinor === null || amount <= capMinor;
}
