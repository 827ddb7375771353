import type { LedgerKinds } from '../../events/money-facts.ts';

export const MISSION_LEDGER_KINDS: LedgerKinds = {
  mission_reward: {
    means: 'bonus_credited',
    description: "A completed mission's reward, claimed by the member.",
  },
};
