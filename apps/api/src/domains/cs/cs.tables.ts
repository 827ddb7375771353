import type { ContactCategory, ContactChannel, ContactStatus } from '@lotus/contracts/cs';
import type { CreatedAt, Defaulted, Id, UpdatedAt } from '../../db/column-types.ts';

/** The contact form's requests (migration 0016). */
export interface ContactRequestsTable {
  id: Id;
  brand_id: string;
  member_id: string | null;
  name: string;
  channel: ContactChannel;
  /** E.164 for mobile and WhatsApp, lower-case e-mail, `@name` or E.164 for Telegram. */
  contact: string;
  category: ContactCategory;
  message: string;
  language: string;
  client_ip: string;
  status: Defaulted<ContactStatus>;
  operator_note: Defaulted<string>;
  handled_by: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** The cs domain's tables, merged into the Database type (db/schema.ts). */
export interface CsTables {
  /** Created by migration 0016_contact_requests. */
  contact_requests: ContactRequestsTable;
}
