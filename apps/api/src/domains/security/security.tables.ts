import type { CreatedAt } from '../../db/column-types.ts';

export interface ServerSecretsTable {
  name: string;
  value: string;
  created_at: CreatedAt;
}

/** The security domain's tables, merged into the Database type (db/schema.ts). */
export interface SecurityTables {
  /** Created by migration 0002_accounts. */
  server_secrets: ServerSecretsTable;
}
