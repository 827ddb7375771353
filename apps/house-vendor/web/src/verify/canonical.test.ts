import { describe, expect, it } from 'vitest';
import { canonical } from './canonical.ts';

describe('comparing a stored round with its recomputation', () => {
  it('ignores the order of object keys (jsonb reorders them) but not values or array order', () => {
    expect(canonical({ b: 1, a: { d: [1, 2], c: 'x' } })).toBe(canonical({ a: { c: 'x', d: [1, 2] }, b: 1 }));
    expect(canonical({ a: [1, 2] })).not.toBe(canonical({ a: [2, 1] }));
    expect(canonical({ a: 1 })).not.toBe(canonical({ a: 2 }));
  });
});
