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

/** The agents domain's tables, merged into the Database type (db/schema.ts). */
export interface AgentsTables {
  /** Created by migration 0018_affiliate_applications. */
  affiliate_applications: AffiliateApplicationsTable;
}
