import { type Static, Type } from 'typebox';
import { ID_PATTERN } from './ids.ts';
import { Amount, AmountInput, parseAmount } from './money.ts';
import { PageQuery, pageQueryFields, SizedPage } from './paging.ts';
import { IMAGE_UPLOAD_RULES } from './uploads.ts';

/**
 * Wire schemas of withdrawals (spec §4, issue 4): bank cards, withdraw settings, the withdrawal
 * request and the member's confirmation after payment, and transferUpline. Money-moving calls go
 * through `/wps/relay/passwordCheck/<NAME>`: they are E calls and the decrypted body carries the
 * member's `fundsPassword`, checked on the server before the named relay runs.
 */

export const WITHDRAW_RELAY = 'MCSFE_applyWithdraw';
export const TRANSFER_UPLINE_RELAY = 'MCSFE_transferToUpline';

/** Rules of a bank card form, shared by the member page and the server. */
export const BANK_CARD_RULES = {
  bankNameMax: 64,
  holderNameMax: 64,
  accountNumberPattern: '^[0-9]{6,24}$',
} as const;

export const BankCardInput = Type.Object({
  bankName: Type.String({ minLength: 1, maxLength: BANK_CARD_RULES.bankNameMax }),
  accountHolderName: Type.String({ minLength: 1, maxLength: BANK_CARD_RULES.holderNameMax }),
  accountNumber: Type.String({
    minLength: 1,
    maxLength: 40,
    description: '6 to 24 digits; spaces and dashes are ignored',
  }),
  /** The login password: a session alone cannot add where withdrawals go. */
  password: Type.String({ minLength: 1, maxLength: 64 }),
});
export type BankCardInput = Static<typeof BankCardInput>;

export const BankCard = Type.Object({
  id: Type.String(),
  bankName: Type.String(),
  accountHolderName: Type.String(),
  accountNumber: Type.String({ description: 'Masked: only the last four digits show' }),
  createdAt: Type.Integer({ description: 'ms since the epoch' }),
});
export type BankCard = Static<typeof BankCard>;

export const BankCardList = Type.Object({
  cards: Type.Array(BankCard),
  maxCards: Type.Integer(),
});
export type BankCardList = Static<typeof BankCardList>;

/** `MCSFE_getWithdrawSettings` value (wire-protocol.md shape plus this platform's extras). */
export const WithdrawSettings = Type.Object({
  minimumAmount: Amount,
  maximumAmount: Amount,
  dailyCountLimit: Type.Integer({
    description:
      "Withdrawals the member may request per day (0 = no limit): the VIP level's when it sets one",
  }),
  /** The total the member may request per day ('0.00' = no limit): the VIP level's. */
  dailyAmountLimit: Amount,
  autoReceiptMinutes: Type.Integer({
    description: 'Minutes after payment without the member answering that count as received',
  }),
  confirmationRequired: Type.Boolean({
    description: 'The member confirms receipt after payment; false = paid means received',
  }),
  maxBankCards: Type.Integer(),
  currency: Type.String(),
  currencySymbol: Type.String(),
});
export type WithdrawSettings = Static<typeof WithdrawSettings>;

/**
 * The member's `MCSFE_getWithdrawSettings` value: the limits plus what today's withdrawals (UTC day,
 * rejected ones excluded) used of the daily count and amount and what remains.
 */
export const MemberWithdrawSettings = Type.Object({
  ...WithdrawSettings.properties,
  dailyCountUsed: Type.Integer({
    minimum: 0,
    description: 'Withdrawals of today that count against the daily limit (rejected ones do not)',
  }),
  /** The total of today's withdrawals that count against the daily amount limit. */
  dailyAmountUsed: Amount,
  dailyCountRemaining: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], {
    description: 'Withdrawals still allowed today; null = no daily count limit',
  }),
  /** The amount still allowed today; null = no daily amount limit. */
  dailyAmountRemaining: Type.Union([Amount, Type.Null()]),
});
export type MemberWithdrawSettings = Static<typeof MemberWithdrawSettings>;

/**
 * The amount rule of a withdrawal, the same on both sides: a valid amount of the currency's scale,
 * above zero and inside the brand's minimum and maximum. Answers the minor units or why not.
 */
export function checkWithdrawAmount(
  text: string,
  currency: string,
  limits: { minimum: bigint; maximum: bigint },
): { ok: true; minor: bigint } | { ok: false; reason: 'invalid' | 'below_minimum' | 'above_maximum' } {
  const minor = parseAmount(text.trim(), currency);
  if (minor === null || minor <= 0n) return { ok: false, reason: 'invalid' };
  if (minor < limits.minimum) return { ok: false, reason: 'below_minimum' };
  if (minor > limits.maximum) return { ok: false, reason: 'above_maximum' };
  return { ok: true, minor };
}

const FundsPassword = Type.String({
  minLength: 1,
  maxLength: 64,
  description: "The member's funds password",
});
const ClientRequestId = Type.String({
  minLength: 8,
  maxLength: 64,
  pattern: '^[A-Za-z0-9_-]+$',
  description: 'Chosen by the client once per submission (a UUID): a repeat makes no second movement',
});

