import { type Kysely, sql } from 'kysely';

/**
 * Raffle promotions (issue 15, `MCS2_claimRafflePromotion`): a promotion of reward kind `raffle`
 * gives a ticket (the member's record); drawing it picks one of the promotion's prizes by weight
 * among those in stock, provably fairly:
 * - `promotion_raffles`: the server seed of the raffle, made when the promotion is created, and its
 *   SHA-256 (published from the start; the seed is shown once the promotion has ended);
 * - `promotion_raffle_prizes`: name, amount (bonus money under the promotion's wagering), weight,
 *   stock and what remains (never below zero);
 * - `promotion_raffle_draws`: one row per ticket (primary key), with the client seed, the roll and
 *   the prizes in stock at the draw, so each ticket is drawn once and anyone can check it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table promotions drop constraint promotions_reward_kind_check`.execute(db);
  await sql`alter table promotions add constraint promotions_reward_kind_check
    check (reward_kind in ('fixed', 'percent', 'raffle'))`.execute(db);
  await sql`
    create table promotion_raffles (
      promotion_id bigint primary key references promotions (id) on delete cascade,
      brand_id bigint not null references brands (id) on delete cascade,
      server_seed text not null check (server_seed ~ '^[0-9a-f]{64}$'),
      seed_hash text not null check (seed_hash ~ '^[0-9a-f]{64}$'),
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    create table promotion_raffle_prizes (
      id bigint generated always as identity primary key,
      brand_id bigint not null references brands (id) on delete cascade,
      promotion_id bigint not null references promotions (id) on delete cascade,
      position integer not null,
      name_en text not null,
      name_ms text not null default '',
      name_cn text not null default '',
      amount bigint not null check (amount > 0),
      weight integer not null check (weight between 1 and 1000000),
      stock integer not null check (stock >= 0),
      remaining integer not null check (remaining >= 0 and remaining <= stock),
      unique (promotion_id, position)
    )`.execute(db);
  await sql`
    create table promotion_raffle_draws (
      record_id bigint primary key references member_promotions (id) on delete cascade,
      brand_id bigint not null references brands (id) on delete cascade,
      promotion_id bigint not null references promotions (id) on delete cascade,
      member_id bigint not null,
      prize_id bigint not null references promotion_raffle_prizes (id),
      client_seed text not null,
      roll text not null,
      available jsonb not null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index promotion_raffle_draws_promotion on promotion_raffle_draws (promotion_id)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists promotion_raffle_draws`.execute(db);
  await sql`drop table if exists promotion_raffle_prizes`.execute(db);
  await sql`drop table if exists promotion_raffles`.execute(db);
  await sql`delete from promotions where reward_kind = 'raffle'`.execute(db);
  await sql`alter table promotions drop constraint promotions_reward_kind_check`.execute(db);
  await sql`alter table promotions add constraint promotions_reward_kind_check
    check (reward_kind in ('fixed', 'percent'))`.execute(db);
}
