import { type Kysely, sql } from 'kysely';

/**
 * Promotions and bonuses with wagering (issue 15, part "promotions"):
 * - `promotions`: per brand, composed by operators (rules, reward, wagering, period, frequency);
 * - `member_promotions`: one member's record of one promotion in one frequency period, its state
 *   (the state machine in promotion-states.ts) and, once claimed, its bonus and wagering record;
 * - `promotion_wagering_entries`: the ledger entries (bets) already counted towards a bonus's
 *   wagering, so a redelivered event counts once; over-max bets are kept flagged, counting nothing.
 * Money: the bonus moves from the brand's pool (house account, owner `promotions:bonus_pool`) to the
 * member's main wallet in one entry (key `promotion:<id>:bonus`); a forfeit moves min(locked,
 * balance) back in one entry (key `promotion:<id>:forfeit`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table promotions (
      id bigint generated always as identity primary key,
      brand_id bigint not null references brands (id) on delete cascade,
      title_en text not null,
      title_ms text not null default '',
      title_cn text not null default '',
      content_en text not null default '',
      content_ms text not null default '',
      content_cn text not null default '',
      image text not null default '',
      status text not null default 'draft' check (status in ('draft', 'active', 'archived')),
      starts_at timestamptz not null,
      ends_at timestamptz not null,
      frequency text not null check (frequency in ('once', 'daily', 'weekly', 'monthly')),
      rules jsonb not null default '{}',
      reward_kind text not null check (reward_kind in ('fixed', 'percent')),
      reward_amount bigint not null default 0 check (reward_amount >= 0),
      reward_percent_bp integer not null default 0 check (reward_percent_bp between 0 and 100000),
      reward_cap bigint not null default 0 check (reward_cap >= 0),
      wagering_multiplier integer not null default 0 check (wagering_multiplier between 0 and 1000),
      wagering_includes_deposit boolean not null default false,
      contributions jsonb not null default '{}',
      max_bet bigint not null default 0 check (max_bet >= 0),
      expiry_days integer not null default 30 check (expiry_days between 1 and 3650),
      needs_approval boolean not null default false,
      asks_contact boolean not null default false,
      sort_order integer not null default 0,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      check (ends_at > starts_at)
    )`.execute(db);
  await sql`create index promotions_brand_idx on promotions (brand_id, status, sort_order, id)`.execute(db);

  await sql`
    create table member_promotions (
      id bigint generated always as identity primary key,
      brand_id bigint not null references brands (id) on delete cascade,
      promotion_id bigint not null references promotions (id) on delete cascade,
      member_id bigint not null references members (id) on delete cascade,
      period_key text not null,
      state text not null check (state in ('applying', 'rejected', 'issued', 'claimed', 'process', 'signed', 'close')),
      close_reason text not null default '',
      reject_reason text not null default '',
      deposit_id bigint,
      deposit_amount bigint not null default 0,
      bonus_amount bigint not null default 0 check (bonus_amount >= 0),
      wagering_required bigint not null default 0 check (wagering_required >= 0),
      wagering_done bigint not null default 0 check (wagering_done >= 0),
      locked_amount bigint not null default 0 check (locked_amount >= 0),
      forfeited_amount bigint not null default 0 check (forfeited_amount >= 0),
      flagged_bets integer not null default 0,
      contact_kind text not null default '',
      contact_id text not null default '',
      claimed_at timestamptz,
      expires_at timestamptz,
      decided_by bigint,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create unique index member_promotions_period_uq on member_promotions (promotion_id, member_id, period_key)`.execute(
    db,
  );
  await sql`create unique index member_promotions_deposit_uq on member_promotions (promotion_id, deposit_id) where deposit_id is not null`.execute(
    db,
  );
  await sql`create index member_promotions_member_idx on member_promotions (brand_id, member_id, state)`.execute(
    db,
  );
  await sql`create index member_promotions_queue_idx on member_promotions (brand_id, state, id)`.execute(db);
  await sql`create index member_promotions_active_idx on member_promotions (member_id) where state = 'process'`.execute(
    db,
  );

  await sql`
    create table promotion_wagering_entries (
      member_promotion_id bigint not null references member_promotions (id) on delete cascade,
      entry_id bigint not null,
      category text not null,
      stake bigint not null,
      counted bigint not null,
      over_max_bet boolean not null default false,
      created_at timestamptz not null default now(),
      primary key (member_promotion_id, entry_id)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists promotion_wagering_entries`.execute(db);
  await sql`drop table if exists member_promotions`.execute(db);
  await sql`drop table if exists promotions`.execute(db);
}
