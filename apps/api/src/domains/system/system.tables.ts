import type { Generated } from 'kysely';
import type { Id } from '../../db/column-types.ts';

export interface CustomerServiceResourcesTable {
  id: Id;
  brand_id: string;
  cs_type: string;
  url: string;
  qr_code_url: Generated<string>;
  label_name_en: string;
  label_name_ms: Generated<string>;
  label_name_cn: Generated<string>;
  sort_order: Generated<number>;
}

/** The system domain's tables, merged into the Database type (db/schema.ts). */
export interface SystemTables {
  /** Created by migration 0001_foundation. */
  customer_service_resources: CustomerServiceResourcesTable;
}
