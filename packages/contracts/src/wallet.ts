import { type Static, Type } from 'typebox';
import { Amount, AmountInput } from './money.ts';

/**
 * Wire schemas of the member's wallets beyond the balance (issue 4): transfers between the main
 * wallet and the vendor wallets of the transfer mode, the consolidated funds, and the account
 * record (transactionHistory) read from the ledger's postings.
 */

const RequestId = Type.String({
  minLength: 8,
  maxLength: 64,
  pattern: '^[A-Za-z0-9_-]+$',
  description:
    'Chosen by the client once per submission (a UUID): a repeat (double click, retry) moves the money once',
});

const WalletId = Type.Integer({
  minimum: 0,
  maximum: Number.MAX_SAFE_INTEGER,
  description:
    '0 = main wallet, otherwise the vendor wallet of that vendor id (accountTypeId of the balance)',
});

/** `POST /wps/relay/GCS_walletTransfer`: exactly one side is the main wallet (0). */
export const WalletTransferBody = Type.Object({
  from: WalletId,
  to: WalletId,
  amount: AmountInput,
  requestId: RequestId,
});
export type WalletTransferBody = Static<typeof WalletTransferBody>;

/** `POST /wps/relay/GCS_walletTransferAllToMain`: every vendor wallet back into the main wallet. */
export const WalletSweepBody = Type.Object({ requestId: RequestId });
export type WalletSweepBody = Static<typeof WalletSweepBody>;

export const VendorWallet = Type.Object({
  accountTypeId: Type.Integer({ description: 'The vendor id' }),
  vendorCode: Type.String(),
  vendorName: Type.String(),
  balance: Amount,
  active: Type.Boolean({
    description: 'false: the vendor is switched off; only "all back to main" empties it',
  }),
});
export type VendorWallet = Static<typeof VendorWallet>;

/** `GET /wps/member/info/funds/consolidated`. */
export const ConsolidatedFunds = Type.Object({
  isSingle: Type.Boolean({ description: 'true: seamless single wallet (vendor wallets are not used)' }),
  main: Amount,
  vendorWallets: Type.Array(VendorWallet, {
    description:
      'Transfer mode: every active vendor (balance 0.00 until used) and any inactive one holding money',
  }),
  sumBalance: Amount,
  pendingDeposits: Amount,
  pendingWithdrawals: Amount,
  currency: Type.String(),
  currencySymbol: Type.String(),
});
export type ConsolidatedFunds = Static<typeof ConsolidatedFunds>;

export const WalletTransferResult = Type.Object({
  transferred: Amount,
  replayed: Type.Boolean({
    description: 'true: this requestId had already moved the money; nothing moved now',
  }),
  funds: ConsolidatedFunds,
});
export type WalletTransferResult = Static<typeof WalletTransferResult>;

/** Stable type codes of the account record; the ledger's entry kinds map onto them. */
export const TRANSACTION_TYPES = [
  'deposit',
  'withdrawal',
  'withdrawal_return',
  'bet',
  'win',
  'rollback',
  'adjustment',
  'transfer_in',
  'transfer_out',
  'transfer_upline',
  'demo_credit',
  'reward',
  'forfeit',
  'other',
] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

/** The account record's limits: a page of at most 100 rows, a range of at most 92 days. */
export const HISTORY_LIMITS = {
  maxSize: 100,
  defaultSize: 20,
  maxRangeDays: 92,
  defaultRangeDays: 7,
} as const;

const DATE_TIME = '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,3})?)?(Z|[+-]\\d{2}:\\d{2})$';
const dateTime = (description: string) =>
  Type.String({
    pattern: DATE_TIME,
    maxLength: 40,
    description: `ISO 8601 date-time with its offset, e.g. 2026-11-16T00:00:00+08:00. ${description}`,
  });

/** `GET /wps/member/transactions`. */
export const TransactionHistoryQuery = Type.Object({
  type: Type.Optional(Type.Enum(TRANSACTION_TYPES)),
  from: Type.Optional(dateTime('Inclusive start; default: 7 days before `to`')),
  to: Type.Optional(dateTime('Exclusive end; default: now')),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
  size: Type.Optional(
    Type.Integer({ minimum: 1, maximum: HISTORY_LIMITS.maxSize, default: HISTORY_LIMITS.defaultSize }),
  ),
});
export type TransactionHistoryQuery = Static<typeof TransactionHistoryQuery>;

export const TransactionRecord = Type.Object({
  id: Type.String({ description: 'The posting id (stable)' }),
  type: Type.Enum(TRANSACTION_TYPES),
  accountTypeId: Type.Integer({
    description: '0 = main wallet, otherwise the vendor wallet of that vendor id',
  }),
  amount: Amount,
  balanceAfter: Amount,
  time: Type.Integer({ description: 'ms since the epoch' }),
  reference: Type.String(),
});
export type TransactionRecord = Static<typeof TransactionRecord>;

export const TransactionHistoryPage = Type.Object({
  items: Type.Array(TransactionRecord),
  total: Type.Integer(),
  page: Type.Integer(),
  size: Type.Integer(),
  from: Type.Integer({ description: 'The range applied (ms since the epoch), inclusive' }),
  to: Type.Integer({ description: 'The range applied (ms since the epoch), exclusive' }),
  currency: Type.String(),
  currencySymbol: Type.String(),
});
export type TransactionHistoryPage = Static<typeof TransactionHistoryPage>;
