import type { GameDef } from '../../../src/slots/types.ts';

/** The reels' drawing units (reels.ts draws in these; the page reserves the same aspect ratio). */
export const CELL = 120;
export const GAP = 8;

export function reelsSize(game: GameDef): { width: number; height: number } {
  return { width: game.strips.length * (CELL + GAP) - GAP, height: game.rows * CELL };
}
