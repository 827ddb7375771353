import type { FairStream } from '../fair/derive.ts';
import {
  type Bet,
  type BetKind,
  knownKind,
  type Outcome,
  payoutOf,
  type Ratio,
  ratioOf,
  readBetShape,
  readNumbers,
  type Settlement,
  type Validation,
} from './money.ts';

/**
 * Roulette (ROU), single zero: 37 pockets 0..36. The result of a round is stream.nextInt(37) of the
 * fair stream of the round's seed (round-seed.ts): FairStream(roundSeed, tableId, round).
 *
 * Layout: 1..36 in 12 rows of three (row r = 3r+1, 3r+2, 3r+3), zero above the first row. Column 1 is
 * 1, 4, .., 34; column 2 is 2, 5, .., 35; column 3 is 3, 6, .., 36. Every bet pays so that its RTP is
 * 36/37 (97.30 %): a bet covering k pockets pays (36 / k - 1):1.
 */

export const POCKETS = 37;
export const RED_NUMBERS: ReadonlySet<number> = new Set([
  1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36,
]);

export type RouletteInsideKind =
  | 'straight'
  | 'split'
  | 'street'
  | 'trio'
  | 'corner'
  | 'first-four'
  | 'six-line';
export type RouletteOutsideKind = 'red' | 'black' | 'odd' | 'even' | 'low' | 'high' | 'dozen' | 'column';
export type RouletteKind = RouletteInsideKind | RouletteOutsideKind;

const bet = (kind: RouletteKind, name: string, win: number, rule: string): BetKind => ({
  kind,
  name,
  odds: { win, per: 1 },
  rule,
});

export const ROULETTE_BETS: Readonly<Record<RouletteKind, BetKind>> = {
  straight: bet('straight', 'Straight up', 35, 'One number, 0 to 36'),
  split: bet(
    'split',
    'Split',
    17,
    'Two adjacent numbers (side by side or one above the other; 0-1, 0-2, 0-3)',
  ),
  street: bet('street', 'Street', 11, 'A row of three numbers'),
  trio: bet('trio', 'Trio', 11, '0-1-2 or 0-2-3'),
  corner: bet('corner', 'Corner', 8, 'Four numbers meeting at one corner'),
  'first-four': bet('first-four', 'First four', 8, '0-1-2-3'),
  'six-line': bet('six-line', 'Six line', 5, 'Two adjacent rows'),
  red: bet('red', 'Red', 1, 'A red number; zero loses'),
  black: bet('black', 'Black', 1, 'A black number; zero loses'),
  odd: bet('odd', 'Odd', 1, 'An odd number; zero loses'),
  even: bet('even', 'Even', 1, 'An even number; zero loses'),
  low: bet('low', 'Low (1-18)', 1, '1 to 18; zero loses'),
  high: bet('high', 'High (19-36)', 1, '19 to 36; zero loses'),
  dozen: bet('dozen', 'Dozen', 2, 'numbers: [1] for 1-12, [2] for 13-24, [3] for 25-36; zero loses'),
  column: bet('column', 'Column', 2, 'numbers: [1], [2] or [3], the column of 1, 2 or 3; zero loses'),
};

const INSIDE: ReadonlySet<string> = new Set<RouletteInsideKind>([
  'straight',
  'split',
  'street',
  'trio',
  'corner',
  'first-four',
  'six-line',
]);

/** Every valid inside bet, by kind, as sorted number lists. */
function insideCombinations(): Record<RouletteInsideKind, number[][]> {
  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
  const split: number[][] = [
    [0, 1],
    [0, 2],
    [0, 3],
  ];
  for (let n = 1; n <= 36; n++) {
    if (n % 3 !== 0) split.push([n, n + 1]);
    if (n <= 33) split.push([n, n + 3]);
  }
  const corner: number[][] = [];
  for (let n = 1; n <= 32; n++) if (n % 3 !== 0) corner.push([n, n + 1, n + 3, n + 4]);
  return {
    straight: range(0, 36).map((n) => [n]),
    split,
    street: range(0, 11).map((row) => [3 * row + 1, 3 * row + 2, 3 * row + 3]),
    trio: [
      [0, 1, 2],
      [0, 2, 3],
    ],
    corner,
    'first-four': [[0, 1, 2, 3]],
    'six-line': range(0, 10).map((row) => range(3 * row + 1, 3 * row + 6)),
  };
}

export const INSIDE_BETS: Readonly<Record<RouletteInsideKind, readonly (readonly number[])[]>> =
  insideCombinations();
const INSIDE_KEYS = new Map<RouletteInsideKind, Set<string>>(
  (Object.entries(INSIDE_BETS) as [RouletteInsideKind, number[][]][]).map(([kind, list]) => [
    kind,
    new Set(list.map((numbers) => numbers.join('-'))),
  ]),
);

