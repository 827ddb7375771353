import { readFile } from 'node:fs/promises';
import type { OperatorFeedbackPage, OperatorFeedbackQuery } from '@lotus/contracts/cs';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { dayRange } from '../../lib/review-queue.ts';
import type { UploadStore } from '../../lib/uploads/uploads.ts';
import { findFeedbackImage, listFeedback } from './feedback.repository.ts';

/** The brand's feedback for the back office, newest first (PUT /wps/feedback stores it). */
export async function feedbackPage(
  db: Db,
  brandId: string,
  query: OperatorFeedbackQuery,
): Promise<OperatorFeedbackPage> {
  const page = query.page ?? 1;
  const size = query.size ?? 20;
  const { items, total } = await listFeedback(db, brandId, dayRange(query), page, size);
  return {
    items: items.map((f) => ({ ...f, createdAt: f.createdAt.toISOString() })),
    total,
    page,
    size,
  };
}

/** A feedback image's bytes for an operator of its brand. */
export async function feedbackImage(db: Db, store: UploadStore, brandId: string, id: string) {
  const row = await findFeedbackImage(db, brandId, id);
  if (!row) throw new AppError('not_found');
  return { bytes: await readFile(store.finalPath(row.stored_name)), mime: row.mime_type };
}
