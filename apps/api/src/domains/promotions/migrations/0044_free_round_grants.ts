import { type Kysely, sql } from 'kysely';

/**
 * Free-round rewards (issue 15, docs/free-rounds.md): a promotion of reward kind `free_rounds`
 * gives N rounds of one house slot (`free_rounds_game`, a catalogue game) at one fixed stake.
 * Claiming it makes a `free_round_grants` row; the seamless bet (or bet-and-win) of a free spin names
 * the grant and takes one round of it with a conditional update (seamless_bet.sql) instead of
 * debiting the wallet, and `seamless_transactions.free_round_grant_id` remembers it so the win is
 * paid from the bonus pool under the promotion's wagering and a rollback gives the round back.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table promotions drop constraint promotions_reward_kind_check`.execute(db);
  await sql`alter table promotions add constraint promotions_reward_kind_check
    check (reward_kind in ('fixed', 'percent', 'raffle', 'free_rounds'))`.execute(db);
  await sql`alter table promotions
    add column free_rounds_game bigint references games (id) on delete set null,
    add column free_rounds_stake bigint not null default 0 check (free_rounds_stake >= 0),
    add column free_rounds_count integer not null default 0 check (free_rounds_count between 0 and 1000)`.execute(
    db,
  );
  await sql`
    create table free_round_grants (
      id bigint generated always as identity primary key,
      brand_id bigint not null references brands (id) on delete cascade,
      member_id bigint not null references members (id) on delete cascade,
      record_id bigint not null unique references member_promotions (id) on delete cascade,
      vendor_id bigint not null references vendors (id) on delete cascade,
      game_code text not null,
      stake bigint not null check (stake > 0),
      rounds_granted integer not null check (rounds_granted between 1 and 1000),
      rounds_used integer not null default 0 check (rounds_used >= 0 and rounds_used <= rounds_granted),
      expires_at timestamptz not null,
      state text not null default 'active' check (state in ('active', 'used', 'expired', 'cancelled')),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index free_round_grants_member_idx on free_round_grants (member_id, vendor_id, game_code)
    where state = 'active'`.execute(db);
  await sql`create index free_round_grants_expiry_idx on free_round_grants (expires_at) where state = 'active'`.execute(
    db,
  );
  await sql`alter table seamless_transactions add column free_round_grant_id bigint`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function if exists seamless_free_round_take`.execute(db);
  await sql`drop function if exists seamless_free_round_pay`.execute(db);
  await sql`alter table seamless_transactions drop column if exists free_round_grant_id`.execute(db);
  await sql`drop table if exists free_round_grants`.execute(db);
  await sql`delete from promotions where reward_kind = 'free_rounds'`.execute(db);
  await sql`alter table promotions
    drop column free_rounds_game, drop column free_rounds_stake, drop column free_rounds_count`.execute(db);
  await sql`alter table promotions drop constraint promotions_reward_kind_check`.execute(db);
  await sql`alter table promotions add constraint promotions_reward_kind_check
    check (reward_kind in ('fixed', 'percent', 'raffle'))`.execute(db);
}
