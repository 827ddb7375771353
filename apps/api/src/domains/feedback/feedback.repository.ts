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
