import type { ColumnType } from 'kysely';
import type { CreatedAt, Defaulted, Id, Minor, UpdatedAt } from '../../db/column-types.ts';

type NullableTime = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type NullableMinor = ColumnType<string | null, string | bigint | null | undefined, string | bigint | null>;

export interface ReferralCodesTable {
  member_id: string;
  brand_id: string;
  code: string;
  created_at: CreatedAt;
}

export interface ReferralRulesTable {
  brand_id: string;
  active: Defaulted<boolean>;
  min_first_deposit: Minor;
  min_turnover: Minor;
  within_days: number;
  reward: Minor;
  updated_by: string | null;
  updated_at: UpdatedAt;
}

export interface ReferralsTable {
  id: Id;
  brand_id: string;
  referrer_id: string;
  friend_id: string;
  status: Defaulted<string>;
  hold_reasons: Defaulted<string[]>;
  signup_ip: Defaulted<string>;
  signup_device: Defaulted<string>;
  first_deposit: NullableMinor;
  turnover: Defaulted<string>;
  reward: NullableMinor;
  note: Defaulted<string>;
  reviewed_by: string | null;
  reviewed_at: NullableTime;
  paid_at: NullableTime;
  created_at: CreatedAt;
}

export interface ReferralDevicesTable {
  member_id: string;
  device_id: string;
}

export interface ReferralAppliedEntriesTable {
  entry_id: string;
  applied_at: CreatedAt;
}

/** The referrals domain's tables, merged into the Database type (db/schema.ts). */
export interface ReferralsTables {
  /** Created by migration 0042_referrals. */
  referral_codes: ReferralCodesTable;
  /** Created by migration 0042_referrals. */
  referral_rules: ReferralRulesTable;
  /** Created by migration 0042_referrals. */
  referrals: ReferralsTable;
  /** Created by migration 0042_referrals. */
  referral_devices: ReferralDevicesTable;
  /** Created by migration 0042_referrals. */
  referral_applied_entries: ReferralAppliedEntriesTable;
}
