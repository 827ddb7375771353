import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import { Value } from 'typebox/value';
import { describe, expect, it } from 'vitest';
import { GameListQuery, LaunchGameQuery, quickPickRange } from './games.ts';

describe('quick picks of the records (spec §9)', () => {
  const now = new Date('2026-03-10T20:00:00Z');

  it('ends at the end of the local day and starts 1, 7 or 30 local days back', () => {
    // 04:00 on 11 March in UTC+8.
    expect(quickPickRange('today', now, 480)).toEqual({
      from: new Date('2026-03-10T16:00:00Z'),
      to: new Date('2026-03-11T16:00:00Z'),
    });
    expect(quickPickRange('past7', now, 480).from).toEqual(new Date('2026-03-04T16:00:00Z'));
    expect(quickPickRange('past30', now, 0)).toEqual({
      from: new Date('2026-02-09T00:00:00Z'),
      to: new Date('2026-03-11T00:00:00Z'),
    });
  });

  it('handles zones west of UTC', () => {
    // 15:00 on 10 March in UTC-5.
    expect(quickPickRange('today', now, -300)).toEqual({
      from: new Date('2026-03-10T05:00:00Z'),
      to: new Date('2026-03-11T05:00:00Z'),
    });
  });
});

describe('query schemas as the server converts them', () => {
  const check = (schema: TSchema, value: unknown) => Compile(schema).Check(Value.Convert(schema, value));

  it('takes accountType 0 or 1 only', () => {
    expect(check(LaunchGameQuery, { accountType: '0', vassalage: 'HOUSE', gameId: 'lotus-garden' })).toBe(
      true,
    );
    expect(check(LaunchGameQuery, { accountType: '2' })).toBe(false);
  });

  it('refuses page numbers past the limit and amounts with exponents', () => {
    expect(check(GameListQuery, { pageNo: '2', isHot: 'true', minBet: '0.5', gameName: '' })).toBe(true);
    expect(check(GameListQuery, { pageNo: '99999999999999999999' })).toBe(false);
    expect(check(GameListQuery, { minBet: '1e5' })).toBe(false);
    expect(check(GameListQuery, { vassalage: "HOUSE' or 1=1" })).toBe(false);
  });
});
