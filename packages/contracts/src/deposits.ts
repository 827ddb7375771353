import { type Static, Type } from 'typebox';
import { ID_PATTERN } from './ids.ts';
import { Amount, AmountInput, parseAmount } from './money.ts';
import { PageQuery, pageQueryFields, SizedPage } from './paging.ts';
import { IMAGE_UPLOAD_RULES } from './uploads.ts';

/**
 * Wire schemas of deposits (spec §4, issue 4): the brand's deposit methods with their limits, the
 * member's deposits by manual bank transfer (with a receipt image), hosted payment gateway
 * (redirect) and QR payment, and the gateway callback.
 */

export const DEPOSIT_KINDS = ['bank_transfer', 'gateway', 'qr'] as const;
export type DepositKind = (typeof DEPOSIT_KINDS)[number];

export const DEPOSIT_STATUSES = ['pending', 'approved', 'paid', 'rejected', 'cancelled', 'failed'] as const;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];

/** Receipt of a bank transfer: PNG or JPG under 5 MB, checked by its bytes on the server. */
export const RECEIPT_RULES = {
  maxBytes: IMAGE_UPLOAD_RULES.maxBytes,
  types: IMAGE_UPLOAD_RULES.types,
  transferReferenceMax: 64,
} as const;

/**
 * The amount rule of a deposit, the same on both sides: a valid amount of the currency's scale,
 * above zero and inside the method's minimum and maximum. Answers the minor units or why not.
 */
