import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { sfc32 } from '../slots/sim-rng.ts';
import { type BaccaratKind, type BaccaratResult, baccaratRatio, dealBaccarat } from './baccarat.ts';
import {
  type DragonTigerKind,
  type DragonTigerResult,
  dealDragonTiger,
  dragonTigerRatio,
} from './dragon-tiger.ts';
import { analyseLive, type BetLine, baccaratTotals, type LiveGame, type LiveMath } from './math.ts';
import type { Ratio } from './money.ts';
import { POCKETS, type RouletteKind, rouletteRatio } from './roulette.ts';
import { percent, renderLiveSheet } from './sheet.ts';
import { CUT_CARD_REMAINING, SHOE_SIZE, ShoeCursor, shuffleWith } from './shoe.ts';
import { type Dice, type SicBoKind, sicBoRatio } from './sicbo.ts';

const ROUNDS = 1_000_000;

let math: LiveMath;
beforeAll(() => {
  math = analyseLive();
});

const line = (game: LiveGame, kind: string, extra: Partial<BetLine> = {}): BetLine => {
  const found = math.lines.find(
    (candidate) =>
      candidate.game === game &&
      candidate.kind === kind &&
      Object.entries(extra).every(
        ([key, value]) => JSON.stringify(candidate[key as keyof BetLine]) === JSON.stringify(value),
      ),
  );
  if (!found) throw new Error(`no line ${game} ${kind}`);
  return found;
};

describe('live tables math sheet', () => {
  it('gives the standard figures', () => {
    const rtp = (game: LiveGame, kind: string, extra: Partial<BetLine> = {}) =>
      percent(line(game, kind, extra).rtp, 2);
    expect(rtp('BAC', 'banker', { variant: 'commission' })).toBe('98.94');
    expect(rtp('BAC', 'player')).toBe('98.76');
    expect(rtp('BAC', 'tie')).toBe('85.64');
    expect(rtp('BAC', 'banker', { variant: 'no-commission' })).toBe('98.54');
    expect(line('BAC', 'player-pair').rtp).toEqual({ numerator: 372n, denominator: 415n });
    expect(rtp('DAT', 'dragon')).toBe('96.27');
    expect(line('DAT', 'tie').rtp).toEqual({ numerator: 279n, denominator: 415n });
    for (const roulette of math.lines.filter((candidate) => candidate.game === 'ROU'))
      expect(roulette.rtp, roulette.kind).toEqual({ numerator: 36n, denominator: 37n });
    expect(rtp('SIC', 'big')).toBe('97.22');
    expect(line('SIC', 'small').rtp).toEqual({ numerator: 35n, denominator: 36n });
    expect(line('SIC', 'single').rtp).toEqual({ numerator: 199n, denominator: 216n });
    expect(line('SIC', 'total', { numbers: [4] }).rtp).toEqual({ numerator: 61n, denominator: 72n }); // 61 x 3 / 216
    // The hand probabilities of the standard 8-deck tables (Wizard of Odds): 0.458597, 0.446247, 0.095156.
    expect(percent(math.baccarat.banker, 4)).toBe('45.8597');
    expect(percent(math.baccarat.player, 4)).toBe('44.6247');
    expect(percent(math.baccarat.tie, 4)).toBe('9.5156');
  });

  it('counts the published 8-deck baccarat combinations exactly', () => {
    // The standard 8-deck figures (Wizard of Odds, baccarat analysis): of 416P6 = 4,998,398,275,503,360
    // ordered six-card sequences, banker wins 2,292,252,566,437,888, player 2,230,518,282,592,256 and
    // tie 475,627,426,473,216.
    const { weights, denominator } = baccaratTotals();
    const sum = (won: (player: number, banker: number) => boolean) =>
      weights.reduce(
        (total, weight, index) => total + (won(Math.floor(index / 10), index % 10) ? weight : 0),
        0,
      );
    expect(denominator).toBe(4_998_398_275_503_360);
    expect(sum((player, banker) => banker > player)).toBe(2_292_252_566_437_888);
    expect(sum((player, banker) => player > banker)).toBe(2_230_518_282_592_256);
    expect(sum((player, banker) => player === banker)).toBe(475_627_426_473_216);
  });

  it('is committed as docs/math/live-tables.md, equal to a recomputation', () => {
    const sheet = readFileSync(new URL('../../docs/math/live-tables.md', import.meta.url), 'utf8');
    expect(sheet).toBe(renderLiveSheet(math));
  });
});

