import type { ColumnType } from 'kysely';
import type { CreatedAt, Id, Timestamp } from '../../db/column-types.ts';

type NullableTime = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface MessagesTable {
  id: Id;
  brand_id: string;
  audience: string;
  title_en: string;
  title_ms: string;
  title_cn: string;
  content_en: string;
  content_ms: string;
  content_cn: string;
  publish_at: Timestamp;
  withdrawn_at: NullableTime;
  created_by: string | null;
  created_at: CreatedAt;
}

export interface MessageRecipientsTable {
  message_id: string;
  member_id: string;
}

export interface MessageStatesTable {
  message_id: string;
  member_id: string;
  read_at: NullableTime;
  hidden_at: NullableTime;
}

/** The messages domain's tables, merged into the Database type (db/schema.ts). */
export interface MessagesTables {
  /** Created by migration 0040_messages. */
  messages: MessagesTable;
  /** Created by migration 0040_messages. */
  message_recipients: MessageRecipientsTable;
  /** Created by migration 0040_messages. */
  message_states: MessageStatesTable;
}
