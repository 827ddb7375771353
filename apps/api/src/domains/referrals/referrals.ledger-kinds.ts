import type { LedgerKinds } from '../../events/money-facts.ts';

export const REFERRAL_LEDGER_KINDS: LedgerKinds = {
  referral_reward: { means: 'bonus_credited', description: "A referrer's reward for a qualified friend." },
};
