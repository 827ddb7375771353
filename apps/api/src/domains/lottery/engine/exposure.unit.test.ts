import { describe, expect, it } from 'vitest';
import { isRefusal } from './balls.ts';
import { liabilities, outcomesOf } from './exposure.ts';
import { payoutOf } from './payout.ts';
import { PLAY_TYPES, playTypeById } from './registry.ts';
import type { Draw, PlayType, Selection } from './types.ts';

function play(id: number): PlayType {
  const playType = playTypeById(id);
  if (!playType) throw new Error(`no play ${id}`);
  return playType;
}

function select(playType: PlayType, balls: string): Selection {
  const parsed = playType.parse(balls);
  if (isRefusal(parsed)) throw new Error(parsed.reason);
  return parsed;
}

const keys = (id: number, balls: string) =>
  [...liabilities(play(id), select(play(id), balls), play(id).odds.LOTT, 200n).keys()].sort();

describe('exposure: the numbers a slip pays on', () => {
  it('names each number the way players read it', () => {
    expect(keys(101, '1,3||||9')).toEqual(['101:0:1', '101:0:3', '101:4:9']);
    expect(keys(102, 'B,O|S|||')).toEqual(['102:0:B', '102:0:O', '102:1:S']);
    expect(keys(111, '1,2|3|5')).toEqual(['111:135', '111:235']);
    expect(keys(112, '1,2')).toEqual(['112:112', '112:122']);
    expect(keys(133, '1,2,3,4')).toEqual(['133:123', '133:124', '133:134', '133:234']);
    expect(keys(206, '1,2,3')).toEqual(['206:12', '206:13', '206:23']);
    expect(keys(307, '12,34,56')).toEqual(['307:12-34', '307:12-56', '307:34-56']);
    expect(keys(401, '07,68')).toEqual(['401:07', '401:68']);
    expect(keys(505, '1123')).toHaveLength(12);
  });

  it('prices a number at what the house pays if it comes (4D at the 1st prize, i-box divided)', () => {
    const at = (id: number, balls: string) =>
      liabilities(play(id), select(play(id), balls), play(id).odds.LOTT, 200n);
    expect(at(101, '3||||').get('101:0:3')).toBe(1960n); // 9.8x of 2.00
    expect(at(201, '3,10').get('201:3')).toBe(41_800n); // 209x
    expect(at(201, '3,10').get('201:10')).toBe(1540n); // 7.7x
    expect(at(501, '1234').get('501:1234')).toBe(500_000n); // 2500x
    // i-box of 1123 (12 permutations): each permutation pays 2500x / 12 of the unit
    expect(at(505, '1123').get('505:3211')).toBe(41_666n);
  });

  it('covers every combination the slip buys (i-box: every permutation for one unit)', () => {
    const samples: Record<string, string> = {
      digits1: '0,1,2|3||9|4,5',
      digits3: '1,2|3|4,5,6',
      group: '1,2,3,4,5',
      dice: '3,7,10,11,17',
      vn: '07,12,68,99',
      sea4d: '1123',
    };
    for (const playType of PLAY_TYPES) {
      const balls =
        playType.family === 'sea4d'
          ? samples.sea4d
          : playType.family === 'dice'
            ? (({ 201: samples.dice, 202: 'B,S', 203: 'ANY' } as Record<number, string>)[playType.id] ??
              '1,2,6')
            : playType.family === 'digits'
              ? (({ 101: samples.digits1, 102: 'B,O|S||E|B', 103: 'B,O,E' } as Record<number, string>)[
                  playType.id
                ] ?? (/straight/.test(playType.code) ? samples.digits3 : samples.group))
              : /3cang/.test(playType.code)
                ? '123,456'
                : /^(north|south)-(dau|duoi)$/.test(playType.code)
                  ? '1,7'
                  : samples.vn;
      const selection = select(playType, balls as string);
      const outcomes = outcomesOf(playType, selection);
      const expected = playType.code.endsWith('-ibox') ? 12n : playType.combinations(selection);
      expect(BigInt(outcomes.length), playType.code).toBe(expected);
      expect(new Set(outcomes.map((o) => o.number)).size, playType.code).toBe(outcomes.length);
    }
  });

  it('for mutually exclusive numbers, the most any draw pays is the largest liability', () => {
    const draws: Draw[] = Array.from({ length: 100_000 }, (_, n) => ({
      kind: 'digits',
      digits: String(n).padStart(5, '0').split('').map(Number),
    }));
    const dice: Draw[] = [];
    for (let a = 1; a <= 6; a++)
      for (let b = 1; b <= 6; b++) for (let c = 1; c <= 6; c++) dice.push({ kind: 'dice', dice: [a, b, c] });
    const cases: [number, string][] = [
      [101, '||7||'],
      [102, '|||O|'],
      [103, 'S'],
      [111, '1|2,3|4'],
      [122, '1,2,3'],
      [133, '1,2,3,4'],
      [201, '4,9,17'],
      [202, 'B'],
      [204, '2,5'],
      [205, '1,6'],
      [206, '2,5'],
    ];
    for (const [id, balls] of cases) {
      const playType = play(id);
      const selection = select(playType, balls);
      const owed = liabilities(playType, selection, playType.odds.ZY, 20n);
      const largest = [...owed.values()].reduce((a, b) => (a > b ? a : b), 0n);
      let most = 0n;
      for (const draw of playType.family === 'dice' ? dice : draws) {
        const paid = payoutOf(playType, selection, draw, 'ZY', 20n);
        if (paid > most) most = paid;
      }
      expect(most, playType.code).toBe(largest);
    }
  });
});
