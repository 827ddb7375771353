import { rouletteColour } from './roulette.ts';
import type { Dice } from './sicbo.ts';

/**
 * Roads (scoreboards) drawn from a table's round history, per shoe for baccarat and dragon tiger: pure
 * functions of the list of results, oldest first. Grids have 6 rows; a cell is { col, row } with row 0
 * at the top.
 *
 * - Bead road: every round in order, filling each column top to bottom, then the next column.
 * - Big road: one column per streak of the same winner (banker/player, dragon/tiger); a tie does not
 *   start a cell but is counted on the previous cell (`ties`); ties before the first decided round are
 *   `leadingTies` (drawn on the first cell). A streak goes down until row 6 or an occupied cell, then
 *   turns right along that row (the dragon tail). A new streak starts at the top of the column after
 *   the previous streak's first column (further right if that cell is taken by a tail).
 * - Derived roads (big eye boy k = 1, small road k = 2, cockroach pig k = 3) read the big road's
 *   streaks (logical columns; lengths count tail cells too), for each big road entry at streak c,
 *   position r (0-based):
 *     r = 0 (a new streak): red when streaks c - 1 and c - 1 - k have the same length, else blue;
 *     r >= 1: red when streak c - k reaches position r, or stops before position r - 1 ("no cell and
 *             no cell above" in the grid); blue when it stops exactly at r - 1 (length r).
 *   A road starts with the entry at streak k, position 1 (or, if that streak is a single cell, with
 *   the first entry of streak k + 1). Its marks are laid out like the big road (streaks of one colour).
 * - Predictions ("ask banker / ask player"): the mark each derived road would add if the next round
 *   were a banker (player) win, or null while that road has not started.
 */

export const ROAD_ROWS = 6;

export interface GridCell<V> {
  col: number;
  row: number;
  value: V;
}

export interface BeadCell<R> extends GridCell<R> {
  /** Round index in the shoe, from 0. */
  round: number;
}

export function beadRoad<R>(results: readonly R[], rows = ROAD_ROWS): BeadCell<R>[] {
  return results.map((value, round) => ({ col: Math.floor(round / rows), row: round % rows, value, round }));
}

/** Places streaks on a grid of `rows` rows with dragon tails; returns one list of cells per streak. */
export function placeStreaks<V>(streaks: readonly (readonly V[])[], rows = ROAD_ROWS): GridCell<V>[][] {
  const taken = new Set<string>();
  const key = (col: number, row: number) => `${col},${row}`;
  let start = -1;
  return streaks.map((streak) => {
    start += 1;
    while (taken.has(key(start, 0))) start += 1;
    let col = start;
    let row = 0;
    let turned = false;
    return streak.map((value, index) => {
      if (index > 0) {
        if (!turned && row + 1 < rows && !taken.has(key(col, row + 1))) row += 1;
        else {
          turned = true;
          col += 1;
        }
      }
      taken.add(key(col, row));
      return { col, row, value };
    });
  });
}

export interface BigRoadEntry<W extends string> {
  winner: W;
  /** Ties dealt after this round, before the next decided one. */
  ties: number;
  /** Round index in the shoe of this (decided) round. */
  round: number;
  playerPair: boolean;
  bankerPair: boolean;
}

export interface BigRoad<W extends string> {
  /** One list per streak, in order (the logical columns the derived roads read). */
  streaks: BigRoadEntry<W>[][];
  /** Grid cells of every streak (same shape as `streaks`). */
  cells: GridCell<BigRoadEntry<W>>[][];
  leadingTies: number;
}

interface RoundLike<W extends string> {
  readonly winner: W | 'tie';
  readonly playerPair?: boolean;
  readonly bankerPair?: boolean;
}

export function bigRoad<W extends string>(results: readonly RoundLike<W>[], rows = ROAD_ROWS): BigRoad<W> {
  const streaks: BigRoadEntry<W>[][] = [];
  let leadingTies = 0;
  let last: BigRoadEntry<W> | undefined;
  results.forEach((result, round) => {
    if (result.winner === 'tie') {
      if (last) last.ties += 1;
      else leadingTies += 1;
      return;
    }
    const winner = result.winner as W;
    last = {
      winner,
      ties: 0,
      round,
      playerPair: result.playerPair ?? false,
      bankerPair: result.bankerPair ?? false,
    };
    const current = streaks.at(-1);
    if (current && current[0]!.winner === winner) current.push(last);
    else streaks.push([last]);
  });
  return { streaks, cells: placeStreaks(streaks, rows), leadingTies };
}

export type DerivedMark = 'red' | 'blue';

/** The marks of a derived road (k = 1 big eye boy, 2 small road, 3 cockroach pig) from streak lengths. */
export function derivedMarks(lengths: readonly number[], k: 1 | 2 | 3): DerivedMark[] {
  const marks: DerivedMark[] = [];
  lengths.forEach((length, c) => {
    for (let r = 0; r < length; r++) {
      if (c < k || (c === k && r === 0)) continue;
      if (r === 0) marks.push(lengths[c - 1] === lengths[c - 1 - k] ? 'red' : 'blue');
      else marks.push(lengths[c - k] === r ? 'blue' : 'red');
    }
  });
  return marks;
}

