import { type Static, Type } from 'typebox';
import { ID_PATTERN } from './ids.ts';
import { Amount, AmountInput } from './money.ts';
import { pageQueryFields, SizedPage } from './paging.ts';

/**
 * Missions (issue 15): daily, weekly and one-off tasks ("bet N on slots", "deposit X", "log in N
 * days") with a money reward the member claims once per period; their leaderboard per period.
 * Periods are UTC days and ISO weeks (Monday to Sunday, UTC) until brands carry a time zone.
 */

export const MISSION_KINDS = ['bet', 'deposit', 'login_days'] as const;
export type MissionKind = (typeof MISSION_KINDS)[number];

export const MISSION_PERIODS = ['daily', 'weekly', 'once'] as const;
export type MissionPeriod = (typeof MISSION_PERIODS)[number];

/** Game categories a bet mission may be limited to (spec §3), besides any category. */
export const MISSION_CATEGORIES = [
  'RNG',
  'LIVE',
  'PVP',
  'SPORTS',
  'ESPORTS',
  'FISH',
  'LOTT',
  'ELOTT',
] as const;
export type MissionCategory = (typeof MISSION_CATEGORIES)[number];

export const MISSION_RULES = { nameMaxLength: 80, descriptionMaxLength: 500, maxLoginDays: 366 } as const;

/** One mission as the member sees it in its current period. */
export const MemberMission = Type.Object({
  id: Type.String(),
  name: Type.String(),
  description: Type.String(),
  kind: Type.Enum(MISSION_KINDS),
  category: Type.Union([Type.Enum(MISSION_CATEGORIES), Type.Null()]),
  period: Type.Enum(MISSION_PERIODS),
  /** `bet`, `deposit`: an amount; `login_days`: a number of days (as text). */
  target: Type.String(),
  progress: Type.String(),
  reward: Amount,
  completed: Type.Boolean(),
  claimed: Type.Boolean(),
  /** End of the current period (ms since the epoch); null for a one-off mission without an end. */
  periodEnd: Type.Union([Type.Number(), Type.Null()]),
});
export type MemberMission = Static<typeof MemberMission>;

/** `MCSFE_getMissionSummaryDetails`: the member's missions; `missionCount` counts those to claim. */
export const MissionSummary = Type.Object({
  missionCount: Type.Integer(),
  missions: Type.Array(MemberMission),
  currency: Type.String(),
});
export type MissionSummary = Static<typeof MissionSummary>;

export const MissionIdParams = Type.Object({ id: Type.String({ pattern: ID_PATTERN }) });

export const MissionClaimed = Type.Object({
  missionId: Type.String(),
  reward: Amount,
  balance: Amount,
});
export type MissionClaimed = Static<typeof MissionClaimed>;

export const LeaderboardQuery = Type.Object({
  period: Type.Optional(Type.Union([Type.Literal('daily'), Type.Literal('weekly')], { default: 'daily' })),
  limitNum: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: 10 })),
});
export type LeaderboardQuery = Static<typeof LeaderboardQuery>;

/** `MCSFE_getMissionLeaderboard`: members by missions completed in the current period, names masked. */
export const MissionLeaderboard = Type.Object({
  period: Type.Union([Type.Literal('daily'), Type.Literal('weekly')]),
  from: Type.Number(),
  to: Type.Number(),
  items: Type.Array(
    Type.Object({
      rank: Type.Integer(),
      name: Type.String(),
      completed: Type.Integer(),
      rewards: Amount,
      me: Type.Boolean(),
    }),
  ),
});
export type MissionLeaderboard = Static<typeof MissionLeaderboard>;

// Back office

const Localised = (maxLength: number, required: boolean) =>
  Type.Object(
    {
      en: Type.String({ maxLength, ...(required ? { minLength: 1 } : {}) }),
      ms: Type.Optional(Type.String({ maxLength })),
      cn: Type.Optional(Type.String({ maxLength })),
    },
    { additionalProperties: false },
  );

export const NewMissionBody = Type.Object(
  {
    name: Localised(MISSION_RULES.nameMaxLength, true),
    description: Type.Optional(Localised(MISSION_RULES.descriptionMaxLength, false)),
    kind: Type.Enum(MISSION_KINDS),
    /** Bet missions only: the category counted (all when absent). */
    category: Type.Optional(Type.Enum(MISSION_CATEGORIES)),
    period: Type.Enum(MISSION_PERIODS),
    /** `bet`, `deposit`: an amount above zero; `login_days`: whole days, 1 to 366. */
    target: AmountInput,
    reward: AmountInput,
  },
  { additionalProperties: false },
);
export type NewMissionBody = Static<typeof NewMissionBody>;

export const MissionActiveBody = Type.Object({ active: Type.Boolean() }, { additionalProperties: false });

export const OperatorMission = Type.Object({
  id: Type.String(),
  name: Type.Object({ en: Type.String(), ms: Type.String(), cn: Type.String() }),
  description: Type.Object({ en: Type.String(), ms: Type.String(), cn: Type.String() }),
  kind: Type.Enum(MISSION_KINDS),
  category: Type.Union([Type.Enum(MISSION_CATEGORIES), Type.Null()]),
  period: Type.Enum(MISSION_PERIODS),
  target: Type.String(),
  reward: Amount,
  active: Type.Boolean(),
  claims: Type.Integer(),
  paid: Amount,
  createdAt: Type.String(),
});
export type OperatorMission = Static<typeof OperatorMission>;

export const OperatorMissionPage = SizedPage(OperatorMission);
export type OperatorMissionPage = Static<typeof OperatorMissionPage>;
export const OperatorMissionQuery = Type.Object(pageQueryFields);
