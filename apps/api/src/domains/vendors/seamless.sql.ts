import type { RepeatableFunction } from '@lotus/db-repeatable';

/**
 * The seamless wallet's database functions, one file each under ./sql: their one current source,
 * applied as repeatable migrations (@lotus/db-repeatable, packages/db-repeatable). Every rule of a seamless call lives in
 * exactly one of them: replays and mismatches in seamless_replay, the player behind a token in
 * seamless_player, who may settle a bet in seamless_settler, rounds in seamless_round_open, the balance check and the journal entry in
 * seamless_post; the calls themselves (bet, win, rollback, bet-and-win, round end) combine them.
 */
const NAMES = [
  'seamless_replay',
  'seamless_player',
  'seamless_round_open',
  'seamless_post',
  'seamless_free_round_take',
  'seamless_free_round_pay',
  'seamless_settler',
  'seamless_bet',
  'seamless_win',
  'seamless_rollback',
  'seamless_bet_win',
  'seamless_round_end',
] as const;

export type SeamlessFunction = (typeof NAMES)[number];

export const SEAMLESS_FUNCTIONS: RepeatableFunction[] = NAMES.map((name) => ({
  name,
  file: new URL(`./sql/${name}.sql`, import.meta.url),
}));

export function seamlessFunction(name: SeamlessFunction): RepeatableFunction {
  const found = SEAMLESS_FUNCTIONS.find((f) => f.name === name);
  if (!found) throw new Error(`unknown seamless function ${name}`);
  return found;
}