/** The pockets a (valid) bet covers. */
export function coveredNumbers(kind: RouletteKind, numbers: readonly number[] = []): number[] {
  const all = Array.from({ length: 36 }, (_, i) => i + 1);
  switch (kind) {
    case 'red':
      return all.filter((n) => RED_NUMBERS.has(n));
    case 'black':
      return all.filter((n) => !RED_NUMBERS.has(n));
    case 'odd':
      return all.filter((n) => n % 2 === 1);
    case 'even':
      return all.filter((n) => n % 2 === 0);
    case 'low':
      return all.filter((n) => n <= 18);
    case 'high':
      return all.filter((n) => n >= 19);
    case 'dozen':
      return all.filter((n) => Math.ceil(n / 12) === numbers[0]);
    case 'column':
      return all.filter((n) => ((n - 1) % 3) + 1 === numbers[0]);
    default:
      return [...numbers];
  }
}

export interface RouletteBet extends Bet {
  readonly kind: RouletteKind;
  /** Inside bets: the covered numbers, sorted; dozen and column: [1..3]; other outside bets: none. */
  readonly numbers: readonly number[];
}

/**
 * Validates an untrusted roulette bet: a known kind, and numbers that form exactly one bet of that kind
 * on the layout (in any order; no duplicates, no out-of-range or fractional numbers, no NaN).
 */
export function validateRouletteBet(input: unknown): Validation<RouletteBet> {
  const shape = readBetShape(input);
  if (!shape.ok) return shape;
  if (!knownKind(ROULETTE_BETS, shape.kind)) return { ok: false, error: 'unknown bet kind' };
  const kind = shape.kind as RouletteKind;
  const numbers = readNumbers(shape.numbers, 6);
  if (numbers === undefined) return { ok: false, error: 'numbers must be a list of at most 6 integers' };
  if (new Set(numbers).size !== numbers.length) return { ok: false, error: 'duplicate numbers' };
  if (numbers.some((n) => n < 0 || n > 36)) return { ok: false, error: 'numbers must be 0 to 36' };
  const sorted = [...numbers].sort((a, b) => a - b);
  if (INSIDE.has(kind)) {
    if (!INSIDE_KEYS.get(kind as RouletteInsideKind)?.has(sorted.join('-')))
      return { ok: false, error: `these numbers are not a ${ROULETTE_BETS[kind].name.toLowerCase()} bet` };
    return { ok: true, bet: { kind, numbers: sorted, stake: shape.stake } };
  }
  if (kind === 'dozen' || kind === 'column') {
    if (sorted.length !== 1 || sorted[0]! < 1 || sorted[0]! > 3)
      return { ok: false, error: `${kind} takes one number, 1 to 3` };
    return { ok: true, bet: { kind, numbers: sorted, stake: shape.stake } };
  }
  if (sorted.length > 0) return { ok: false, error: 'this bet kind takes no numbers' };
  return { ok: true, bet: { kind, numbers: [], stake: shape.stake } };
}

/** Does a (valid) bet win on `pocket`? Allocation-free: the simulation calls it 10^7 times. */
export function rouletteWins(kind: RouletteKind, numbers: readonly number[], pocket: number): boolean {
  if (INSIDE.has(kind)) return numbers.includes(pocket);
  if (pocket === 0) return false;
  switch (kind) {
    case 'red':
      return RED_NUMBERS.has(pocket);
    case 'black':
      return !RED_NUMBERS.has(pocket);
    case 'odd':
      return pocket % 2 === 1;
    case 'even':
      return pocket % 2 === 0;
    case 'low':
      return pocket <= 18;
    case 'high':
      return pocket >= 19;
    case 'dozen':
      return Math.ceil(pocket / 12) === numbers[0];
    default:
      return ((pocket - 1) % 3) + 1 === numbers[0];
  }
}

export function rouletteOutcome(pocket: number, bet: Pick<RouletteBet, 'kind' | 'numbers'>): Outcome {
  return rouletteWins(bet.kind, bet.numbers, pocket) ? 'win' : 'lose';
}

export function rouletteRatio(pocket: number, bet: Pick<RouletteBet, 'kind' | 'numbers'>): Ratio {
  return ratioOf(rouletteOutcome(pocket, bet), ROULETTE_BETS[bet.kind].odds);
}

/** Payout includes the stake (money.ts). */
export function settleRoulette(pocket: number, bets: readonly RouletteBet[]): Settlement<RouletteBet>[] {
  if (!Number.isInteger(pocket) || pocket < 0 || pocket >= POCKETS)
    throw new RangeError('pocket must be 0..36');
  return bets.map((bet) => ({
    bet,
    outcome: rouletteOutcome(pocket, bet),
    payout: payoutOf(bet.stake, rouletteRatio(pocket, bet)),
  }));
}

/** The pocket of a round from its fair stream. */
export async function spinRoulette(stream: FairStream): Promise<number> {
  return stream.nextInt(POCKETS);
}

export const rouletteColour = (pocket: number): 'green' | 'red' | 'black' =>
  pocket === 0 ? 'green' : RED_NUMBERS.has(pocket) ? 'red' : 'black';
