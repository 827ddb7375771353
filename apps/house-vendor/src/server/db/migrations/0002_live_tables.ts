import { type Kysely, sql } from 'kysely';

/**
 * The live tables (shared rounds on a clock). Amounts are bigint minor units.
 *
 * - `live_table_leases`: one row per table; the process whose lease runs drives the table's clock
 *   (a conditional upsert takes it over once it ran out), so several vendor processes can run.
 * - `live_shoes`: a baccarat / dragon tiger shoe: its seeds and order (secret until it is finished),
 *   the published commitment, the position of the next card; one `active` shoe per table.
 * - `live_rounds`: a table's round: its number, the shoe and first card (BAC/DAT) or the round seed
 *   (ROU/SIC), the commitment published before betting opened, the phase
 *   betting -> closed -> result -> settled (or -> cancelled), the close time (server time) and the result.
 * - `live_seats`: a player at a round: the wallet's round id for this player (one win and one roundEnd
 *   per player per round), the payout, a state machine like the slots' rounds, and a lease.
 * - `live_bets`: every placement, each its own wallet `bet` (`<id>:bet`, rollback `<id>:rollback`).
 *
 * `wallet_calls.round_id` also holds live seat ids: its foreign key to `rounds` is dropped.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table wallet_calls drop constraint if exists wallet_calls_round_id_fkey`.execute(db);

  await sql`
    create table live_table_leases (
      table_id text primary key,
      owner text not null,
      lease_until timestamptz not null
    )`.execute(db);

  await sql`
    create table live_shoes (
      id bigint generated always as identity primary key,
      table_id text not null,
      server_seed text not null check (server_seed ~ '^[0-9a-f]{64}$'),
      client_seed text not null,
      nonce integer not null check (nonce >= 0),
      commitment text not null check (commitment ~ '^[0-9a-f]{64}$'),
      cards jsonb not null,
      position integer not null default 0 check (position >= 0),
      status text not null default 'active' check (status in ('active', 'finished')),
      created_at timestamptz not null default now(),
      finished_at timestamptz
    )`.execute(db);
  await sql`create unique index live_shoes_one_active on live_shoes (table_id) where status = 'active'`.execute(
    db,
  );

  await sql`
    create table live_rounds (
      id text primary key,
      table_id text not null,
      game text not null check (game in ('BAC', 'DAT', 'ROU', 'SIC')),
      number integer not null check (number > 0),
      shoe_id bigint references live_shoes (id),
      shoe_start integer,
      round_seed text check (round_seed ~ '^[0-9a-f]{64}$'),
      commitment text not null check (commitment ~ '^[0-9a-f]{64}$'),
      phase text not null check (phase in ('betting', 'closed', 'result', 'settled', 'cancelled')),
      closes_at timestamptz not null,
      result jsonb,
      created_at timestamptz not null default now(),
      result_at timestamptz,
      ended_at timestamptz,
      check ((shoe_id is null) = (round_seed is not null)),
      unique (table_id, number)
    )`.execute(db);
  await sql`
    create unique index live_rounds_one_open on live_rounds (table_id)
    where phase in ('betting', 'closed', 'result')`.execute(db);

  await sql`
    create table live_seats (
      id text primary key,
      round_id text not null references live_rounds (id),
      table_id text not null,
      brand text not null,
      player_id text not null,
      session_id bigint not null references sessions (id),
      currency text not null,
      payout bigint check (payout >= 0),
      win_bet_id text,
      status text not null default 'open' check (
        status in ('open', 'paying', 'closing', 'settled', 'cancelling', 'cancelled', 'failed')
      ),
      balance_after bigint,
      error_code text,
      lease_until timestamptz not null default now(),
      created_at timestamptz not null default now(),
      ended_at timestamptz,
      unique (round_id, brand, player_id)
    )`.execute(db);
  await sql`create index live_seats_player_idx on live_seats (brand, player_id, table_id, created_at desc)`.execute(
    db,
  );
  await sql`
    create index live_seats_open_idx on live_seats (lease_until)
    where status in ('open', 'paying', 'closing', 'cancelling')`.execute(db);

  await sql`
    create table live_bets (
      id text primary key,
      seat_id text not null references live_seats (id),
      round_id text not null references live_rounds (id),
      request_id text not null,
      kind text not null,
      numbers jsonb not null,
      stake bigint not null check (stake > 0),
      status text not null check (
        status in ('placing', 'placed', 'refused', 'undoing', 'undone', 'rolling_back', 'rolled_back')
      ),
      payout bigint check (payout >= 0),
      error_code text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      unique (seat_id, request_id)
    )`.execute(db);
  await sql`create index live_bets_round_idx on live_bets (round_id, status)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table live_bets, live_seats, live_rounds, live_shoes, live_table_leases`.execute(db);
}
