/**
 * The state of a bonus record once its bonus is credited (a claim, a raffle prize): in process with
 * the bonus locked while wagering is required, otherwise claimed with nothing locked. From then on
 * its state follows the promotions' wagering rule, sql/promotion_wagering_state.sql (in process
 * until wagered, then signed and unlocked), which the progress (addProgress) and a free spin's win
 * (sql/promotion_free_round_won.sql) apply. These two are the only places the states are decided.
 */
export function creditedState(
  required: bigint,
  bonus: bigint,
): { state: 'process' | 'claimed'; locked_amount: string } {
  return required > 0n
    ? { state: 'process', locked_amount: bonus.toString() }
    : { state: 'claimed', locked_amount: '0' };
}
