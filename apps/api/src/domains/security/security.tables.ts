import type { CreatedAt } from '../../db/column-types.ts';

export interface ServerSecretsTable {
  name: string;
  value: string;
  created_at: CreatedAt;
}

/** The security domain's tables, merged into the Database type (db/schema.ts). */
export interface SecurityTables {
  server_secrets: ServerSecretsTable;
}
