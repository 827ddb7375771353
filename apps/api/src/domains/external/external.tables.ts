import type { CreatedAt } from '../../db/column-types.ts';

export interface ExternalProvidersTable {
  brand_id: string;
  provider: string;
  issuer: string;
  client_id: string;
  client_secret: string;
}

export interface ExternalLoginStatesTable {
  state: string;
  brand_id: string;
  provider: string;
  code_verifier: string;
  nonce: string;
  redirect_uri: string;
  expires_at: Date;
}

export interface ExternalIdentitiesTable {
  brand_id: string;
  provider: string;
  subject: string;
  member_id: string;
  created_at: CreatedAt;
}

/** The external domain's tables, merged into the Database type (db/schema.ts). */
export interface ExternalTables {
  /** Created by migration 0002_accounts. */
  external_providers: ExternalProvidersTable;
  /** Created by migration 0002_accounts. */
  external_login_states: ExternalLoginStatesTable;
  /** Created by migration 0002_accounts. */
  external_identities: ExternalIdentitiesTable;
}
