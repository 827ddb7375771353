import type { FairStream } from '../fair/derive.ts';
import { type CompiledGame, countScatters, evaluate, fillScreen } from './evaluator.ts';
import type { Win } from './types.ts';

/**
 * A round is one paid spin plus every free spin it triggers, all drawn from one stream (one nonce).
 * Each spin draws its stops reel by reel, left to right: stop r is a uniform integer in
 * [0, length of strip r), the strip position shown on the top row.
 *
 * The rules live in `applySpin`; the two drivers (the fair one, asynchronous because WebCrypto is, and
 * the synchronous one the simulation uses) only loop until no spin is left.
 */

export interface SpinResult {
  stops: number[];
  /** Symbol ids per reel, top to bottom. */
  screen: string[][];
  wins: Win[];
  /** Coins this spin pays, multiplier included. */
  coins: number;
  multiplier: number;
  free: boolean;
  scatters: number;
  /** Free spins this spin awards (trigger or retrigger). */
  awarded: number;
}

export interface RoundResult {
  game: string;
  spins: SpinResult[];
  /** Coins the whole round pays (paid spin and free spins). */
  coins: number;
}

interface RoundState {
  spins: SpinResult[];
  freeSpinsLeft: number;
  coins: number;
}

/** What a spin of a round pays and awards: the rules themselves, shared by every driver below. */
interface SpinOutcome {
  coins: number;
  multiplier: number;
  scatters: number;
  awarded: number;
}

/** The rules of one spin on the screen its stops show (`wins`, when given, receives each win). */
function spinOutcome(game: CompiledGame, screen: Uint8Array, free: boolean, wins?: Win[]): SpinOutcome {
  const feature = game.def.freeSpins;
  const multiplier = free && feature ? feature.multiplier : 1;
  const coins = evaluate(game, screen, wins) * multiplier;
  const scatters = countScatters(game, screen);
  const awarded = feature && scatters >= feature.trigger ? (free ? feature.retrigger : feature.spins) : 0;
  return { coins, multiplier, scatters, awarded };
}

/** Plays the next spin of a round from its stops. */
function applySpin(game: CompiledGame, state: RoundState, stops: number[]): void {
  const free = state.spins.length > 0;
  if (free) state.freeSpinsLeft -= 1;
  const screen = fillScreen(game, stops, new Uint8Array(game.reels * game.rows));
  const wins: Win[] = [];
  const { coins, multiplier, scatters, awarded } = spinOutcome(game, screen, free, wins);
  state.freeSpinsLeft += awarded;
  state.coins += coins;
  state.spins.push({
    stops,
    screen: Array.from({ length: game.reels }, (_, reel) =>
      Array.from(
        screen.subarray(reel * game.rows, (reel + 1) * game.rows),
        (symbol) => game.symbolIds[symbol]!,
      ),
    ),
    wins,
    coins,
    multiplier,
    free,
    scatters,
    awarded,
  });
}

function result(game: CompiledGame, state: RoundState): RoundResult {
  return { game: game.def.id, spins: state.spins, coins: state.coins };
}

/** The provably fair round: every stop comes from the HMAC stream of the round's seeds and nonce. */
export async function playFairRound(game: CompiledGame, stream: FairStream): Promise<RoundResult> {
  const state: RoundState = { spins: [], freeSpinsLeft: 0, coins: 0 };
  do {
    const stops: number[] = [];
    for (const strip of game.strips) stops.push(await stream.nextInt(strip.length));
    applySpin(game, state, stops);
  } while (state.freeSpinsLeft > 0);
  return result(game, state);
}

/** The same round from any synchronous source of uniform integers (simulation, tests). */
export function playRound(game: CompiledGame, nextInt: (n: number) => number): RoundResult {
  const state: RoundState = { spins: [], freeSpinsLeft: 0, coins: 0 };
  do {
    applySpin(
      game,
      state,
      game.strips.map((strip) => nextInt(strip.length)),
    );
  } while (state.freeSpinsLeft > 0);
  return result(game, state);
}

/**
 * The coins of playRound's round, for simulations of millions of rounds: the same stops drawn in the
 * same order and the same rules (spinOutcome), without recording the spins (screens as symbol ids,
 * wins) that only a page shows. A test keeps it equal to playRound round for round.
 */
export function simulateRoundCoins(game: CompiledGame, nextInt: (n: number) => number): number {
  const stops = new Int32Array(game.reels);
  const screen = new Uint8Array(game.reels * game.rows);
  let spins = 0;
  let freeSpinsLeft = 0;
  let coins = 0;
  do {
    const free = spins > 0;
    if (free) freeSpinsLeft -= 1;
    for (let reel = 0; reel < game.reels; reel++) stops[reel] = nextInt(game.strips[reel]!.length);
    const outcome = spinOutcome(game, fillScreen(game, stops, screen), free);
    freeSpinsLeft += outcome.awarded;
    coins += outcome.coins;
    spins += 1;
  } while (freeSpinsLeft > 0);
  return coins;
}
