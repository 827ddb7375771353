import { Type } from 'typebox';

/** The largest id the database holds (PostgreSQL bigint, 2^63 - 1). */
export const MAX_ID = 9_223_372_036_854_775_807n;

/**
 * A regular expression (without anchors) matching the decimal numbers 0..max written without
 * leading zeros, so a schema can refuse an id the database could not even compare (a 400 at the
 * edge instead of a 500 from PostgreSQL's "out of range for type bigint").
 */
export function decimalAtMost(max: bigint): string {
  const digits = max.toString();
  const k = digits.length;
  const alternatives = ['0'];
  if (k > 1) alternatives.push(k === 2 ? '[1-9]' : `[1-9][0-9]{0,${k - 2}}`);
  for (let i = 0; i < k; i += 1) {
    const d = Number(digits[i]);
    const low = i === 0 ? 1 : 0;
    if (d - 1 >= low) {
      const range = d - 1 === low ? `${low}` : `[${low}-${d - 1}]`;
      const rest = k - i - 1;
      alternatives.push(`${digits.slice(0, i)}${range}${rest > 0 ? `[0-9]{${rest}}` : ''}`);
    }
  }
  alternatives.push(digits);
  return `(?:${alternatives.join('|')})`;
}

/** Anchored pattern of a database id as a decimal string: 0 to 2^63 - 1, no sign, no leading zero. */
export const ID_PATTERN = `^${decimalAtMost(MAX_ID)}$`;
const ID_REGEX = new RegExp(ID_PATTERN);

export function isId(value: string): boolean {
  return ID_REGEX.test(value);
}

/** A database id in a path, query or body: a decimal string within bigint. */
export const IdString = (options: { description?: string } = {}) =>
  Type.String({ pattern: ID_PATTERN, maxLength: 19, ...options });