export function checkDepositAmount(
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

export const DepositBankAccount = Type.Object({
  id: Type.String(),
  bankName: Type.String(),
  accountName: Type.String(),
  accountNumber: Type.String(),
});
export type DepositBankAccount = Static<typeof DepositBankAccount>;

export const DepositMethod = Type.Object({
  id: Type.String(),
  code: Type.String(),
  kind: Type.Enum(DEPOSIT_KINDS),
  name: Type.String(),
  minAmount: Amount,
  maxAmount: Amount,
  bankAccounts: Type.Array(DepositBankAccount, { description: 'Receiving accounts (bank_transfer only)' }),
});
export type DepositMethod = Static<typeof DepositMethod>;

/** `MCSFE_getDepositSettings` value (wire-protocol.md shape plus the brand's methods). */
export const DepositSettings = Type.Object({
  allowDeposit: Type.Union([Type.Literal('Y'), Type.Literal('N')]),
  currency: Type.String(),
  currencySymbol: Type.String(),
  methods: Type.Array(DepositMethod, { description: 'Enabled methods in their sort order' }),
});
export type DepositSettings = Static<typeof DepositSettings>;

const ClientRequestId = Type.String({
  minLength: 8,
  maxLength: 64,
  pattern: '^[A-Za-z0-9_-]+$',
  description: 'Chosen by the client once per submission (a UUID): a repeat creates no second deposit',
});

/** Body of `POST /wps/deposits` (gateway and QR methods). */
export const DepositRequestBody = Type.Object({
  methodId: Type.String({ pattern: ID_PATTERN }),
  amount: AmountInput,
  clientRequestId: ClientRequestId,
});
export type DepositRequestBody = Static<typeof DepositRequestBody>;

/** Fields of the multipart `POST /wps/deposits/bank-transfer` form (plus the `receipt` file). */
export const BankTransferForm = Type.Object({
  methodId: Type.String({ pattern: ID_PATTERN }),
  bankAccountId: Type.String({ pattern: ID_PATTERN }),
  amount: AmountInput,
  transferReference: Type.String({ minLength: 1, maxLength: RECEIPT_RULES.transferReferenceMax }),
  clientRequestId: ClientRequestId,
  receipt: Type.String({ format: 'binary', description: 'PNG or JPG under 5 MB' }),
});

export const Deposit = Type.Object({
  id: Type.String(),
  reference: Type.String({ description: "The platform's reference of this deposit (shown to the gateway)" }),
  kind: Type.Enum(DEPOSIT_KINDS),
  methodName: Type.String(),
  amount: Amount,
  currency: Type.String(),
  status: Type.Enum(DEPOSIT_STATUSES),
  bankName: Type.String(),
  accountName: Type.String(),
  accountNumber: Type.String(),
  transferReference: Type.String(),
  hasReceipt: Type.Boolean(),
  rejectReason: Type.String(),
  createdAt: Type.Integer({ description: 'ms since the epoch' }),
  resolvedAt: Type.Union([Type.Integer(), Type.Null()]),
});
export type Deposit = Static<typeof Deposit>;

/** What creating a deposit answers: the deposit and, by kind, where to pay. */
export const DepositCreated = Type.Object({
  deposit: Deposit,
  redirectUrl: Type.Union([Type.String(), Type.Null()], {
    description: "Gateway: the hosted payment page to send the member's browser to",
  }),
  qrImage: Type.Union([Type.String(), Type.Null()], { description: 'QR: a PNG data URL to show' }),
  qrPayload: Type.Union([Type.String(), Type.Null()], { description: 'QR: the payment string in the image' }),
});
export type DepositCreated = Static<typeof DepositCreated>;

export const DepositPage = SizedPage(Deposit);
export type DepositPage = Static<typeof DepositPage>;

export const DepositPageQuery = PageQuery;

export const DepositIdParams = Type.Object({ id: Type.String({ pattern: ID_PATTERN }) });

/** Header of the gateway callback: hex HMAC-SHA256 of the raw body with the gateway's secret. */
export const GATEWAY_SIGNATURE_HEADER = 'x-signature';

/** Body of `POST /wps/deposits/callback/<gatewayCode>`, signed by the gateway. */
export const GatewayCallbackBody = Type.Object({
  reference: Type.String({ minLength: 1, maxLength: 64, description: "The platform's deposit reference" }),
  gatewayTransactionId: Type.String({ minLength: 1, maxLength: 128 }),
  status: Type.Union([Type.Literal('paid'), Type.Literal('failed')]),
  amount: AmountInput,
  currency: Type.String({ minLength: 3, maxLength: 3 }),
});
export type GatewayCallbackBody = Static<typeof GatewayCallbackBody>;

export const GatewayCallbackResult = Type.Object({
  reference: Type.String(),
  status: Type.Enum(DEPOSIT_STATUSES),
  applied: Type.Boolean({ description: 'false: this callback changed nothing (already applied)' }),
});
export type GatewayCallbackResult = Static<typeof GatewayCallbackResult>;

/** Back office: one row of the deposit queue. */
export const OperatorDeposit = Type.Object({
  ...Deposit.properties,
  memberId: Type.String(),
  username: Type.String(),
  methodId: Type.String(),
  gatewayTransactionId: Type.Union([Type.String(), Type.Null()]),
  reviewedBy: Type.Union([Type.String(), Type.Null()]),
});
export type OperatorDeposit = Static<typeof OperatorDeposit>;

export const OperatorDepositQuery = Type.Object({
  status: Type.Optional(Type.Enum(DEPOSIT_STATUSES)),
  methodId: Type.Optional(Type.String({ pattern: ID_PATTERN })),
  username: Type.Optional(Type.String({ maxLength: 64 })),
  from: Type.Optional(Type.String({ format: 'date', description: 'YYYY-MM-DD, inclusive' })),
  to: Type.Optional(Type.String({ format: 'date', description: 'YYYY-MM-DD, inclusive' })),
  ...pageQueryFields,
});
export type OperatorDepositQuery = Static<typeof OperatorDepositQuery>;

export const OperatorDepositPage = SizedPage(OperatorDeposit);
export type OperatorDepositPage = Static<typeof OperatorDepositPage>;

export const RejectDepositBody = Type.Object({
  reason: Type.String({ minLength: 1, maxLength: 200 }),
});

// Back office: deposit method, bank account and gateway settings (admins).

const Code = Type.String({ pattern: '^[A-Za-z0-9_-]{1,32}$' });

export const OperatorDepositMethod = Type.Object({
  id: Type.String(),
  code: Type.String(),
  kind: Type.Enum(DEPOSIT_KINDS),
  name: Type.String(),
  minAmount: Amount,
  maxAmount: Amount,
  enabled: Type.Boolean(),
  sortOrder: Type.Integer(),
  gatewayId: Type.Union([Type.String(), Type.Null()]),
  bankAccounts: Type.Array(
    Type.Object({
      ...DepositBankAccount.properties,
      enabled: Type.Boolean(),
      sortOrder: Type.Integer(),
    }),
  ),
});
export type OperatorDepositMethod = Static<typeof OperatorDepositMethod>;

export const PaymentGateway = Type.Object({
  id: Type.String(),
  code: Type.String(),
  name: Type.String(),
  kind: Type.Union([Type.Literal('demo'), Type.Literal('external')]),
  active: Type.Boolean(),
  callbackPath: Type.String({ description: 'Where the gateway sends its signed callbacks' }),
});
export type PaymentGateway = Static<typeof PaymentGateway>;

export const DepositMethodSettings = Type.Object({
  currency: Type.String(),
  methods: Type.Array(OperatorDepositMethod),
  gateways: Type.Array(PaymentGateway, { description: 'Secrets are never returned' }),
});
export type DepositMethodSettings = Static<typeof DepositMethodSettings>;

const MethodFields = {
  name: Type.String({ minLength: 1, maxLength: 64 }),
  minAmount: AmountInput,
  maxAmount: AmountInput,
  enabled: Type.Boolean(),
  sortOrder: Type.Integer({ minimum: 0, maximum: 10_000 }),
  gatewayId: Type.Union([Type.String({ pattern: ID_PATTERN }), Type.Null()]),
};

export const NewDepositMethodBody = Type.Object({
  code: Code,
  kind: Type.Enum(DEPOSIT_KINDS),
  ...MethodFields,
});
export type NewDepositMethodBody = Static<typeof NewDepositMethodBody>;
export const DepositMethodBody = Type.Object(MethodFields);
export type DepositMethodBody = Static<typeof DepositMethodBody>;

export const DepositBankAccountBody = Type.Object({
  bankName: Type.String({ minLength: 1, maxLength: 64 }),
  accountName: Type.String({ minLength: 1, maxLength: 64 }),
  accountNumber: Type.String({ pattern: '^[0-9]{6,24}$' }),
  enabled: Type.Boolean(),
  sortOrder: Type.Integer({ minimum: 0, maximum: 10_000 }),
});
export type DepositBankAccountBody = Static<typeof DepositBankAccountBody>;

export const PaymentGatewayBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 64 }),
  kind: Type.Union([Type.Literal('demo'), Type.Literal('external')]),
  secret: Type.String({
    minLength: 16,
    maxLength: 256,
    description: 'Callback signing secret; stored encrypted',
  }),
  active: Type.Boolean(),
});
export type PaymentGatewayBody = Static<typeof PaymentGatewayBody>;
