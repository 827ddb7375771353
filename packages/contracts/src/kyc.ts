import { type Static, Type } from 'typebox';
import { ID_PATTERN } from './ids.ts';
import { Amount, AmountInput } from './money.ts';
import { pageQueryFields, SizedPage } from './paging.ts';

/**
 * Age and identity (issue 25): the brand's minimum age, the member's KYC state, the documents the
 * member uploads, the back office's review of them, the brand's KYC policy (what each state may do)
 * and the risk signals operators follow up.
 */

/** The ages a brand may require (a brand setting, 18 unless it says 21). */
export const MINIMUM_AGES = [18, 21] as const;
export type MinimumAge = (typeof MINIMUM_AGES)[number];
export const DEFAULT_MINIMUM_AGE: MinimumAge = 18;

/** A date of birth as sent and stored: `YYYY-MM-DD`. */
export const BirthDate = Type.String({
  pattern: '^\\d{4}-\\d{2}-\\d{2}$',
  maxLength: 10,
  description: 'Date of birth, YYYY-MM-DD',
});

/**
 * The age in whole years on `today` (UTC calendar day) of someone born on `birthDate`
 * (`YYYY-MM-DD`); null when the text is not a real past date. 29 February birthdays turn a year
 * older on 1 March in common years.
 */
export function ageOn(birthDate: string, today: Date): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(birthDate);
  if (!match) return null;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  if (Number.isNaN(today.getTime()) || y < 1900 || date.getTime() > today.getTime()) return null;
  const ty = today.getUTCFullYear();
  const tm = today.getUTCMonth() + 1;
  const td = today.getUTCDate();
  let age = ty - y;
  if (tm < m || (tm === m && td < d)) age -= 1;
  return age;
}

export const KYC_STATES = [
  'none',
  'pending',
  'approved',
  'rejected_retry',
  'rejected_final',
  'on_hold',
] as const;
export type KycState = (typeof KYC_STATES)[number];
export const KycStateSchema = Type.Enum(KYC_STATES);

export const DOCUMENT_KINDS = ['identity', 'address', 'payment_method'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];
export const DocumentKindSchema = Type.Enum(DOCUMENT_KINDS);

export const DOCUMENT_STATUSES = ['pending', 'approved', 'rejected', 'rejected_final', 'on_hold'] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];
export const DocumentStatusSchema = Type.Enum(DOCUMENT_STATUSES);

/** An operator's decision on one pending (or held) document. */
export const REVIEW_DECISIONS = ['approve', 'reject', 'reject_final', 'hold'] as const;
export type ReviewDecision = (typeof REVIEW_DECISIONS)[number];

/** What one KYC state may do: deposit, play and withdraw, each allowed, with an optional cap. */
export const KycAllowance = Type.Object(
  {
    deposit: Type.Boolean(),
    /** A single deposit above this needs another state (null: no cap). */
    depositMax: Type.Union([AmountInput, Type.Null()]),
    play: Type.Boolean(),
    withdraw: Type.Boolean(),
    /** A single withdrawal above this needs another state (null: no cap). */
    withdrawMax: Type.Union([AmountInput, Type.Null()]),
  },
  { additionalProperties: false },
);
export type KycAllowance = Static<typeof KycAllowance>;

