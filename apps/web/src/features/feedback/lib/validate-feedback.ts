import type { ErrorCode } from '@lotus/contracts/errors';
import { FEEDBACK_RULES } from '@lotus/contracts/system';

/** Client-side checks of spec §5, answered with catalogue codes (the server checks the same). */
export function validateFeedback(content: string, images: readonly File[]): ErrorCode | null {
  const length = [...content.trim()].length;
  if (length < FEEDBACK_RULES.minLength || length > FEEDBACK_RULES.maxLength) return 'feedback_invalid';
  if (images.length > FEEDBACK_RULES.maxImages) return 'upload_too_many';
  for (const image of images) {
    if (!(FEEDBACK_RULES.imageTypes as readonly string[]).includes(image.type)) return 'upload_type_invalid';
    if (image.size >= FEEDBACK_RULES.maxImageBytes) return 'upload_too_large';
  }
  return null;
}
