-- Ends a round: its open bets become settled (lost) and the round `settled`, or `cancelled` when
-- every bet was rolled back or refused (or it never had one: a later bet on it is then refused).
-- Ending an ended round answers its status again. The round row is locked first, as every money
-- call of the round locks it (share) before its bet.
create or replace function seamless_round_end(
  p_brand bigint, p_vendor bigint, p_round text, p_game text
) returns text language plpgsql
-- Fails fast when a wallet, bet or round stays locked by another connection: the service answers
-- wallet_busy (55P03) well under a vendor's timeout instead of holding a pool connection waiting.
set lock_timeout = '1s'
as $$
declare
  v_round record;
  v_status text;
begin
  insert into seamless_rounds (brand_id, vendor_id, round_id, game_id)
    values (p_brand, p_vendor, p_round, p_game)
    on conflict (vendor_id, round_id) do nothing;
  select id, status into v_round from seamless_rounds
    where vendor_id = p_vendor and round_id = p_round for update;
  if v_round.status in ('settled', 'cancelled') then
    return v_round.status;
  end if;
  update seamless_transactions set bet_state = 'settled', updated_at = now()
    where round_id = p_round and vendor_id = p_vendor and kind in ('bet', 'bet_win') and bet_state = 'open';
  v_status := case when exists (
      select 1 from seamless_transactions
        where round_id = p_round and vendor_id = p_vendor and kind in ('bet', 'bet_win')
          and bet_state in ('won', 'settled'))
    then 'settled' else 'cancelled' end;
  update seamless_rounds set status = v_status, closed_at = now() where id = v_round.id;
  return v_status;
end $$
