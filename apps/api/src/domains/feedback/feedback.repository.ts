import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

export type NewFeedback = { brandId: string; content: string; language: string; clientIp: string };
export type NewFeedbackImage = { storedName: string; mimeType: string; sizeBytes: number };

/** Inserts the feedback and its image rows in the caller's transaction. */
export async function insertFeedback(
  db: Db,
  feedback: NewFeedback,
  images: NewFeedbackImage[],
): Promise<string> {
  const row = await db
    .insertInto('feedback')
    .values({
      brand_id: feedback.brandId,
      content: feedback.content,
      language: feedback.language,
      client_ip: feedback.clientIp,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (images.length > 0) {
    await db
      .insertInto('feedback_images')
      .values(
        images.map((i) => ({
          feedback_id: row.id,
          brand_id: feedback.brandId,
          stored_name: i.storedName,
          mime_type: i.mimeType,
          size_bytes: i.sizeBytes,
        })),
      )
      .execute();
  }
  return row.id;
}

export type FeedbackRow = {
  id: string;
  content: string;
  language: string;
  createdAt: Date;
  imageIds: string[];
};

/** A page of the brand's feedback, newest first, each with the ids of its images. */
export async function listFeedback(
  db: Db,
  brandId: string,
  filter: { from?: Date; toExclusive?: Date },
  page: number,
  size: number,
): Promise<{ items: FeedbackRow[]; total: number }> {
  const base = db
    .selectFrom('feedback')
    .where('brand_id', '=', brandId)
    .$if(filter.from !== undefined, (w) => w.where('created_at', '>=', filter.from as Date))
    .$if(filter.toExclusive !== undefined, (w) => w.where('created_at', '<', filter.toExclusive as Date));
  const rows = await base
    .select(['id', 'content', 'language', 'created_at'])
    .orderBy('id', 'desc')
    .limit(size)
    .offset((page - 1) * size)
    .execute();
  const count = await base.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow();
  const ids = rows.map((r) => r.id);
  const images =
    ids.length === 0
      ? []
      : await db
          .selectFrom('feedback_images')
          .select(['id', 'feedback_id'])
          .where('brand_id', '=', brandId)
          .where('feedback_id', 'in', ids)
          .orderBy('id')
          .execute();
  return {
    items: rows.map((r) => ({
      id: r.id,
      content: r.content,
      language: r.language,
      createdAt: r.created_at,
      imageIds: images.filter((i) => i.feedback_id === r.id).map((i) => i.id),
    })),
    total: Number(count.n),
  };
}

/** One feedback image of the brand (never another brand's). */
export async function findFeedbackImage(db: Db, brandId: string, id: string) {
  return db
    .selectFrom('feedback_images')
    .select(['stored_name', 'mime_type'])
    .where('brand_id', '=', brandId)
    .where('id', '=', id)
    .executeTakeFirst();
}
