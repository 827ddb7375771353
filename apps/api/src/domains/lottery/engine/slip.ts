/**
 * Parser of the TCG wire `bettingSlipString`. A cart is one or more slips separated by `;`; a slip is
 * six fields separated by `~`:
 *
 *   balls ~ 1 ~ playId ~ mode ~ series ~ multiple
 *
 * - balls: the selection, positions separated by `|`, numbers of a position by `,` (see balls.ts and
 *   each play type);
 * - `1`: the format version, always the literal 1;
 * - playId: the play type (registry.ts), which must belong to the cart's game family;
 * - mode: the stake unit code, 1 = 2.00, 2 = 0.20, 3 = 0.02 per combination by default (minor units
 *   200, 20, 2; configurable per game);
 * - series: the prize group the client displayed (an integer 1..9999, kept with the order, optionally
 *   limited to a configured set);
 * - multiple: the multiplier, 1..maxMultiple.
 *
 * A slip's amount is unit stake x combinations x multiple; the cart total `betCartAmountSum` (minor
 * units) must equal the sum of its slips exactly. The whole cart is refused at the first bad slip
 * with a SlipError naming the slip's 0-based position: nothing is partially accepted.
 */
import { isRefusal } from './balls.ts';
import { SlipError } from './errors.ts';
import { playTypeById } from './registry.ts';
import type { GameFamily, PlayType, Selection } from './types.ts';

export const SLIP_SEPARATOR = ';';
export const FIELD_SEPARATOR = '~';

/** The default stake unit per combination for each mode code, in minor units. */
export const DEFAULT_UNIT_STAKES: Readonly<Record<string, bigint>> = { '1': 200n, '2': 20n, '3': 2n };
/** PostgreSQL bigint's maximum: no amount may exceed what the ledger can store. */
export const MAX_AMOUNT = 2n ** 63n - 1n;

export interface CartRules {
  family: GameFamily;
  unitStakes?: Readonly<Record<string, bigint>>;
  maxMultiple?: number;
  maxSlips?: number;
  maxLength?: number;
  allowedSeries?: readonly number[];
  maxTotal?: bigint;
}

export interface ParsedSlip {
  index: number;
  playType: PlayType;
  selection: Selection;
  combinations: bigint;
  mode: string;
  unitStake: bigint;
  series: number;
  multiple: bigint;
  /** unitStake x combinations x multiple, minor units. */
  amount: bigint;
}

export interface ParsedCart {
  slips: ParsedSlip[];
  total: bigint;
}

const INTEGER = /^[1-9][0-9]{0,8}$/;
const AMOUNT = /^(0|[1-9][0-9]{0,18})$/;

export function parseSlip(raw: string, index: number, rules: CartRules): ParsedSlip {
  const fields = raw.split(FIELD_SEPARATOR);
  if (fields.length !== 6)
    throw new SlipError(index, 'bad-field-count', `${fields.length} field(s), 6 expected`);
  const [balls, version, playIdText, mode, seriesText, multipleText] = fields as [
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  if (version !== '1') throw new SlipError(index, 'bad-version');
  if (!INTEGER.test(playIdText)) throw new SlipError(index, 'unknown-play');
  const playType = playTypeById(Number(playIdText));
  if (!playType) throw new SlipError(index, 'unknown-play', playIdText);
  if (playType.family !== rules.family)
    throw new SlipError(index, 'wrong-game', `${playType.code} is not ${rules.family}`);
  const units = rules.unitStakes ?? DEFAULT_UNIT_STAKES;
  const unitStake = Object.hasOwn(units, mode) ? units[mode] : undefined;
  if (unitStake === undefined || unitStake <= 0n) throw new SlipError(index, 'bad-mode');
  if (!INTEGER.test(seriesText) || Number(seriesText) > 9999) throw new SlipError(index, 'bad-series');
  const series = Number(seriesText);
  if (rules.allowedSeries && !rules.allowedSeries.includes(series)) throw new SlipError(index, 'bad-series');
  if (!INTEGER.test(multipleText) || Number(multipleText) > (rules.maxMultiple ?? 10_000)) {
    throw new SlipError(index, 'bad-multiple');
  }
  const multiple = BigInt(multipleText);
  const selection = playType.parse(balls);
  if (isRefusal(selection)) throw new SlipError(index, 'bad-balls', selection.reason);
  const combinations = playType.combinations(selection);
  if (combinations <= 0n) throw new SlipError(index, 'bad-balls', 'no combination');
  const amount = unitStake * combinations * multiple;
  if (amount > (rules.maxTotal ?? MAX_AMOUNT)) throw new SlipError(index, 'amount-too-large');
  return { index, playType, selection, combinations, mode, unitStake, series, multiple, amount };
}

export function parseCart(
  slipString: string,
  betCartAmountSum: string | bigint,
  rules: CartRules,
): ParsedCart {
  if (slipString.length > (rules.maxLength ?? 65_536)) throw new SlipError(null, 'too-long');
  if (slipString === '') throw new SlipError(null, 'empty-cart');
  const raws = slipString.split(SLIP_SEPARATOR);
  if (raws.length > (rules.maxSlips ?? 200)) throw new SlipError(null, 'too-many-slips');
  let declared: bigint;
  if (typeof betCartAmountSum === 'bigint') declared = betCartAmountSum;
  else if (AMOUNT.test(betCartAmountSum)) declared = BigInt(betCartAmountSum);
  else throw new SlipError(null, 'bad-total');
  const maxTotal = rules.maxTotal ?? MAX_AMOUNT;
  if (declared <= 0n || declared > maxTotal) throw new SlipError(null, 'bad-total');
  const slips: ParsedSlip[] = [];
  let total = 0n;
  raws.forEach((raw, index) => {
    const slip = parseSlip(raw, index, rules);
    total += slip.amount;
    if (total > maxTotal) throw new SlipError(index, 'amount-too-large', 'cart total over the maximum');
    slips.push(slip);
  });
  if (total !== declared)
    throw new SlipError(null, 'total-mismatch', `slips sum to ${total}, cart says ${declared}`);
  return { slips, total };
}
