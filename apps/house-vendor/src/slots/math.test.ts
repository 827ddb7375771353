import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { compile } from './evaluator.ts';
import { GAMES } from './games/index.ts';
import { analyse, fraction, type GameMath, toDecimal } from './math.ts';
import { playRound, simulateRoundCoins } from './round.ts';
import { renderSheet } from './sheet.ts';
import { sfc32 } from './sim-rng.ts';
import { marginalRtp } from './testing/marginal-rtp.ts';

const ROUNDS = 1_000_000;

describe.each(GAMES.map((def) => [def.id, def] as const))('%s', (id, def) => {
  const game = compile(def);
  let math: GameMath;

  // Enumerating ~10^7 screens takes seconds, more on a loaded machine.
  beforeAll(() => {
    math = analyse(game);
  }, 180_000);

  it('has a committed math sheet equal to a recomputation from the data', () => {
    const sheet = readFileSync(new URL(`../../docs/math/${id}.md`, import.meta.url), 'utf8');
    const [, numerator, denominator] = /\| RTP \(exact fraction\) \| `(\d+)\/(\d+)` \|/.exec(sheet) ?? [];
    expect(fraction(BigInt(numerator ?? 0), BigInt(denominator ?? 1))).toEqual(math.rtp);
    // The whole sheet, not only its RTP: regenerate with scripts/math-sheet.ts after changing the data.
    expect(sheet).toBe(renderSheet(game, math));
  });

  it('agrees with an independent per-reel computation of the RTP', () => {
    const [numerator, denominator] = marginalRtp(def);
    expect(fraction(numerator, denominator)).toEqual(math.rtp);
  });

  it('keeps RTP between 94% and 97% and hit frequency between 20% and 45%', () => {
    const rtp = Number(toDecimal(math.rtp, 9));
    expect(rtp).toBeGreaterThanOrEqual(0.94);
    expect(rtp).toBeLessThanOrEqual(0.97);
    expect(math.hitFrequency).toBeGreaterThanOrEqual(0.2);
    expect(math.hitFrequency).toBeLessThanOrEqual(0.45);
  });

  /** Seeded SFC32 (simulation only, see sim-rng.ts); one seed per game so the run is reproducible. */
  const seed = [...id].reduce((hash, char) => Math.imul(hash ^ char.charCodeAt(0), 16777619), 2166136261);

  it('simulates what the played round pays, round for round, drawing the same stops', () => {
    const played = sfc32(seed);
    const simulated = sfc32(seed);
    let differ = 0;
    for (let round = 0; round < 20_000; round++) {
      if (playRound(game, played.nextInt).coins !== simulateRoundCoins(game, simulated.nextInt)) differ += 1;
    }
    expect(differ).toBe(0);
    // Both drew as many numbers: the streams are still in step.
    expect(simulated.nextInt(1_000_000_007)).toBe(played.nextInt(1_000_000_007));
  });

  it(`lands within 3 standard errors of the sheet over ${ROUNDS} simulated rounds`, () => {
    const rng = sfc32(seed);
    let coins = 0;
    // The played round's rules without recording its spins for a page (simulateRoundCoins).
    for (let round = 0; round < ROUNDS; round++) coins += simulateRoundCoins(game, rng.nextInt);
    const simulated = coins / (ROUNDS * def.costCoins);
    const expected = Number(math.rtp.numerator) / Number(math.rtp.denominator);
    const standardError = math.stdDev / Math.sqrt(ROUNDS);
    console.info(
      `${id}: simulated RTP ${(simulated * 100).toFixed(4)} %, sheet ${(expected * 100).toFixed(4)} %, ` +
        `${((simulated - expected) / standardError).toFixed(2)} standard errors`,
    );
    expect(Math.abs(simulated - expected)).toBeLessThan(3 * standardError);
  });
});
