import type { GameDef } from '../types.ts';
import { jadeWays } from './jade-ways.ts';
import { lotusGarden } from './lotus-garden.ts';
import { luckySevens } from './lucky-sevens.ts';

/** Every slot game of the house vendor, by id. */
export const GAMES: readonly GameDef[] = [lotusGarden, jadeWays, luckySevens];

export { jadeWays, lotusGarden, luckySevens };
