import { describe, expect, it } from 'vitest';
import { BACCARAT_BETS } from '../../../src/live/baccarat.ts';
import { DRAGON_TIGER_BETS } from '../../../src/live/dragon-tiger.ts';
import { ROULETTE_BETS } from '../../../src/live/roulette.ts';
import { SIC_BO_BETS } from '../../../src/live/sicbo.ts';
import { languageTexts } from '../testing/texts.ts';
import { oddsText, payoutLines, ruleKey } from './rules.ts';

const lookup = (tree: unknown, key: string): unknown =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);

describe('live rules', () => {
  it('writes odds from the data', () => {
    expect(oddsText({ win: 8, per: 1 })).toBe('8:1');
    expect(oddsText({ win: 19, per: 20 })).toBe('0.95:1');
    expect(oddsText({ win: 1, per: 2 })).toBe('0.5:1');
    expect(oddsText({ win: 2, per: 3 })).toBe('2:3');
    expect(payoutLines(BACCARAT_BETS.commission.banker)).toEqual([{ numbers: [], odds: '0.95:1' }]);
  });

  it('groups sic bo totals and single dice by payout', () => {
    expect(payoutLines(SIC_BO_BETS.total)).toEqual([
      { numbers: [4, 17], odds: '60:1' },
      { numbers: [5, 16], odds: '30:1' },
      { numbers: [6, 15], odds: '17:1' },
      { numbers: [7, 14], odds: '12:1' },
      { numbers: [8, 13], odds: '8:1' },
      { numbers: [9, 10, 11, 12], odds: '6:1' },
    ]);
    expect(payoutLines(SIC_BO_BETS.single)).toEqual([
      { numbers: [1], odds: '1:1' },
      { numbers: [2], odds: '2:1' },
      { numbers: [3], odds: '3:1' },
    ]);
  });

  it('has a rule and an introduction for every bet kind of every table, in EN, MS and CN', () => {
    const tables = [
      ['BAC', 'commission', BACCARAT_BETS.commission],
      ['BAC', 'no-commission', BACCARAT_BETS['no-commission']],
      ['DAT', null, DRAGON_TIGER_BETS],
      ['ROU', null, ROULETTE_BETS],
      ['SIC', null, SIC_BO_BETS],
    ] as const;
    for (const locale of ['EN', 'MS', 'CN'].map(languageTexts)) {
      for (const [game, variant, kinds] of tables) {
        expect(typeof lookup(locale, `live.rules.intro.${game}`)).toBe('string');
        for (const kind of Object.keys(kinds)) {
          const text = lookup(locale, ruleKey(game, variant, kind));
          expect(typeof text, `${game} ${kind}`).toBe('string');
          expect((text as string).length).toBeGreaterThan(3);
        }
      }
    }
    expect(ruleKey('BAC', 'no-commission', 'banker')).not.toBe(ruleKey('BAC', 'commission', 'banker'));
    expect(ruleKey('DAT', null, 'tie')).not.toBe(ruleKey('BAC', 'commission', 'tie'));
  });
});
