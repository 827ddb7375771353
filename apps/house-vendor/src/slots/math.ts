import { type CompiledGame, countScatters, evaluate, fillColumn } from './evaluator.ts';

/**
 * The exact math of a game, derived from its data.
 *
 * Base game: every combination of reel stops is equally likely, so one pass over all of them (the
 * product of the strip lengths) gives the exact distribution of X, the coins a screen pays, and of the
 * trigger. Sums are integers kept below 2^53, so every figure below is exact until the final division.
 *
 * Free spins use the same strips, so a free spin pays Z = m * X and retriggers with the same
 * probability p. Let G be the coins of one free spin together with everything it retriggers:
 *   G = Z + J * (G_1 + ... + G_R)       (J = retrigger indicator, R = spins a retrigger adds)
 *   E[G]   = E[Z] / (1 - pR)
 *   E[G^2] = (E[Z^2] + 2R E[ZJ] E[G] + pR(R - 1) E[G]^2) / (1 - pR)
 * and a trigger awards N spins, so the feature pays F = G_1 + ... + G_N:
 *   E[F] = N E[G],  E[F^2] = N E[G^2] + N(N - 1) E[G]^2,
 *   expected free spins per trigger = N / (1 - pR)  (a geometric series of retriggers).
 * A paid spin pays Y = X + I * F (I = trigger indicator, F independent of the paid spin):
 *   E[Y] = E[X] + p E[F],  E[Y^2] = E[X^2] + 2 E[XI] E[F] + p E[F^2].
 * RTP = E[Y] / costCoins, as an exact fraction of integers (BigInt).
 */

export interface Fraction {
  numerator: bigint;
  denominator: bigint;
}

export interface GameMath {
  game: string;
  /** Number of reel-stop combinations (all equally likely). */
  combinations: number;
  /** Sum over all combinations of X and of X^2 (coins). */
  sumCoins: number;
  sumSquares: number;
  /** Combinations that pay something or trigger the feature. */
  hits: number;
  /** Combinations that trigger free spins, and the sum of X over them. */
  triggers: number;
  triggerCoins: number;
  maxScreenCoins: number;
  /** Exact RTP, and its base-game and free-spins parts. */
  rtp: Fraction;
  rtpBase: Fraction;
  rtpFeature: Fraction;
  hitFrequency: number;
  /** Standard deviation of the coins one paid round pays, in units of the total bet. */
  stdDev: number;
  /** Expected free spins per trigger (retriggers included), 0 without a feature. */
  expectedFreeSpins: number;
}

