import { describe, expect, it } from 'vitest';
import { PLAY_TYPES, playTypeById } from './registry.ts';
import { PRIZE_MODES } from './types.ts';

describe('play type registry', () => {
  it('has unique ids and codes', () => {
    expect(new Set(PLAY_TYPES.map((playType) => playType.id)).size).toBe(PLAY_TYPES.length);
    expect(new Set(PLAY_TYPES.map((playType) => playType.code)).size).toBe(PLAY_TYPES.length);
    expect(playTypeById(101)?.code).toBe('pos-straight');
    expect(playTypeById(0)).toBeUndefined();
  });

  it('gives every play type positive odds for the same tiers in every prize mode', () => {
    for (const playType of PLAY_TYPES) {
      const tiers = Object.keys(playType.odds.LOTT).sort();
      expect(tiers.length, playType.code).toBeGreaterThan(0);
      for (const mode of PRIZE_MODES) {
        expect(Object.keys(playType.odds[mode]).sort(), `${playType.code} ${mode}`).toEqual(tiers);
        for (const odds of Object.values(playType.odds[mode]))
          expect(odds > 10_000n, playType.code).toBe(true);
      }
    }
  });

  it('ids follow the family ranges of the README', () => {
    const range = { digits: 1, dice: 2, 'vn-north': 3, 'vn-south': 4, sea4d: 5 } as const;
    for (const playType of PLAY_TYPES)
      expect(Math.floor(playType.id / 100), playType.code).toBe(range[playType.family]);
  });
});
