import { type Static, Type } from 'typebox';
import { ID_PATTERN } from './ids.ts';
import { Amount, AmountInput } from './money.ts';

/**
 * Responsible-gaming limits (issue 25, docs/limits.md): deposit, loss and wager limits over rolling
 * windows of 24 hours, 7 days and 30 days. A new limit or a lower one applies at once; a higher one
 * or a removal waits the brand's cooling-off and then the member's confirmation.
 */
export const LIMIT_KINDS = ['deposit', 'loss', 'wager'] as const;
export type LimitKind = (typeof LIMIT_KINDS)[number];
export const LIMIT_PERIODS = ['day', 'week', 'month'] as const;
export type LimitPeriod = (typeof LIMIT_PERIODS)[number];

/** Each window's length in hours (rolling: the last 24 hours, 7 days, 30 days up to now). */
export const LIMIT_PERIOD_HOURS: Record<LimitPeriod, number> = { day: 24, week: 168, month: 720 };

export const LimitKindSchema = Type.Union(
  [Type.Literal('deposit'), Type.Literal('loss'), Type.Literal('wager')],
  {
    description: 'deposit, loss or wager',
  },
);
export const LimitPeriodSchema = Type.Union(
  [Type.Literal('day'), Type.Literal('week'), Type.Literal('month')],
  {
    description: 'day (rolling 24 hours), week (rolling 7 days) or month (rolling 30 days)',
  },
);

export const MemberLimit = Type.Object({
  id: Type.String(),
  kind: LimitKindSchema,
  period: LimitPeriodSchema,
  /** The limit in force now. */
  amount: Amount,
  /** A requested increase waiting for its cooling-off (null: none; see pendingRemoval). */
  pendingAmount: Type.Union([Amount, Type.Null()]),
  pendingRemoval: Type.Boolean(),
  /** When the pending change may be confirmed (ms since the epoch), null without one. */
  pendingFrom: Type.Union([Type.Integer(), Type.Null()]),
  /** The cooling-off is over: the member may confirm the pending change now. */
  confirmable: Type.Boolean(),
  /** Counted in this window now (deposits, net loss or stakes) and what is left of the limit. */
  used: Amount,
  remaining: Amount,
  updatedAt: Type.Integer({ description: 'ms since the epoch' }),
});
export type MemberLimit = Static<typeof MemberLimit>;

/** Usage of one kind in one window, limit or not. */
export const LimitUsage = Type.Object({
  kind: LimitKindSchema,
  period: LimitPeriodSchema,
  used: Amount,
});
export type LimitUsage = Static<typeof LimitUsage>;

export const LimitsView = Type.Object({
  currency: Type.String(),
  limits: Type.Array(MemberLimit),
  usage: Type.Array(LimitUsage),
  /** The brand's cooling-off before an increase or removal may be confirmed. */
  coolingOffHours: Type.Integer(),
  /** The server's clock (ms), so the page's countdown does not trust the device's. */
  serverTime: Type.Integer(),
});
export type LimitsView = Static<typeof LimitsView>;

export const SetLimitBody = Type.Object(
  {
    kind: LimitKindSchema,
    period: LimitPeriodSchema,
    amount: AmountInput,
  },
  { additionalProperties: false },
);
export type SetLimitBody = Static<typeof SetLimitBody>;

export const LimitIdParams = Type.Object({ id: Type.String({ pattern: ID_PATTERN }) });

/** What a change did: applied at once, or waiting for the cooling-off. */
export const LimitChangeResult = Type.Object({
  outcome: Type.Union([
    Type.Literal('applied'),
    Type.Literal('pending'),
    Type.Literal('removed'),
    Type.Literal('cancelled'),
    Type.Literal('unchanged'),
  ]),
  view: LimitsView,
});
export type LimitChangeResult = Static<typeof LimitChangeResult>;

/** The `value` of a refusal by a limit (errorCode limit_<kind>_<period>). */
export const LimitRefusal = Type.Object({
  kind: LimitKindSchema,
  period: LimitPeriodSchema,
  limit: Amount,
  used: Amount,
  remaining: Amount,
  /** When enough of the window's activity has left it for this amount (ms), null when never (amount above the limit). */
  freesAt: Type.Union([Type.Integer(), Type.Null()]),
});
export type LimitRefusal = Static<typeof LimitRefusal>;

/** One audited change of a member's limit (back office). */
export const LimitChange = Type.Object({
  id: Type.String(),
  kind: LimitKindSchema,
  period: LimitPeriodSchema,
  action: Type.String(),
  oldAmount: Type.Union([Amount, Type.Null()]),
  newAmount: Type.Union([Amount, Type.Null()]),
  effectiveFrom: Type.Integer(),
  actor: Type.String({ description: 'member, or operator:<username>' }),
  createdAt: Type.Integer(),
});
export type LimitChange = Static<typeof LimitChange>;

export const MemberLimitsAdmin = Type.Object({
  view: LimitsView,
  changes: Type.Array(LimitChange),
});
export type MemberLimitsAdmin = Static<typeof MemberLimitsAdmin>;

export const AdminSetLimitBody = Type.Object(
  {
    kind: LimitKindSchema,
    period: LimitPeriodSchema,
    amount: AmountInput,
    /** Why (the member's request: channel, ticket). */
    note: Type.String({ minLength: 1, maxLength: 200 }),
  },
  { additionalProperties: false },
);
export type AdminSetLimitBody = Static<typeof AdminSetLimitBody>;

export const MemberIdParams = Type.Object({ memberId: Type.String({ pattern: ID_PATTERN }) });

/** The brand's limit rules (back office, admin): the cooling-off and whether bonus money counts as a win. */
export const LimitSettings = Type.Object(
  {
    coolingOffHours: Type.Integer({ minimum: 24, maximum: 8760, description: 'At least 24 hours' }),
    bonusCountsAsWin: Type.Boolean({
      description: 'Bonus money credited lowers the loss counted against a loss limit (default false)',
    }),
  },
  { additionalProperties: false },
);
export type LimitSettings = Static<typeof LimitSettings>;
