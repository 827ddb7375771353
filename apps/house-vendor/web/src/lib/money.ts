import { withCurrencyLabel } from '@lotus/contracts/money-label';

/**
 * Money on the page: integer minor units as bigint (never a float), shown with the currency's scale.
 * `parseMajor` reads what a player types (autoplay limits) into minor units, refusing anything that
 * is not a plain decimal with at most the currency's fraction digits.
 */
export function formatMinor(minor: bigint | string, scale: number): string {
  const value = typeof minor === 'bigint' ? minor : BigInt(minor);
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const text = scale === 0 ? whole : `${whole}.${digits.slice(digits.length - scale)}`;
  return negative ? `-${text}` : text;
}

/**
 * An amount with the session's currency label, written as the platform's site writes it ("RM
 * 1,234.50", contracts' withCurrencyLabel): the brand's symbol, or the ISO code when none came.
 */
export function labelledMoney(text: string, session: { currency: string; currencyLabel?: string }): string {
  return withCurrencyLabel(text, session.currencyLabel || session.currency);
}

export function parseMajor(text: string, scale: number): bigint | null {
  const match = /^(\d{1,15})(?:\.(\d+))?$/.exec(text.trim());
  if (!match) return null;
  const fraction = match[2] ?? '';
  if (fraction.length > scale) return null;
  return BigInt(match[1]! + fraction.padEnd(scale, '0'));
}
