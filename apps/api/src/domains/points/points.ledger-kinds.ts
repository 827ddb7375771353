import type { LedgerKinds } from '../../events/money-facts.ts';

/** Points turned into money (the points' own ledger is apart: points_entries). */
export const POINTS_LEDGER_KINDS: LedgerKinds = {
  points_convert: { means: 'bonus_credited', description: "A member's points converted to money." },
  points_exchange_cash: {
    means: 'bonus_credited',
    description: 'A points-mall exchange for cash, paid when an operator passes it.',
  },
};