function gcd(a: bigint, b: bigint): bigint {
  let [x, y] = [a < 0n ? -a : a, b < 0n ? -b : b];
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

export function fraction(numerator: bigint, denominator: bigint): Fraction {
  if (denominator === 0n) throw new RangeError('zero denominator');
  const divisor = gcd(numerator, denominator) * (denominator < 0n ? -1n : 1n);
  return { numerator: numerator / divisor, denominator: denominator / divisor };
}

/** Decimal value of a fraction with `digits` digits after the point, truncated (exact). */
export function toDecimal(value: Fraction, digits: number): string {
  const scaled = (value.numerator * 10n ** BigInt(digits)) / value.denominator;
  const text = scaled.toString().padStart(digits + 1, '0');
  return `${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

/** Runs the evaluator over every combination of reel stops (an odometer over the reels). */
export function enumerate(
  game: CompiledGame,
): Omit<GameMath, 'rtp' | 'rtpBase' | 'rtpFeature' | 'hitFrequency' | 'stdDev' | 'expectedFreeSpins'> {
  const { reels, strips } = game;
  const trigger = game.def.freeSpins?.trigger ?? Number.POSITIVE_INFINITY;
  const stops = new Array<number>(reels).fill(0);
  const screen = new Uint8Array(reels * game.rows);
  for (let reel = 0; reel < reels; reel++) fillColumn(game, reel, 0, screen);
  let combinations = 0;
  let sumCoins = 0;
  let sumSquares = 0;
  let hits = 0;
  let triggers = 0;
  let triggerCoins = 0;
  let maxScreenCoins = 0;
  for (;;) {
    const coins = evaluate(game, screen);
    const triggered = game.scatter >= 0 && countScatters(game, screen) >= trigger;
    combinations++;
    sumCoins += coins;
    sumSquares += coins * coins;
    if (coins > 0 || triggered) hits++;
    if (triggered) {
      triggers++;
      triggerCoins += coins;
    }
    if (coins > maxScreenCoins) maxScreenCoins = coins;
    // Advance the odometer from the last reel; only the reels that moved are redrawn.
    let reel = reels - 1;
    while (reel >= 0) {
      stops[reel] = (stops[reel]! + 1) % strips[reel]!.length;
      fillColumn(game, reel, stops[reel]!, screen);
      if (stops[reel] !== 0) break;
      reel--;
    }
    if (reel < 0) break;
  }
  // Sums only grow, so if the last ones are safe integers every partial sum was added exactly.
  if (!Number.isSafeInteger(sumSquares)) throw new Error(`${game.def.id}: sums exceed 2^53, not exact`);
  return {
    game: game.def.id,
    combinations,
    sumCoins,
    sumSquares,
    hits,
    triggers,
    triggerCoins,
    maxScreenCoins,
  };
}

export function analyse(game: CompiledGame): GameMath {
  const counts = enumerate(game);
  const { combinations, sumCoins, sumSquares, triggers, triggerCoins } = counts;
  const cost = game.def.costCoins;
  const feature = game.def.freeSpins;
  const total = BigInt(combinations);
  const rtpBase = fraction(BigInt(sumCoins), total * BigInt(cost));
  let rtpFeature = fraction(0n, 1n);
  let expectedFreeSpins = 0;
  // Moments in floating point: only the standard deviation (a display figure) uses them.
  const p = triggers / combinations;
  const meanX = sumCoins / combinations;
  let meanY = meanX;
  let meanY2 = sumSquares / combinations;
  if (feature && triggers > 0) {
    const { spins: n, retrigger: r, multiplier: m } = feature;
    if (BigInt(r) * BigInt(triggers) >= total)
      throw new Error(`${game.def.id}: retriggers never end (pR >= 1)`);
    // p * N * E[G] / cost with E[G] = m * sumCoins / (combinations - R * triggers), exactly.
    rtpFeature = fraction(
      BigInt(triggers) * BigInt(n) * BigInt(m) * BigInt(sumCoins),
      total * (total - BigInt(r) * BigInt(triggers)) * BigInt(cost),
    );
    expectedFreeSpins = n / (1 - p * r);
    const meanZ = m * meanX;
    const meanZ2 = m * m * (sumSquares / combinations);
    const meanZJ = (m * triggerCoins) / combinations;
    const meanG = meanZ / (1 - p * r);
    const meanG2 = (meanZ2 + 2 * r * meanZJ * meanG + p * r * (r - 1) * meanG * meanG) / (1 - p * r);
    const meanF = n * meanG;
    const meanF2 = n * meanG2 + n * (n - 1) * meanG * meanG;
    meanY = meanX + p * meanF;
    meanY2 = sumSquares / combinations + 2 * (triggerCoins / combinations) * meanF + p * meanF2;
  }
  const rtp = fraction(
    rtpBase.numerator * rtpFeature.denominator + rtpFeature.numerator * rtpBase.denominator,
    rtpBase.denominator * rtpFeature.denominator,
  );
  return {
    ...counts,
    rtp,
    rtpBase,
    rtpFeature,
    hitFrequency: counts.hits / combinations,
    stdDev: Math.sqrt(meanY2 - meanY * meanY) / cost,
    expectedFreeSpins,
  };
}
