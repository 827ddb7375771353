import { withCurrencyLabel } from '@lotus/contracts/money-label';

/**
 * Balance display (spec §9): two decimals, thousands separators, the brand's currency symbol.
 * Amounts arrive as decimal strings ("1234.5", "-0.05") or integers of minor units; they are
 * formatted with string and bigint arithmetic only, never parsed into a float.
 */
const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

function groupThousands(whole: string): string {
  return whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** "1234567.8" -> "1,234,567.80"; extra fraction digits are cut, not rounded up into floats. */
export function formatDecimalAmount(amount: string, decimals = 2): string | null {
  const match = DECIMAL.exec(amount.trim());
  if (!match) return null;
  const [, sign, rawWhole, rawFraction = ''] = match;
  const whole = BigInt(rawWhole!).toString();
  const fraction = rawFraction.padEnd(decimals, '0').slice(0, decimals);
  const negative = sign === '-' && (BigInt(rawWhole!) !== 0n || /[1-9]/.test(fraction));
  const text = decimals > 0 ? `${groupThousands(whole)}.${fraction}` : groupThousands(whole);
  return negative ? `-${text}` : text;
}

/** An integer of minor units (bigint or digit string) in a currency with `scale` fraction digits. */
export function formatMinorUnits(minor: bigint | string, scale = 2): string | null {
  if (typeof minor === 'string' && !/^-?\d+$/.test(minor)) return null;
  const value = typeof minor === 'bigint' ? minor : BigInt(minor);
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(scale + 1, '0');
  const decimal = scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
  return formatDecimalAmount(negative ? `-${decimal}` : decimal);
}

/** "P 1,234.50": the one currency label of the site and the games (withCurrencyLabel). */
export function formatBalance(amount: string, symbol: string): string | null {
  const text = formatDecimalAmount(amount);
  if (text === null) return null;
  return withCurrencyLabel(text, symbol);
}

/**
 * A signed amount with the currency label after its sign: "+RM 5.00", "-RM 0.05"; zero unsigned
 * ("RM 0.00") unless `signZero`.
 */
export function formatSignedBalance(amount: string, symbol: string, signZero = false): string {
  const text = formatDecimalAmount(amount) ?? amount;
  const negative = text.startsWith('-');
  const zero = !/[1-9]/.test(text);
  const labelled = withCurrencyLabel(negative ? text.slice(1) : text, symbol);
  return negative ? `-${labelled}` : zero && !signZero ? labelled : `+${labelled}`;
}

/** A non-negative decimal string as an integer scaled by 10^scale (extra digits cut), or null. */
function scaled(amount: string, scale: number): bigint | null {
  const match = DECIMAL.exec(amount.trim());
  if (!match || match[1] === '-') return null;
  return BigInt(match[2]! + (match[3] ?? '').padEnd(scale, '0').slice(0, scale));
}

/**
 * Whole percent of `part` in `whole` (decimal strings of one currency), rounded down and capped at
 * 100, with bigint arithmetic only (exact for amounts beyond float precision); a whole of zero (or
 * what is not an amount) counts as done: 100.
 */
export function percentOfAmounts(part: string, whole: string): number {
  const scale = Math.max(part.split('.')[1]?.length ?? 0, whole.split('.')[1]?.length ?? 0);
  const p = scaled(part, scale);
  const w = scaled(whole, scale);
  if (p === null || w === null || w === 0n) return 100;
  const percent = (p * 100n) / w;
  return Number(percent > 100n ? 100n : percent);
}
