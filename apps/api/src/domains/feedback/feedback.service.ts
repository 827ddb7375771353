import { FEEDBACK_RULES } from '@lotus/contracts/system';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { type AcceptedImage, acceptImage, type UploadStore } from '../../lib/uploads/uploads.ts';
import type { NewFeedbackImage } from './feedback.repository.ts';
import { insertFeedback } from './feedback.repository.ts';

/** The part of a multipart stream the service reads (matches @fastify/multipart's parts). */
export type FeedbackPart =
  | { type: 'field'; fieldname: string; value: unknown; valueTruncated: boolean }
  | { type: 'file'; fieldname: string; toBuffer(): Promise<Buffer> };

const IMAGE_FIELD = 'images';

/** Length in characters as a person counts them (code points, so emoji and CJK count once). */
function characterCount(text: string): number {
  return [...text].length;
}

/** Reads the whole form first: nothing is written unless every part is valid. */
async function readForm(parts: AsyncIterable<FeedbackPart>) {
  let content: string | null = null;
  const images: AcceptedImage[] = [];
  for await (const part of parts) {
    if (part.type === 'file') {
      if (part.fieldname !== IMAGE_FIELD) throw new AppError('request_param_err');
      if (images.length >= FEEDBACK_RULES.maxImages) throw new AppError('upload_too_many');
      images.push(await acceptImage(await part.toBuffer()));
    } else if (part.fieldname === 'content') {
      if (part.valueTruncated || typeof part.value !== 'string') throw new AppError('feedback_invalid');
      content = part.value;
    }
  }
  const trimmed = (content ?? '').trim();
  const length = characterCount(trimmed);
  if (length < FEEDBACK_RULES.minLength || length > FEEDBACK_RULES.maxLength) {
    throw new AppError('feedback_invalid', { fieldErrors: { content: 'errors.feedback_invalid' } });
  }
  return { content: trimmed, images };
}

export type FeedbackInput = {
  brandId: string;
  language: string;
  clientIp: string;
  parts: AsyncIterable<FeedbackPart>;
};

/**
 * Stores a feedback message and its images atomically: images go to temporary files, the rows are
 * inserted in a transaction, and the files are renamed to their final names inside it. Any failure
 * rolls the rows back and deletes every file written.
 */
export async function submitFeedback(db: Db, store: UploadStore, input: FeedbackInput) {
  const form = await readForm(input.parts);
  const written: string[] = [];
  try {
    const staged: { temp: string; image: NewFeedbackImage }[] = [];
    for (const image of form.images) {
      const temp = await store.writeTemp(image.bytes);
      written.push(temp);
      staged.push({
        temp,
        image: {
          storedName: store.newStoredName('feedback', input.brandId, image.extension),
          mimeType: image.mimeType,
          sizeBytes: image.bytes.length,
        },
      });
    }
    const id = await db.transaction().execute(async (trx) => {
      const feedbackId = await insertFeedback(
        trx,
        { brandId: input.brandId, content: form.content, language: input.language, clientIp: input.clientIp },
        staged.map((s) => s.image),
      );
      for (const s of staged) {
        await store.promote(s.temp, s.image.storedName);
        written.push(store.finalPath(s.image.storedName));
      }
      return feedbackId;
    });
    return { id, images: form.images.length };
  } catch (error) {
    await store.remove(written);
    throw error;
  }
}
