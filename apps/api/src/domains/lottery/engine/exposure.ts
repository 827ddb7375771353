/**
 * The house's exposure of a slip: every "number" (outcome) the slip pays on, with the prize tier it
 * would pay and its divisor, so that the liability of a number is what the house pays if that
 * number comes: stake per combination x odds[tier] / (10_000 x divisor), floored. Keys are
 * `${playId}:${number}`, the number written the way players read it:
 * - positional plays: `position:ball` (`0:3`, `4:B`); sum big/small/odd/even: the token;
 * - three-digit straight: the three digits (`123`); group 3 / group 6: the sorted digits (`112`, `123`);
 * - dice: the sum, the face, `ANY`, `B`/`S`, or the two faces (`25`);
 * - VN lo, de, de dau, 3 cang, dau, duoi: the number (lo is counted per occurrence); xien: the group
 *   (`12-34-56`);
 * - 4D: the number (the 1st prize, its largest); box and i-box: every permutation.
 */
import { subsets } from './balls.ts';
import { permutations } from './sea4d.ts';
import { BP, type OddsTable, type PlayType, type PrizeMode, type Selection } from './types.ts';

export interface Outcome {
  number: string;
  tier: string;
  divisor: bigint;
}

function product(positions: Selection): string[] {
  return positions.reduce<string[]>(
    (acc, position) => acc.flatMap((prefix) => position.map((token) => prefix + token)),
    [''],
  );
}

const hit = (number: string): Outcome => ({ number, tier: 'hit', divisor: 1n });

/** Every outcome the selection pays on (for a valid selection of the play type). */
export function outcomesOf(playType: PlayType, selection: Selection): Outcome[] {
  const code = playType.code;
  const first = selection[0] ?? [];
  if (code === 'pos-straight' || code === 'pos-bsoe') {
    return selection.flatMap((position, i) => position.map((token) => hit(`${i}:${token}`)));
  }
  if (code.endsWith('-straight') && !code.startsWith('4d-')) return product(selection).map(hit);
  if (code.endsWith('-group3')) {
    const out: Outcome[] = [];
    for (const pair of first) {
      for (const single of first) {
        if (pair !== single) out.push(hit([pair, pair, single].sort().join('')));
      }
    }
    return out;
  }
  if (code.endsWith('-group6')) return subsets(first, 3).map((digits) => hit(digits.join('')));
  if (code === 'dice-sum') return first.map((sum) => ({ number: sum, tier: `sum-${sum}`, divisor: 1n }));
  if (code === 'dice-two') return subsets(first, 2).map((faces) => hit(faces.join('')));
  const xien = /-xien([234])$/.exec(code);
  if (xien) return subsets(first, Number(xien[1])).map((group) => hit(group.join('-')));
  if (code.startsWith('4d-')) {
    const number = first[0] as string;
    if (code.endsWith('-straight')) return [{ number, tier: 'first', divisor: 1n }];
    const all = permutations(number);
    const divisor = code.endsWith('-ibox') ? BigInt(all.length) : 1n;
    return all.map((permutation) => ({ number: permutation, tier: 'first', divisor }));
  }
  // One token, one outcome: sum/dice big-small, triples, pairs, VN lo/de/3 cang/dau/duoi.
  return first.map(hit);
}

/** The liability of each outcome of a slip at `stakePerCombination`, keyed `${playId}:${number}`. */
export function liabilities(
  playType: PlayType,
  selection: Selection,
  odds: OddsTable[PrizeMode],
  stakePerCombination: bigint,
): Map<string, bigint> {
  const out = new Map<string, bigint>();
  for (const outcome of outcomesOf(playType, selection)) {
    const tierOdds = odds[outcome.tier];
    if (tierOdds === undefined) throw new Error(`no odds for ${playType.code} ${outcome.tier}`);
    const key = `${playType.id}:${outcome.number}`;
    const amount = (stakePerCombination * tierOdds) / (BP * outcome.divisor);
    out.set(key, (out.get(key) ?? 0n) + amount);
  }
  return out;
}
