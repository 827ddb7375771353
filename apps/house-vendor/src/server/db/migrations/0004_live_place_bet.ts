import { type Kysely, sql } from 'kysely';

/**
 * `live_place_bet`: a live bet's placement in one round trip (issue 13: at a thousand players the
 * nine statements of the placement, each its own round trip, were most of the vendor's work per bet).
 * The same steps as before, in one function call (its own transaction): the table's round taken
 * FOR SHARE (its close waits for the placement), refused as `late` unless it is betting and its
 * close (server time, clock_timestamp) is still ahead; the player's lock on the round (the same
 * advisory key as the undo), their seat (created once), a repeated request id answers the first
 * bet (`again`), the per-round limit over the player's standing bets (`limit`), then the bet
 * (`fresh`, status placing). Each statement of the function sees what committed before it ran
 * (READ COMMITTED, a volatile function), so the sum after the lock counts every earlier bet.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function live_place_bet(
      p_table text, p_brand text, p_player text, p_session bigint, p_currency text,
      p_seat_id text, p_bet_id text, p_request_id text, p_kind text, p_numbers jsonb,
      p_stake bigint, p_per_round bigint)
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
    begin
      select r.id, (r.phase = 'betting' and r.closes_at > clock_timestamp()) into v_round, v_open
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
      select coalesce(sum(b.stake), 0) into v_staked
        from live_bets b
        where b.seat_id = v_seat and b.status in ('placing', 'placed', 'undoing');
      if v_staked + p_stake > p_per_round then
        return query select 'limit'::text, null::text, v_seat, v_round;
        return;
      end if;
      insert into live_bets (id, seat_id, round_id, request_id, kind, numbers, stake, status)
        values (p_bet_id, v_seat, v_round, p_request_id, p_kind, p_numbers, p_stake, 'placing');
      return query select 'fresh'::text, p_bet_id, v_seat, v_round;
    end
    $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function live_place_bet(text, text, text, bigint, text, text, text, text, text, jsonb, bigint, bigint)`.execute(
    db,
  );
}
