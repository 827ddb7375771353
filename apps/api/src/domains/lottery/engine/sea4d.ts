/**
 * SEA 4D: 23 distinct four-digit numbers per draw: 1st, 2nd, 3rd, 10 starters, 10 consolations.
 * - Big pays on all 23 (1st, 2nd, 3rd, starter, consolation); Small pays on 1st, 2nd and 3rd only.
 * - Straight (ids 501 Big, 502 Small): the exact number, one combination.
 * - Box (503 Big, 504 Small): every distinct permutation of the digits is one combination (24 for four
 *   different digits, 12 with one pair, 6 with two pairs, 4 with three of a kind, 1 for four of a
 *   kind), so the stake is unit x permutations and a hit pays the full prize.
 * - i-Box (505 Big, 506 Small): one unit covers every permutation; a hit pays the prize divided by the
 *   number of permutations (floored once).
 * Payout tables per unit, as basis points (stake included): Big 2500/1000/500/180/60 (x10_000),
 * Small 3500/2000/1000, the same in every prize mode unless the data below differ.
 */
import { SEA4D_PRIZES } from '@lotus/contracts/lottery-tables';
import { positional } from './balls.ts';

export { SEA4D_PRIZES };

import type { Draw, OddsTable, PlayType, PrizeNumber, Selection, Win } from './types.ts';

const BIG: Record<string, bigint> = {
  first: 25_000_000n,
  second: 10_000_000n,
  third: 5_000_000n,
  starter: 1_800_000n,
  consolation: 600_000n,
};
const SMALL: Record<string, bigint> = { first: 35_000_000n, second: 20_000_000n, third: 10_000_000n };

const sameInEveryMode = (tiers: Record<string, bigint>): OddsTable => ({
  LOTT: tiers,
  ZY: tiers,
  ELOTT: tiers,
  SEA: tiers,
});

/** The distinct permutations of a 4-digit number, sorted. */
export function permutations(number: string): string[] {
  const out = new Set<string>();
  const walk = (rest: string, prefix: string) => {
    if (rest === '') out.add(prefix);
    for (let i = 0; i < rest.length; i++) walk(rest.slice(0, i) + rest.slice(i + 1), prefix + rest.charAt(i));
  };
  walk(number, '');
  return [...out].sort();
}

function prizesOf(draw: Draw): readonly PrizeNumber[] {
  if (draw.kind !== 'sea4d' || draw.prizes.length !== SEA4D_PRIZES.length)
    throw new TypeError('a 4D draw of 23 prizes is required');
  draw.prizes.forEach((prize, i) => {
    if (prize.tier !== SEA4D_PRIZES[i] || !/^[0-9]{4}$/.test(prize.number))
      throw new TypeError(`bad 4D prize ${i}`);
  });
  return draw.prizes;
}

const FOUR_DIGITS: string[] = Array.from({ length: 10_000 }, (_, i) => String(i).padStart(4, '0'));

type Kind = 'straight' | 'box' | 'ibox';

function sea4dType(id: number, size: 'big' | 'small', kind: Kind): PlayType {
  const payable = size === 'big' ? BIG : SMALL;
  const number = (selection: Selection) => selection[0]?.[0] as string;
  return {
    id,
    code: `4d-${size}-${kind}`,
    family: 'sea4d',
    parse: positional([{ tokens: FOUR_DIGITS, min: 1, max: 1 }]),
    combinations: (selection) => (kind === 'box' ? BigInt(permutations(number(selection)).length) : 1n),
    wins(selection, draw) {
      const covered = kind === 'straight' ? [number(selection)] : permutations(number(selection));
      const divisor = kind === 'ibox' ? BigInt(covered.length) : 1n;
      const wins: Win[] = [];
      for (const prize of prizesOf(draw)) {
        if (payable[prize.tier] !== undefined && covered.includes(prize.number)) {
          wins.push({ tier: prize.tier, count: 1n, divisor });
        }
      }
      return wins;
    },
    odds: sameInEveryMode(payable),
  };
}

export const SEA4D_PLAY_TYPES: PlayType[] = [
  sea4dType(501, 'big', 'straight'),
  sea4dType(502, 'small', 'straight'),
  sea4dType(503, 'big', 'box'),
  sea4dType(504, 'small', 'box'),
  sea4dType(505, 'big', 'ibox'),
  sea4dType(506, 'small', 'ibox'),
];
