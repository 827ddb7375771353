import { describe, expect, it } from 'vitest';
import { defaultDialCode } from './country.ts';

const list = [
  { countryCode: 'AC', countryDialingCode: '247' },
  { countryCode: 'MY', countryDialingCode: '60' },
  { countryCode: 'SG', countryDialingCode: '65' },
];

describe('defaultDialCode', () => {
  it("starts on the brand's country, not the first entry of the list (+247)", () => {
    expect(defaultDialCode(list)).toBe('60');
  });
  it("prefers the visitor's country when it is listed", () => {
    expect(defaultDialCode(list, 'SG')).toBe('65');
    expect(defaultDialCode(list, 'XX')).toBe('60');
  });
  it('falls back to the first entry, then +60, when the brand country is missing', () => {
    expect(defaultDialCode(list.slice(0, 1))).toBe('247');
    expect(defaultDialCode([])).toBe('60');
  });
});
