import type { JSONColumnType } from 'kysely';
import type { CreatedAt, Defaulted, Id, Timestamp, UpdatedAt } from '../../db/column-types.ts';

/** Profile fields of spec §3 kept as plain text (empty when not given). */
export const PROFILE_COLUMNS = [
  'payee_name',
  'qq_num',
  'line',
  'whatsapp',
  'facebook',
  'wechat',
  'telegram',
  'zalo',
  'id_number',
  'birthday',
  'address',
  'nationality',
  'occupation',
  'income_source',
  'place_of_birth',
] as const;

export type ProfileColumn = (typeof PROFILE_COLUMNS)[number];

export interface MembersTable extends Record<ProfileColumn, Defaulted<string>> {
  id: Id;
  brand_id: string;
  username: string;
  /** E.164 (`+60123456789`). */
  mobile: string | null;
  email: string | null;
  password_hash: string;
  funds_password_hash: string | null;
  nickname: Defaulted<string>;
  /** 0 member, 1/2/41/42 agent kinds, 4 trial (spec §4). */
  is_agent: Defaulted<number>;
  upline_id: string | null;
  affiliate_code: string | null;
  status: Defaulted<string>;
  must_change_password: Defaulted<boolean>;
  password_changed_at: Timestamp;
  first_login_at: Date | null;
  last_login_at: Date | null;
  language: string | null;
  avatar: Defaulted<string>;
  avatar_type: Defaulted<string>;
  /** Migration 20261201T180946_member_labels: the operator's labels of the member (memberLabel). */
  labels: Defaulted<string[]>;
  register_method: Defaulted<string>;
  register_url: Defaulted<string>;
  register_ip: Defaulted<string>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface SessionsTable {
  id: Id;
  token_hash: string;
  member_id: string;
  brand_id: string;
  ip: Defaulted<string>;
  device: Defaulted<string>;
  created_at: CreatedAt;
  last_seen_at: Timestamp;
  expires_at: Date;
  revoked_at: Date | null;
  revoked_reason: string | null;
}

export interface LoginAttemptsTable {
  id: Id;
  brand_id: string;
  member_id: string | null;
  username: string;
  method: string;
  ip: string;
  country: Defaulted<string>;
  device: Defaulted<string>;
  outcome: string;
  created_at: CreatedAt;
}

export interface MemberIpsTable {
  member_id: string;
  ip: string;
  first_seen_at: Timestamp;
  last_seen_at: Timestamp;
}

export interface PasswordResetTokensTable {
  id: Id;
  token_hash: string;
  member_id: string;
  brand_id: string;
  expires_at: Date;
  used_at: Date | null;
  /** The outbox row of the link's e-mail (migration 20261201T175900_reset_link_withdrawal). */
  email_outbox_id: string | null;
  /** Set when that e-mail was dead-lettered: the link is withdrawn. */
  revoked_at: Date | null;
  created_at: CreatedAt;
}

export type RegistrationFieldRow = {
  enabled: boolean;
  required: boolean;
  acceptedPattern: string;
  patternId: number;
  minLength: number;
  maxLength: number;
};

export interface RegistrationSettingsTable {
  brand_id: string;
  fields: JSONColumnType<Record<string, RegistrationFieldRow>>;
  password_max_age_days: Defaulted<number>;
  login_captcha_after_failures: Defaulted<number>;
  updated_at: UpdatedAt;
}

export interface RegistrationRequestsTable {
  request_hash: string;
  brand_id: string;
  member_id: string;
  created_at: CreatedAt;
}

/** The members domain's tables, merged into the Database type (db/schema.ts). */
export interface MembersTables {
  /** Created by migration 0002_accounts. */
  members: MembersTable;
  /** Created by migration 0002_accounts. */
  sessions: SessionsTable;
  /** Created by migration 0002_accounts. */
  login_attempts: LoginAttemptsTable;
  /** Created by migration 0002_accounts. */
  member_ips: MemberIpsTable;
  /** Created by migration 0002_accounts. */
  password_reset_tokens: PasswordResetTokensTable;
  /** Created by migration 0002_accounts. */
  registration_settings: RegistrationSettingsTable;
  /** Created by migration 0002_accounts. */
  registration_requests: RegistrationRequestsTable;
}
