import { describe, expect, it } from 'vitest';
import { ERROR_AREAS, ERROR_CATALOGUE, errorMessage, errorMessages, isErrorCode } from './errors.ts';
import { SUPPORTED_LANGUAGES } from './languages.ts';

describe('error catalogue', () => {
  it('gives every code a distinct key and a status that is 0 (client) or an HTTP status', () => {
    const keys = new Set(ERROR_CATALOGUE.map((e) => e.key));
    expect(keys.size).toBe(ERROR_CATALOGUE.length);
    for (const entry of ERROR_CATALOGUE) {
      expect(entry.status === 0 || (entry.status >= 200 && entry.status < 600)).toBe(true);
    }
  });

  it('has a non-empty, distinct text in EN, MS and CN for every code', () => {
    for (const { code } of ERROR_CATALOGUE) {
      const texts = SUPPORTED_LANGUAGES.map((l) => errorMessage(code, l));
      for (const t of texts) expect(t.trim().length).toBeGreaterThan(0);
      expect(new Set(texts).size).toBe(3);
    }
    for (const l of SUPPORTED_LANGUAGES) {
      expect(Object.keys(errorMessages(l))).toHaveLength(ERROR_CATALOGUE.length);
    }
  });

  it('falls back to EN for a UI language without shipped texts', () => {
    expect(errorMessage('not_found', 'JA')).toBe(errorMessage('not_found', 'EN'));
    expect(errorMessage('not_found', 'cn')).toBe('未找到。');
  });

  it('takes each code from exactly one area file', () => {
    const counted = ERROR_AREAS.reduce((sum, area) => sum + Object.keys(area).length, 0);
    expect(counted).toBe(ERROR_CATALOGUE.length);
  });

  it('recognises only catalogue codes', () => {
    expect(isErrorCode('TOO_MANY_REQUESTS')).toBe(true);
    expect(isErrorCode('toString')).toBe(false);
    expect(isErrorCode(42)).toBe(false);
  });
});
