import { type Static, Type } from 'typebox';
import { ID_PATTERN } from './ids.ts';
import { Amount, AmountInput } from './money.ts';
import { GAME_CATEGORIES } from './system-values.ts';

/**
 * Back-office (operator) wire schemas, shared by the API (/bo/v1) and apps/backoffice.
 * Every call carries the Merchant header; logged-in calls carry the operator token in Authorization.
 */

export const OperatorRole = Type.Union(
  [
    Type.Literal('admin'),
    Type.Literal('finance'),
    Type.Literal('cs'),
    Type.Literal('marketing'),
    Type.Literal('readonly'),
  ],
  { description: 'admin may do everything; every role may read' },
);
export type OperatorRole = Static<typeof OperatorRole>;

export const OperatorInfo = Type.Object({
  id: Type.String(),
  username: Type.String(),
  role: OperatorRole,
  /** An admin reset the password: only `me`, logout and PUT /bo/v1/me/password answer until it changes. */
  mustChangePassword: Type.Boolean(),
});
export type OperatorInfo = Static<typeof OperatorInfo>;

export const OperatorLoginBody = Type.Object(
  {
    username: Type.String({ minLength: 1, maxLength: 32 }),
    password: Type.String({ minLength: 1, maxLength: 128 }),
    totpCode: Type.Optional(Type.String({ pattern: '^\\d{6}$', description: 'Current authenticator code' })),
    captchaId: Type.Optional(
      Type.String({ maxLength: 64, description: 'Id of the image of GET /bo/v1/session/captcha' }),
    ),
    captcha: Type.Optional(
      Type.String({
        maxLength: 16,
        description: 'Its answer, once the user name had too many failures (operator_captcha_required)',
      }),
    ),
  },
  { additionalProperties: false },
);
export type OperatorLoginBody = Static<typeof OperatorLoginBody>;

export const OperatorLoginResult = Type.Union([
  Type.Object(
    { step: Type.Literal('done'), token: Type.String(), operator: OperatorInfo },
    { description: 'Logged in: the token goes in Authorization of every /bo/v1 call' },
  ),
  Type.Object(
    {
      step: Type.Literal('enrol'),
      otpauthUri: Type.String(),
      qrDataUrl: Type.String({ description: 'PNG data URL of the otpauth URI' }),
    },
    {
      description:
        'First login: scan the QR code (or enter the URI) into an authenticator app, then log in again with its code',
    },
  ),
]);
export type OperatorLoginResult = Static<typeof OperatorLoginResult>;

export const Page = Type.Integer({ minimum: 1, maximum: 100_000, default: 1 });
export const PageSize = Type.Integer({ minimum: 1, maximum: 100, default: 20 });

export const Paged = <T extends ReturnType<typeof Type.Object>>(item: T) =>
  Type.Object({
    items: Type.Array(item),
    total: Type.Integer(),
    page: Type.Integer(),
    pageSize: Type.Integer(),
  });

export { Amount, AmountInput };

export const OperatorSummary = Type.Object({
  id: Type.String(),
  username: Type.String(),
  role: OperatorRole,
  active: Type.Boolean(),
  totpEnabled: Type.Boolean(),
  mustChangePassword: Type.Boolean(),
  lastLoginAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  createdAt: Type.String({ format: 'date-time' }),
});
export type OperatorSummary = Static<typeof OperatorSummary>;

export const CreateOperatorBody = Type.Object(
  {
    username: Type.String({ pattern: '^[A-Za-z0-9_.-]{3,32}$' }),
    password: Type.String({ minLength: 8, maxLength: 128 }),
    role: OperatorRole,
  },
  { additionalProperties: false },
);
export type CreateOperatorBody = Static<typeof CreateOperatorBody>;

/**
 * Operator password rule, shared by the back office and the server: 8 to 128 characters with at
 * least one letter and one digit, not containing the username. Answers the catalogue code of the
 * problem, or null when the password is acceptable.
 */
export function operatorPasswordProblem(password: string, username: string): 'operator_password_weak' | null {
  if (password.length < 8 || password.length > 128) return 'operator_password_weak';
  if (!/\p{L}/u.test(password) || !/\p{Nd}/u.test(password)) return 'operator_password_weak';
  if (username.length >= 3 && password.toLowerCase().includes(username.toLowerCase())) {
    return 'operator_password_weak';
  }
  return null;
}

/** PUT /bo/v1/me/password: the operator's own change (ends the operator's other sessions). */
export const ChangeOwnPasswordBody = Type.Object(
  {
    currentPassword: Type.String({ minLength: 1, maxLength: 128 }),
    newPassword: Type.String({ minLength: 1, maxLength: 128 }),
  },
  { additionalProperties: false },
);
export type ChangeOwnPasswordBody = Static<typeof ChangeOwnPasswordBody>;