export const KycPolicy = Type.Object(
  {
    minimumAge: Type.Union([Type.Literal(18), Type.Literal(21)]),
    /** The documents a member needs approved to reach `approved`. */
    requiredDocuments: Type.Array(DocumentKindSchema, { minItems: 1, maxItems: 3, uniqueItems: true }),
    states: Type.Object(
      {
        none: KycAllowance,
        pending: KycAllowance,
        approved: KycAllowance,
        rejected_retry: KycAllowance,
        rejected_final: KycAllowance,
        on_hold: KycAllowance,
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);
export type KycPolicy = Static<typeof KycPolicy>;

const open: KycAllowance = { deposit: true, depositMax: null, play: true, withdraw: true, withdrawMax: null };
const closed: KycAllowance = {
  deposit: false,
  depositMax: null,
  play: false,
  withdraw: false,
  withdrawMax: null,
};

/**
 * A brand without its own policy: age 18, identity needed for approval, every state but the final
 * rejection and the hold may do everything (what the platform did before issue 25); a final
 * rejection may only withdraw its balance, a hold freezes everything until decided.
 */
export const DEFAULT_KYC_POLICY: KycPolicy = {
  minimumAge: DEFAULT_MINIMUM_AGE,
  requiredDocuments: ['identity'],
  states: {
    none: open,
    pending: open,
    approved: open,
    rejected_retry: open,
    rejected_final: { ...closed, withdraw: true },
    on_hold: closed,
  },
};

const DateTime = Type.String({ format: 'date-time' });

export const KycDocument = Type.Object({
  id: Type.String(),
  kind: DocumentKindSchema,
  status: DocumentStatusSchema,
  /** The reason given to the member with a rejection ('' otherwise). */
  reason: Type.String(),
  createdAt: DateTime,
  reviewedAt: Type.Union([DateTime, Type.Null()]),
});
export type KycDocument = Static<typeof KycDocument>;

/** One thing the policy asks of the member, and why (shown in the member centre before it matters). */
export const KycRequirement = Type.Object({
  action: Type.Union([Type.Literal('deposit'), Type.Literal('play'), Type.Literal('withdraw')]),
  /** null: the action needs approval at any amount; else above this amount. */
  above: Type.Union([Amount, Type.Null()]),
});
export type KycRequirement = Static<typeof KycRequirement>;

/** GET /wps/kyc value. */
export const MemberKyc = Type.Object({
  state: KycStateSchema,
  requiredDocuments: Type.Array(DocumentKindSchema),
  /** What the member's current state cannot do without approval. */
  requirements: Type.Array(KycRequirement),
  /** The member may upload documents now (not under review to a final rejection). */
  canUpload: Type.Boolean(),
  documents: Type.Array(KycDocument),
});
export type MemberKyc = Static<typeof MemberKyc>;

export const KycDocumentIdParams = Type.Object({ id: Type.String({ pattern: ID_PATTERN }) });
export const KycMemberIdParams = Type.Object({ memberId: Type.String({ pattern: ID_PATTERN }) });

export const KycReviewBody = Type.Object(
  {
    decision: Type.Enum(REVIEW_DECISIONS),
    /** Shown to the member; required with a rejection. */
    reason: Type.Optional(Type.String({ maxLength: 500 })),
    /** For operators only. */
    note: Type.Optional(Type.String({ maxLength: 2000 })),
  },
  { additionalProperties: false },
);
export type KycReviewBody = Static<typeof KycReviewBody>;

export const OperatorKycDocument = Type.Object({
  id: Type.String(),
  memberId: Type.String(),
  username: Type.String(),
  memberState: KycStateSchema,
  kind: DocumentKindSchema,
  status: DocumentStatusSchema,
  mimeType: Type.String(),
  sizeBytes: Type.Integer(),
  reason: Type.String(),
  note: Type.String(),
  reviewedBy: Type.Union([Type.String(), Type.Null()]),
  createdAt: DateTime,
  reviewedAt: Type.Union([DateTime, Type.Null()]),
});
export type OperatorKycDocument = Static<typeof OperatorKycDocument>;

export const KycQueueQuery = Type.Object({
  status: Type.Optional(DocumentStatusSchema),
  ...pageQueryFields,
});
export const KycQueuePage = SizedPage(OperatorKycDocument);
export type KycQueuePage = Static<typeof KycQueuePage>;

export const KycHistoryEntry = Type.Object({
  from: KycStateSchema,
  to: KycStateSchema,
  /** 'member' (an upload), 'operator' (a review), 'system'. */
  actorType: Type.String(),
  actor: Type.Union([Type.String(), Type.Null()]),
  reason: Type.String(),
  createdAt: DateTime,
});

/** GET /bo/v1/kyc/members/:memberId value: the member's KYC section of the back office. */
export const OperatorMemberKyc = Type.Object({
  memberId: Type.String(),
  state: KycStateSchema,
  birthDate: Type.String(),
  documents: Type.Array(OperatorKycDocument),
  history: Type.Array(KycHistoryEntry),
});
export type OperatorMemberKyc = Static<typeof OperatorMemberKyc>;

/** An operator's direct change of a member's state (a hold, a lift, a final rejection), with its reason. */
export const KycStateBody = Type.Object(
  { state: KycStateSchema, reason: Type.String({ minLength: 1, maxLength: 500 }) },
  { additionalProperties: false },
);

// Risk signals

export const RISK_SIGNAL_KINDS = ['limit_hit', 'rising_losses', 'night_sessions'] as const;
export type RiskSignalKind = (typeof RISK_SIGNAL_KINDS)[number];
export const RISK_SIGNAL_STATUSES = ['open', 'contacted', 'closed'] as const;
export type RiskSignalStatus = (typeof RISK_SIGNAL_STATUSES)[number];
export const RiskSignalStatusSchema = Type.Enum(RISK_SIGNAL_STATUSES);

export const RISK_SIGNAL_TRANSITIONS: Readonly<Record<RiskSignalStatus, readonly RiskSignalStatus[]>> = {
  open: ['contacted', 'closed'],
  contacted: ['closed'],
  closed: [],
};

export const RiskSignal = Type.Object({
  id: Type.String(),
  memberId: Type.String(),
  username: Type.String(),
  kind: Type.Enum(RISK_SIGNAL_KINDS),
  /** The period the signal is about (`2026-W48`, a day): one signal per member, kind and period. */
  period: Type.String(),
  detail: Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()])),
  status: RiskSignalStatusSchema,
  note: Type.String(),
  handledBy: Type.Union([Type.String(), Type.Null()]),
  createdAt: DateTime,
  updatedAt: DateTime,
});
export type RiskSignal = Static<typeof RiskSignal>;

export const RiskSignalQuery = Type.Object({
  status: Type.Optional(RiskSignalStatusSchema),
  ...pageQueryFields,
});
export const RiskSignalPage = SizedPage(RiskSignal);
export type RiskSignalPage = Static<typeof RiskSignalPage>;

export const RiskSignalIdParams = Type.Object({ id: Type.String({ pattern: ID_PATTERN }) });
export const RiskSignalStatusBody = Type.Object(
  { status: RiskSignalStatusSchema, note: Type.Optional(Type.String({ maxLength: 2000 })) },
  { additionalProperties: false },
);
