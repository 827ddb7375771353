import type { AffiliateContact, AffiliateStatus } from '@lotus/contracts/agents';
import type { JSONColumnType } from 'kysely';
import type { CreatedAt, Defaulted, Id, UpdatedAt } from '../../db/column-types.ts';

/** Affiliate applications of /join (migration 0018). */
export interface AffiliateApplicationsTable {
  id: Id;
  brand_id: string;
  member_id: string | null;
  name: string;
  /** Phone numbers as E.164, e-mails in lower case, Telegram names as `@name`. */
  contacts: JSONColumnType<AffiliateContact[]>;
  sites: JSONColumnType<string[]>;
  monthly_players: number;
  message: Defaulted<string>;
  language: string;
  client_ip: string;
  status: Defaulted<AffiliateStatus>;
  operator_note: Defaulted<string>;
  handled_by: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** The downline tree as a closure table: each member with itself (depth 0) and every upline above it. */
export interface AgentTreeTable {
  brand_id: string;
  ancestor_id: string;
  descendant_id: string;
  depth: number;
}

/** Who was a member's direct upline, and from when to when (attribution by time). */
export interface AgentUplineHistoryTable {
  id: Id;
  brand_id: string;
  member_id: string;
  upline_id: string;
  valid_from: Date;
  valid_to: Date | null;
}

/** An agent's standing in the agents domain (absent: active). */
export interface AgentProfilesTable {
  member_id: string;
  brand_id: string;
  status: Defaulted<'active' | 'suspended'>;
  note: Defaulted<string>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** The agents domain's tables, merged into the Database type (db/schema.ts). */
export interface AgentsTables {
  /** Created by migration 0018_affiliate_applications. */
  affiliate_applications: AffiliateApplicationsTable;
  /** Created by migration 20261201T183548_agent_tree. */
  agent_tree: AgentTreeTable;
  /** Created by migration 20261201T183548_agent_tree. */
  agent_upline_history: AgentUplineHistoryTable;
  /** Created by migration 20261201T183548_agent_tree. */
  agent_profiles: AgentProfilesTable;
}
