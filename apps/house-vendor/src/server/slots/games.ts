import { FairStream } from '../../fair/derive.ts';
import { type CompiledGame, compile } from '../../slots/evaluator.ts';
import { GAMES } from '../../slots/games/index.ts';
import { playFairRound, type RoundResult } from '../../slots/round.ts';

/** Every game compiled once, by id. */
const COMPILED = new Map<string, CompiledGame>(GAMES.map((def) => [def.id, compile(def)]));

export function compiledGame(id: string): CompiledGame | undefined {
  return COMPILED.get(id);
}

/** The outcome of a round from its seeds and nonce: the same derivation the verification page runs. */
export function deriveRound(
  game: CompiledGame,
  serverSeed: string,
  clientSeed: string,
  nonce: number,
): Promise<RoundResult> {
  return playFairRound(game, new FairStream(serverSeed, clientSeed, nonce));
}
