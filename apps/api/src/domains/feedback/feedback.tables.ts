import type { CreatedAt, Id } from '../../db/column-types.ts';

export interface FeedbackTable {
  id: Id;
  brand_id: string;
  content: string;
  language: string;
  client_ip: string;
  created_at: CreatedAt;
}

export interface FeedbackImagesTable {
  id: Id;
  feedback_id: string;
  brand_id: string;
  /** Random name under UPLOAD_DIR (never the client's file name). */
  stored_name: string;
  mime_type: string;
  size_bytes: number;
}

/** The feedback domain's tables, merged into the Database type (db/schema.ts). */
export interface FeedbackTables {
  /** Created by migration 0001_foundation. */
  feedback: FeedbackTable;
  /** Created by migration 0001_foundation. */
  feedback_images: FeedbackImagesTable;
}
