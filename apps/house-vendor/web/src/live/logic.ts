/**
 * The live table page's pure logic (tested in logic.test.ts): chip values from the table's limits in
 * the player's currency, the spots of each game's betting grid and their keys (the same keys as the
 * server's `totals`), the player's stake per spot from their bets, and the countdown from the
 * server's clock.
 */

export type LiveGameCode = 'BAC' | 'DAT' | 'ROU' | 'SIC';

export type Limits = { perBet: Record<string, { min: string; max: string }>; perRound: string };

export type Spot = { kind: string; numbers?: number[] };

export type OwnBet = {
  id: string;
  kind: string;
  numbers: number[];
  stake: string;
  status: 'pending' | 'placed' | 'refused' | 'undone' | 'rolled_back';
  payout: string | null;
};

/** Live table ids are the game ids the platform launches: `/play/live-...`. */
export const isLiveTableId = (id: string) => /^live-[a-z0-9-]{1,34}$/.test(id);

/** The key of a spot, as in the server's `totals`: `kind` or `kind:1-2`. */
export function spotKey(spot: { kind: string; numbers?: readonly number[] }): string {
  return spot.numbers && spot.numbers.length > 0 ? `${spot.kind}:${spot.numbers.join('-')}` : spot.kind;
}

const CHIP_STEPS = [1n, 5n, 10n, 25n, 100n, 500n, 1_000n, 5_000n] as const;

/** The limit of one bet of `kind` (its own or the table's '*'). */
export function limitOf(limits: Limits, kind: string): { min: bigint; max: bigint } | null {
  const limit = limits.perBet[kind] ?? limits.perBet['*'];
  return limit ? { min: BigInt(limit.min), max: BigInt(limit.max) } : null;
}

/** Up to six chips: multiples of the main bets' minimum, never above their maximum. */
export function chipValues(limits: Limits | undefined, count = 6): bigint[] {
  const main = limits ? limitOf(limits, '*') : null;
  if (!main || main.min <= 0n) return [];
  return CHIP_STEPS.map((step) => step * main.min)
    .filter((value) => value <= main.max)
    .slice(0, count);
}

/** Checks a chip on a spot before asking the server (the server decides; this only avoids useless calls). */
export function checkBet(
  limits: Limits,
  spot: Spot,
  chip: bigint,
  mine: ReadonlyMap<string, bigint>,
): 'ok' | 'bet_limit' {
  const limit = limitOf(limits, spot.kind);
  if (!limit) return 'bet_limit';
  // The server limits each bet; a second chip on one spot is a second bet of its own.
  if (chip < limit.min || chip > limit.max) return 'bet_limit';
  let total = 0n;
  for (const value of mine.values()) total += value;
  if (total + chip > BigInt(limits.perRound)) return 'bet_limit';
  return 'ok';
}

/** The player's stake per spot: bets that stand or wait for the wallet. */
export function stakesBySpot(bets: readonly OwnBet[]): Map<string, bigint> {
  const map = new Map<string, bigint>();
  for (const bet of bets) {
    if (bet.status !== 'placed' && bet.status !== 'pending') continue;
    const key = spotKey(bet);
    map.set(key, (map.get(key) ?? 0n) + BigInt(bet.stake));
  }
  return map;
}

export const totalStake = (mine: ReadonlyMap<string, bigint>) =>
  [...mine.values()].reduce((sum, value) => sum + value, 0n);

/**
 * The countdown: the deadline on the local clock is the server's `closesAt` moved by the difference
 * between the server's clock (`serverTime`) and ours when the message arrived, so a wrong client clock
 * never shows a wrong countdown.
 */
export function localDeadline(round: { closesAt: string; serverTime: string }, receivedAt: number): number {
  const closes = Date.parse(round.closesAt);
  const server = Date.parse(round.serverTime);
  if (!Number.isFinite(closes) || !Number.isFinite(server)) return receivedAt;
  return receivedAt + (closes - server);
}

/** Whole seconds left (rounded up), never negative. */
export function secondsLeft(deadline: number, now: number): number {
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}

const RED = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);
export const pocketColour = (n: number): 'green' | 'red' | 'black' =>
  n === 0 ? 'green' : RED.has(n) ? 'red' : 'black';

/** Card code of a card 0..51 (src/live/shoe.ts): rank then suit. */
export function cardLabel(card: number): { rank: string; suit: string; red: boolean } {
  const rank = 'A23456789TJQK'[card % 13]!;
  const suit = Math.floor(card / 13) % 4;
  return { rank: rank === 'T' ? '10' : rank, suit: '♠♥♦♣'[suit]!, red: suit === 1 || suit === 2 };
}

/** Money in minor units with the currency's scale: the slots' formatter (one module for both pages). */
export { formatMinor } from '../lib/money.ts';
