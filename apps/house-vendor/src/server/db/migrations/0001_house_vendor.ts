import { type Kysely, sql } from 'kysely';

/**
 * The house vendor's own storage (never the platform's): its players' sessions, their provably fair
 * seed pairs, every round and every wallet call with its answer. Amounts are bigint minor units.
 *
 * - `sessions`: one per launch. The browser holds a random token (only its SHA-256 is kept); the
 *   platform's seamless token stays here (null in free play). `play_balance` is free play's money,
 *   kept by the vendor and never shown as the member's balance.
 * - `seed_pairs`: per (brand, player) at most one `active` pair (partial unique index); `next_nonce`
 *   is taken by a conditional update in the round's own transaction; a rotation reveals the pair.
 * - `rounds`: one per paid spin and the free spins it triggers. `request_id` (the page's id of a
 *   spin) is unique per player, so a double click is one round. `status` walks
 *   betting -> paying -> closing -> settled, or betting -> refused, or betting -> rolling_back ->
 *   cancelled (`failed`: the wallet refused a win or rollback it had to take; an operator looks).
 *   `lease_until`: the process playing the round owns it until then; recovery takes rounds whose
 *   lease ran out.
 * - `wallet_calls`: every attempt of every call (the token blanked out), its HTTP status and body.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table sessions (
      id bigint generated always as identity primary key,
      token_hash text not null unique check (token_hash ~ '^[0-9a-f]{64}$'),
      brand text not null,
      player_id text not null,
      nickname text not null,
      mode text not null check (mode in ('real', 'demo', 'free')),
      platform_token text,
      game_id text not null,
      currency text not null,
      language text not null,
      play_balance bigint check (play_balance >= 0),
      check ((mode = 'free') = (platform_token is null)),
      check ((mode = 'free') = (play_balance is not null)),
      expires_at timestamptz not null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index sessions_player_idx on sessions (brand, player_id)`.execute(db);

  await sql`
    create table seed_pairs (
      id bigint generated always as identity primary key,
      brand text not null,
      player_id text not null,
      server_seed text not null check (server_seed ~ '^[0-9a-f]{64}$'),
      server_seed_hash text not null check (server_seed_hash ~ '^[0-9a-f]{64}$'),
      client_seed text not null,
      next_nonce integer not null default 0 check (next_nonce >= 0),
      status text not null default 'active' check (status in ('active', 'revealed')),
      created_at timestamptz not null default now(),
      revealed_at timestamptz
    )`.execute(db);
  await sql`create unique index seed_pairs_one_active on seed_pairs (brand, player_id) where status = 'active'`.execute(
    db,
  );
  await sql`create index seed_pairs_player_idx on seed_pairs (brand, player_id, id desc)`.execute(db);

  await sql`
    create table rounds (
      id text primary key,
      brand text not null,
      player_id text not null,
      session_id bigint not null references sessions (id),
      request_id text not null,
      game_id text not null,
      mode text not null check (mode in ('real', 'demo', 'free')),
      currency text not null,
      seed_pair_id bigint not null references seed_pairs (id),
      nonce integer not null check (nonce >= 0),
      coin_value bigint not null check (coin_value > 0),
      stake bigint not null check (stake > 0),
      payout bigint check (payout >= 0),
      outcome jsonb,
      status text not null check (
        status in ('betting', 'refused', 'rolling_back', 'cancelled', 'paying', 'closing', 'settled', 'failed')
      ),
      error_code text,
      balance_after bigint,
      lease_until timestamptz not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      settled_at timestamptz,
      unique (brand, player_id, request_id),
      unique (seed_pair_id, nonce)
    )`.execute(db);
  await sql`create index rounds_player_idx on rounds (brand, player_id, created_at desc)`.execute(db);
  await sql`
    create index rounds_open_idx on rounds (lease_until)
    where status in ('betting', 'rolling_back', 'paying', 'closing')`.execute(db);

  await sql`
    create table wallet_calls (
      id bigint generated always as identity primary key,
      round_id text references rounds (id),
      brand text not null,
      call text not null,
      transaction_id text,
      attempt integer not null,
      request text not null,
      http_status integer,
      response text,
      error text,
      duration_ms integer not null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index wallet_calls_round_idx on wallet_calls (round_id, id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table wallet_calls, rounds, seed_pairs, sessions`.execute(db);
}
