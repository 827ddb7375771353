import type { LiveGameCode, Spot } from './logic.ts';

/**
 * The betting grid of each game as data (tested in grid.test.ts against the server's own bet
 * validation): every bet kind the server takes is a spot of the page.
 *
 * Roulette is drawn upright, as on a phone: zero on top across the three columns, then the twelve
 * rows of three numbers (row r = 3r+1, 3r+2, 3r+3) with a gutter on the left for the row bets. A
 * board spot has a place (`x`, `y`) in cell units: x from 0 to 3 across the number columns, y from 0
 * (top of the zero) to 13 (bottom of the last row); the numbers it covers are exactly the cells it
 * touches there (a split sits on the edge of its two numbers, a corner on the point where its four
 * meet, a trio where zero meets two numbers). Gutter spots (street, six-line, first four) have no x:
 * they cover the whole rows their y touches (a street is a row, a six-line sits on the line between
 * two rows, the first four on the line between zero and the first row). Wide screens draw the
 * classic horizontal board from these same places transposed (LivePage.tsx's boardPlace, live.css):
 * y runs left to right, x bottom to top, so both layouts offer exactly these spots.
 */

export type BoardSpot = Spot & {
  numbers: number[];
  /** Across the number columns (cell units), or null for the row gutter. */
  x: number | null;
  /** Down the board (cell units, the zero row is 0..1). */
  y: number;
  /** A whole cell of the board (a number, or a street's gutter cell) rather than a spot on an edge. */
  cell: boolean;
};

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const ROWS = 12;

/** Every spot of the roulette board (inside bets), numbers sorted as the server keeps them. */
export function rouletteBoard(): BoardSpot[] {
  const spots: BoardSpot[] = [{ kind: 'straight', numbers: [0], x: 1.5, y: 0.5, cell: true }];
  for (let row = 0; row < ROWS; row++) {
    const first = 3 * row + 1;
    for (let col = 0; col < 3; col++)
      spots.push({ kind: 'straight', numbers: [first + col], x: col + 0.5, y: row + 1.5, cell: true });
  }
  for (let row = 0; row < ROWS; row++) {
    const first = 3 * row + 1;
    spots.push({ kind: 'street', numbers: [first, first + 1, first + 2], x: null, y: row + 1.5, cell: true });
    // Side by side in the row.
    for (let col = 0; col < 2; col++)
      spots.push({
        kind: 'split',
        numbers: [first + col, first + col + 1],
        x: col + 1,
        y: row + 1.5,
        cell: false,
      });
    if (row === ROWS - 1) continue;
    // One above the other, the corners and the six-line on the line below the row.
    for (let col = 0; col < 3; col++)
      spots.push({
        kind: 'split',
        numbers: [first + col, first + col + 3],
        x: col + 0.5,
        y: row + 2,
        cell: false,
      });
    for (let col = 0; col < 2; col++) {
      const n = first + col;
      spots.push({ kind: 'corner', numbers: [n, n + 1, n + 3, n + 4], x: col + 1, y: row + 2, cell: false });
    }
    spots.push({ kind: 'six-line', numbers: range(first, first + 5), x: null, y: row + 2, cell: false });
  }
  // Zero with the first row.
  for (let col = 0; col < 3; col++)
    spots.push({ kind: 'split', numbers: [0, col + 1], x: col + 0.5, y: 1, cell: false });
  spots.push({ kind: 'trio', numbers: [0, 1, 2], x: 1, y: 1, cell: false });
  spots.push({ kind: 'trio', numbers: [0, 2, 3], x: 2, y: 1, cell: false });
  spots.push({ kind: 'first-four', numbers: [0, 1, 2, 3], x: null, y: 1, cell: false });
  return spots;
}

/** Roulette's outside bets, below the board. */
export const ROULETTE_OUTSIDE: readonly Spot[] = [
  ...range(1, 3).map((n) => ({ kind: 'column', numbers: [n] })),
  ...range(1, 3).map((n) => ({ kind: 'dozen', numbers: [n] })),
  ...['low', 'even', 'red', 'black', 'odd', 'high'].map((kind) => ({ kind })),
];

/** Sic bo's two-dice combinations: 1-2 .. 5-6 (15). */
export const SIC_BO_COMBINATIONS: readonly Spot[] = range(1, 5).flatMap((a) =>
  range(a + 1, 6).map((b) => ({ kind: 'combination', numbers: [a, b] })),
);

/** The spots of each game's grid: every bet kind and number set the server takes. */
export function spotsOf(game: LiveGameCode): Spot[] {
  switch (game) {
    case 'BAC':
      return ['player-pair', 'tie', 'banker-pair', 'player', 'banker'].map((kind) => ({ kind }));
    case 'DAT':
      return ['dragon', 'tie', 'tiger'].map((kind) => ({ kind }));
    case 'ROU':
      return [...rouletteBoard().map(({ kind, numbers }) => ({ kind, numbers })), ...ROULETTE_OUTSIDE];
    case 'SIC':
      return [
        ...['small', 'odd', 'even', 'big', 'any-triple'].map((kind) => ({ kind })),
        ...range(4, 17).map((n) => ({ kind: 'total', numbers: [n] })),
        ...range(1, 6).map((n) => ({ kind: 'double', numbers: [n] })),
        ...range(1, 6).map((n) => ({ kind: 'triple', numbers: [n] })),
        ...SIC_BO_COMBINATIONS,
        ...range(1, 6).map((n) => ({ kind: 'single', numbers: [n] })),
      ];
  }
}

/** The board rectangle of a number's cell (cell units): zero spans the three columns. */
export function cellOf(n: number): { x0: number; x1: number; y0: number; y1: number } {
  if (n === 0) return { x0: 0, x1: 3, y0: 0, y1: 1 };
  const row = Math.floor((n - 1) / 3);
  const col = (n - 1) % 3;
  return { x0: col, x1: col + 1, y0: row + 1, y1: row + 2 };
}

/** The numbers a board place touches (the test's check of every spot's place; see the comment above). */
export function numbersAt(x: number | null, y: number): number[] {
  return range(0, 36).filter((n) => {
    const c = cellOf(n);
    const inRows = y >= c.y0 && y <= c.y1;
    return inRows && (x === null || (x >= c.x0 && x <= c.x1));
  });
}
