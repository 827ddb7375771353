import type { LedgerKinds } from '../../events/money-facts.ts';

export const VIP_LEDGER_KINDS: LedgerKinds = {
  vip_bonus: { means: 'bonus_credited', description: 'A VIP level-up, birthday or periodic bonus.' },
  vip_rebate: { means: 'bonus_credited', description: "A VIP rebate on the member's turnover." },
};
