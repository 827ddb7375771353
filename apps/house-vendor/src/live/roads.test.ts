import { describe, expect, it } from 'vitest';
import { sfc32 } from '../slots/sim-rng.ts';
import {
  baccaratRoads,
  beadRoad,
  bigRoad,
  derivedMarks,
  dragonTigerRoads,
  placeStreaks,
  rouletteStrip,
  sicBoStrip,
} from './roads.ts';

type W = 'banker' | 'player' | 'tie';
const parse = (text: string): { winner: W }[] =>
  text.split(' ').map((letter) => ({
    winner: ({ B: 'banker', P: 'player', T: 'tie' } as const)[letter as 'B' | 'P' | 'T'],
  }));
const cellsOf = (cells: { col: number; row: number }[][]) =>
  cells.map((streak) => streak.map(({ col, row }) => [col, row]));
const colours = (marks: string[]) => marks.map((mark) => (mark === 'red' ? 'R' : 'B')).join('');

describe('baccarat roads', () => {
  // Worked by hand: streak lengths 3, 2, 1, 3, 3, 1 with a tie inside the fifth streak.
  const shoe = parse('B B B P P B P P P B B T B P');
  const roads = baccaratRoads(shoe);

  it('bead road: every round in order, six to a column', () => {
    expect(roads.bead.map(({ col, row, round }) => [col, row, round]).slice(5, 8)).toEqual([
      [0, 5, 5],
      [1, 0, 6],
      [1, 1, 7],
    ]);
    expect(roads.bead.at(-1)).toMatchObject({ col: 2, row: 1, round: 13, value: { winner: 'player' } });
  });

  it('big road: streaks, ties on the previous cell', () => {
    expect(roads.big.streaks.map((streak) => streak.map((entry) => entry.winner[0]).join(''))).toEqual([
      'bbb',
      'pp',
      'b',
      'ppp',
      'bbb',
      'p',
    ]);
    expect(roads.big.streaks[4]!.map((entry) => [entry.round, entry.ties])).toEqual([
      [9, 0],
      [10, 1],
      [12, 0],
    ]);
    expect(cellsOf(roads.big.cells)).toEqual([
      [
        [0, 0],
        [0, 1],
        [0, 2],
      ],
      [
        [1, 0],
        [1, 1],
      ],
      [[2, 0]],
      [
        [3, 0],
        [3, 1],
        [3, 2],
      ],
      [
        [4, 0],
        [4, 1],
        [4, 2],
      ],
      [[5, 0]],
    ]);
    expect(bigRoad(parse('T T B T')).leadingTies).toBe(2);
    expect(bigRoad(parse('T T B T')).streaks[0]![0]!.ties).toBe(1);
    expect(bigRoad(parse('T T')).streaks).toEqual([]);
  });

  it('big road: the dragon tail turns right at the bottom row or at an occupied cell', () => {
    const road = bigRoad(parse(`${'B '.repeat(8)}${'P '.repeat(7)}B`));
    expect(cellsOf(road.cells)).toEqual([
      [
        [0, 0],
        [0, 1],
        [0, 2],
        [0, 3],
        [0, 4],
        [0, 5],
        [1, 5],
        [2, 5],
      ],
      [
        [1, 0],
        [1, 1],
        [1, 2],
        [1, 3],
        [1, 4],
        [2, 4],
        [3, 4],
      ],
      [[2, 0]],
    ]);
    // A streak that turns on row 0 pushes the next streak's start to the right.
    expect(cellsOf(placeStreaks([[1, 1, 1, 1, 1, 1, 1], [2, 2], [3]], 1))).toEqual([
      [
        [0, 0],
        [1, 0],
        [2, 0],
        [3, 0],
        [4, 0],
        [5, 0],
        [6, 0],
      ],
      [
        [7, 0],
        [8, 0],
      ],
      [[9, 0]],
    ]);
  });

  it('derived roads, worked by hand', () => {
    expect(colours(roads.bigEyeBoy.marks)).toBe('RBBBRBRRR');
    expect(colours(roads.smallRoad.marks)).toBe('BRBBBRB');
    expect(colours(roads.cockroachPig.marks)).toBe('RRRRBB');
    // Laid out like the big road: streaks of one colour.
    expect(roads.bigEyeBoy.cells.map((streak) => streak.length)).toEqual([1, 3, 1, 1, 3]);
    expect(roads.cockroachPig.cells.map((streak) => streak.length)).toEqual([4, 2]);
  });

  it('start where the rules say', () => {
    expect(derivedMarks([3], 1)).toEqual([]);
    expect(derivedMarks([3, 1], 1)).toEqual([]);
    expect(derivedMarks([3, 2], 1)).toEqual(['red']);
    expect(derivedMarks([3, 1, 1], 1)).toEqual(['blue']);
    expect(derivedMarks([1, 1, 1], 2)).toEqual([]);
    expect(derivedMarks([1, 1, 1, 1], 2)).toEqual(['red']);
    // Second cell of streak k: blue when streak 0 is a single cell (empty beside, filled above), else red.
    expect(derivedMarks([1, 1, 2], 2)).toEqual(['blue']);
    expect(derivedMarks([2, 1, 2], 2)).toEqual(['red']);
    expect(derivedMarks([1, 1, 1, 2], 3)).toEqual(['blue']);
    expect(derivedMarks([3, 1, 1, 2], 3)).toEqual(['red']);
    expect(derivedMarks([1, 1, 1, 1, 1], 3)).toEqual(['red']);
    // A pure chop (one-cell streaks) is all red on every road; a long dragon is all red too.
    expect(colours(derivedMarks([1, 1, 1, 1, 1, 1, 1], 1))).toBe('RRRRR');
    expect(colours(derivedMarks([1, 7], 1))).toBe('BRRRRR');
  });

  it('asks banker / asks player: the mark each road would add next', () => {
    expect(roads.askBanker).toEqual({ bigEyeBoy: 'blue', smallRoad: 'blue', cockroachPig: 'red' });
    expect(roads.askPlayer).toEqual({ bigEyeBoy: 'red', smallRoad: 'red', cockroachPig: 'blue' });
    expect(baccaratRoads(parse('B')).askPlayer).toEqual({
      bigEyeBoy: null,
      smallRoad: null,
      cockroachPig: null,
    });
    expect(baccaratRoads(parse('B P')).askBanker).toEqual({
      bigEyeBoy: 'red',
      smallRoad: null,
      cockroachPig: null,
    });
    expect(baccaratRoads(parse('B P')).askPlayer).toEqual({
      bigEyeBoy: 'blue',
      smallRoad: null,
      cockroachPig: null,
    });
    // The two predictions of a road are always opposite once it has started, and a prediction is what
    // the road really adds when that round comes.
    const rng = sfc32(7);
    const history: { winner: W }[] = [];
    for (let round = 0; round < 2_000; round++) {
      const now = baccaratRoads(history);
      for (const road of ['bigEyeBoy', 'smallRoad', 'cockroachPig'] as const) {
        const [banker, player] = [now.askBanker[road], now.askPlayer[road]];
        if (banker !== null || player !== null) expect(banker).toBe(player === 'red' ? 'blue' : 'red');
      }
      const winner = (['banker', 'player', 'tie'] as const)[rng.nextInt(3)]!;
      history.push({ winner });
      if (winner === 'tie') continue;
      const next = baccaratRoads(history);
      for (const road of ['bigEyeBoy', 'smallRoad', 'cockroachPig'] as const) {
        const predicted = (winner === 'banker' ? now.askBanker : now.askPlayer)[road];
        if (predicted !== null) expect(next[road].marks.at(-1)).toBe(predicted);
        expect(next[road].marks.length).toBe(now[road].marks.length + (predicted === null ? 0 : 1));
      }
    }
  });

  it('carry pairs onto the big road', () => {
    const road = bigRoad([
      { winner: 'banker', playerPair: true, bankerPair: false },
      { winner: 'banker', playerPair: false, bankerPair: true },
    ]);
    expect(road.streaks[0]!.map((entry) => [entry.playerPair, entry.bankerPair])).toEqual([
      [true, false],
      [false, true],
    ]);
  });
});

