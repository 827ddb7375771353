/** Settlement of one parsed slip against a draw: integer arithmetic only, floored once per prize tier. */
import type { ParsedSlip } from './slip.ts';
import { BP, type Draw, type PlayType, type PrizeMode, type Selection } from './types.ts';

/**
 * What the selection wins against the draw at `stakePerCombination` (unit x multiple), in minor
 * units, with the odds given per tier (basis points): each win pays stake x count x odds /
 * (10_000 x divisor), floored.
 */
export function payoutWithOdds(
  playType: PlayType,
  selection: Selection,
  draw: Draw,
  odds: Readonly<Record<string, bigint>>,
  stakePerCombination: bigint,
): bigint {
  let total = 0n;
  for (const win of playType.wins(selection, draw)) {
    const tierOdds = odds[win.tier];
    if (tierOdds === undefined) throw new Error(`no odds for ${playType.code} ${win.tier}`);
    total += (stakePerCombination * win.count * tierOdds) / (BP * win.divisor);
  }
  return total;
}

/** What `multiple` units of `unitStake` on the selection win against the draw, in minor units. */
export function payoutOf(
  playType: PlayType,
  selection: Selection,
  draw: Draw,
  prizeMode: PrizeMode,
  stakePerCombination: bigint,
): bigint {
  return payoutWithOdds(playType, selection, draw, playType.odds[prizeMode], stakePerCombination);
}

export function settleSlip(slip: ParsedSlip, draw: Draw, prizeMode: PrizeMode): bigint {
  return payoutOf(slip.playType, slip.selection, draw, prizeMode, slip.unitStake * slip.multiple);
}