/** Decrypted body of `POST /wps/relay/passwordCheck/MCSFE_applyWithdraw` (E). */
export const WithdrawRequestBody = Type.Object({
  fundsPassword: FundsPassword,
  amount: AmountInput,
  bankCardId: Type.String({ pattern: ID_PATTERN }),
  clientRequestId: ClientRequestId,
  /**
   * The member confirmed that the request forfeits a bonus still in wagering (answered
   * `bonus_wagering_active` without it).
   */
  forfeitBonus: Type.Optional(Type.Boolean()),
});
export type WithdrawRequestBody = Static<typeof WithdrawRequestBody>;

export const WITHDRAWAL_STATUSES = [
  'pending',
  'approved',
  'rejected',
  'paid',
  'received',
  'disputed',
  'partial',
  'refunded',
] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

/** How a withdrawal's receipt was settled. */
export const CONFIRMATIONS = [
  'received',
  'not_received',
  'partial',
  'auto',
  'forced',
  'not_required',
] as const;
export type Confirmation = (typeof CONFIRMATIONS)[number];

export const Withdrawal = Type.Object({
  id: Type.String(),
  amount: Amount,
  currency: Type.String(),
  status: Type.Enum(WITHDRAWAL_STATUSES),
  bankName: Type.String(),
  accountHolderName: Type.String(),
  accountNumber: Type.String({ description: 'Masked' }),
  rejectReason: Type.String(),
  confirmation: Type.Union([Type.Enum(CONFIRMATIONS), Type.Null()]),
  receivedAmount: Type.Union([Amount, Type.Null()]),
  createdAt: Type.Integer({ description: 'ms since the epoch' }),
  paidAt: Type.Union([Type.Integer(), Type.Null()]),
  /** When an unanswered paid withdrawal counts as received (ms), for the member's countdown. */
  autoReceiptAt: Type.Union([Type.Integer(), Type.Null()]),
});
export type Withdrawal = Static<typeof Withdrawal>;

export const WithdrawalPage = SizedPage(Withdrawal);
export type WithdrawalPage = Static<typeof WithdrawalPage>;

export { PageQuery };

export const PartialReceiptBody = Type.Object({ receivedAmount: AmountInput });

/** Proof image of "not received": PNG or JPG under 5 MB, checked by its bytes. */
export const PROOF_IMAGE_RULES = {
  maxBytes: IMAGE_UPLOAD_RULES.maxBytes,
  types: IMAGE_UPLOAD_RULES.types,
  noteMax: 500,
} as const;

/** Decrypted body of `POST /wps/relay/passwordCheck/MCSFE_transferToUpline` (E). */
export const TransferUplineBody = Type.Object({
  fundsPassword: FundsPassword,
  amount: AmountInput,
  clientRequestId: ClientRequestId,
});
export type TransferUplineBody = Static<typeof TransferUplineBody>;

export const TransferUplineResult = Type.Object({
  id: Type.String(),
  amount: Amount,
  uplineAccount: Type.String({ description: "The upline agent's username" }),
  balance: Amount,
});
export type TransferUplineResult = Static<typeof TransferUplineResult>;

/** `GET /wps/member/upline`: whether the member has an upline to transfer to. */
export const UplineInfo = Type.Object({
  hasUpline: Type.Boolean(),
  uplineAccount: Type.String(),
});
export type UplineInfo = Static<typeof UplineInfo>;

/** Back office: the withdrawal queue. */
export const OperatorWithdrawal = Type.Object({
  ...Withdrawal.properties,
  memberId: Type.String(),
  username: Type.String(),
  accountNumberFull: Type.String({ description: 'Unmasked, for paying it' }),
  hasProof: Type.Boolean(),
  disputeNote: Type.String(),
  reviewedBy: Type.Union([Type.String(), Type.Null()]),
});
export type OperatorWithdrawal = Static<typeof OperatorWithdrawal>;

export const OperatorWithdrawalQuery = Type.Object({
  status: Type.Optional(Type.Enum(WITHDRAWAL_STATUSES)),
  username: Type.Optional(Type.String({ maxLength: 64 })),
  from: Type.Optional(Type.String({ format: 'date', description: 'YYYY-MM-DD, inclusive' })),
  to: Type.Optional(Type.String({ format: 'date', description: 'YYYY-MM-DD, inclusive' })),
  ...pageQueryFields,
});

export const OperatorWithdrawalPage = SizedPage(OperatorWithdrawal);
export type OperatorWithdrawalPage = Static<typeof OperatorWithdrawalPage>;

export const RejectBody = Type.Object({ reason: Type.String({ minLength: 1, maxLength: 500 }) });
export const ResolveBody = Type.Object({
  outcome: Type.Union([Type.Literal('forced_receipt'), Type.Literal('refund')], {
    description:
      'forced_receipt: counts as received (no security deposit is modelled, nothing is returned); refund: the amount not received goes back to the member',
  }),
});

/** Back office: a brand's withdrawal settings (admin or finance). */
export const WithdrawSettingsInput = Type.Object({
  minimumAmount: AmountInput,
  maximumAmount: AmountInput,
  dailyCountLimit: Type.Integer({ minimum: 0, maximum: 1000 }),
  autoReceiptMinutes: Type.Integer({ minimum: 1, maximum: 43_200 }),
  confirmationRequired: Type.Boolean(),
  maxBankCards: Type.Integer({ minimum: 1, maximum: 50 }),
});
export type WithdrawSettingsInput = Static<typeof WithdrawSettingsInput>;
