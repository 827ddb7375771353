import { describe, expect, it } from 'vitest';
import { decimalAtMost, isId, MAX_ID } from './ids.ts';

describe('database ids', () => {
  it('accepts 0 to 2^63 - 1 and nothing above, no sign, no leading zero, no other text', () => {
    for (const ok of [
      '0',
      '1',
      '9',
      '10',
      '42',
      '999999999999999999',
      MAX_ID.toString(),
      '9223372036854775806',
      '9123372036854775807',
    ]) {
      expect(isId(ok), ok).toBe(true);
    }
    for (const bad of [
      '',
      '-1',
      '+1',
      '01',
      '1.0',
      '1e3',
      ' 1',
      '1\u0000',
      (MAX_ID + 1n).toString(),
      '9999999999999999999',
      '10000000000000000000',
      '9223372036854775810',
      '9300000000000000000',
    ]) {
      expect(isId(bad), bad).toBe(false);
    }
  });

  it('matches exactly 0..max for small bounds (exhaustive)', () => {
    for (const max of [0n, 7n, 10n, 19n, 100n, 305n, 1000n]) {
      const regex = new RegExp(`^${decimalAtMost(max)}$`);
      for (let n = 0n; n <= max * 2n + 20n; n += 1n) {
        expect(regex.test(n.toString()), `${n} <= ${max}`).toBe(n <= max);
      }
    }
  });
});