/** POST /bo/v1/operators/:id/password: the operator and a temporary password, shown this once. */
export const OperatorPasswordReset = Type.Object({
  operator: OperatorSummary,
  temporaryPassword: Type.String({
    description: 'Give it to the operator; it must be changed at the next login',
  }),
});
export type OperatorPasswordReset = Static<typeof OperatorPasswordReset>;

export const OperatorActiveBody = Type.Object({ active: Type.Boolean() }, { additionalProperties: false });
export const IdParams = Type.Object({ id: Type.String({ pattern: ID_PATTERN }) });

export const MemberRow = Type.Object({
  id: Type.String(),
  username: Type.String(),
  mobile: Type.Union([Type.String(), Type.Null()]),
  status: Type.String({ description: 'ACTIVE, LOCKED or DISABLED' }),
  isAgent: Type.Integer(),
  createdAt: Type.String({ format: 'date-time' }),
  lastLoginAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});
export type MemberRow = Static<typeof MemberRow>;

/** Spec §3 memberLabel: at most 10 labels, each 1 to 20 characters, no control characters. */
export const MEMBER_LABELS_MAX = 10;
export const MemberLabelsBody = Type.Object(
  {
    labels: Type.Array(Type.String({ minLength: 1, maxLength: 20, pattern: '^[^\\p{Cc}]*\\S[^\\p{Cc}]*$' }), {
      maxItems: MEMBER_LABELS_MAX,
    }),
  },
  { additionalProperties: false },
);
export type MemberLabelsBody = Static<typeof MemberLabelsBody>;
export const MemberLabels = Type.Object({ labels: Type.Array(Type.String()) });
export type MemberLabels = Static<typeof MemberLabels>;

export const MemberSearchQuery = Type.Object({
  q: Type.Optional(Type.String({ maxLength: 64, description: 'Username (prefix), mobile or member id' })),
  page: Type.Optional(Page),
  pageSize: Type.Optional(PageSize),
});

export const MemberPage = Paged(MemberRow);
export type MemberPage = Static<typeof MemberPage>;

export const LoginAttemptRow = Type.Object({
  method: Type.String(),
  ip: Type.String(),
  country: Type.String(),
  device: Type.String(),
  outcome: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
});

export const WalletRow = Type.Object({ kind: Type.String(), label: Type.String(), balance: Amount });

export const MemberDetail = Type.Object({
  member: Type.Intersect([
    MemberRow,
    Type.Object({
      email: Type.Union([Type.String(), Type.Null()]),
      nickname: Type.String(),
      /** The operator's labels of the member, answered to the member as memberLabel. */
      labels: Type.Array(Type.String()),
    }),
  ]),
  currency: Type.String(),
  currencySymbol: Type.String(),
  wallets: Type.Array(WalletRow),
  loginAttempts: Type.Array(LoginAttemptRow),
});
export type MemberDetail = Static<typeof MemberDetail>;

export const PostingRow = Type.Object({
  id: Type.String(),
  entryKind: Type.String(),
  wallet: Type.String(),
  amount: Amount,
  balanceAfter: Amount,
  reference: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
});
export type PostingRow = Static<typeof PostingRow>;
export const PostingPage = Paged(PostingRow);
export type PostingPage = Static<typeof PostingPage>;

export const MemberStatusBody = Type.Object(
  { status: Type.Union([Type.Literal('ACTIVE'), Type.Literal('LOCKED')]) },
  { additionalProperties: false },
);

export const AdjustmentBody = Type.Object(
  {
    requestId: Type.String({
      pattern: '^[A-Za-z0-9_-]{8,64}$',
      description: 'Chosen by the client once per adjustment; a repeat returns the first result',
    }),
    memberId: Type.String({ pattern: ID_PATTERN }),
    direction: Type.Union([Type.Literal('credit'), Type.Literal('debit')]),
    amount: AmountInput,
    reason: Type.String({ minLength: 3, maxLength: 500 }),
  },
  { additionalProperties: false },
);
export type AdjustmentBody = Static<typeof AdjustmentBody>;

export const AdjustmentRow = Type.Object({
  id: Type.String(),
  requestId: Type.String(),
  memberId: Type.String(),
  memberUsername: Type.String(),
  direction: Type.Union([Type.Literal('credit'), Type.Literal('debit')]),
  amount: Amount,
  currency: Type.String(),
  reason: Type.String(),
  status: Type.Union([Type.Literal('pending'), Type.Literal('approved'), Type.Literal('rejected')]),
  requestedBy: Type.String(),
  decidedBy: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String({ format: 'date-time' }),
  decidedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});
