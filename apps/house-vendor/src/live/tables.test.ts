import { describe, expect, it } from 'vitest';
import {
  type DragonTigerBet,
  dragonTigerResult,
  settleDragonTiger,
  validateDragonTigerBet,
} from './dragon-tiger.ts';
import { MAX_STAKE_MINOR } from './money.ts';
import {
  coveredNumbers,
  INSIDE_BETS,
  ROULETTE_BETS,
  type RouletteBet,
  type RouletteKind,
  rouletteColour,
  settleRoulette,
  validateRouletteBet,
} from './roulette.ts';
import { parseCard } from './shoe.ts';
import { type Dice, type SicBoBet, settleSicBo, validateSicBoBet } from './sicbo.ts';

const valid = <B>(result: { ok: true; bet: B } | { ok: false; error: string }): B => {
  if (!result.ok) throw new Error(result.error);
  return result.bet;
};

describe('dragon tiger', () => {
  const stake = 1_000n;
  const bets: DragonTigerBet[] = (['dragon', 'tiger', 'tie'] as const).map((kind) => ({ kind, stake }));
  const settle = (dragon: string, tiger: string) =>
    settleDragonTiger(dragonTigerResult(parseCard(dragon), parseCard(tiger)), bets).map((s) => [
      s.outcome,
      s.payout,
    ]);

  it('pays dragon and tiger 1:1, tie 8:1, and loses half a dragon or tiger bet on a tie', () => {
    expect(settle('KS', 'QH')).toEqual([
      ['win', 2_000n],
      ['lose', 0n],
      ['lose', 0n],
    ]);
    // Ace is low.
    expect(settle('AS', '2H')).toEqual([
      ['lose', 0n],
      ['win', 2_000n],
      ['lose', 0n],
    ]);
    // Suits do not count: any two sevens tie.
    expect(settle('7S', '7D')).toEqual([
      ['half', 500n],
      ['half', 500n],
      ['win', 9_000n],
    ]);
    expect(
      settleDragonTiger(dragonTigerResult(parseCard('7S'), parseCard('7C')), [
        { kind: 'dragon', stake: 7n },
      ])[0]!.payout,
    ).toBe(3n);
  });

  it('validates bets', () => {
    expect(valid(validateDragonTigerBet({ kind: 'tiger', stake: 10n }))).toEqual({
      kind: 'tiger',
      stake: 10n,
    });
    for (const input of [
      { kind: 'player', stake: 10n },
      { kind: 'tie\0', stake: 10n },
      { kind: 'tie', stake: 0 },
      { kind: 'hasOwnProperty', stake: 10n },
      { kind: 'tie', numbers: [1], stake: 10n },
      { kind: 'tie', numbers: 'x', stake: 10n },
    ])
      expect(validateDragonTigerBet(input)).toMatchObject({ ok: false });
  });
});

