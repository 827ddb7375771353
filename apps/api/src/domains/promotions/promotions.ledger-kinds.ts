import type { LedgerKinds } from '../../events/money-facts.ts';

export const PROMOTION_LEDGER_KINDS: LedgerKinds = {
  promotion_bonus: { means: 'bonus_credited', description: "A promotion's bonus from the bonus pool." },
  promotion_forfeit: {
    means: 'bonus_forfeited',
    description: "A bonus's locked money back to the bonus pool (forfeited or cancelled).",
  },
};
