-- What a journal entry kind is to the limits (docs/limits.md), from the kinds' declarations
-- (docs/money-facts.md; limits-kinds.unit.test.ts checks these lists against them):
--   game    a game's stake, win or stake-and-win: a debit of a member account is a stake, a credit a win;
--   return  a stake given back (rollback, cancelled order or draw): a credit undoes a stake;
--   bonus   bonus money credited: a win only where the brand says so (limit_settings.bonus_counts_as_win);
--   deposit a deposit, or a transfer received from another member (an upline or agent): a credit of
--           the main wallet is a deposit.
-- Any other kind (withdrawals, adjustments, transfer-mode moves, a chase's hold) counts for nothing.
create or replace function limits_kind_class(p_kind text) returns text
language sql immutable parallel safe as $$
  select case
    when p_kind in ('seamless_bet', 'seamless_win', 'seamless_bet_win', 'lottery_bet', 'lottery_chase_stake',
                    'lottery_win') then 'game'
    when p_kind in ('seamless_rollback', 'lottery_refund') then 'return'
    when p_kind in ('promotion_free_round_win', 'points_convert', 'points_exchange_cash', 'promotion_bonus',
                    'referral_reward', 'vip_bonus', 'vip_rebate', 'mission_reward') then 'bonus'
    when p_kind in ('deposit', 'transfer_upline') then 'deposit'
  end
$$
