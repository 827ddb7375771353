/**
 * Amounts arrive as decimal strings with the currency's scale ("1234.5", "-0.05"); they are shown
 * with thousands separators and two decimals using string and bigint arithmetic, never a float.
 */
const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

export function formatAmount(amount: string, decimals = 2): string {
  const match = DECIMAL.exec(amount.trim());
  if (!match) return amount;
  const [, sign, whole = '0', rawFraction = ''] = match;
  const fraction = rawFraction.padEnd(decimals, '0').slice(0, decimals);
  const grouped = BigInt(whole)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const negative = sign === '-' && (BigInt(whole) !== 0n || /[1-9]/.test(fraction));
  return `${negative ? '-' : ''}${decimals > 0 ? `${grouped}.${fraction}` : grouped}`;
}

/** Whether an operator's input is a positive amount with at most `scale` decimals (no exponent, no sign). */
export function isPositiveAmount(input: string, scale = 2): boolean {
  const match = /^(\d{1,15})(?:\.(\d+))?$/.exec(input.trim());
  if (!match) return false;
  const fraction = match[2] ?? '';
  if (fraction.length > scale) return false;
  return /[1-9]/.test(`${match[1]}${fraction}`);
}
