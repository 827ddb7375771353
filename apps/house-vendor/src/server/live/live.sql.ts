import type { RepeatableFunction } from '@lotus/db-repeatable';

/**
 * The live tables' database functions, one file each under ./sql: their one current source, applied
 * by the vendor's migrator after its migrations as repeatable migrations (@lotus/db-repeatable).
 * `live_place_bet` places a bet in one round trip (seats.ts, placeBet).
 */
const NAMES = ['live_place_bet'] as const;

export type LiveFunction = (typeof NAMES)[number];

export const LIVE_FUNCTIONS: RepeatableFunction[] = NAMES.map((name) => ({
  name,
  file: new URL(`./sql/${name}.sql`, import.meta.url),
}));
