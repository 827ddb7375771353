import type { CreatedAt, Defaulted, Id, Minor, UpdatedAt } from '../../db/column-types.ts';

export interface MemberLimitsTable {
  id: Id;
  brand_id: string;
  member_id: string;
  kind: 'deposit' | 'loss' | 'wager';
  period: 'day' | 'week' | 'month';
  /** The limit in force (minor units, > 0). */
  amount: Minor;
  /** A requested increase, waiting until pending_from and the member's confirmation. */
  pending_amount: Minor | null;
  pending_removal: Defaulted<boolean>;
  pending_from: Date | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface MemberLimitChangesTable {
  id: Id;
  brand_id: string;
  member_id: string;
  kind: string;
  period: string;
  /** set, decrease, increase_requested, removal_requested, increase_confirmed, removal_confirmed, cancelled, operator_set, operator_lowered. */
  action: string;
  old_amount: Minor | null;
  new_amount: Minor | null;
  effective_from: Date;
  /** member, or operator:<id>. */
  actor: string;
  note: Defaulted<string>;
  created_at: CreatedAt;
}

export interface LimitSettingsTable {
  brand_id: string;
  cooling_off_hours: Defaulted<number>;
  bonus_counts_as_win: Defaulted<boolean>;
  updated_at: UpdatedAt;
}

export interface LimitsTables {
  /** Created by migration 20261201T175308_member_limits. */
  member_limits: MemberLimitsTable;
  /** Created by migration 20261201T175308_member_limits. */
  member_limit_changes: MemberLimitChangesTable;
  /** Created by migration 20261201T175308_member_limits. */
  limit_settings: LimitSettingsTable;
}
