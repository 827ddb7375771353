/** Every play type of the engine, by wire playId. */
import { DICE_PLAY_TYPES, DIGIT_PLAY_TYPES } from './fast.ts';
import { SEA4D_PLAY_TYPES } from './sea4d.ts';
import type { PlayType } from './types.ts';
import { VN_PLAY_TYPES } from './vn.ts';

export const PLAY_TYPES: readonly PlayType[] = [
  ...DIGIT_PLAY_TYPES,
  ...DICE_PLAY_TYPES,
  ...VN_PLAY_TYPES,
  ...SEA4D_PLAY_TYPES,
];

const byId = new Map<number, PlayType>(PLAY_TYPES.map((playType) => [playType.id, playType]));
if (byId.size !== PLAY_TYPES.length) throw new Error('duplicate lottery playId');

export function playTypeById(id: number): PlayType | undefined {
  return byId.get(id);
}
