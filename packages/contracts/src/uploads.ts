/**
 * The one image rule of every upload (avatar, feedback, deposit receipt, withdrawal proof): PNG or
 * JPG, checked by its bytes on the server, smaller than 5 MB. The browser checks the size with the
 * same constant before sending.
 */
export const IMAGE_UPLOAD_RULES = {
  maxBytes: 5 * 1024 * 1024,
  types: ['image/png', 'image/jpeg'],
} as const;

/** Whether a file of this size is accepted (the limit itself is refused: "smaller than 5 MB"). */
export function imageSizeAccepted(bytes: number): boolean {
  return bytes < IMAGE_UPLOAD_RULES.maxBytes;
}
