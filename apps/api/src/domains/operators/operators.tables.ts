import type { ColumnType } from 'kysely';
import type { CreatedAt, Defaulted, Id, Timestamp } from '../../db/column-types.ts';

export interface OperatorsTable {
  id: Id;
  brand_id: string;
  username: string;
  password_hash: string;
  role: string;
  totp_secret_encrypted: string | null;
  totp_enabled: Defaulted<boolean>;
  totp_last_step: string | null;
  active: Defaulted<boolean>;
  must_change_password: Defaulted<boolean>;
  password_changed_at: Date | null;
  last_login_at: Date | null;
  created_by: string | null;
  created_at: CreatedAt;
}

export interface OperatorSessionsTable {
  id: Id;
  token_hash: string;
  operator_id: string;
  brand_id: string;
  ip: Defaulted<string>;
  created_at: CreatedAt;
  last_seen_at: Timestamp;
  expires_at: Date;
  revoked_at: Date | null;
}

export interface AuditLogTable {
  id: Id;
  brand_id: string;
  operator_id: string | null;
  action: string;
  target_type: Defaulted<string>;
  target_id: Defaulted<string>;
  before: ColumnType<Record<string, unknown> | null, string | null, never>;
  after: ColumnType<Record<string, unknown> | null, string | null, never>;
  ip: Defaulted<string>;
  created_at: CreatedAt;
}

export interface BackofficeSettingsTable {
  brand_id: string;
  adjustment_approval_threshold: ColumnType<string, string | bigint | undefined, string | bigint>;
}

/** The operators domain's tables, merged into the Database type (db/schema.ts). */
export interface OperatorsTables {
  /** Created by migration 0004_operators. */
  operators: OperatorsTable;
  /** Created by migration 0004_operators. */
  operator_sessions: OperatorSessionsTable;
  /** Created by migration 0004_operators. */
  audit_log: AuditLogTable;
  /** Created by migration 0004_operators. */
  backoffice_settings: BackofficeSettingsTable;
}