export type AdjustmentRow = Static<typeof AdjustmentRow>;

export const AdjustmentListQuery = Type.Object({
  status: Type.Optional(
    Type.Union([Type.Literal('pending'), Type.Literal('approved'), Type.Literal('rejected')]),
  ),
  page: Type.Optional(Page),
  pageSize: Type.Optional(PageSize),
});
export const AdjustmentPage = Paged(AdjustmentRow);
export type AdjustmentPage = Static<typeof AdjustmentPage>;

export const DecisionBody = Type.Object(
  { note: Type.Optional(Type.String({ maxLength: 500 })) },
  { additionalProperties: false },
);

export const BackofficeSettings = Type.Object({ adjustmentApprovalThreshold: Amount });
export type BackofficeSettings = Static<typeof BackofficeSettings>;
export const BackofficeSettingsBody = Type.Object(
  { adjustmentApprovalThreshold: AmountInput },
  { additionalProperties: false },
);

export const Dashboard = Type.Object({
  currency: Type.String(),
  currencySymbol: Type.String(),
  depositsToday: Type.Object({ count: Type.Integer(), sum: Amount }),
  withdrawalsToday: Type.Object({ count: Type.Integer(), sum: Amount }),
  activeMembersToday: Type.Integer({
    description: 'Members with a session or a ledger movement today (UTC)',
  }),
  registrationsToday: Type.Integer(),
  pendingAdjustments: Type.Integer(),
});
export type Dashboard = Static<typeof Dashboard>;

export const AuditQuery = Type.Object({
  operatorId: Type.Optional(Type.String({ pattern: ID_PATTERN })),
  action: Type.Optional(Type.String({ maxLength: 64 })),
  from: Type.Optional(
    Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'First day (UTC), inclusive' }),
  ),
  to: Type.Optional(
    Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'Last day (UTC), inclusive' }),
  ),
  page: Type.Optional(Page),
  pageSize: Type.Optional(PageSize),
});
export const AuditEntry = Type.Object({
  id: Type.String(),
  operatorId: Type.Union([Type.String(), Type.Null()]),
  operatorUsername: Type.Union([Type.String(), Type.Null()]),
  action: Type.String(),
  targetType: Type.String(),
  targetId: Type.String(),
  before: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()]),
  after: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()]),
  ip: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
});
export type AuditEntry = Static<typeof AuditEntry>;
export const AuditPage = Paged(AuditEntry);
export type AuditPage = Static<typeof AuditPage>;

export const BrandSettingsView = Type.Object({
  systemStatus: Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal(2)]),
  maintenanceEnd: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  blockedCountries: Type.Array(Type.String()),
  featureFlags: Type.Record(Type.String(), Type.Boolean()),
  walletMode: Type.Union([Type.Literal('single'), Type.Literal('transfer')]),
  /** The order of the game categories in the member site's menu and lobby. */
  categoryOrder: Type.Array(Type.String()),
  logoUrl: Type.String(),
  theme: Type.Object({
    primary: Type.String(),
    primaryContrast: Type.String(),
    accent: Type.String(),
    headerBackground: Type.String(),
  }),
});
export type BrandSettingsView = Static<typeof BrandSettingsView>;

const HexColour = Type.String({ pattern: '^#[0-9A-Fa-f]{6}$' });

/** The brand's colours (CSS hex `#rrggbb`): buttons, text on them, highlights, the header. */
export const ThemeColours = Type.Object(
  { primary: HexColour, primaryContrast: HexColour, accent: HexColour, headerBackground: HexColour },
  { additionalProperties: false },
);
export type ThemeColours = Static<typeof ThemeColours>;
export const BrandSettingsBody = Type.Object(
  {
    systemStatus: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal(2)])),
    maintenanceEnd: Type.Optional(Type.Union([Type.String({ format: 'date-time' }), Type.Null()])),
    blockedCountries: Type.Optional(Type.Array(Type.String({ pattern: '^[A-Za-z]{2}$' }), { maxItems: 250 })),
    featureFlags: Type.Optional(Type.Record(Type.String({ pattern: '^[A-Z0-9]{2,32}$' }), Type.Boolean())),
    walletMode: Type.Optional(Type.Union([Type.Literal('single'), Type.Literal('transfer')])),
    /** The categories the member site shows, in its order (a category left out is not shown). */
    categoryOrder: Type.Optional(
      Type.Array(Type.Enum(GAME_CATEGORIES), {
        minItems: 1,
        maxItems: GAME_CATEGORIES.length,
        uniqueItems: true,
      }),
    ),
    /** An http(s) address or a path of the site. */
    logoUrl: Type.Optional(Type.String({ maxLength: 1000, pattern: '^(https?://|/)[^\\s<>"\'\\\\]*$' })),
    theme: Type.Optional(ThemeColours),
  },
  { additionalProperties: false },
);
export type BrandSettingsBody = Static<typeof BrandSettingsBody>;

