import { type Kysely, sql } from 'kysely';

/**
 * Points (issue 15): a member's points are integers in their own double-entry ledger, apart from
 * money. `points_accounts` (a member's points, and per brand the accounts they come from and go to:
 * `earned`, `exchange_hold`, `redeemed`, `converted`, `returned`), `points_entries` (one per
 * movement, its idempotency key unique per brand) and `points_postings` (its legs, summing to zero,
 * with the balance after each). Entries and postings are append-only (triggers refuse UPDATE and
 * DELETE); a member's account never goes below zero (CHECK).
 *
 * Earning: `points_rates` (milli-points per major unit of turnover, per brand and category; the
 * spec's nav values when a brand has none), `points_accruals` (per member and category the
 * turnover times the rate not yet turned into whole points, so no fraction is lost to rounding) and
 * `points_earned_events` (the journal entries already counted, so a redelivered event counts once).
 * The mall: `points_products` (physical or cash, stock never negative) and `points_exchanges`
 * (a member's redemptions: applying, then passed or rejected once).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table points_settings (
      brand_id bigint primary key references brands (id) on delete cascade,
      convert_points bigint not null check (convert_points > 0),
      convert_cash bigint not null check (convert_cash >= 0),
      min_convert_points bigint not null check (min_convert_points > 0),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    create table points_rates (
      brand_id bigint not null references brands (id) on delete cascade,
      category text not null check (category in ('LIVE', 'SPORTS', 'RNG', 'FISH', 'PVP', 'ESPORTS', 'LOTT', 'ELOTT', 'DEPOSIT')),
      milli_points integer not null check (milli_points between 0 and 1000000),
      updated_at timestamptz not null default now(),
      primary key (brand_id, category)
    )`.execute(db);
  await sql`
    create table points_accounts (
      id bigint generated always as identity primary key,
      brand_id bigint not null references brands (id) on delete cascade,
      kind text not null check (kind in ('member', 'earned', 'exchange_hold', 'redeemed', 'converted')),
      member_id bigint references members (id) on delete cascade,
      owner_key text not null,
      balance bigint not null default 0,
      created_at timestamptz not null default now(),
      check ((kind = 'member') = (member_id is not null)),
      check (kind not in ('member', 'exchange_hold') or balance >= 0)
    )`.execute(db);
  await sql`create unique index points_accounts_owner_uq on points_accounts (brand_id, kind, owner_key)`.execute(
    db,
  );
  await sql`
    create table points_entries (
      id bigint generated always as identity primary key,
      brand_id bigint not null references brands (id) on delete cascade,
      kind text not null check (kind in ('earn', 'redeem', 'exchange_pass', 'exchange_reject', 'convert')),
      category text,
      idempotency_key text not null,
      request_hash text not null,
      reference text not null default '',
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create unique index points_entries_key_uq on points_entries (brand_id, idempotency_key)`.execute(
    db,
  );
  await sql`
    create table points_postings (
      id bigint generated always as identity primary key,
      entry_id bigint not null references points_entries (id),
      account_id bigint not null references points_accounts (id),
      amount bigint not null check (amount <> 0),
      balance_after bigint not null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index points_postings_account_idx on points_postings (account_id, created_at, id)`.execute(
    db,
  );
  await sql`create index points_postings_entry_idx on points_postings (entry_id)`.execute(db);
  await sql`
    create function points_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'points ledger is append-only (%)', tg_table_name;
    end $$`.execute(db);
  for (const table of ['points_entries', 'points_postings']) {
    await sql`
      create trigger ${sql.raw(`${table}_append_only`)} before update or delete on ${sql.raw(table)}
      for each row execute function points_append_only()`.execute(db);
  }
  // Every entry's postings sum to zero, checked at commit (the service checks before writing too).
  await sql`
    create function points_entry_balanced() returns trigger language plpgsql as $$
    begin
      if (select coalesce(sum(amount), 0) from points_postings where entry_id = new.entry_id) <> 0 then
        raise exception 'points entry % does not sum to zero', new.entry_id;
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create constraint trigger points_postings_balanced after insert on points_postings
    deferrable initially deferred for each row execute function points_entry_balanced()`.execute(db);

  await sql`
    create table points_accruals (
      brand_id bigint not null references brands (id) on delete cascade,
      member_id bigint not null references members (id) on delete cascade,
      category text not null,
      accrued numeric(40, 0) not null default 0,
      posted bigint not null default 0,
      updated_at timestamptz not null default now(),
      primary key (brand_id, member_id, category)
    )`.execute(db);
  await sql`
    create table points_earned_events (
      journal_entry_id bigint primary key,
      brand_id bigint not null,
      created_at timestamptz not null default now()
    )`.execute(db);

  await sql`
    create table points_products (
      id bigint generated always as identity primary key,
      brand_id bigint not null references brands (id) on delete cascade,
      name text not null check (length(name) between 1 and 100),
      description text not null default '' check (length(description) <= 1000),
      kind text not null check (kind in ('physical', 'cash')),
      image_url text not null default '',
      points bigint not null check (points > 0),
      cash_amount bigint not null default 0 check (cash_amount >= 0),
      stock integer not null check (stock >= 0),
      status text not null default 'active' check (status in ('active', 'inactive')),
      sort_order integer not null default 0,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      check ((kind = 'cash') = (cash_amount > 0))
    )`.execute(db);
  await sql`create index points_products_brand_idx on points_products (brand_id, status, sort_order, id)`.execute(
    db,
  );
  await sql`
    create table points_exchanges (
      id bigint generated always as identity primary key,
      brand_id bigint not null references brands (id) on delete cascade,
      member_id bigint not null references members (id) on delete cascade,
      product_id bigint not null references points_products (id),
      product_name text not null,
      kind text not null check (kind in ('physical', 'cash')),
      quantity integer not null check (quantity between 1 and 100),
      points bigint not null check (points > 0),
      cash_amount bigint not null default 0,
      address text not null,
      phone text not null,
      client_request_id text not null,
      status text not null default 'applying' check (status in ('applying', 'passed', 'rejected')),
      reason text not null default '',
      operator_id bigint,
      decided_at timestamptz,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create unique index points_exchanges_request_uq on points_exchanges (brand_id, member_id, client_request_id)`.execute(
    db,
  );
  await sql`create index points_exchanges_member_idx on points_exchanges (brand_id, member_id, created_at desc, id desc)`.execute(
    db,
  );
  await sql`create index points_exchanges_status_idx on points_exchanges (brand_id, status, created_at, id)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'points_exchanges',
    'points_products',
    'points_earned_events',
    'points_accruals',
    'points_postings',
    'points_entries',
    'points_accounts',
    'points_rates',
    'points_settings',
  ]) {
    await sql`drop table if exists ${sql.raw(table)}`.execute(db);
  }
  await sql`drop function if exists points_entry_balanced()`.execute(db);
  await sql`drop function if exists points_append_only()`.execute(db);
}
