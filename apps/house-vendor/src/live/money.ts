/**
 * Money of the live tables, in integer minor units (bigint), never floats.
 *
 * PAYOUT CONVENTION (the same as the slots and the seamless wallet): a bet's stake is debited when the
 * bet is placed; its `payout` is the whole amount credited back at settlement, the stake INCLUDED. A
 * 1:1 win of 100 pays 200, a push pays 100, a loss pays 0. So RTP = sum of payouts / sum of stakes, as
 * for a slot spin (server/slots/rounds.ts: balance - stake + payout).
 *
 * A bet's outcome is a `Ratio`: the gross return per unit staked (win a:b -> (a + b) / b, push -> 1,
 * half lost -> 1/2, lose -> 0). The payout is floor(stake * n / d): exact whenever d divides
 * stake * n, otherwise rounded down to the minor unit (the house keeps the fraction of a minor unit,
 * as tables round commission). Only banker 0.95:1 (d = 20), no-commission banker on 6 (1:2) and the
 * dragon tiger half stake (d = 2) can round at all, and only for stakes that are not multiples of 20
 * or 2 minor units.
 */

export interface Ratio {
  readonly n: bigint;
  readonly d: bigint;
}

export type Outcome = 'win' | 'lose' | 'push' | 'half';

/** Odds a:b as the table shows them ("pays 8 to 1" is { win: 8, per: 1 }). */
export interface Odds {
  readonly win: number;
  readonly per: number;
}

export const LOSE: Ratio = { n: 0n, d: 1n };
export const PUSH: Ratio = { n: 1n, d: 1n };
export const HALF: Ratio = { n: 1n, d: 2n };

/** Gross return per unit staked of a win at `odds`. */
export function winRatio(odds: Odds): Ratio {
  const key = `${odds.win}:${odds.per}`;
  let ratio = WIN_RATIOS.get(key);
  if (ratio === undefined) {
    ratio = Object.freeze({ n: BigInt(odds.win + odds.per), d: BigInt(odds.per) });
    WIN_RATIOS.set(key, ratio);
  }
  return ratio;
}

/** Win ratios by odds, shared (the simulation settles tens of millions of bets). */
const WIN_RATIOS = new Map<string, Ratio>();

export function ratioOf(outcome: Outcome, odds: Odds): Ratio {
  switch (outcome) {
    case 'win':
      return winRatio(odds);
    case 'push':
      return PUSH;
    case 'half':
      return HALF;
    default:
      return LOSE;
  }
}

/** Whole amount credited for `stake` at `ratio` (stake included), rounded down to the minor unit. */
export function payoutOf(stake: bigint, ratio: Ratio): bigint {
  if (stake < 0n) throw new RangeError('stake must not be negative');
  return (stake * ratio.n) / ratio.d;
}

/** Odds as the table prints them: "1:1", "0.95:1", "1:2". */
export function formatOdds(odds: Odds): string {
  return `${odds.win}:${odds.per}`;
}

/**
 * The largest stake a single bet may carry before table limits apply (they are per table and
 * currency and come with the server): 10^15 minor units. It keeps stake * payout far below any
 * limit of the ledger and refuses absurd input early.
 */
export const MAX_STAKE_MINOR = 10n ** 15n;

/** A stake from untrusted input: a bigint, a safe integer or a string of decimal digits, 1..MAX_STAKE_MINOR. */
export function parseStake(input: unknown): bigint | undefined {
  let stake: bigint;
  if (typeof input === 'bigint') stake = input;
  else if (typeof input === 'number') {
    if (!Number.isSafeInteger(input)) return undefined;
    stake = BigInt(input);
  } else if (typeof input === 'string') {
    if (!/^[0-9]{1,16}$/.test(input)) return undefined;
    stake = BigInt(input);
  } else return undefined;
  return stake >= 1n && stake <= MAX_STAKE_MINOR ? stake : undefined;
}

/** One bet of a player: a bet kind of the table, the numbers it covers (when the kind takes any) and the stake. */
export interface Bet {
  readonly kind: string;
  readonly numbers?: readonly number[];
  readonly stake: bigint;
}

export interface Settlement<B extends Bet = Bet> {
  readonly bet: B;
  readonly outcome: Outcome;
  /** Amount credited, stake included (see the header). */
  readonly payout: bigint;
}

export type Validation<B extends Bet = Bet> = { ok: true; bet: B } | { ok: false; error: string };

/** A bet kind of a table's bet table: data the settlement, the sheet and the front end share. */
export interface BetKind {
  readonly kind: string;
  /** English name; the front end translates by kind. */
  readonly name: string;
  /** The odds on the layout (for sic bo totals and single dice the lowest; `oddsBy` has them all). */
  readonly odds: Odds;
  /** Odds by the bet's number (sic bo totals) or by the dice matched (sic bo single dice). */
  readonly oddsBy?: Readonly<Record<number, Odds>>;
  /** How the bet is decided, in words (the rules page shows it). */
  readonly rule: string;
}

/** Own, known key of a table (never an inherited one such as `__proto__` or `constructor`). */
export function knownKind<T>(table: Readonly<Record<string, T>>, kind: unknown): kind is string {
  return typeof kind === 'string' && kind.length <= 32 && Object.hasOwn(table, kind);
}

/** Reads the common shape of an untrusted bet: a plain object with kind, optional numbers and stake. */
export function readBetShape(
  input: unknown,
): { ok: true; kind: string; numbers: unknown; stake: bigint } | { ok: false; error: string } {
  if (typeof input !== 'object' || input === null || Array.isArray(input))
    return { ok: false, error: 'bet must be an object' };
  const record = input as Record<string, unknown>;
  if (typeof record.kind !== 'string') return { ok: false, error: 'bet kind must be a string' };
  const stake = parseStake(record.stake);
  if (stake === undefined)
    return { ok: false, error: `stake must be an integer from 1 to ${MAX_STAKE_MINOR}` };
  return { ok: true, kind: record.kind, numbers: record.numbers, stake };
}

/** Numbers of an untrusted bet: an array of at most `max` safe integers (not NaN, not fractions). */
export function readNumbers(input: unknown, max: number): number[] | undefined {
  if (input === undefined) return [];
  if (!Array.isArray(input) || input.length > max) return undefined;
  const numbers: number[] = [];
  for (const value of input) {
    if (typeof value !== 'number' || !Number.isSafeInteger(value)) return undefined;
    numbers.push(value);
  }
  return numbers;
}
