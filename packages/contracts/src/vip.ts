import { type Static, Type } from 'typebox';
import { ID_PATTERN } from './ids.ts';
import { Amount, AmountInput } from './money.ts';
import { GAME_CATEGORIES } from './system-values.ts';

/**
 * Wire schemas of VIP, player rank and rebate (issue 15): the brand's levels, the member's rank and
 * progress (`MCSFE_getPlayerRankProgress`, wire-protocol.md), the manual rebate (cashback, flag
 * MANPLAYREB3) and the back office's levels editor, settings, level history and payouts.
 * Amounts are decimal strings of the brand's currency; rates are basis points (100 = 1%).
 */

export const VIP_REBATE_MODES = ['manual', 'daily'] as const;
export type VipRebateMode = (typeof VIP_REBATE_MODES)[number];

/** Rank level from which the member gets VIP customer service (spec §6: above 4). */
export const VIP_SERVICE_MIN_LEVEL = 5;

const RebateMode = Type.Union([Type.Literal('manual'), Type.Literal('daily')]);

export const RebateRates = Type.Record(
  Type.String({ pattern: `^(${GAME_CATEGORIES.join('|')})$` }),
  Type.Integer({ minimum: 0, maximum: 10_000, description: 'basis points of the turnover (100 = 1%)' }),
);

export const VipLevel = Type.Object({
  level: Type.Integer({ minimum: 0, maximum: 99 }),
  name: Type.String(),
  badge: Type.String(),
  minDeposit: Amount,
  minTurnover: Amount,
  keepDeposit: Amount,
  keepTurnover: Amount,
  upgradeBonus: Amount,
  monthlyBonus: Amount,
  withdrawDailyMax: Amount,
  withdrawDailyCount: Type.Integer(),
  rebateRates: Type.Record(Type.String(), Type.Integer()),
  vipService: Type.Boolean({ description: 'VIP customer service at this level (spec §6: rank above 4)' }),
});
export type VipLevel = Static<typeof VipLevel>;

export const VipLevels = Type.Object({
  periodDays: Type.Integer({ description: 'the rolling period of the thresholds, in days' }),
  levels: Type.Array(VipLevel),
});
export type VipLevels = Static<typeof VipLevels>;

/** `MCSFE_getPlayerRankProgress` (wire-protocol.md) and the platform's extra progress fields. */
export const PlayerRankProgress = Type.Object({
  playerRankName: Type.String(),
  nextRankName: Type.String({ description: 'empty at the top level' }),
  rankLevel: Type.Integer(),
  badge: Type.String(),
  monthlyTurnover: Type.Object({ actual: Amount, expected: Amount }),
  deposits: Type.Object({ actual: Amount, expected: Amount }),
  periodDays: Type.Integer(),
  vipService: Type.Boolean(),
});
export type PlayerRankProgress = Static<typeof PlayerRankProgress>;

export const RebateLine = Type.Object({
  gameCategory: Type.String(),
  turnover: Amount,
  rate: Type.Integer({ description: 'basis points' }),
  amount: Amount,
});

/** The member's unrebated turnover per category and what a claim would pay now. */
export const RebateSummary = Type.Object({
  enabled: Type.Boolean({ description: 'the brand offers the manual rebate (MANPLAYREB3)' }),
  mode: RebateMode,
  rankLevel: Type.Integer(),
  items: Type.Array(RebateLine),
  total: Amount,
  minimumPayout: Amount,
  claimable: Type.Boolean(),
});
export type RebateSummary = Static<typeof RebateSummary>;

export const RebateClaimResult = Type.Object({
  payoutId: Type.String(),
  amount: Amount,
  items: Type.Array(RebateLine),
});
export type RebateClaimResult = Static<typeof RebateClaimResult>;

export const RebateRecord = Type.Object({
  id: Type.String(),
  memberId: Type.String(),
  username: Type.String(),
  mode: Type.String(),
  amount: Amount,
  rankLevel: Type.Integer(),
  items: Type.Array(RebateLine),
  createdAt: Type.Number({ description: 'ms since the epoch' }),
});
export const RebateRecordPage = Type.Object({ items: Type.Array(RebateRecord), total: Type.Integer() });
export type RebateRecordPage = Static<typeof RebateRecordPage>;

// ---- back office -------------------------------------------------------------------------------

const Name = Type.String({ minLength: 1, maxLength: 40, pattern: '^[^\\u0000]*$' });
const OptionalName = Type.String({ maxLength: 40, pattern: '^[^\\u0000]*$' });

export const AdminVipLevel = Type.Object({
  level: Type.Integer({ minimum: 0, maximum: 99 }),
  nameEn: Name,
  nameMs: OptionalName,
  nameCn: OptionalName,
  badge: Type.String({ maxLength: 200, pattern: '^[^\\u0000]*$' }),
  minDeposit: AmountInput,
  minTurnover: AmountInput,
  keepDeposit: AmountInput,
  keepTurnover: AmountInput,
  upgradeBonus: AmountInput,
  monthlyBonus: AmountInput,
  withdrawDailyMax: AmountInput,
  withdrawDailyCount: Type.Integer({ minimum: 0, maximum: 1000 }),
  rebateRates: RebateRates,
});
export type AdminVipLevel = Static<typeof AdminVipLevel>;

export const AdminVipLevels = Type.Object({ levels: Type.Array(AdminVipLevel) });
export type AdminVipLevels = Static<typeof AdminVipLevels>;

/** The whole ladder at once (levels 0..n-1 in order, thresholds rising). */
export const AdminVipLevelsUpdate = Type.Object(
  { levels: Type.Array(AdminVipLevel, { minItems: 1, maxItems: 30 }) },
  { additionalProperties: false },
);

export const VipSettings = Type.Object({
  periodDays: Type.Integer({ minimum: 1, maximum: 366 }),
  rebateMode: RebateMode,
  rebateMinPayout: AmountInput,
});
export type VipSettings = Static<typeof VipSettings>;
export const VipSettingsUpdate = Type.Object(VipSettings.properties, { additionalProperties: false });

export const VipHistoryQuery = Type.Object({
  memberId: Type.Optional(Type.String({ pattern: ID_PATTERN, maxLength: 19 })),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
  size: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
});

export const VipHistoryRow = Type.Object({
  id: Type.String(),
  memberId: Type.String(),
  username: Type.String(),
  fromLevel: Type.Integer(),
  toLevel: Type.Integer(),
  reason: Type.String({ description: 'upgrade, downgrade or operator' }),
  deposits: Amount,
  turnover: Amount,
  periodDays: Type.Integer(),
  createdAt: Type.Number(),
});
export const VipHistoryPage = Type.Object({ items: Type.Array(VipHistoryRow), total: Type.Integer() });
export type VipHistoryPage = Static<typeof VipHistoryPage>;

export const RebatePayoutQuery = VipHistoryQuery;
