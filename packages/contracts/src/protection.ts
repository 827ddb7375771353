import { type Static, Type } from 'typebox';
import { IdString } from './ids.ts';

/**
 * Player protection, time and attention (issue 25; the API's `exclusion` domain, the site's
 * `protection` feature): time-outs, self-exclusion, the session time limit, reality checks, the
 * "why am I blocked" page and the back office's protection panel.
 */

export const EXCLUSION_KINDS = ['timeout', 'self_exclusion'] as const;
export type ExclusionKind = (typeof EXCLUSION_KINDS)[number];

/** The bounds every client and the server share. */
export const PROTECTION_RULES = {
  /** A time-out: 24 hours to 6 weeks. */
  timeoutMinHours: 24,
  timeoutMaxHours: 6 * 7 * 24,
  /** A self-exclusion: at least 6 months (at most 10 years when not indefinite). */
  selfExclusionMinMonths: 6,
  selfExclusionMaxMonths: 120,
  /** Session limit (minutes; 0 = none). */
  sessionLimitMin: 15,
  sessionLimitMax: 24 * 60,
  /** Reality-check interval (minutes; 0 = none). */
  realityCheckMin: 15,
  realityCheckMax: 4 * 60,
  /** The cooling-off of a request to end an exclusion after its term. */
  endCoolingOffHours: 24,
} as const;

export const TIMEOUT_CHOICES_HOURS = [24, 72, 168, 336, 1008] as const;
export const SELF_EXCLUSION_CHOICES_MONTHS = [6, 12, 24, 60] as const;

export const ExclusionBody = Type.Object(
  {
    kind: Type.Union([Type.Literal('timeout'), Type.Literal('self_exclusion')]),
    /** A time-out's length in hours (24-1008). */
    hours: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000 })),
    /** A self-exclusion's length in months (6-120), unless indefinite. */
    months: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000 })),
    indefinite: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type ExclusionBody = Static<typeof ExclusionBody>;

export const Exclusion = Type.Object({
  id: Type.String(),
  kind: Type.Union([Type.Literal('timeout'), Type.Literal('self_exclusion')]),
  startedAt: Type.String(),
  /** Null: indefinite. A self-exclusion stays in force after this until an operator ends it. */
  endsAt: Type.Union([Type.String(), Type.Null()]),
  status: Type.String(),
  endedAt: Type.Union([Type.String(), Type.Null()]),
});
export type Exclusion = Static<typeof Exclusion>;

export const EndRequest = Type.Object({
  id: Type.String(),
  exclusionId: Type.String(),
  memberId: Type.String(),
  username: Type.String(),
  status: Type.Union([Type.Literal('pending'), Type.Literal('approved'), Type.Literal('refused')]),
  requestedAt: Type.String(),
  /** When the 24-hour cooling-off is over and an operator may approve. */
  decidableAt: Type.String(),
  decidedAt: Type.Union([Type.String(), Type.Null()]),
  decidedBy: Type.Union([Type.String(), Type.Null()]),
  note: Type.String(),
  exclusionEndsAt: Type.Union([Type.String(), Type.Null()]),
});
export type EndRequest = Static<typeof EndRequest>;

export const ProtectionSettings = Type.Object({
  /** Minutes, 0 = none. */
  sessionLimitMinutes: Type.Integer({ minimum: 0, maximum: 100_000 }),
  /** Minutes, 0 = none. */
  realityCheckMinutes: Type.Integer({ minimum: 0, maximum: 100_000 }),
});
export type ProtectionSettings = Static<typeof ProtectionSettings>;

/** What a game or page asks at its round boundary (GET /wps/protection/status). */
export const ProtectionStatus = Type.Object({
  sessionStartedAt: Type.String(),
  /** When the session limit logs the member out (null: no limit). */
  sessionEndsAt: Type.Union([Type.String(), Type.Null()]),
  settings: ProtectionSettings,
  realityCheck: Type.Object({
    /** True: show the reality check; play waits until it is acknowledged. */
    due: Type.Boolean(),
    /** When the next one is due (null: reality checks off). */
    dueAt: Type.Union([Type.String(), Type.Null()]),
    elapsedSeconds: Type.Integer(),
    /** Net result of play since login (wins less stakes), decimal in the brand's currency. */
    net: Type.String(),
    currency: Type.String(),
  }),
});
export type ProtectionStatus = Static<typeof ProtectionStatus>;

/** One active restriction on the "why am I blocked" page. */
export const ProtectionBlock = Type.Object({
  /** What it is (`timeout`, `self_exclusion`, `session_limit`, `reality_check`, a limit's code...). */
  kind: Type.String(),
  since: Type.Union([Type.String(), Type.Null()]),
  until: Type.Union([Type.String(), Type.Null()]),
  /** A figure the text names (minutes, an amount; a limit's: what is left of it), or null. */
  value: Type.Union([Type.String(), Type.Null()]),
  /** A limit's block only: the limit in force (the wallet's currency). */
  limit: Type.Optional(Type.String()),
});
export type ProtectionBlock = Static<typeof ProtectionBlock>;

/** The page's sections, one per domain that restricts play (exclusion today; limits next). */
export const ProtectionBlocks = Type.Object({
  sections: Type.Array(Type.Object({ domain: Type.String(), blocks: Type.Array(ProtectionBlock) })),
});
export type ProtectionBlocks = Static<typeof ProtectionBlocks>;

/** A member who cannot log in asks to end an exclusion whose term is over (their own credentials). */
export const EndRequestBody = Type.Object(
  {
    username: Type.String({ minLength: 1, maxLength: 64 }),
    password: Type.String({ minLength: 1, maxLength: 128 }),
  },
  { additionalProperties: false },
);
export type EndRequestBody = Static<typeof EndRequestBody>;

export const MemberIdParams = Type.Object({ memberId: IdString() });
export const RequestIdParams = Type.Object({ id: IdString() });

export const EndDecisionBody = Type.Object(
  {
    decision: Type.Union([Type.Literal('approve'), Type.Literal('refuse')]),
    note: Type.Optional(Type.String({ maxLength: 500 })),
  },
  { additionalProperties: false },
);
export type EndDecisionBody = Static<typeof EndDecisionBody>;

export const ProtectionAuditRow = Type.Object({
  at: Type.String(),
  actor: Type.String(),
  action: Type.String(),
  before: Type.Unknown(),
  after: Type.Unknown(),
  effectiveFrom: Type.Union([Type.String(), Type.Null()]),
});
export type ProtectionAuditRow = Static<typeof ProtectionAuditRow>;

/** The back office's protection panel of one member. */
export const ProtectionPanel = Type.Object({
  memberId: Type.String(),
  username: Type.String(),
  settings: ProtectionSettings,
  sessions: Type.Array(
    Type.Object({
      startedAt: Type.String(),
      lastSeenAt: Type.String(),
      ip: Type.String(),
      device: Type.String(),
      active: Type.Boolean(),
      endReason: Type.Union([Type.String(), Type.Null()]),
    }),
  ),
  exclusions: Type.Array(Exclusion),
  requests: Type.Array(EndRequest),
  audit: Type.Array(ProtectionAuditRow),
});
export type ProtectionPanel = Static<typeof ProtectionPanel>;

export const EndRequestList = Type.Object({ items: Type.Array(EndRequest) });
export type EndRequestList = Static<typeof EndRequestList>;
