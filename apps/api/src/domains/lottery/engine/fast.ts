/**
 * Fast games drawn by the platform: the five-digit lottery (digits 0-9 in positions 0..4) and the
 * three-dice game (faces 1..6). Each play type gives its combinations, its winning rule and its odds
 * per prize mode (basis points, stake included). Wire playIds: 1xx digits, 2xx dice.
 */
import { choose, DIGITS, numbers, positional } from './balls.ts';
import type { Draw, OddsTable, PlayType, Selection, Win } from './types.ts';

const one = (tier: string, count: bigint): Win[] => (count > 0n ? [{ tier, count, divisor: 1n }] : []);

function digitsOf(draw: Draw): readonly number[] {
  if (draw.kind !== 'digits' || draw.digits.length !== 5)
    throw new TypeError('a five-digit draw is required');
  return draw.digits;
}

function diceOf(draw: Draw): readonly number[] {
  if (draw.kind !== 'dice' || draw.dice.length !== 3) throw new TypeError('a three-dice draw is required');
  return draw.dice;
}

function flat(lott: bigint, zy: bigint, elott: bigint, sea: bigint, tier = 'hit'): OddsTable {
  return { LOTT: { [tier]: lott }, ZY: { [tier]: zy }, ELOTT: { [tier]: elott }, SEA: { [tier]: sea } };
}

const count = (selection: Selection): bigint =>
  BigInt(selection.reduce((sum, position) => sum + position.length, 0));

// ---- five digits -------------------------------------------------------------------------------

/** Big/small/odd/even tokens: B = 5-9 (sum 23-45), S = 0-4 (sum 0-22), O = odd, E = even. */
const BSOE = ['B', 'S', 'O', 'E'];

function bsoeMatches(token: string, value: number, bigFrom: number): boolean {
  if (token === 'B') return value >= bigFrom;
  if (token === 'S') return value < bigFrom;
  if (token === 'O') return value % 2 === 1;
  return value % 2 === 0;
}

const positionalStraight: PlayType = {
  id: 101,
  code: 'pos-straight',
  family: 'digits',
  parse: positional(Array.from({ length: 5 }, () => ({ tokens: DIGITS, min: 0, max: 10 }))),
  combinations: count,
  wins(selection, draw) {
    const digits = digitsOf(draw);
    return one('hit', BigInt(selection.filter((position, i) => position.includes(String(digits[i]))).length));
  },
  odds: flat(98_000n, 97_000n, 99_000n, 96_000n),
};

const positionalBsoe: PlayType = {
  id: 102,
  code: 'pos-bsoe',
  family: 'digits',
  parse: positional(Array.from({ length: 5 }, () => ({ tokens: BSOE, min: 0, max: 4 }))),
  combinations: count,
  wins(selection, draw) {
    const digits = digitsOf(draw);
    let hits = 0n;
    selection.forEach((position, i) => {
      for (const token of position) if (bsoeMatches(token, digits[i] as number, 5)) hits++;
    });
    return one('hit', hits);
  },
  odds: flat(19_600n, 19_400n, 19_800n, 19_200n),
};

const sumBsoe: PlayType = {
  id: 103,
  code: 'sum-bsoe',
  family: 'digits',
  parse: positional([{ tokens: BSOE, min: 1, max: 4 }]),
  combinations: count,
  wins(selection, draw) {
    const sum = digitsOf(draw).reduce((a, b) => a + b, 0);
    return one('hit', BigInt((selection[0] ?? []).filter((token) => bsoeMatches(token, sum, 23)).length));
  },
  odds: flat(19_600n, 19_400n, 19_800n, 19_200n),
};

type Window = 'front3' | 'mid3' | 'back3';
const WINDOW_START: Record<Window, number> = { front3: 0, mid3: 1, back3: 2 };
const WINDOW_ID: Record<Window, number> = { front3: 110, mid3: 120, back3: 130 };

function windowOf(draw: Draw, window: Window): number[] {
  const start = WINDOW_START[window];
  return digitsOf(draw).slice(start, start + 3);
}

function threeDigitTypes(window: Window): PlayType[] {
  const base = WINDOW_ID[window];
  const straight: PlayType = {
    id: base + 1,
    code: `${window}-straight`,
    family: 'digits',
    parse: positional(Array.from({ length: 3 }, () => ({ tokens: DIGITS, min: 1, max: 10 }))),
    combinations: (selection) =>
      selection.reduce((product, position) => product * BigInt(position.length), 1n),
    wins(selection, draw) {
      const digits = windowOf(draw, window);
      return one('hit', selection.every((position, i) => position.includes(String(digits[i]))) ? 1n : 0n);
    },
    odds: flat(9_800_000n, 9_700_000n, 9_900_000n, 9_600_000n),
  };
  /** Group 3: the window holds exactly one pair (a, a, b) with both a and b chosen; C(n, 2) x 2 combinations. */
  const group3: PlayType = {
    id: base + 2,
    code: `${window}-group3`,
    family: 'digits',
    parse: positional([{ tokens: DIGITS, min: 2, max: 10 }]),
    combinations: (selection) => choose(selection[0]?.length ?? 0, 2) * 2n,
    wins(selection, draw) {
      const distinct = new Set(windowOf(draw, window));
      const chosen = selection[0] ?? [];
      const hit = distinct.size === 2 && [...distinct].every((digit) => chosen.includes(String(digit)));
      return one('hit', hit ? 1n : 0n);
    },
    odds: flat(3_266_000n, 3_233_000n, 3_300_000n, 3_200_000n),
  };
  /** Group 6: three different digits, all chosen; C(n, 3) combinations. */
  const group6: PlayType = {
    id: base + 3,
    code: `${window}-group6`,
    family: 'digits',
    parse: positional([{ tokens: DIGITS, min: 3, max: 10 }]),
    combinations: (selection) => choose(selection[0]?.length ?? 0, 3),
    wins(selection, draw) {
      const distinct = new Set(windowOf(draw, window));
      const chosen = selection[0] ?? [];
      const hit = distinct.size === 3 && [...distinct].every((digit) => chosen.includes(String(digit)));
      return one('hit', hit ? 1n : 0n);
    },
    odds: flat(1_633_000n, 1_616_000n, 1_650_000n, 1_600_000n),
  };
  return [straight, group3, group6];
}

