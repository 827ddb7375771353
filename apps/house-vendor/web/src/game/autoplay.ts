/**
 * Autoplay: a number of spins with stop conditions the player sets before it starts. It stops on
 * the count, on a single round paying at least `stopOnWinAtLeast`, when the balance falls below
 * `stopIfBalanceBelow`, and on anything that is not a settled round (refused, pending, an error).
 * Amounts are minor units (bigint); null means "no such condition".
 */
export type AutoplaySettings = {
  count: number;
  stopOnWinAtLeast: bigint | null;
  stopIfBalanceBelow: bigint | null;
};

export const AUTOPLAY_COUNTS = [10, 25, 50, 100] as const;

export type AutoplayStop = 'count' | 'win' | 'balance' | 'round';

export type AutoplayRound = {
  status: string;
  payout: bigint | null;
  balance: bigint | null;
};

/** Whether autoplay goes on after `played` rounds, the last of which is `last`; the reason if not. */
export function autoplayStop(
  settings: AutoplaySettings,
  played: number,
  last: AutoplayRound,
): AutoplayStop | null {
  if (last.status !== 'settled') return 'round';
  if (settings.stopOnWinAtLeast !== null && last.payout !== null && last.payout >= settings.stopOnWinAtLeast)
    return 'win';
  if (
    settings.stopIfBalanceBelow !== null &&
    last.balance !== null &&
    last.balance < settings.stopIfBalanceBelow
  )
    return 'balance';
  if (played >= settings.count) return 'count';
  return null;
}