export interface DerivedRoad {
  marks: DerivedMark[];
  cells: GridCell<DerivedMark>[][];
}

function layoutMarks(marks: readonly DerivedMark[], rows: number): DerivedRoad {
  const streaks: DerivedMark[][] = [];
  for (const mark of marks) {
    const current = streaks.at(-1);
    if (current && current[0] === mark) current.push(mark);
    else streaks.push([mark]);
  }
  return { marks: [...marks], cells: placeStreaks(streaks, rows) };
}

const DERIVED = { bigEyeBoy: 1, smallRoad: 2, cockroachPig: 3 } as const;
type DerivedName = keyof typeof DERIVED;

const lengthsOf = (streaks: readonly (readonly unknown[])[]) => streaks.map((streak) => streak.length);

/** Streak lengths after one more decided round won by `winner`. */
function lengthsWith<W extends string>(streaks: readonly BigRoadEntry<W>[][], winner: W): number[] {
  const lengths = lengthsOf(streaks);
  if (streaks.at(-1)?.[0]?.winner === winner) lengths[lengths.length - 1]! += 1;
  else lengths.push(1);
  return lengths;
}

export type Prediction = Record<DerivedName, DerivedMark | null>;

function predict<W extends string>(streaks: readonly BigRoadEntry<W>[][], winner: W): Prediction {
  const lengths = lengthsWith(streaks, winner);
  const now = lengthsOf(streaks);
  const next = (k: 1 | 2 | 3): DerivedMark | null => {
    const before = derivedMarks(now, k);
    const after = derivedMarks(lengths, k);
    return after.length > before.length ? after.at(-1)! : null;
  };
  return { bigEyeBoy: next(1), smallRoad: next(2), cockroachPig: next(3) };
}

export interface BaccaratRoads<R> {
  bead: BeadCell<R>[];
  big: BigRoad<'banker' | 'player'>;
  bigEyeBoy: DerivedRoad;
  smallRoad: DerivedRoad;
  cockroachPig: DerivedRoad;
  askBanker: Prediction;
  askPlayer: Prediction;
}

/** Every road of a baccarat shoe from its results so far (BaccaratResult or any { winner, pairs }). */
export function baccaratRoads<R extends RoundLike<'banker' | 'player'>>(
  results: readonly R[],
  rows = ROAD_ROWS,
): BaccaratRoads<R> {
  const big = bigRoad<'banker' | 'player'>(results, rows);
  const lengths = lengthsOf(big.streaks);
  return {
    bead: beadRoad(results, rows),
    big,
    bigEyeBoy: layoutMarks(derivedMarks(lengths, DERIVED.bigEyeBoy), rows),
    smallRoad: layoutMarks(derivedMarks(lengths, DERIVED.smallRoad), rows),
    cockroachPig: layoutMarks(derivedMarks(lengths, DERIVED.cockroachPig), rows),
    askBanker: predict(big.streaks, 'banker'),
    askPlayer: predict(big.streaks, 'player'),
  };
}

export interface DragonTigerRoads<R> {
  bead: BeadCell<R>[];
  big: BigRoad<'dragon' | 'tiger'>;
}

/** The dragon tiger road of a shoe: bead road and big road (ties counted on the previous cell). */
export function dragonTigerRoads<R extends RoundLike<'dragon' | 'tiger'>>(
  results: readonly R[],
  rows = ROAD_ROWS,
): DragonTigerRoads<R> {
  return { bead: beadRoad(results, rows), big: bigRoad<'dragon' | 'tiger'>(results, rows) };
}

export interface SicBoStripEntry {
  dice: Dice;
  total: number;
  /** Big 11-17, small 4-10, or triple (big and small lose). */
  size: 'big' | 'small' | 'triple';
  parity: 'odd' | 'even' | 'triple';
}

/** The sic bo history strip, newest first, at most `limit` rounds. */
export function sicBoStrip(history: readonly Dice[], limit = 20): SicBoStripEntry[] {
  return history
    .slice(-limit)
    .reverse()
    .map((dice) => {
      const total = dice[0] + dice[1] + dice[2];
      const triple = dice[0] === dice[1] && dice[1] === dice[2];
      return {
        dice,
        total,
        size: triple ? 'triple' : total >= 11 ? 'big' : 'small',
        parity: triple ? 'triple' : total % 2 === 1 ? 'odd' : 'even',
      };
    });
}

export interface RouletteStripEntry {
  pocket: number;
  colour: 'green' | 'red' | 'black';
  parity: 'odd' | 'even' | 'zero';
  range: 'low' | 'high' | 'zero';
  /** 1-3, or 0 for zero. */
  dozen: number;
  column: number;
}

/** The roulette history strip, newest first, at most `limit` rounds. */
export function rouletteStrip(history: readonly number[], limit = 20): RouletteStripEntry[] {
  return history
    .slice(-limit)
    .reverse()
    .map((pocket) => ({
      pocket,
      colour: rouletteColour(pocket),
      parity: pocket === 0 ? 'zero' : pocket % 2 === 1 ? 'odd' : 'even',
      range: pocket === 0 ? 'zero' : pocket <= 18 ? 'low' : 'high',
      dozen: Math.ceil(pocket / 12),
      column: pocket === 0 ? 0 : ((pocket - 1) % 3) + 1,
    }));
}
