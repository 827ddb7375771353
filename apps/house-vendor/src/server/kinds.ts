import type { GameKind } from './game-kind.ts';
import { live } from './live/kind.ts';
import { slots } from './slots/kind.ts';

/**
 * The game kinds the vendor serves, each a folder plugged in here (game-kind.ts): server.ts starts,
 * mounts, recovers and stops them in this order, and the migrator runs their migrations and functions.
 */
export const GAME_KINDS: readonly GameKind[] = [slots, live];
