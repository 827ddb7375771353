import { FairStream } from '../fair/derive.ts';
import { hashServerSeed, isValidClientSeed, newServerSeed } from '../fair/seeds.ts';
import { spinRoulette } from './roulette.ts';
import { type Dice, rollSicBo } from './sicbo.ts';

/**
 * Roulette and sic bo rounds are derived from a seed of their own: a fresh 32-byte server seed per
 * round (hex), committed as its SHA-256 (fair/seeds.ts hashServerSeed) before betting opens and revealed
 * with the result. The result reads the fair stream FairStream(roundSeed, tableId, round): the table's
 * id is the client seed and the round number the nonce, so one seed cannot be replayed at another table
 * or round. Browser-safe (WebCrypto only).
 */

export interface RoundSeed {
  readonly roundSeed: string;
  readonly tableId: string;
  readonly round: number;
}

export interface CommittedRound extends RoundSeed {
  /** SHA-256 of the round seed, published before betting opens. */
  readonly commitment: string;
}

export async function newRound(tableId: string, round: number): Promise<CommittedRound> {
  const roundSeed = newServerSeed();
  return { roundSeed, tableId, round, commitment: await hashServerSeed(roundSeed) };
}

/** The fair stream of a round; the table id must be a valid client seed (1-64 printable ASCII, no spaces). */
export function roundStream(seed: RoundSeed): FairStream {
  if (!isValidClientSeed(seed.tableId))
    throw new RangeError('table id must be 1-64 printable ASCII characters');
  return new FairStream(seed.roundSeed, seed.tableId, seed.round);
}

export async function roulettePocket(seed: RoundSeed): Promise<number> {
  return spinRoulette(roundStream(seed));
}

export async function sicBoDice(seed: RoundSeed): Promise<Dice> {
  return rollSicBo(roundStream(seed));
}

async function checkCommitment(seed: RoundSeed, commitment: string): Promise<void> {
  if ((await hashServerSeed(seed.roundSeed)) !== commitment.toLowerCase())
    throw new Error('the revealed round seed does not match the commitment published before betting');
}

/** Verification page: the revealed seed must match the commitment; returns the recomputed pocket. */
export async function verifyRoulette(seed: RoundSeed, commitment: string): Promise<number> {
  await checkCommitment(seed, commitment);
  return roulettePocket(seed);
}

export async function verifySicBo(seed: RoundSeed, commitment: string): Promise<Dice> {
  await checkCommitment(seed, commitment);
  return sicBoDice(seed);
}
