import type { LedgerKinds } from '../../events/money-facts.ts';

/** The wallet's own entries (adjustments, the trial balance, transfer-mode moves). */
export const WALLET_LEDGER_KINDS: LedgerKinds = {
  adjustment: {
    means: 'adjusted',
    description: "An operator's adjustment of a member's main wallet (credit or debit).",
  },
  demo_credit: {
    means: 'adjusted',
    description: "A trial account's demo balance, credited when its wallet opens.",
  },
  wallet_transfer: {
    means: 'transferred',
    description: "A member's move between the main wallet and a vendor's wallet (transfer mode).",
  },
  wallet_transfer_sweep: {
    means: 'transferred',
    description: "Every vendor wallet's balance swept back to the member's main wallet.",
  },
};