describe('roulette', () => {
  it('has the single-zero layout: 18 red, 18 black, columns and dozens of 12', () => {
    expect(coveredNumbers('red')).toHaveLength(18);
    expect(coveredNumbers('black')).toEqual([
      2, 4, 6, 8, 10, 11, 13, 15, 17, 20, 22, 24, 26, 28, 29, 31, 33, 35,
    ]);
    expect(coveredNumbers('column', [1])).toEqual([1, 4, 7, 10, 13, 16, 19, 22, 25, 28, 31, 34]);
    expect(coveredNumbers('dozen', [3])).toEqual(Array.from({ length: 12 }, (_, i) => 25 + i));
    expect([rouletteColour(0), rouletteColour(1), rouletteColour(2)]).toEqual(['green', 'red', 'black']);
  });

  it('knows every inside bet of the layout', () => {
    expect(INSIDE_BETS.straight).toHaveLength(37);
    expect(INSIDE_BETS.split).toHaveLength(60);
    expect(INSIDE_BETS.street).toHaveLength(12);
    expect(INSIDE_BETS.trio).toEqual([
      [0, 1, 2],
      [0, 2, 3],
    ]);
    expect(INSIDE_BETS.corner).toHaveLength(22);
    expect(INSIDE_BETS['six-line']).toHaveLength(11);
    expect(INSIDE_BETS['first-four']).toEqual([[0, 1, 2, 3]]);
  });

  it('pays every bet kind (stake included) and every bet covering k pockets pays 36/k in all', () => {
    const stake = 100n;
    const samples: [RouletteKind, number[]][] = [
      ['straight', [17]],
      ['split', [17, 20]],
      ['street', [16, 17, 18]],
      ['trio', [0, 1, 2]],
      ['corner', [13, 14, 16, 17]],
      ['first-four', [0, 1, 2, 3]],
      ['six-line', [13, 14, 15, 16, 17, 18]],
      ['red', []],
      ['black', []],
      ['odd', []],
      ['even', []],
      ['low', []],
      ['high', []],
      ['dozen', [2]],
      ['column', [2]],
    ];
    expect(samples.map(([kind]) => kind).sort()).toEqual(Object.keys(ROULETTE_BETS).sort());
    for (const [kind, numbers] of samples) {
      const bet = valid(validateRouletteBet({ kind, numbers, stake }));
      const covered = coveredNumbers(kind, bet.numbers);
      for (let pocket = 0; pocket <= 36; pocket++) {
        const [settled] = settleRoulette(pocket, [bet]);
        const wins = covered.includes(pocket);
        expect(settled!.outcome, `${kind} on ${pocket}`).toBe(wins ? 'win' : 'lose');
        expect(settled!.payout).toBe(wins ? (stake * 36n) / BigInt(covered.length) : 0n);
      }
    }
    // Zero loses every outside bet.
    const outside = samples.filter(([kind]) => !(kind in INSIDE_BETS));
    for (const [kind, numbers] of outside)
      expect(settleRoulette(0, [valid(validateRouletteBet({ kind, numbers, stake }))])[0]!.payout).toBe(0n);
    expect(() => settleRoulette(37, [])).toThrow(RangeError);
    expect(() => settleRoulette(Number.NaN, [])).toThrow(RangeError);
  });

  it('accepts every valid bet in any order and canonicalises its numbers', () => {
    for (const [kind, list] of Object.entries(INSIDE_BETS))
      for (const numbers of list)
        expect(
          valid(validateRouletteBet({ kind, numbers: [...numbers].reverse(), stake: 1n })).numbers,
        ).toEqual(numbers);
    expect(valid(validateRouletteBet({ kind: 'split', numbers: [3, 0], stake: '10' }))).toEqual({
      kind: 'split',
      numbers: [0, 3],
      stake: 10n,
    } satisfies RouletteBet);
  });

  it('refuses hostile input', () => {
    const refused: unknown[] = [
      { kind: 'straight', numbers: [37], stake: 1n },
      { kind: 'straight', numbers: [-1], stake: 1n },
      { kind: 'straight', numbers: [Number.NaN], stake: 1n },
      { kind: 'straight', numbers: [Number.POSITIVE_INFINITY], stake: 1n },
      { kind: 'straight', numbers: [1.5], stake: 1n },
      { kind: 'straight', numbers: ['5'], stake: 1n },
      { kind: 'straight', numbers: [5, 5], stake: 1n },
      { kind: 'straight', numbers: [], stake: 1n },
      { kind: 'straight', numbers: { 0: 5, length: 1 }, stake: 1n },
      { kind: 'straight', numbers: '5', stake: 1n },
      { kind: 'split', numbers: [3, 4], stake: 1n }, // end of one row and start of the next
      { kind: 'split', numbers: [1, 5], stake: 1n },
      { kind: 'split', numbers: [0, 4], stake: 1n },
      { kind: 'split', numbers: [7, 7], stake: 1n },
      { kind: 'split', numbers: [34, 37], stake: 1n },
      { kind: 'street', numbers: [2, 3, 4], stake: 1n },
      { kind: 'street', numbers: [0, 1, 2], stake: 1n }, // a trio, not a street
      { kind: 'trio', numbers: [0, 1, 3], stake: 1n },
      { kind: 'corner', numbers: [3, 4, 6, 7], stake: 1n },
      { kind: 'corner', numbers: [1, 2, 4, 4], stake: 1n },
      { kind: 'corner', numbers: [0, 1, 2, 3], stake: 1n },
      { kind: 'first-four', numbers: [0, 1, 2], stake: 1n },
      { kind: 'six-line', numbers: [1, 2, 3, 4, 5, 7], stake: 1n },
      { kind: 'six-line', numbers: [34, 35, 36, 37, 38, 39], stake: 1n },
      { kind: 'six-line', numbers: Array.from({ length: 1_000_000 }, () => 1), stake: 1n },
      { kind: 'red', numbers: [1], stake: 1n },
      { kind: 'dozen', numbers: [0], stake: 1n },
      { kind: 'dozen', numbers: [4], stake: 1n },
      { kind: 'dozen', stake: 1n },
      { kind: 'column', numbers: [1, 2], stake: 1n },
      { kind: 'red\0', stake: 1n },
      { kind: 'straight\u0000', numbers: [5], stake: 1n },
      { kind: '__proto__', stake: 1n },
      { kind: 'x'.repeat(10_000), stake: 1n },
      { kind: 'red', stake: MAX_STAKE_MINOR + 1n },
      { kind: 'red', stake: 2n ** 200n },
      { kind: 'red', stake: Number.MAX_VALUE },
      { kind: 'red', stake: '-1' },
      { kind: 'red', stake: ' 1' },
      { kind: 'red', stake: '0x10' },
      { kind: 'red' },
      { numbers: [5], stake: 1n },
    ];
    for (const input of refused)
      expect(
        validateRouletteBet(input),
        JSON.stringify(input, (_, v) => (typeof v === 'bigint' ? `${v}n` : v)).slice(0, 80),
      ).toMatchObject({
        ok: false,
      });
    expect(validateRouletteBet({ kind: 'red', stake: MAX_STAKE_MINOR })).toMatchObject({ ok: true });
  });
});

