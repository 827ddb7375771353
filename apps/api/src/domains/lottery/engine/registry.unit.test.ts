import {
  PLAY_DEFINITIONS,
  VN_NORTH_PRIZES as SHARED_NORTH,
  SEA4D_PRIZES as SHARED_SEA4D,
  VN_SOUTH_PRIZES as SHARED_SOUTH,
} from '@lotus/contracts/lottery-tables';
import { describe, expect, it } from 'vitest';
import type { PositionalParser } from './balls.ts';
import { PLAY_TYPES, playTypeById } from './registry.ts';
import { SEA4D_PRIZES } from './sea4d.ts';
import { PRIZE_MODES } from './types.ts';
import { VN_NORTH_PRIZES, VN_SOUTH_PRIZES } from './vn.ts';

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

  it('is the play-type data the site and back office use (@lotus/contracts/lottery-tables), to the token', () => {
    expect(PLAY_DEFINITIONS.map((play) => play.id)).toEqual(PLAY_TYPES.map((playType) => playType.id));
    for (const playType of PLAY_TYPES) {
      const shared = PLAY_DEFINITIONS.find((play) => play.id === playType.id);
      expect(shared, playType.code).toBeDefined();
      expect(shared?.code, String(playType.id)).toBe(playType.code);
      expect(shared?.family, playType.code).toBe(playType.family);
      const parser = playType.parse as PositionalParser;
      expect(
        parser.rules.map((rule) => ({ tokens: [...rule.tokens], min: rule.min, max: rule.max })),
        playType.code,
      ).toEqual(shared?.positions.map((p) => ({ tokens: [...p.tokens], min: p.min, max: p.max })));
      expect(parser.minTotal, playType.code).toBe(shared?.minTotal ?? 1);
    }
  });

  it('draws and settles with the shared prize tables', () => {
    expect(VN_NORTH_PRIZES).toBe(SHARED_NORTH);
    expect(VN_SOUTH_PRIZES).toBe(SHARED_SOUTH);
    expect(SEA4D_PRIZES).toBe(SHARED_SEA4D);
    expect(VN_NORTH_PRIZES).toHaveLength(27);
    expect(VN_SOUTH_PRIZES).toHaveLength(18);
    expect(SEA4D_PRIZES).toHaveLength(23);
  });
});
