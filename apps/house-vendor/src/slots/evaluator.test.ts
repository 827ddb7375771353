import { describe, expect, it } from 'vitest';
import { FairStream } from '../fair/derive.ts';
import { newSeedPair, rotate } from '../fair/seeds.ts';
import { payoutMinor, stakeMinor } from './bet.ts';
import { type CompiledGame, compile, evaluate, fillScreen } from './evaluator.ts';
import { jadeWays, lotusGarden, luckySevens } from './games/index.ts';
import { playFairRound, playRound } from './round.ts';
import type { Win } from './types.ts';
import { verifyRound } from './verify.ts';

const lines = compile(lotusGarden);
const ways = compile(jadeWays);
const classic = compile(luckySevens);

/** A screen from rows written top to bottom, symbols separated by spaces. */
function screenOf(game: CompiledGame, rows: string[]): Uint8Array {
  const screen = new Uint8Array(game.reels * game.rows);
  rows.forEach((row, rowIndex) => {
    row
      .trim()
      .split(/\s+/)
      .forEach((id, reel) => {
        const symbol = game.symbolIds.indexOf(id);
        if (symbol < 0) throw new Error(`unknown symbol ${id}`);
        screen[reel * game.rows + rowIndex] = symbol;
      });
  });
  return screen;
}

function winsOf(game: CompiledGame, rows: string[]): { coins: number; wins: Win[] } {
  const wins: Win[] = [];
  return { coins: evaluate(game, screenOf(game, rows), wins), wins };
}

/** A source of integers that replays a fixed list of stops (and fails if the round asks for more). */
function replay(stops: number[]): (n: number) => number {
  let index = 0;
  return (n) => {
    const stop = stops[index++];
    if (stop === undefined || stop >= n) throw new Error(`no stop ${index - 1} for a strip of ${n}`);
    return stop;
  };
}

const strip = (game: CompiledGame, reel: number) => game.def.strips[reel]!.trim().split(/\s+/);
const stopShowing = (game: CompiledGame, reel: number, id: string) => strip(game, reel).indexOf(id);
/** A stop whose window holds no scatter. */
const stopWithout = (game: CompiledGame, reel: number, id: string) => {
  const symbols = strip(game, reel);
  return symbols.findIndex((_, stop) =>
    [0, 1, 2].every((row) => symbols[(stop + row) % symbols.length] !== id),
  );
};

describe('line games', () => {
  it('pays a line win left to right on its line only', () => {
    const result = winsOf(lines, ['A K Q J T', 'DR DR DR K Q', 'J T A K Q']);
    expect(result.wins).toEqual([{ kind: 'line', symbol: 'DR', count: 3, coins: 70, line: 0 }]);
    expect(result.coins).toBe(70);
  });

  it('lets a wild substitute, and a win must start on the first reel', () => {
    expect(winsOf(lines, ['A K Q J T', 'KO W KO KO A', 'J T Q K A']).wins).toEqual([
      { kind: 'line', symbol: 'KO', count: 4, coins: 140, line: 0 },
    ]);
    expect(winsOf(lines, ['A K Q J T', 'A KO KO KO KO', 'J T A K Q']).coins).toBe(0);
  });

  it('pays leading wilds on their own when that pays more than the symbol they complete', () => {
    // Wilds also complete other lines crossing them, so only line 1 (the middle row) is checked here.
    // W W W T A: three wilds (140) beat four tens (20).
    const threeWilds = winsOf(lines, ['A K Q J T', 'W W W T A', 'J T Q K A']);
    expect(threeWilds.wins).toContainEqual({ kind: 'line', symbol: 'W', count: 3, coins: 140, line: 0 });
    expect(threeWilds.coins).toBe(threeWilds.wins.reduce((sum, win) => sum + win.coins, 0));
    // W W W W DR: five dragons (1400) beat four wilds (700).
    expect(winsOf(lines, ['A K Q J T', 'W W W W DR', 'J T Q K A']).wins).toContainEqual({
      kind: 'line',
      symbol: 'DR',
      count: 5,
      coins: 1400,
      line: 0,
    });
  });

  it('adds the wins of several lines', () => {
    // Line 2 (top row) pays A x3 = 15; line 3 (bottom row) pays J x5 = 110; no other line pays.
    const result = winsOf(lines, ['A A A T K', 'Q K T Q T', 'J J J J J']);
    expect(result.wins).toEqual([
      { kind: 'line', symbol: 'A', count: 3, coins: 15, line: 1 },
      { kind: 'line', symbol: 'J', count: 5, coins: 110, line: 2 },
    ]);
    expect(result.coins).toBe(125);
  });

  it('pays nothing on a screen without three of a kind', () => {
    expect(winsOf(lines, ['A K Q J T', 'DR PH KO LA A', 'J T A K Q'])).toEqual({ coins: 0, wins: [] });
    expect(winsOf(classic, ['SV B3 B2', 'B1 BE PL', 'PL B1 SV'])).toEqual({ coins: 0, wins: [] });
  });

  it('pays the classic: cherries for two, sevens on a diagonal', () => {
    expect(winsOf(classic, ['SV B3 B2', 'CH CH PL', 'PL B1 SV']).wins).toEqual([
      { kind: 'line', symbol: 'CH', count: 2, coins: 2, line: 0 },
    ]);
    expect(winsOf(classic, ['SV B3 B2', 'B1 SV PL', 'PL B1 SV']).wins).toEqual([
      { kind: 'line', symbol: 'SV', count: 3, coins: 300, line: 3 },
    ]);
  });
});

