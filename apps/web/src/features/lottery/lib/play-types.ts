import type { LotteryFamily } from '@lotus/contracts/lottery';

/**
 * What the betting page needs to know of each play type of the lottery engine (the API's
 * engine/registry.ts: 1xx five digits, 2xx three dice, 3xx VN north, 4xx VN south, 5xx SEA 4D):
 * the positions of its `balls` field (the tokens each takes and how many), how a selection counts
 * combinations, and whether it is picked on a grid or typed (3-digit and 4D numbers). The odds and
 * limits come from the API (`/lgw/lottery/plays`); a play type the API lists but this table does
 * not know is not offered.
 */
export type Position = { tokens: readonly string[]; min: number; max: number };

export type Combinations =
  | { kind: 'count' }
  | { kind: 'product' }
  | { kind: 'choose'; k: number; times?: number }
  | { kind: 'one' }
  | { kind: 'permutations' };

export type PlayDefinition = {
  id: number;
  family: LotteryFamily;
  positions: readonly Position[];
  /** Positions of a five-digit play: which digits of the draw they stand for (1-based), for labels. */
  places?: readonly number[];
  combinations: Combinations;
  /** `typed`: numbers are entered in a text field (too many to show as buttons). */
  input: 'grid' | 'typed';
  /** Digits per typed number (3 for 3 cang, 4 for 4D). */
  width?: number;
  /** The selection needs at least this many numbers in total (a positional play: 1). */
  minTotal?: number;
};

const numbers = (n: number, width: number) =>
  Array.from({ length: n }, (_, i) => String(i).padStart(width, '0'));
export const DIGITS = numbers(10, 1);
const TWO = numbers(100, 2);
const THREE = numbers(1000, 3);
const FOUR = numbers(10_000, 4);
export const BSOE = ['B', 'S', 'O', 'E'] as const;
const FACES = ['1', '2', '3', '4', '5', '6'];
const SUMS = numbers(19, 1).slice(3);

const one = (tokens: readonly string[], min: number, max: number): Position[] => [{ tokens, min, max }];

function digitPlays(): PlayDefinition[] {
  const out: PlayDefinition[] = [
    {
      id: 101,
      family: 'digits',
      positions: Array.from({ length: 5 }, () => ({ tokens: DIGITS, min: 0, max: 10 })),
      places: [1, 2, 3, 4, 5],
      combinations: { kind: 'count' },
      input: 'grid',
      minTotal: 1,
    },
    {
      id: 102,
      family: 'digits',
      positions: Array.from({ length: 5 }, () => ({ tokens: BSOE, min: 0, max: 4 })),
      places: [1, 2, 3, 4, 5],
      combinations: { kind: 'count' },
      input: 'grid',
      minTotal: 1,
    },
    {
      id: 103,
      family: 'digits',
      positions: one(BSOE, 1, 4),
      combinations: { kind: 'count' },
      input: 'grid',
    },
  ];
  [110, 120, 130].forEach((base, window) => {
    out.push(
      {
        id: base + 1,
        family: 'digits',
        positions: Array.from({ length: 3 }, () => ({ tokens: DIGITS, min: 1, max: 10 })),
        places: [window + 1, window + 2, window + 3],
        combinations: { kind: 'product' },
        input: 'grid',
      },
      {
        id: base + 2,
        family: 'digits',
        positions: one(DIGITS, 2, 10),
        combinations: { kind: 'choose', k: 2, times: 2 },
        input: 'grid',
      },
      {
        id: base + 3,
        family: 'digits',
        positions: one(DIGITS, 3, 10),
        combinations: { kind: 'choose', k: 3 },
        input: 'grid',
      },
    );
  });
  return out;
}

const DICE_PLAYS: PlayDefinition[] = [
  {
    id: 201,
    family: 'dice',
    positions: one(SUMS, 1, SUMS.length),
    combinations: { kind: 'count' },
    input: 'grid',
  },
  {
    id: 202,
    family: 'dice',
    positions: one(['B', 'S'], 1, 2),
    combinations: { kind: 'count' },
    input: 'grid',
  },
  { id: 203, family: 'dice', positions: one(['ANY'], 1, 1), combinations: { kind: 'one' }, input: 'grid' },
  { id: 204, family: 'dice', positions: one(FACES, 1, 6), combinations: { kind: 'count' }, input: 'grid' },
  { id: 205, family: 'dice', positions: one(FACES, 1, 6), combinations: { kind: 'count' }, input: 'grid' },
  {
    id: 206,
    family: 'dice',
    positions: one(FACES, 2, 6),
    combinations: { kind: 'choose', k: 2 },
    input: 'grid',
  },
];

function vnPlays(family: 'vn-north' | 'vn-south', base: number): PlayDefinition[] {
  const count = { kind: 'count' } as const;
  return [
    { id: base + 1, family, positions: one(TWO, 1, 100), combinations: count, input: 'grid' },
    { id: base + 2, family, positions: one(TWO, 1, 100), combinations: count, input: 'grid' },
    { id: base + 3, family, positions: one(TWO, 1, 100), combinations: count, input: 'grid' },
    { id: base + 4, family, positions: one(THREE, 1, 1000), combinations: count, input: 'typed', width: 3 },
    { id: base + 5, family, positions: one(DIGITS, 1, 10), combinations: count, input: 'grid' },
    { id: base + 6, family, positions: one(DIGITS, 1, 10), combinations: count, input: 'grid' },
    ...[2, 3, 4].map(
      (k): PlayDefinition => ({
        id: base + 5 + k,
        family,
        positions: one(TWO, k, 10),
        combinations: { kind: 'choose', k },
        input: 'grid',
      }),
    ),
  ];
}

const SEA4D_PLAYS: PlayDefinition[] = [501, 502, 503, 504, 505, 506].map((id) => ({
  id,
  family: 'sea4d',
  positions: one(FOUR, 1, 1),
  combinations: id === 503 || id === 504 ? { kind: 'permutations' } : { kind: 'one' },
  input: 'typed',
  width: 4,
}));

export const PLAY_DEFINITIONS: readonly PlayDefinition[] = [
  ...digitPlays(),
  ...DICE_PLAYS,
  ...vnPlays('vn-north', 300),
  ...vnPlays('vn-south', 400),
  ...SEA4D_PLAYS,
];

const byId = new Map(PLAY_DEFINITIONS.map((play) => [play.id, play]));

export function playDefinition(id: number): PlayDefinition | undefined {
  return byId.get(id);
}