/**
 * 10^6 simulated rounds per game with the fast seeded SFC32 generator (simulation only, as the slots'
 * tests do): every line's mean return lands within 3 standard errors of its exact RTP. Baccarat and
 * dragon tiger deal whole shuffled shoes to the cut card, as the tables do.
 */
describe(`${ROUNDS} simulated rounds per game`, () => {
  const check = (game: LiveGame, lines: BetLine[], sums: number[]) => {
    lines.forEach((bet, index) => {
      const simulated = sums[index]! / ROUNDS;
      const expected = Number(bet.rtp.numerator) / Number(bet.rtp.denominator);
      const standardError = bet.stdDev / Math.sqrt(ROUNDS);
      const errors = (simulated - expected) / standardError;
      console.info(
        `${game} ${bet.label}: simulated ${(simulated * 100).toFixed(4)} %, sheet ${(expected * 100).toFixed(4)} %, ${errors.toFixed(2)} standard errors`,
      );
      expect(Math.abs(errors), `${game} ${bet.label}`).toBeLessThan(3);
    });
  };
  const value = (ratio: Ratio) => Number(ratio.n) / Number(ratio.d);
  /** One seed per game, from its code (FNV-1a, as the slots' simulation does), so every run is the same. */
  const seedOf = (game: LiveGame) =>
    [...game].reduce((hash, char) => Math.imul(hash ^ char.charCodeAt(0), 16777619), 2166136261);

  function shoeGame<R>(seed: number, deal: (next: () => number) => R, each: (result: R) => void) {
    const rng = sfc32(seed);
    let cursor = new ShoeCursor(shuffleWith(rng.nextInt));
    for (let round = 0; round < ROUNDS; round++) {
      if (!cursor.canStartRound()) cursor = new ShoeCursor(shuffleWith(rng.nextInt));
      each(deal(() => cursor.next()));
    }
    expect(SHOE_SIZE).toBeGreaterThan(CUT_CARD_REMAINING);
  }

  it('baccarat', () => {
    const lines = math.lines.filter((candidate) => candidate.game === 'BAC');
    const sums = new Array<number>(lines.length).fill(0);
    shoeGame<BaccaratResult>(seedOf('BAC'), dealBaccarat, (result) => {
      lines.forEach((bet, index) => {
        sums[index]! += value(baccaratRatio(result, bet.kind as BaccaratKind, bet.variant ?? 'commission'));
      });
    });
    check('BAC', lines, sums);
  });

  it('dragon tiger', () => {
    const lines = math.lines.filter((candidate) => candidate.game === 'DAT');
    const sums = new Array<number>(lines.length).fill(0);
    shoeGame<DragonTigerResult>(seedOf('DAT'), dealDragonTiger, (result) => {
      lines.forEach((bet, index) => {
        sums[index]! += value(dragonTigerRatio(result, bet.kind as DragonTigerKind));
      });
    });
    check('DAT', lines, sums);
  });

  it('roulette', () => {
    const lines = math.lines.filter((candidate) => candidate.game === 'ROU');
    const bets = lines.map((bet) => ({ kind: bet.kind as RouletteKind, numbers: bet.numbers }));
    const sums = new Array<number>(lines.length).fill(0);
    const rng = sfc32(seedOf('ROU'));
    for (let round = 0; round < ROUNDS; round++) {
      const pocket = rng.nextInt(POCKETS);
      for (let index = 0; index < bets.length; index++)
        sums[index]! += value(rouletteRatio(pocket, bets[index]!));
    }
    check('ROU', lines, sums);
  });

  it('sic bo', () => {
    const lines = math.lines.filter((candidate) => candidate.game === 'SIC');
    const bets = lines.map((bet) => ({ kind: bet.kind as SicBoKind, numbers: bet.numbers }));
    const sums = new Array<number>(lines.length).fill(0);
    const rng = sfc32(seedOf('SIC'));
    for (let round = 0; round < ROUNDS; round++) {
      const dice: Dice = [rng.nextInt(6) + 1, rng.nextInt(6) + 1, rng.nextInt(6) + 1];
      for (let index = 0; index < bets.length; index++) sums[index]! += value(sicBoRatio(dice, bets[index]!));
    }
    check('SIC', lines, sums);
  });
});
