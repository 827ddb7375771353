/**
 * The lottery's shared data, one copy for the engine (apps/api/src/domains/lottery/engine), the
 * member site and the back office: the prize tables of the VN and 4D draws and the play types. Schema-free (no
 * TypeBox), so the site's first load can take it without the wire schemas.
 */

/** The kinds of game, each with its own draw and play types. */
export type DrawFamily = 'digits' | 'dice' | 'vn-north' | 'vn-south' | 'sea4d';

export interface VnPrizeSlot {
  tier: string;
  width: number;
}

function table(rows: [string, number, number][]): VnPrizeSlot[] {
  return rows.flatMap(([tier, count, width]) => Array.from({ length: count }, () => ({ tier, width })));
}

/** Northern VN draw (27 prizes): special and 1st of 5 digits, 2 x 5, 6 x 5, 4 x 4, 6 x 4, 3 x 3, 4 x 2. */
export const VN_NORTH_PRIZES: readonly VnPrizeSlot[] = table([
  ['special', 1, 5],
  ['first', 1, 5],
  ['second', 2, 5],
  ['third', 6, 5],
  ['fourth', 4, 4],
  ['fifth', 6, 4],
  ['sixth', 3, 3],
  ['seventh', 4, 2],
]);

/** Southern/central VN draw (18 prizes): special of 6 digits down to the 8th prize of 2 digits. */
export const VN_SOUTH_PRIZES: readonly VnPrizeSlot[] = table([
  ['special', 1, 6],
  ['first', 1, 5],
  ['second', 1, 5],
  ['third', 2, 5],
  ['fourth', 7, 5],
  ['fifth', 1, 4],
  ['sixth', 3, 4],
  ['seventh', 1, 3],
  ['eighth', 1, 2],
]);

/** SEA 4D: 23 distinct numbers: 1st, 2nd, 3rd, 10 starters, 10 consolations. */
export const SEA4D_PRIZES: readonly string[] = [
  'first',
  'second',
  'third',
  ...Array.from({ length: 10 }, () => 'starter'),
  ...Array.from({ length: 10 }, () => 'consolation'),
];

// ---- play types ------------------------------------------------------------------------------------

/**
 * Every play type of the engine (apps/api/src/domains/lottery/engine/registry.ts: 1xx five digits,
 * 2xx three dice, 3xx VN north, 4xx VN south, 5xx SEA 4D) as data: its code and family, the
 * positions of its `balls` field (the tokens each takes and how many: the engine parses with exactly
 * these, `engine/registry.test.ts` fails if the two differ), how a selection counts combinations, and
 * whether the site picks it on a grid or has it typed (3-digit and 4D numbers). The odds and limits
 * come from the API (`/lgw/lottery/plays`).
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
  /** The engine's code (`pos-straight`, `north-lo2`, `4d-big-box`, ...). */
  code: string;
  family: DrawFamily;
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
      code: 'pos-straight',
      family: 'digits',
      positions: Array.from({ length: 5 }, () => ({ tokens: DIGITS, min: 0, max: 10 })),
      places: [1, 2, 3, 4, 5],
      combinations: { kind: 'count' },
      input: 'grid',
      minTotal: 1,
    },
    {
      id: 102,
      code: 'pos-bsoe',
      family: 'digits',
      positions: Array.from({ length: 5 }, () => ({ tokens: BSOE, min: 0, max: 4 })),
      places: [1, 2, 3, 4, 5],
      combinations: { kind: 'count' },
      input: 'grid',
      minTotal: 1,
    },
    {
      id: 103,
      code: 'sum-bsoe',
      family: 'digits',
      positions: one(BSOE, 1, 4),
      combinations: { kind: 'count' },
      input: 'grid',
    },
  ];
  (['front3', 'mid3', 'back3'] as const).forEach((name, window) => {
    const base = 110 + 10 * window;
    out.push(
      {
        id: base + 1,
        code: `${name}-straight`,
        family: 'digits',
        positions: Array.from({ length: 3 }, () => ({ tokens: DIGITS, min: 1, max: 10 })),
        places: [window + 1, window + 2, window + 3],
        combinations: { kind: 'product' },
        input: 'grid',
      },
      {
        id: base + 2,
        code: `${name}-group3`,
        family: 'digits',
        positions: one(DIGITS, 2, 10),
        combinations: { kind: 'choose', k: 2, times: 2 },
        input: 'grid',
      },
      {
        id: base + 3,
        code: `${name}-group6`,
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
    code: 'dice-sum',
    family: 'dice',
    positions: one(SUMS, 1, SUMS.length),
    combinations: { kind: 'count' },
    input: 'grid',
  },
  {
    id: 202,
    code: 'dice-big-small',
    family: 'dice',
    positions: one(['B', 'S'], 1, 2),
    combinations: { kind: 'count' },
    input: 'grid',
  },
  {
    id: 203,
    code: 'dice-triple-any',
    family: 'dice',
    positions: one(['ANY'], 1, 1),
    combinations: { kind: 'one' },
    input: 'grid',
  },
  {
    id: 204,
    code: 'dice-triple',
    family: 'dice',
    positions: one(FACES, 1, 6),
    combinations: { kind: 'count' },
    input: 'grid',
  },
  {
    id: 205,
    code: 'dice-pair',
    family: 'dice',
    positions: one(FACES, 1, 6),
    combinations: { kind: 'count' },
    input: 'grid',
  },
  {
    id: 206,
    code: 'dice-two',
    family: 'dice',
    positions: one(FACES, 2, 6),
    combinations: { kind: 'choose', k: 2 },
    input: 'grid',
  },
];

function vnPlays(family: 'vn-north' | 'vn-south', base: number): PlayDefinition[] {
  const region = family === 'vn-north' ? 'north' : 'south';
  const count = { kind: 'count' } as const;
  const play = (id: number, code: string, rest: Omit<PlayDefinition, 'id' | 'code' | 'family'>) => ({
    id: base + id,
    code: `${region}-${code}`,
    family,
    ...rest,
  });
  return [
    play(1, 'lo2', { positions: one(TWO, 1, 100), combinations: count, input: 'grid' }),
    play(2, 'de', { positions: one(TWO, 1, 100), combinations: count, input: 'grid' }),
    play(3, 'de-dau', { positions: one(TWO, 1, 100), combinations: count, input: 'grid' }),
    play(4, '3cang', { positions: one(THREE, 1, 1000), combinations: count, input: 'typed', width: 3 }),
    play(5, 'dau', { positions: one(DIGITS, 1, 10), combinations: count, input: 'grid' }),
    play(6, 'duoi', { positions: one(DIGITS, 1, 10), combinations: count, input: 'grid' }),
    ...([2, 3, 4] as const).map((k) =>
      play(5 + k, `xien${k}`, {
        positions: one(TWO, k, 10),
        combinations: { kind: 'choose', k },
        input: 'grid',
      }),
    ),
  ];
}

const SEA4D_KINDS = ['big-straight', 'small-straight', 'big-box', 'small-box', 'big-ibox', 'small-ibox'];
const SEA4D_PLAYS: PlayDefinition[] = SEA4D_KINDS.map((kind, i) => ({
  id: 501 + i,
  code: `4d-${kind}`,
  family: 'sea4d',
  positions: one(FOUR, 1, 1),
  combinations: kind.endsWith('-box') ? { kind: 'permutations' } : { kind: 'one' },
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