describe('ways game', () => {
  it('multiplies a ways win by the cells per reel, wilds included', () => {
    // H1: 1 cell on reel 1, 2 on reel 2, 2 on reel 3 (one of them the wild), none on reel 4: 4 ways x 50.
    const result = winsOf(ways, ['H1 H1 W A K', 'Q H1 T J A', 'K J H1 T Q']);
    expect(result.wins).toEqual([{ kind: 'ways', symbol: 'H1', count: 3, coins: 200, ways: 4 }]);
    expect(result.coins).toBe(200);
  });

  it('pays scatters anywhere and on top of ways wins', () => {
    const result = winsOf(ways, ['S A Q H1 K', 'Q S T J A', 'K J S T Q']);
    expect(result.wins).toEqual([{ kind: 'scatter', symbol: 'S', count: 3, coins: 100 }]);
    expect(winsOf(ways, ['S A Q H1 K', 'Q J T J A', 'K S A T Q']).coins).toBe(0);
  });

  it('triggers free spins at x2 with retriggers, all in one round', () => {
    const allScatters = [0, 1, 2, 3, 4].map((reel) => stopShowing(ways, reel, 'S'));
    const noScatters = [0, 1, 2, 3, 4].map((reel) => stopWithout(ways, reel, 'S'));
    // Paid spin: five scatters (5000 coins, 10 spins). Free spin 1: five again (+10). Then 19 blanks.
    const stops = [...allScatters, ...allScatters, ...Array.from({ length: 19 }, () => noScatters).flat()];
    const round = playRound(ways, replay(stops));
    expect(round.spins).toHaveLength(21);
    const [paid, first, ...rest] = round.spins;
    expect(paid).toMatchObject({ free: false, multiplier: 1, scatters: 5, awarded: 10 });
    expect(paid!.wins).toContainEqual({ kind: 'scatter', symbol: 'S', count: 5, coins: 5000 });
    expect(first).toMatchObject({ free: true, multiplier: 2, scatters: 5, awarded: 10 });
    expect(first!.coins).toBe(2 * paid!.coins);
    for (const spin of rest) {
      expect(spin).toMatchObject({ free: true, multiplier: 2, awarded: 0 });
      const base = evaluate(ways, fillScreen(ways, spin.stops, new Uint8Array(15)));
      expect(spin.coins).toBe(2 * base);
    }
    expect(round.coins).toBe(round.spins.reduce((sum, spin) => sum + spin.coins, 0));
  });

  it('ends a round after one spin when nothing triggers', () => {
    const noScatters = [0, 1, 2, 3, 4].map((reel) => stopWithout(ways, reel, 'S'));
    const round = playRound(ways, replay(noScatters));
    expect(round.spins).toHaveLength(1);
    expect(round.spins[0]!.screen.flat()).not.toContain('S');
  });
});

