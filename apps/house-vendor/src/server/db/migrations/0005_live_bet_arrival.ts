import { type Kysely, sql } from 'kysely';
import * as previous from './0004_live_place_bet.ts';

/**
 * `live_place_bet` judges a bet by its arrival, not by when it reached the database (issue 13: with
 * two processes 8% of the bets sent inside the betting window waited in the connection pool past the
 * close and were refused `late`). The vendor measures on its own monotonic clock how long the request
 * has waited since it arrived, up to the moment it holds a database connection (`p_waited_ms`, never
 * from the client), and the function places the arrival on the database's clock: the function's start
 * (clock_timestamp()) minus the wait; the transit of the call is not counted, so the arrival is never
 * earlier than the truth. A bet is taken when it arrived before the close, the round is still `betting`
 * or `closed` (no result revealed), and the close is at most `p_grace_ms` (at most 2 s) before the
 * function's start. The reveal, an UPDATE of the round in the engine, waits for the FOR SHARE lock of
 * every placement in progress and is done only once the grace has passed.
 * Everything else is as in 0004.
 * This body stays as it was written (also what 0006's down() restores); since 0006 the function's one
 * current source is live/sql/live_place_bet.sql, applied as a repeatable migration.
 */
export const LIVE_PLACE_BET_0005 = sql`
    create function live_place_bet(
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
      v_now timestamptz := clock_timestamp();
    begin
      if p_waited_ms is null or p_waited_ms < 0 or p_grace_ms is null or p_grace_ms < 0 or p_grace_ms > 2000 then
        raise exception 'live_place_bet: bad arrival (% ms waited, % ms grace)', p_waited_ms, p_grace_ms;
      end if;
      select r.id,
          (r.phase in ('betting', 'closed')
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
    $$`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await previous.down(db);
  await LIVE_PLACE_BET_0005.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function live_place_bet(text, text, text, bigint, text, text, text, text, text, jsonb, bigint, bigint, double precision, integer)`.execute(
    db,
  );
  await previous.up(db);
}
