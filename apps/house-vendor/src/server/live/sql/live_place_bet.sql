-- live_place_bet: a live bet's placement in one round trip (issue 13), judged by its arrival.
-- The one current source of this function: applied by the vendor's migrator after its migrations
-- whenever this file's sha256 changes (repeatable migrations, @lotus/db-repeatable; checksums in
-- house_vendor_repeatable_migrations, migration 0006). Edit this file; never copy the body into a
-- new migration. Its rules (the round taken FOR SHARE, arrival = clock_timestamp() minus the wait
-- the vendor measured, the close's grace of at most 2 s, the player's advisory lock, the seat, a
-- repeated request id, the per-round limit) are described in migrations 0004 and 0005, whose
-- first versions stay there for databases migrated back. Three rules are this file's alone: a bet
-- is placed only in the round that was betting at its arrival (one that arrived before the round
-- opened, held back by a slow client or a queue, is late: never moved into a round its player may
-- not have seen); a request id answers its bet in any later round too (migration 0007 indexes it);
-- and at most
-- v_max_bets bets per seat (a player's round at a table), whatever became of them (refused by the
-- wallet, undone): each is a wallet call, so a player with no money, or betting and undoing in a
-- loop, cannot make the wallet work without bound. Past it the outcome is 'limit' (bet_limit).
create or replace function live_place_bet(
  p_table text, p_brand text, p_player text, p_session bigint, p_currency text,
  p_seat_id text, p_bet_id text, p_request_id text, p_kind text, p_numbers jsonb,
  p_stake bigint, p_per_round bigint, p_waited_ms double precision, p_grace_ms integer)
returns table (outcome text, bet_id text, seat_id text, round_id text)
language plpgsql volatile as $$
#variable_conflict use_column
declare
  v_round text;
  v_open boolean;
  v_seat text;
  v_seat_currency text;
  v_seat_status text;
  v_again text;
  v_staked numeric;
  v_bets integer;
  v_max_bets constant integer := 200;
  v_now timestamptz := clock_timestamp();
begin
  if p_waited_ms is null or p_waited_ms < 0 or p_grace_ms is null or p_grace_ms < 0 or p_grace_ms > 2000 then
    raise exception 'live_place_bet: bad arrival (% ms waited, % ms grace)', p_waited_ms, p_grace_ms;
  end if;
  -- A request id the player already used at this table, in any round (a retry or a replay that
  -- outlived its round): its bet, never a second one. Within one round the same check is made again
  -- under the player's lock below, where requests sent at once meet.
  select b.id, s.id, s.round_id into v_again, v_seat, v_round
    from live_bets b join live_seats s on s.id = b.seat_id
    where b.request_id = p_request_id and s.table_id = p_table and s.brand = p_brand and s.player_id = p_player
    limit 1;
  if v_again is not null then
    return query select 'again'::text, v_again, v_seat, v_round;
    return;
  end if;
  select r.id,
      (r.phase in ('betting', 'closed')
        and v_now - make_interval(secs => p_waited_ms / 1000) >= r.created_at
        and v_now - make_interval(secs => p_waited_ms / 1000) < r.closes_at
        and v_now < r.closes_at + make_interval(secs => p_grace_ms / 1000.0))
    into v_round, v_open
    from live_rounds r
    where r.table_id = p_table and r.phase in ('betting', 'closed', 'result')
    for share;
  if v_round is null or not v_open then
    return query select 'late'::text, null::text, null::text, null::text;
    return;
  end if;
  perform pg_advisory_xact_lock(hashtext(v_round || '/' || p_brand || '/' || p_player));
  insert into live_seats (id, round_id, table_id, brand, player_id, session_id, currency)
    values (p_seat_id, v_round, p_table, p_brand, p_player, p_session, p_currency)
    on conflict (round_id, brand, player_id) do nothing;
  select s.id, s.currency, s.status into v_seat, v_seat_currency, v_seat_status
    from live_seats s
    where s.round_id = v_round and s.brand = p_brand and s.player_id = p_player;
  if v_seat is null or v_seat_status <> 'open' or v_seat_currency <> p_currency then
    return query select 'late'::text, null::text, null::text, null::text;
    return;
  end if;
  select b.id into v_again from live_bets b where b.seat_id = v_seat and b.request_id = p_request_id;
  if v_again is not null then
    return query select 'again'::text, v_again, v_seat, v_round;
    return;
  end if;
  select coalesce(sum(b.stake) filter (where b.status in ('placing', 'placed', 'undoing')), 0), count(*)
    into v_staked, v_bets
    from live_bets b
    where b.seat_id = v_seat;
  if v_staked + p_stake > p_per_round or v_bets >= v_max_bets then
    return query select 'limit'::text, null::text, v_seat, v_round;
    return;
  end if;
  insert into live_bets (id, seat_id, round_id, request_id, kind, numbers, stake, status)
    values (p_bet_id, v_seat, v_round, p_request_id, p_kind, p_numbers, p_stake, 'placing');
  return query select 'fresh'::text, p_bet_id, v_seat, v_round;
end
$$
