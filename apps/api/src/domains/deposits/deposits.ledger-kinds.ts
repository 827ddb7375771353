import type { LedgerKinds } from '../../events/money-facts.ts';

export const DEPOSIT_LEDGER_KINDS: LedgerKinds = {
  deposit: {
    means: 'deposit_credited',
    description: "A deposit credited to the member's main wallet (approved, or paid by the gateway).",
  },
};
