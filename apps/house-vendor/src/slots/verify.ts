import { FairStream } from '../fair/derive.ts';
import { verifyServerSeed } from '../fair/seeds.ts';
import type { CompiledGame } from './evaluator.ts';
import { playFairRound, type RoundResult } from './round.ts';

export interface RoundSeeds {
  /** The revealed server seed (known only after the player rotated the pair). */
  serverSeed: string;
  /** The hash the player was shown before the round. */
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
}

/**
 * Recomputes a past round from its seeds, as the verification page does in the browser: first the
 * revealed server seed must match the commitment, then the round is replayed from the same stream.
 */
export async function verifyRound(game: CompiledGame, seeds: RoundSeeds): Promise<RoundResult> {
  if (!(await verifyServerSeed(seeds.serverSeed, seeds.serverSeedHash))) {
    throw new Error('the revealed server seed does not match the hash shown before play');
  }
  return playFairRound(game, new FairStream(seeds.serverSeed, seeds.clientSeed, seeds.nonce));
}
