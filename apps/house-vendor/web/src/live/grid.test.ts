import { describe, expect, it } from 'vitest';
import { BACCARAT_BETS, validateBaccaratBet } from '../../../src/live/baccarat.ts';
import { DRAGON_TIGER_BETS, validateDragonTigerBet } from '../../../src/live/dragon-tiger.ts';
import { INSIDE_BETS, ROULETTE_BETS, validateRouletteBet } from '../../../src/live/roulette.ts';
import { SIC_BO_BETS, validateSicBoBet } from '../../../src/live/sicbo.ts';
import { cellOf, numbersAt, ROULETTE_OUTSIDE, rouletteBoard, SIC_BO_COMBINATIONS, spotsOf } from './grid.ts';
import { type LiveGameCode, type Spot, spotKey } from './logic.ts';

/** What the page sends for a spot, checked by the server's own validation of that game. */
const validators: Record<LiveGameCode, (input: unknown) => { ok: boolean }> = {
  BAC: (input) => validateBaccaratBet(input, 'commission'),
  DAT: validateDragonTigerBet,
  ROU: validateRouletteBet,
  SIC: validateSicBoBet,
};
const kindsOf: Record<LiveGameCode, Record<string, unknown>> = {
  BAC: BACCARAT_BETS.commission,
  DAT: DRAGON_TIGER_BETS,
  ROU: ROULETTE_BETS,
  SIC: SIC_BO_BETS,
};
const request = (spot: Spot) => ({
  kind: spot.kind,
  stake: '100',
  ...(spot.numbers ? { numbers: spot.numbers } : {}),
});
const sorted = (numbers: readonly number[]) => [...numbers].sort((a, b) => a - b).join('-');

describe('the betting grid', () => {
  for (const game of ['BAC', 'DAT', 'ROU', 'SIC'] as const) {
    it(`${game}: every spot is a bet the server takes, every bet kind has a spot, no spot twice`, () => {
      const spots = spotsOf(game);
      for (const spot of spots)
        expect(validators[game](request(spot)), spotKey(spot)).toMatchObject({ ok: true });
      expect(new Set(spots.map((s) => s.kind))).toEqual(new Set(Object.keys(kindsOf[game])));
      expect(new Set(spots.map(spotKey)).size).toBe(spots.length);
    });
  }

  it('roulette: the board holds exactly the inside bets of the server, numbers sorted as its totals keys', () => {
    const board = rouletteBoard();
    for (const [kind, list] of Object.entries(INSIDE_BETS)) {
      const mine = board.filter((s) => s.kind === kind).map((s) => s.numbers.join('-'));
      expect(new Set(mine), kind).toEqual(new Set(list.map((numbers) => sorted(numbers))));
      expect(mine.every((key) => key === sorted(key.split('-').map(Number)))).toBe(true);
    }
    const counts = Object.fromEntries(Object.entries(INSIDE_BETS).map(([k, l]) => [k, l.length]));
    expect(counts).toEqual({
      straight: 37,
      split: 60,
      street: 12,
      trio: 2,
      corner: 22,
      'first-four': 1,
      'six-line': 11,
    });
    expect(board).toHaveLength(37 + 60 + 12 + 2 + 22 + 1 + 11);
  });

  it('roulette: each spot sits where it touches exactly the numbers it bets on', () => {
    for (const spot of rouletteBoard()) {
      if (spot.cell && spot.kind === 'straight') {
        const c = cellOf(spot.numbers[0]!);
        // A number's own cell: its place is the middle of that cell and touches no other number.
        expect(spot.x).toBe((c.x0 + c.x1) / 2);
        expect(spot.y).toBe((c.y0 + c.y1) / 2);
        continue;
      }
      expect(numbersAt(spot.x, spot.y), `${spotKey(spot)} at ${spot.x},${spot.y}`).toEqual(spot.numbers);
    }
    // A few by hand: the 17-18 split on the edge between them, the 1-2-4-5 corner, the 34-36 street.
    const at = (key: string) => rouletteBoard().find((s) => spotKey(s) === key)!;
    expect(at('split:17-18')).toMatchObject({ x: 2, y: 6.5 });
    expect(at('split:17-20')).toMatchObject({ x: 1.5, y: 7 });
    expect(at('corner:1-2-4-5')).toMatchObject({ x: 1, y: 2 });
    expect(at('street:34-35-36')).toMatchObject({ x: null, y: 12.5 });
    expect(at('six-line:31-32-33-34-35-36')).toMatchObject({ x: null, y: 12 });
    expect(at('first-four:0-1-2-3')).toMatchObject({ x: null, y: 1 });
    expect(at('trio:0-2-3')).toMatchObject({ x: 2, y: 1 });
  });

  it('refuses what the server refuses (the check is not vacuous)', () => {
    expect(validateRouletteBet({ kind: 'split', numbers: [1, 5], stake: '100' }).ok).toBe(false);
    expect(numbersAt(0.5, 1.5)).toEqual([1]);
    expect(numbersAt(1, 1.5)).toEqual([1, 2]);
    expect(validateSicBoBet({ kind: 'combination', numbers: [3, 3], stake: '100' }).ok).toBe(false);
  });

  it('the outside bets and the sic bo combinations', () => {
    expect(ROULETTE_OUTSIDE.map(spotKey)).toEqual([
      'column:1',
      'column:2',
      'column:3',
      'dozen:1',
      'dozen:2',
      'dozen:3',
      'low',
      'even',
      'red',
      'black',
      'odd',
      'high',
    ]);
    expect(SIC_BO_COMBINATIONS).toHaveLength(15);
    expect(SIC_BO_COMBINATIONS.map(spotKey)).toContain('combination:5-6');
    expect(SIC_BO_COMBINATIONS.every((s) => s.numbers![0]! < s.numbers![1]!)).toBe(true);
  });
});
