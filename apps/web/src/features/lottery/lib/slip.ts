import { type BetRequest, LOTTERY_RULES } from '@lotus/contracts/lottery';
import { formatAmount } from '@lotus/contracts/money';
import type { PlayDefinition } from './play-types.ts';

/**
 * The bet slip's rules, kept in step with the API's engine (engine/slip.ts): a slip's selection as
 * its `balls` field, its combinations, its stake (unit x combinations x multiple, integer minor
 * units: never a float), the limits of a slip and of the cart, and the wire `bettingSlipString`.
 * The server checks all of it again; this only tells the member before sending.
 */

/** The numbers chosen in each position of a play type. */
export type Selection = readonly (readonly string[])[];

/** The prize group the slip names (TCG `series`); kept with the order, not priced. */
export const SLIP_SERIES = 1950;
export const MAX_MULTIPLE = LOTTERY_RULES.maxChaseMultiple;

export const emptySelection = (play: PlayDefinition): Selection => play.positions.map(() => []);

/** Adds or removes one number of a position, in the position's canonical order, up to its maximum. */
export function toggleNumber(
  play: PlayDefinition,
  selection: Selection,
  position: number,
  token: string,
): Selection {
  const rule = play.positions[position];
  if (!rule) return selection;
  return selection.map((chosen, i) => {
    if (i !== position) return chosen;
    if (chosen.includes(token)) return chosen.filter((t) => t !== token);
    if (chosen.length >= rule.max) return chosen;
    return rule.tokens.filter((t) => t === token || chosen.includes(t));
  });
}

/** Typed numbers (3 cang, 4D): separated by spaces, commas or semicolons, each `width` digits. */
export function parseTypedNumbers(
  text: string,
  width: number,
): { numbers: string[] } | { error: 'bad-number' | 'duplicate' } {
  const parts = text.split(/[\s,;]+/).filter((part) => part !== '');
  const pattern = new RegExp(`^[0-9]{${width}}$`);
  if (parts.some((part) => !pattern.test(part))) return { error: 'bad-number' };
  if (new Set(parts).size !== parts.length) return { error: 'duplicate' };
  return { numbers: [...parts].sort() };
}

function choose(n: number, k: number): bigint {
  if (k < 0 || k > n) return 0n;
  let result = 1n;
  for (let i = 0; i < k; i++) result = (result * BigInt(n - i)) / BigInt(i + 1);
  return result;
}

/** The distinct orderings of a number's digits (a 4D box covers each). */
export function permutationCount(number: string): bigint {
  const counts = new Map<string, number>();
  for (const digit of number) counts.set(digit, (counts.get(digit) ?? 0) + 1);
  let result = 1n;
  for (let i = 2; i <= number.length; i++) result *= BigInt(i);
  for (const count of counts.values()) for (let i = 2; i <= count; i++) result /= BigInt(i);
  return result;
}

/** Why a selection cannot be bet yet, or null when it can. */
export function selectionProblem(play: PlayDefinition, selection: Selection): 'too-few' | 'too-many' | null {
  let total = 0;
  for (let i = 0; i < play.positions.length; i++) {
    const rule = play.positions[i]!;
    const count = selection[i]?.length ?? 0;
    if (count < rule.min) return 'too-few';
    if (count > rule.max) return 'too-many';
    total += count;
  }
  return total < (play.minTotal ?? 1) ? 'too-few' : null;
}

/** How many combinations the selection buys (0 when it is not complete). */
export function combinationsOf(play: PlayDefinition, selection: Selection): bigint {
  if (selectionProblem(play, selection)) return 0n;
  const counts = selection.map((chosen) => chosen.length);
  const rule = play.combinations;
  switch (rule.kind) {
    case 'count':
      return BigInt(counts.reduce((a, b) => a + b, 0));
    case 'product':
      return counts.reduce((product, n) => product * BigInt(n), 1n);
    case 'choose':
      return choose(counts[0] ?? 0, rule.k) * BigInt(rule.times ?? 1);
    case 'one':
      return 1n;
    case 'permutations':
      return permutationCount(selection[0]?.[0] ?? '');
  }
}

/** The wire `balls` field: positions separated by `|`, numbers of a position by `,`. */
export function ballsOf(selection: Selection): string {
  return selection.map((chosen) => chosen.join(',')).join('|');
}

