export { isAllowedCoinValue, payoutMinor, stakeMinor } from './bet.ts';
export { type CompiledGame, compile, evaluate } from './evaluator.ts';
export { GAMES } from './games/index.ts';
export { analyse, type GameMath } from './math.ts';
export { playFairRound, playRound, type RoundResult, type SpinResult } from './round.ts';
export type { GameDef, SymbolDef, Win } from './types.ts';
export { type RoundSeeds, verifyRound } from './verify.ts';
