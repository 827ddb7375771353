import type { JSONColumnType } from 'kysely';
import type { CreatedAt, Defaulted, Id, Minor, SqlOnlyTable, UpdatedAt } from '../../db/column-types.ts';

/** VIP, player rank and rebate (migration 0034), merged into the Database type (db/schema.ts). */

export interface VipLevelsTable {
  brand_id: string;
  level: number;
  name_en: string;
  name_ms: Defaulted<string>;
  name_cn: Defaulted<string>;
  badge: Defaulted<string>;
  min_deposit: Minor;
  min_turnover: Minor;
  keep_deposit: Minor;
  keep_turnover: Minor;
  upgrade_bonus: Minor;
  monthly_bonus: Minor;
  withdraw_daily_max: Minor;
  withdraw_daily_count: Defaulted<number>;
  /** Category (RNG, LIVE, ...) -> basis points of the turnover paid back. */
  rebate_rates: JSONColumnType<Record<string, number>, string, string>;
  updated_at: UpdatedAt;
}

export interface VipSettingsTable {
  brand_id: string;
  period_days: Defaulted<number>;
  rebate_mode: Defaulted<string>;
  rebate_min_payout: Minor;
  updated_at: UpdatedAt;
}

export interface VipMembersTable {
  brand_id: string;
  member_id: string;
  level: Defaulted<number>;
  since: CreatedAt;
  updated_at: UpdatedAt;
}

export interface VipLevelHistoryTable {
  id: Id;
  brand_id: string;
  member_id: string;
  from_level: number;
  to_level: number;
  reason: string;
  deposits: Minor;
  turnover: Minor;
  period_days: number;
  run_day: string;
  created_at: CreatedAt;
}

export interface VipRebatePayoutsTable {
  id: Id;
  brand_id: string;
  member_id: string;
  mode: string;
  amount: Minor;
  level: number;
  details: JSONColumnType<Record<string, unknown>, string, string>;
  entry_id: string;
  created_at: CreatedAt;
}

export interface VipTables {
  /** Created by migration 0034_vip. */
  vip_levels: VipLevelsTable;
  /** Created by migration 0034_vip. */
  vip_settings: VipSettingsTable;
  /** Created by migration 0034_vip. */
  vip_members: VipMembersTable;
  /** Created by migration 0034_vip. */
  vip_level_history: VipLevelHistoryTable;
  /** Created by migration 0034_vip. */
  vip_rebate_payouts: VipRebatePayoutsTable;
}

/** The vip domain's tables that only its SQL reads and writes (the nightly batch's sums and marks). */
export interface VipSqlOnlyTables {
  /** Created by migration 0034_vip. */
  vip_turnover: SqlOnlyTable;
  /** Created by migration 0034_vip. */
  vip_deposits: SqlOnlyTable;
  /** Created by migration 0034_vip. */
  vip_monthly_bonuses: SqlOnlyTable;
  /** Created by migration 0034_vip. */
  vip_rebate_watermarks: SqlOnlyTable;
}