export const VendorRow = Type.Object({
  id: Type.String(),
  code: Type.String(),
  name: Type.String(),
  active: Type.Boolean(),
  createdAt: Type.String({ format: 'date-time' }),
});
export type VendorRow = Static<typeof VendorRow>;
export const VendorWithSecret = Type.Object({
  vendor: VendorRow,
  secret: Type.String({ description: 'The signing secret, shown this once; only its ciphertext is stored' }),
});
export type VendorWithSecret = Static<typeof VendorWithSecret>;
export const CreateVendorBody = Type.Object(
  {
    code: Type.String({ pattern: '^[A-Za-z0-9_-]{1,32}$' }),
    name: Type.String({ minLength: 1, maxLength: 64 }),
  },
  { additionalProperties: false },
);
export type CreateVendorBody = Static<typeof CreateVendorBody>;

/** An outbox row's delivery state (docs/delivery.md): kept (no provider, the demo's), pending, sending, sent, dead. */
export const OutboxStatus = Type.Union([
  Type.Literal('kept'),
  Type.Literal('pending'),
  Type.Literal('sending'),
  Type.Literal('sent'),
  Type.Literal('dead'),
]);
export type OutboxStatus = Static<typeof OutboxStatus>;
export const OutboxQuery = Type.Object({
  page: Type.Optional(Page),
  pageSize: Type.Optional(PageSize),
  /** Only the rows in this state (`dead`: the dead letters). */
  status: Type.Optional(OutboxStatus),
});
export type OutboxQuery = Static<typeof OutboxQuery>;
const OutboxDelivery = {
  status: OutboxStatus,
  /** Delivery attempts made so far. */
  attempts: Type.Integer({ minimum: 0 }),
  /** When the next attempt is due (pending) or the current one's lease ends (sending). */
  nextAttemptAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  /** The last failed attempt's reason (the provider's answer), for dead letters and retries. */
  lastError: Type.Union([Type.String(), Type.Null()]),
  sentAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
};
export const SmsOutboxRow = Type.Object({
  id: Type.String(),
  phone: Type.String(),
  body: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
  ...OutboxDelivery,
});
export type SmsOutboxRow = Static<typeof SmsOutboxRow>;
export const EmailOutboxRow = Type.Object({
  id: Type.String(),
  to: Type.String(),
  subject: Type.String(),
  body: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
  ...OutboxDelivery,
});
export type EmailOutboxRow = Static<typeof EmailOutboxRow>;
/** A dead letter to send again: `POST /bo/v1/outbox/{channel}/{id}/retry`. */
export const OutboxRetryParams = Type.Object({
  channel: Type.Union([Type.Literal('sms'), Type.Literal('email')]),
  id: Type.String({ pattern: '^[1-9][0-9]{0,17}$' }),
});
export const SmsOutboxPage = Paged(SmsOutboxRow);
export type SmsOutboxPage = Static<typeof SmsOutboxPage>;
export const EmailOutboxPage = Paged(EmailOutboxRow);
export type EmailOutboxPage = Static<typeof EmailOutboxPage>;

/** One reader of the event feed and how far it is behind, in this brand's journal entries. */
export const EventConsumerLag = Type.Object({
  name: Type.String(),
  /** Feed position of the last entry the consumer has passed: (transaction id, entry id). */
  cursor: Type.Object({ txId: Type.String(), entryId: Type.String() }),
  entriesBehind: Type.Integer({ description: "This brand's journal entries after the cursor" }),
  /** True when there are more than `entriesBehind` (counting stops at 10000). */
  entriesBehindCapped: Type.Boolean(),
  secondsBehind: Type.Integer({ description: 'Age of the oldest entry not consumed yet; 0 when caught up' }),
  updatedAt: Type.String({ format: 'date-time' }),
  lastError: Type.String({
    description: 'Error of the last failed batch; empty when the last one succeeded',
  }),
});
export type EventConsumerLag = Static<typeof EventConsumerLag>;
export const EventConsumersView = Type.Object({ consumers: Type.Array(EventConsumerLag) });
export type EventConsumersView = Static<typeof EventConsumersView>;