export const DIGIT_PLAY_TYPES: PlayType[] = [
  positionalStraight,
  positionalBsoe,
  sumBsoe,
  ...threeDigitTypes('front3'),
  ...threeDigitTypes('mid3'),
  ...threeDigitTypes('back3'),
];

// ---- three dice --------------------------------------------------------------------------------

const FACES = ['1', '2', '3', '4', '5', '6'];
const SUMS = numbers(19, 1).slice(3);

/** Odds of the sums 3..10 per mode; 11..18 mirror them (sum s and 21 - s are equally likely). */
const SUM_ODDS: Record<keyof OddsTable, bigint[]> = {
  LOTT: [2_090_000n, 698_000n, 349_000n, 209_000n, 139_000n, 99_000n, 83_000n, 77_000n],
  ZY: [2_050_000n, 690_000n, 345_000n, 206_000n, 137_000n, 98_000n, 82_000n, 76_000n],
  ELOTT: [2_100_000n, 700_000n, 350_000n, 210_000n, 140_000n, 99_500n, 84_000n, 77_500n],
  SEA: [2_000_000n, 680_000n, 340_000n, 204_000n, 135_000n, 97_000n, 81_000n, 75_000n],
};

function sumOdds(): OddsTable {
  const table = { LOTT: {}, ZY: {}, ELOTT: {}, SEA: {} } as OddsTable;
  for (const mode of Object.keys(SUM_ODDS) as (keyof OddsTable)[]) {
    const low = SUM_ODDS[mode];
    for (let sum = 3; sum <= 18; sum++)
      table[mode][`sum-${sum}`] = low[sum <= 10 ? sum - 3 : 18 - sum] as bigint;
  }
  return table;
}

const isTriple = (dice: readonly number[]) => dice[0] === dice[1] && dice[1] === dice[2];
const occurrences = (dice: readonly number[], face: string) => dice.filter((d) => String(d) === face).length;

export const DICE_PLAY_TYPES: PlayType[] = [
  {
    id: 201,
    code: 'dice-sum',
    family: 'dice',
    parse: positional([{ tokens: SUMS, min: 1, max: SUMS.length }]),
    combinations: count,
    wins(selection, draw) {
      const sum = diceOf(draw).reduce((a, b) => a + b, 0);
      return one(`sum-${sum}`, (selection[0] ?? []).includes(String(sum)) ? 1n : 0n);
    },
    odds: sumOdds(),
  },
  {
    /** Big = sum 11-17, small = 4-10; any triple loses both. */
    id: 202,
    code: 'dice-big-small',
    family: 'dice',
    parse: positional([{ tokens: ['B', 'S'], min: 1, max: 2 }]),
    combinations: count,
    wins(selection, draw) {
      const dice = diceOf(draw);
      if (isTriple(dice)) return [];
      const sum = dice.reduce((a, b) => a + b, 0);
      return one('hit', (selection[0] ?? []).includes(sum >= 11 ? 'B' : 'S') ? 1n : 0n);
    },
    odds: flat(19_800n, 19_700n, 19_900n, 19_600n),
  },
  {
    id: 203,
    code: 'dice-triple-any',
    family: 'dice',
    parse: positional([{ tokens: ['ANY'], min: 1, max: 1 }]),
    combinations: () => 1n,
    wins: (_selection, draw) => one('hit', isTriple(diceOf(draw)) ? 1n : 0n),
    odds: flat(350_000n, 340_000n, 355_000n, 330_000n),
  },
  {
    id: 204,
    code: 'dice-triple',
    family: 'dice',
    parse: positional([{ tokens: FACES, min: 1, max: 6 }]),
    combinations: count,
    wins(selection, draw) {
      const dice = diceOf(draw);
      return one('hit', isTriple(dice) && (selection[0] ?? []).includes(String(dice[0])) ? 1n : 0n);
    },
    odds: flat(2_100_000n, 2_050_000n, 2_120_000n, 2_000_000n),
  },
  {
    /** Pair: at least two dice show the chosen face (a triple counts as a pair of its face). */
    id: 205,
    code: 'dice-pair',
    family: 'dice',
    parse: positional([{ tokens: FACES, min: 1, max: 6 }]),
    combinations: count,
    wins(selection, draw) {
      const dice = diceOf(draw);
      return one('hit', BigInt((selection[0] ?? []).filter((face) => occurrences(dice, face) >= 2).length));
    },
    odds: flat(131_000n, 129_000n, 132_000n, 125_000n),
  },
  {
    /** Two-dice combination: two different chosen faces both appear; C(n, 2) combinations. */
    id: 206,
    code: 'dice-two',
    family: 'dice',
    parse: positional([{ tokens: FACES, min: 2, max: 6 }]),
    combinations: (selection) => choose(selection[0]?.length ?? 0, 2),
    wins(selection, draw) {
      const dice = diceOf(draw);
      const present = (selection[0] ?? []).filter((face) => occurrences(dice, face) > 0).length;
      return one('hit', choose(present, 2));
    },
    odds: flat(70_000n, 69_000n, 70_500n, 67_000n),
  },
];
