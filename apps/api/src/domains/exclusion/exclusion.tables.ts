import type { ExclusionKind } from '@lotus/contracts/protection';
import type { ColumnType } from 'kysely';
import type { CreatedAt, Defaulted, Id, Timestamp, UpdatedAt } from '../../db/column-types.ts';

export interface MemberExclusionsTable {
  id: Id;
  brand_id: string;
  member_id: string;
  kind: ExclusionKind;
  started_at: Timestamp;
  /** Null: an indefinite self-exclusion. */
  ends_at: Date | null;
  status: Defaulted<'active' | 'ended'>;
  ended_at: Date | null;
  ended_by: string | null;
  created_at: CreatedAt;
}

export type IdentityKind = 'phone' | 'email' | 'id_number' | 'name_birthday';

export interface ExcludedIdentitiesTable {
  id: Id;
  brand_id: string;
  exclusion_id: string;
  kind: IdentityKind;
  value: string;
}

export interface ExclusionEndRequestsTable {
  id: Id;
  brand_id: string;
  exclusion_id: string;
  member_id: string;
  status: Defaulted<'pending' | 'approved' | 'refused'>;
  requested_at: Timestamp;
  decidable_at: Date;
  decided_at: Date | null;
  decided_by: string | null;
  note: Defaulted<string>;
}

export interface ProtectionSettingsTable {
  member_id: string;
  brand_id: string;
  session_limit_minutes: Defaulted<number>;
  reality_check_minutes: Defaulted<number>;
  updated_at: UpdatedAt;
}

export interface RealityCheckAcksTable {
  session_id: string;
  member_id: string;
  acked_at: Timestamp;
}

export interface ProtectionAuditTable {
  id: Id;
  brand_id: string;
  member_id: string;
  actor_kind: 'member' | 'operator' | 'system';
  actor_id: string | null;
  action: string;
  before: ColumnType<Record<string, unknown> | null, string | null, never>;
  after: ColumnType<Record<string, unknown> | null, string | null, never>;
  effective_from: Date | null;
  ip: Defaulted<string>;
  created_at: CreatedAt;
}

/** The exclusion domain's tables, merged into the Database type (db/schema.ts). */
export interface ExclusionTables {
  /** Created by migration 20261201T175320_exclusion. */
  member_exclusions: MemberExclusionsTable;
  /** Created by migration 20261201T175320_exclusion. */
  excluded_identities: ExcludedIdentitiesTable;
  /** Created by migration 20261201T175320_exclusion. */
  exclusion_end_requests: ExclusionEndRequestsTable;
  /** Created by migration 20261201T175320_exclusion. */
  protection_settings: ProtectionSettingsTable;
  /** Created by migration 20261201T175320_exclusion. */
  reality_check_acks: RealityCheckAcksTable;
  /** Created by migration 20261201T175320_exclusion. */
  protection_audit: ProtectionAuditTable;
}
