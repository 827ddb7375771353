-- Takes one round of a free-round grant for a free spin (docs/free-rounds.md), shared by
-- seamless_bet and seamless_bet_win: one conditional update, so parallel spins never use more
-- rounds than granted. No such round (other member's, used up, expired, cancelled, other game or
-- stake) raises free_round_invalid and the caller's statement keeps nothing. The wallet the game
-- plays from does not matter: nothing is debited (the win goes to the main wallet as bonus).
create or replace function seamless_free_round_take(
  p_brand bigint, p_grant bigint, p_member bigint, p_vendor bigint, p_game text, p_stake bigint
) returns void language plpgsql as $$
declare
  v_taken bigint;
begin
  update free_round_grants set
      rounds_used = rounds_used + 1,
      state = case when rounds_used + 1 = rounds_granted then 'used' else state end,
      updated_at = now()
    where id = p_grant and brand_id = p_brand and member_id = p_member and vendor_id = p_vendor
      and game_code = p_game and stake = p_stake and rounds_used < rounds_granted
      and expires_at > now() and state = 'active'
    returning id into v_taken;
  if v_taken is null then
    raise exception 'seamless:free_round_invalid';
  end if;
end $$
