/** Settlement of one parsed slip against a draw: integer arithmetic only, floored once per prize tier. */
import type { ParsedSlip } from './slip.ts';
import { BP, type Draw, type PlayType, type PrizeMode, type Selection } from './types.ts';

/** What `multiple` units of `unitStake` on the selection win against the draw, in minor units. */
export function payoutOf(
  playType: PlayType,
  selection: Selection,
  draw: Draw,
  prizeMode: PrizeMode,
  stakePerCombination: bigint,
): bigint {
  let total = 0n;
  for (const win of playType.wins(selection, draw)) {
    const odds = playType.odds[prizeMode][win.tier];
    if (odds === undefined) throw new Error(`no odds for ${playType.code} ${win.tier} in ${prizeMode}`);
    total += (stakePerCombination * win.count * odds) / (BP * win.divisor);
  }
  return total;
}

export function settleSlip(slip: ParsedSlip, draw: Draw, prizeMode: PrizeMode): bigint {
  return payoutOf(slip.playType, slip.selection, draw, prizeMode, slip.unitStake * slip.multiple);
}
