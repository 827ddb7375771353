import type {
  DocumentKind,
  DocumentStatus,
  KycPolicy,
  KycState,
  RiskSignalKind,
  RiskSignalStatus,
} from '@lotus/contracts/kyc';
import type { JSONColumnType } from 'kysely';
import type { CreatedAt, Defaulted, Id, UpdatedAt } from '../../db/column-types.ts';

export interface KycSettingsTable {
  brand_id: string;
  minimum_age: Defaulted<number>;
  policy: JSONColumnType<KycPolicy, string, string>;
  play_gated: Defaulted<boolean>;
  updated_at: UpdatedAt;
}

export interface KycMembersTable {
  member_id: string;
  brand_id: string;
  state: Defaulted<KycState>;
  updated_at: UpdatedAt;
}

export interface KycDocumentsTable {
  id: Id;
  brand_id: string;
  member_id: string;
  kind: DocumentKind;
  stored_name: string;
  mime_type: string;
  size_bytes: number;
  status: Defaulted<DocumentStatus>;
  reason: Defaulted<string>;
  operator_note: Defaulted<string>;
  reviewed_by: string | null;
  reviewed_at: Date | null;
  created_at: CreatedAt;
}

export interface KycStateHistoryTable {
  id: Id;
  brand_id: string;
  member_id: string;
  from_state: KycState;
  to_state: KycState;
  actor_type: 'member' | 'operator' | 'system';
  actor_id: string | null;
  reason: Defaulted<string>;
  created_at: CreatedAt;
}

export interface RiskSignalsTable {
  id: Id;
  brand_id: string;
  member_id: string;
  kind: RiskSignalKind;
  period: string;
  detail: JSONColumnType<Record<string, string | number>, string, string>;
  status: Defaulted<RiskSignalStatus>;
  operator_note: Defaulted<string>;
  handled_by: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** The kyc domain's tables, merged into the Database type (db/schema.ts). */
export interface KycTables {
  /** Created by migration 20261201T175500_kyc. */
  kyc_settings: KycSettingsTable;
  /** Created by migration 20261201T175500_kyc. */
  kyc_members: KycMembersTable;
  /** Created by migration 20261201T175500_kyc. */
  kyc_documents: KycDocumentsTable;
  /** Created by migration 20261201T175500_kyc. */
  kyc_state_history: KycStateHistoryTable;
  /** Created by migration 20261201T175500_kyc. */
  risk_signals: RiskSignalsTable;
}
