/**
 * Grammars of the `balls` field. Positions are separated by `|`, the numbers of one position by `,`.
 * Every token is checked against an exact pattern (so NUL, spaces, signs or Unicode digits are
 * refused), duplicates inside a position are refused, and the tokens are returned sorted.
 */
import type { Selection } from './types.ts';

export type Parsed = Selection | { reason: string };

export function isRefusal(parsed: Parsed): parsed is { reason: string } {
  return !Array.isArray(parsed);
}

interface PositionRule {
  /** The allowed tokens, in their canonical order. */
  tokens: readonly string[];
  min: number;
  max: number;
}

/** Builds a parser for a fixed number of positions, each with its own rule. */
/** A parser of positional balls that also tells its rules (compared with the shared play-type data). */
export type PositionalParser = ((balls: string) => Parsed) & {
  readonly rules: readonly PositionRule[];
  readonly minTotal: number;
};

export function positional(rules: readonly PositionRule[], minTotal = 1): PositionalParser {
  const parse = (balls: string): Parsed => {
    const parts = balls.split('|');
    if (parts.length !== rules.length)
      return { reason: `expected ${rules.length} position(s), got ${parts.length}` };
    const out: string[][] = [];
    let total = 0;
    for (let i = 0; i < rules.length; i++) {
      const rule = rules[i] as PositionRule;
      const part = parts[i] as string;
      const tokens = part === '' ? [] : part.split(',');
      if (tokens.length < rule.min || tokens.length > rule.max) {
        return { reason: `position ${i}: ${tokens.length} ball(s), allowed ${rule.min}..${rule.max}` };
      }
      const seen = new Set<string>();
      for (const token of tokens) {
        if (!rule.tokens.includes(token)) return { reason: `position ${i}: invalid ball` };
        if (seen.has(token)) return { reason: `position ${i}: duplicate ball ${token}` };
        seen.add(token);
      }
      out.push(rule.tokens.filter((token) => seen.has(token)));
      total += tokens.length;
    }
    if (total < minTotal) return { reason: `at least ${minTotal} ball(s) required` };
    return out;
  };
  return Object.assign(parse, { rules, minTotal });
}

/** The tokens `0..n-1` written with `width` digits (`00`..`99` for width 2). */
export function numbers(n: number, width: number): string[] {
  return Array.from({ length: n }, (_, i) => String(i).padStart(width, '0'));
}

export const DIGITS = numbers(10, 1);

/** n choose k as a bigint (0 when k > n). */
export function choose(n: number, k: number): bigint {
  if (k < 0 || k > n) return 0n;
  let result = 1n;
  for (let i = 0; i < k; i++) result = (result * BigInt(n - i)) / BigInt(i + 1);
  return result;
}

/** All k-subsets of a list, in order. */
export function subsets<T>(items: readonly T[], k: number): T[][] {
  const out: T[][] = [];
  const walk = (start: number, picked: T[]) => {
    if (picked.length === k) {
      out.push([...picked]);
      return;
    }
    for (let i = start; i < items.length; i++) walk(i + 1, [...picked, items[i] as T]);
  };
  walk(0, []);
  return out;
}
