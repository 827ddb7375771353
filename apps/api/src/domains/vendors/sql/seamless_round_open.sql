-- Whether money may move in a round: the one home of the round rule. True while the round is open;
-- false once a round end settled or cancelled it (the caller answers round_closed). With p_game
-- given (a bet) a round seen for the first time is opened; a round this call opens is its own row
-- until commit, which nobody can end. An existing round gets a share lock: it cannot end while this
-- call moves money in it. A round never seen (p_game null) is not open.
create or replace function seamless_round_open(
  p_brand bigint, p_vendor bigint, p_round text, p_game text
) returns boolean language plpgsql as $$
declare
  v_status text;
begin
  if p_game is not null then
    insert into seamless_rounds (brand_id, vendor_id, round_id, game_id)
      values (p_brand, p_vendor, p_round, p_game)
      on conflict (vendor_id, round_id) do nothing
      returning status into v_status;
  end if;
  if v_status is null then
    select status into v_status from seamless_rounds
      where vendor_id = p_vendor and round_id = p_round for share;
  end if;
  return v_status is not distinct from 'open';
end $$
