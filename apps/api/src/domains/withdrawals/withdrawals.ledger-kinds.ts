import type { LedgerKinds } from '../../events/money-facts.ts';

/** A withdrawal's steps (`withdrawal_<step>`, review.service.ts) and the transfer to an upline. */
export const WITHDRAWAL_LEDGER_KINDS: LedgerKinds = {
  withdrawal_hold: { means: 'withdrawal_held', description: "A requested withdrawal's money set aside." },
  withdrawal_return: {
    means: 'withdrawal_returned',
    description: "A rejected withdrawal's money back to the member.",
  },
  withdrawal_paid: {
    means: 'withdrawal_paid',
    description: "A withdrawal's money out to the payment provider.",
  },
  withdrawal_refund: {
    means: 'withdrawal_returned',
    description: 'What the member did not receive of a disputed or partial withdrawal, back to the wallet.',
  },
  transfer_upline: { means: 'transferred', description: "A member's transfer to their upline's wallet." },
};
