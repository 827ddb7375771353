import { describe, expect, it } from 'vitest';
import { validateFeedback } from './validate-feedback.ts';

const file = (name: string, type: string, size: number) => new File([new Uint8Array(size)], name, { type });

describe('feedback checks (spec section 5)', () => {
  it('accepts 1..140 characters and up to 3 png/jpg images under 5 MB', () => {
    expect(validateFeedback('ok', [])).toBeNull();
    expect(
      validateFeedback('x'.repeat(140), [file('a.png', 'image/png', 10), file('b.jpg', 'image/jpeg', 10)]),
    ).toBeNull();
  });

  it('rejects empty, blank and over-long content', () => {
    expect(validateFeedback('', [])).toBe('feedback_invalid');
    expect(validateFeedback('   ', [])).toBe('feedback_invalid');
    expect(validateFeedback('x'.repeat(141), [])).toBe('feedback_invalid');
  });

  it('rejects a 4th image, other types and files of 5 MB or more', () => {
    const png = file('a.png', 'image/png', 1);
    expect(validateFeedback('ok', [png, png, png, png])).toBe('upload_too_many');
    expect(validateFeedback('ok', [file('a.gif', 'image/gif', 1)])).toBe('upload_type_invalid');
    expect(validateFeedback('ok', [file('big.png', 'image/png', 5 * 1024 * 1024)])).toBe('upload_too_large');
  });
});
