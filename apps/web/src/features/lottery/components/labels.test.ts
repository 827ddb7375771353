import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { prizeModeLabel } from './labels.ts';

describe('prizeModeLabel', () => {
  it('names every prize mode in words in EN, MS and CN, never by its wire code', () => {
    for (const language of ['EN', 'MS', 'CN']) {
      const t = i18n.getFixedT(language);
      const names = ['LOTT', 'ZY', 'ELOTT', 'SEA'].map((mode) => prizeModeLabel(t, mode));
      for (const [i, name] of names.entries()) {
        expect(name, `${language} ${i}`).not.toMatch(/\b(LOTT|ZY|ELOTT|SEA)\b|lottery\.prizeModes/);
        expect(name.trim().length).toBeGreaterThan(2);
      }
      expect(new Set(names).size, language).toBe(4);
    }
    expect(prizeModeLabel(i18n.getFixedT('EN'), 'Lott')).toBe('Classic odds');
  });

  it('names an unknown or forged mode generically, never echoing it', () => {
    const t = i18n.getFixedT('EN');
    for (const forged of ['<img src=x>', 'XYZ', '', 'LOTT\u0000']) {
      expect(prizeModeLabel(t, forged)).toBe('Other odds');
    }
  });
});