/** A whole multiple 1..10,000 typed by the member, or null. */
export function parseMultiple(text: string): bigint | null {
  const trimmed = text.trim();
  if (!/^[1-9][0-9]{0,4}$/.test(trimmed)) return null;
  const value = BigInt(trimmed);
  return value <= BigInt(MAX_MULTIPLE) ? value : null;
}

export type Slip = {
  /** Stable key in the slip list. */
  key: string;
  playId: number;
  balls: string;
  combinations: bigint;
  /** The stake unit code (`1`, `2`, `3`) and its amount per combination, minor units. */
  mode: string;
  unit: bigint;
  multiple: bigint;
  /** unit x combinations x multiple, minor units. */
  amount: bigint;
};

export type SlipLimits = { minSlip: bigint; maxSlip: bigint };

export type SlipProblem =
  | { reason: 'selection' }
  | { reason: 'multiple' }
  | { reason: 'below-minimum'; limit: bigint }
  | { reason: 'above-maximum'; limit: bigint };

export type CartProblem =
  | { reason: 'empty' }
  | { reason: 'too-many-slips'; limit: number }
  | { reason: 'order-above-maximum'; limit: bigint };

/**
 * A slip from the picker's state, or why not: a complete selection, a whole multiple and an amount
 * within the play type's limits.
 */
export function buildSlip(input: {
  play: PlayDefinition;
  selection: Selection;
  mode: string;
  unit: bigint;
  multipleText: string;
  limits: SlipLimits;
  key: string;
}): { slip: Slip } | { problem: SlipProblem } {
  const combinations = combinationsOf(input.play, input.selection);
  if (combinations <= 0n) return { problem: { reason: 'selection' } };
  const multiple = parseMultiple(input.multipleText);
  if (multiple === null) return { problem: { reason: 'multiple' } };
  const amount = input.unit * combinations * multiple;
  if (amount < input.limits.minSlip)
    return { problem: { reason: 'below-minimum', limit: input.limits.minSlip } };
  if (amount > input.limits.maxSlip)
    return { problem: { reason: 'above-maximum', limit: input.limits.maxSlip } };
  return {
    slip: {
      key: input.key,
      playId: input.play.id,
      balls: ballsOf(input.selection),
      combinations,
      mode: input.mode,
      unit: input.unit,
      multiple,
      amount,
    },
  };
}

export const cartTotal = (slips: readonly Slip[]): bigint =>
  slips.reduce((sum, slip) => sum + slip.amount, 0n);

/** Whether the cart may be sent: not empty, at most 50 slips, within the game's limit per order. */
export function cartProblem(slips: readonly Slip[], maxOrder: bigint): CartProblem | null {
  if (slips.length === 0) return { reason: 'empty' };
  if (slips.length > LOTTERY_RULES.maxSlipsPerCart)
    return { reason: 'too-many-slips', limit: LOTTERY_RULES.maxSlipsPerCart };
  if (cartTotal(slips) > maxOrder) return { reason: 'order-above-maximum', limit: maxOrder };
  return null;
}

/** `balls~1~playId~mode~series~multiple`, slips separated by `;`. */
export function slipString(slips: readonly Slip[]): string {
  return slips
    .map((slip) => [slip.balls, '1', slip.playId, slip.mode, SLIP_SERIES, slip.multiple].join('~'))
    .join(';');
}

/** The betting call's body for a cart on the current numero. */
export function betRequest(input: {
  requestId: string;
  gameId: string;
  numero: string;
  prizeMode: string;
  currency: string;
  slips: readonly Slip[];
}): BetRequest {
  return {
    requestId: input.requestId,
    gameId: input.gameId,
    currentNumero: input.numero,
    winningStop: false,
    abandoning: false,
    betCartAmountSum: formatAmount(cartTotal(input.slips), input.currency),
    chase: null,
    device: 'web',
    orderType: 'normal',
    quickChase: false,
    prizeModeId: input.prizeMode,
    bettingSlipString: slipString(input.slips),
  };
}

/** Odds in basis points of the stake as a multiplier: "98000" -> "9.8", "3266000" -> "326.6". */
export function formatOdds(basisPoints: string): string {
  if (!/^\d{1,19}$/.test(basisPoints)) return basisPoints;
  const value = BigInt(basisPoints);
  const fraction = (value % 10_000n).toString().padStart(4, '0').replace(/0+$/, '');
  const whole = (value / 10_000n).toString();
  return fraction ? `${whole}.${fraction}` : whole;
}