describe('sic bo', () => {
  const stake = 100n;
  const pay = (dice: Dice, kind: string, numbers: number[] = []) =>
    settleSicBo(dice, [valid(validateSicBoBet({ kind, numbers, stake }))])[0]!.payout;

  it('pays big/small and odd/even 1:1 and loses them on any triple', () => {
    expect([pay([1, 2, 3], 'small'), pay([1, 2, 3], 'big'), pay([4, 4, 3], 'big')]).toEqual([200n, 0n, 200n]);
    expect([pay([3, 3, 4], 'small'), pay([6, 5, 6], 'big')]).toEqual([200n, 200n]);
    expect([
      pay([2, 2, 2], 'small'),
      pay([5, 5, 5], 'big'),
      pay([1, 1, 1], 'odd'),
      pay([2, 2, 2], 'even'),
    ]).toEqual([0n, 0n, 0n, 0n]);
    expect([pay([1, 2, 2], 'odd'), pay([1, 2, 2], 'even'), pay([1, 2, 3], 'even')]).toEqual([200n, 0n, 200n]);
  });

  it('pays totals by the table, triples, doubles, combinations and single dice', () => {
    const totals: Record<number, bigint> = { 4: 61n, 5: 31n, 6: 18n, 7: 13n, 8: 9n, 9: 7n, 10: 7n };
    for (const [total, times] of Object.entries(totals)) {
      const t = Number(total);
      const third = Math.min(6, t - 2);
      const second = Math.min(6, t - 1 - third);
      const dice: Dice = [t - third - second, second, third];
      const mirror: Dice = [7 - dice[0], 7 - dice[1], 7 - dice[2]];
      expect(pay(dice, 'total', [t])).toBe(times * stake);
      expect(pay(mirror, 'total', [21 - t])).toBe(times * stake);
      expect(pay(dice, 'total', [t + 1])).toBe(0n);
    }
    expect([
      pay([6, 6, 6], 'triple', [6]),
      pay([6, 6, 6], 'triple', [5]),
      pay([6, 6, 5], 'triple', [6]),
    ]).toEqual([18_100n, 0n, 0n]);
    expect([pay([3, 3, 3], 'any-triple'), pay([3, 3, 4], 'any-triple')]).toEqual([3_100n, 0n]);
    expect([
      pay([3, 3, 4], 'double', [3]),
      pay([3, 3, 3], 'double', [3]),
      pay([3, 4, 5], 'double', [3]),
    ]).toEqual([1_100n, 1_100n, 0n]);
    expect([pay([2, 5, 5], 'combination', [5, 2]), pay([2, 2, 3], 'combination', [2, 5])]).toEqual([
      600n,
      0n,
    ]);
    expect([
      pay([4, 1, 2], 'single', [4]),
      pay([4, 4, 2], 'single', [4]),
      pay([4, 4, 4], 'single', [4]),
      pay([1, 2, 3], 'single', [4]),
    ]).toEqual([200n, 300n, 400n, 0n]);
    expect(() => settleSicBo([0, 1, 2], [])).toThrow(RangeError);
    expect(() => settleSicBo([1, 2, 7], [])).toThrow(RangeError);
  });

  it('validates bets', () => {
    expect(valid(validateSicBoBet({ kind: 'combination', numbers: [6, 1], stake: 5n }))).toEqual({
      kind: 'combination',
      numbers: [1, 6],
      stake: 5n,
    } satisfies SicBoBet);
    for (const input of [
      { kind: 'total', numbers: [3], stake: 1n },
      { kind: 'total', numbers: [18], stake: 1n },
      { kind: 'total', stake: 1n },
      { kind: 'triple', numbers: [7], stake: 1n },
      { kind: 'triple', numbers: [0], stake: 1n },
      { kind: 'double', numbers: [Number.NaN], stake: 1n },
      { kind: 'combination', numbers: [2, 2], stake: 1n },
      { kind: 'combination', numbers: [2], stake: 1n },
      { kind: 'single', numbers: [1, 2], stake: 1n },
      { kind: 'big', numbers: [1], stake: 1n },
      { kind: 'big\0', stake: 1n },
      { kind: 'big', stake: 10n ** 16n },
    ])
      expect(validateSicBoBet(input)).toMatchObject({ ok: false });
  });
});