describe('fair rounds', () => {
  it('take their stops from the HMAC stream of the seeds and nonce', async () => {
    const seed = '6b1c0a8e3e4f5d2a9c7b1e0f4a3d2c1b8e7f6a5d4c3b2a1908f7e6d5c4b3a291';
    const round = await playFairRound(lines, new FairStream(seed, 'lotus-player', 7));
    // The stops fair.test.ts pins for these seeds (strips of 25).
    expect(round.spins.map((spin) => spin.stops)).toEqual([[14, 16, 6, 0, 4]]);
    expect(round).toEqual(playRound(lines, replay([14, 16, 6, 0, 4])));
    expect(round.spins[0]!.screen[0]).toEqual(['W', 'K', 'A']);
  });
});

describe('verification', () => {
  it('replays past rounds once the seed is revealed, and refuses a seed that does not match', async () => {
    const pair = await newSeedPair('player-chosen');
    const played = [];
    for (let nonce = 0; nonce < 3; nonce++) {
      played.push(await playFairRound(ways, new FairStream(pair.serverSeed, pair.clientSeed, nonce)));
    }
    const { revealed, next } = await rotate(pair);
    for (const [nonce, round] of played.entries()) {
      expect(await verifyRound(ways, { ...revealed, nonce })).toEqual(round);
    }
    // The next pair's seed against the old commitment, or a changed nonce, do not give these rounds.
    await expect(verifyRound(ways, { ...revealed, serverSeed: next.serverSeed, nonce: 0 })).rejects.toThrow(
      /does not match/,
    );
    expect((await verifyRound(ways, { ...revealed, nonce: 3 })).spins[0]!.stops).not.toEqual(
      played[0]!.spins[0]!.stops,
    );
  });
});

describe('game data', () => {
  it('is refused when it would break the evaluator or exact money', () => {
    const broken = [
      { ...lotusGarden, strips: [...lotusGarden.strips.slice(0, 4), 'T LA XX'] },
      { ...lotusGarden, strips: [...lotusGarden.strips.slice(0, 4), 'T LA'] },
      { ...lotusGarden, pays: { ...lotusGarden.pays, T: { 3: 7.5 } } },
      { ...lotusGarden, coinValues: [1, 2.5] },
      { ...lotusGarden, coinValues: [] },
      { ...lotusGarden, costCoins: 0 },
      { ...luckySevens, rule: { kind: 'lines' as const, lines: [[0, 1, 3]] } },
      { ...luckySevens, rule: { kind: 'lines' as const, lines: [[0, 1]] } },
    ];
    for (const def of broken) expect(() => compile(def)).toThrow();
  });
});

describe('bets', () => {
  it('prices stake and payout in whole minor units', () => {
    expect(stakeMinor(lotusGarden, 5)).toBe(100n);
    expect(stakeMinor(jadeWays, 2)).toBe(100n);
    expect(payoutMinor(lotusGarden, 140, 5)).toBe(700n);
    expect(payoutMinor(luckySevens, 0, 200)).toBe(0n);
  });

  it('refuses bet levels the game does not offer and fractional coins', () => {
    for (const bad of [0, 3, -1, 1.5, Number.NaN])
      expect(() => stakeMinor(lotusGarden, bad)).toThrow(RangeError);
    expect(() => payoutMinor(lotusGarden, 1.5, 5)).toThrow(RangeError);
    expect(() => payoutMinor(lotusGarden, -1, 5)).toThrow(RangeError);
    expect(() => payoutMinor(lotusGarden, 10, 3)).toThrow(RangeError);
  });
});