describe('other tables', () => {
  it('dragon tiger road', () => {
    const roads = dragonTigerRoads<{ winner: 'dragon' | 'tiger' | 'tie' }>(
      ['dragon', 'dragon', 'tie', 'tiger', 'dragon'].map(
        (winner) => ({ winner }) as { winner: 'dragon' | 'tiger' | 'tie' },
      ),
    );
    expect(roads.bead).toHaveLength(5);
    expect(roads.big.streaks.map((streak) => streak.map((entry) => [entry.winner, entry.ties]))).toEqual([
      [
        ['dragon', 0],
        ['dragon', 1],
      ],
      [['tiger', 0]],
      [['dragon', 0]],
    ]);
  });

  it('sic bo strip, newest first', () => {
    expect(
      sicBoStrip([
        [1, 2, 3],
        [6, 6, 6],
        [5, 5, 6],
      ]),
    ).toEqual([
      { dice: [5, 5, 6], total: 16, size: 'big', parity: 'even' },
      { dice: [6, 6, 6], total: 18, size: 'triple', parity: 'triple' },
      { dice: [1, 2, 3], total: 6, size: 'small', parity: 'even' },
    ]);
    expect(
      sicBoStrip(
        Array.from({ length: 30 }, () => [1, 1, 2] as const),
        20,
      ),
    ).toHaveLength(20);
  });

  it('roulette strip, newest first', () => {
    expect(rouletteStrip([0, 17, 36])).toEqual([
      { pocket: 36, colour: 'red', parity: 'even', range: 'high', dozen: 3, column: 3 },
      { pocket: 17, colour: 'black', parity: 'odd', range: 'low', dozen: 2, column: 2 },
      { pocket: 0, colour: 'green', parity: 'zero', range: 'zero', dozen: 0, column: 0 },
    ]);
    expect(beadRoad([1, 2, 3, 4, 5, 6, 7]).at(-1)).toEqual({ col: 1, row: 0, value: 7, round: 6 });
  });
});
