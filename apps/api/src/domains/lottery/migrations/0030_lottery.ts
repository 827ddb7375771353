import { type Kysely, sql } from 'kysely';

/**
 * The platform's own lottery (issue 14): games per brand with their schedule, odds overrides per
 * prize mode, limits and per-number liability caps, numeros (draw periods) with the provably fair
 * seed and the result, result entries of official-result games (a second operator approves),
 * orders, chases with their steps, and the house's exposure per numero and number.
 *
 * Money moves through the ledger: an order's stake goes from the member's main wallet to one of the
 * brand's lottery house accounts (kind `house`, owner `lottery:<shard>`, or `lottery:demo` for trial
 * accounts), a chase's stakes for its future numeros wait in the member's `lottery_hold` account (a
 * kind added here, never negative). Every state change of a numero, an order or a chase is a
 * conditional UPDATE on its status made in the transaction that moves its money.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Widen the ledger's account kinds by what the constraint holds now (as migration 0006 does).
  const current = await sql<{ def: string }>`
    select pg_get_constraintdef(c.oid) as def from pg_constraint c
    where c.conrelid = 'ledger_accounts'::regclass and c.conname = 'ledger_accounts_kind_check'`.execute(db);
  const kinds = new Set<string>(['lottery_hold']);
  for (const match of (current.rows[0]?.def ?? '').matchAll(/'([a-z_]+)'/g)) kinds.add(match[1] as string);
  const list = [...kinds].map((k) => `'${k}'`).join(', ');
  await sql`alter table ledger_accounts drop constraint if exists ledger_accounts_kind_check`.execute(db);
  await sql`alter table ledger_accounts add constraint ledger_accounts_kind_check check (kind in (${sql.raw(list)}))`.execute(
    db,
  );
  await sql`
    alter table ledger_accounts add constraint ledger_accounts_lottery_hold_never_negative
      check (kind <> 'lottery_hold' or not may_go_negative)`.execute(db);

  await sql`
    create table lottery_games (
      id bigint generated always as identity primary key,
      brand_id bigint not null references brands (id) on delete cascade,
      code text not null check (code ~ '^[A-Za-z0-9_-]{1,32}$'),
      family text not null check (family in ('digits', 'dice', 'vn-north', 'vn-south', 'sea4d')),
      category text not null check (category in ('LOTT', 'ELOTT')),
      account_type_name text not null check (account_type_name in ('LOTT', 'ELOTT', 'TCG_LOTTO_VN', 'TCG_SEA')),
      name_en text not null,
      name_ms text not null default '',
      name_cn text not null default '',
      draw_source text not null check (draw_source in ('platform', 'official')),
      schedule jsonb not null,
      utc_offset_minutes integer not null default 0 check (utc_offset_minutes between -720 and 840),
      close_offset_seconds integer not null default 0 check (close_offset_seconds between 0 and 86400),
      status text not null default 'active' check (status in ('active', 'suspended')),
      prize_modes jsonb not null default '["LOTT", "ZY", "ELOTT", "SEA"]',
      sort_order integer not null default 0,
      is_hot boolean not null default false,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create unique index lottery_games_code_uq on lottery_games (brand_id, code)`.execute(db);

  await sql`
    create table lottery_odds (
      brand_id bigint not null references brands (id) on delete cascade,
      prize_mode text not null check (prize_mode in ('LOTT', 'ZY', 'ELOTT', 'SEA')),
      play_id integer not null,
      tier text not null,
      odds bigint not null check (odds > 0),
      updated_by bigint,
      updated_at timestamptz not null default now(),
      primary key (brand_id, prize_mode, play_id, tier)
    )`.execute(db);

  // play_id 0: the game's default; another play id overrides it for that play type.
  await sql`
    create table lottery_limits (
      game_id bigint not null references lottery_games (id) on delete cascade,
      play_id integer not null default 0,
      min_slip bigint not null check (min_slip > 0),
      max_slip bigint not null,
      max_order bigint not null,
      number_cap bigint not null check (number_cap > 0),
      primary key (game_id, play_id),
      check (max_slip >= min_slip and max_order >= min_slip)
    )`.execute(db);

  await sql`
    create table lottery_numeros (
      id bigint generated always as identity primary key,
      brand_id bigint not null references brands (id) on delete cascade,
      game_id bigint not null references lottery_games (id) on delete cascade,
      numero text not null check (numero ~ '^[0-9A-Za-z-]{1,32}$'),
      open_at timestamptz not null,
      close_at timestamptz not null,
      draw_at timestamptz not null,
      seed text check (seed ~ '^[0-9a-f]{64}$'),
      seed_hash text,
      result jsonb,
      status text not null default 'open'
        check (status in ('open', 'closed', 'drawn', 'settled', 'cancelled')),
      cancel_reason text not null default '',
      drawn_at timestamptz,
      settled_at timestamptz,
      cancelled_at timestamptz,
      created_at timestamptz not null default now(),
      check (open_at < close_at and close_at <= draw_at),
      check ((status in ('drawn', 'settled')) = (result is not null)),
      check ((seed is null) = (seed_hash is null))
    )`.execute(db);
  await sql`create unique index lottery_numeros_uq on lottery_numeros (game_id, numero)`.execute(db);
  await sql`create index lottery_numeros_game_draw_idx on lottery_numeros (game_id, draw_at)`.execute(db);
  await sql`create index lottery_numeros_due_idx on lottery_numeros (status, close_at)
    where status in ('open', 'closed', 'drawn')`.execute(db);

  await sql`
    create table lottery_result_entries (
      id bigint generated always as identity primary key,
      brand_id bigint not null references brands (id) on delete cascade,
      numero_id bigint not null references lottery_numeros (id) on delete cascade,
      result jsonb not null,
      status text not null default 'pending' check (status in ('pending', 'approved', 'rejected', 'superseded')),
      entered_by bigint not null,
      entered_at timestamptz not null default now(),
      decided_by bigint,
      decided_at timestamptz,
      check (status <> 'approved' or decided_by <> entered_by)
    )`.execute(db);
  await sql`create unique index lottery_result_entries_pending_uq on lottery_result_entries (numero_id)
    where status = 'pending'`.execute(db);

  await sql`
    create table lottery_chases (
      id bigint generated always as identity primary key,
      brand_id bigint not null references brands (id) on delete cascade,
      member_id bigint not null references members (id) on delete cascade,
      game_id bigint not null references lottery_games (id),
      request_id text not null,
      request_hash text not null,
      plan text not null check (plan in ('same', 'double', 'profit')),
      prize_mode text not null,
      slips jsonb not null,
      odds jsonb not null,
      winning_stop boolean not null,
      abandoning boolean not null,
      quick_chase boolean not null default false,
      is_trial boolean not null,
      device text not null default '',
      total_amount bigint not null check (total_amount > 0),
      returned_amount bigint not null default 0 check (returned_amount >= 0),
      steps_count integer not null check (steps_count >= 2),
      next_step integer not null default 0,
      status text not null default 'active'
        check (status in ('active', 'completed', 'won_stopped', 'abandoned', 'cancelled')),
      wallet_account_id bigint not null references ledger_accounts (id),
      hold_account_id bigint not null references ledger_accounts (id),
      house_account_id bigint not null references ledger_accounts (id),
      created_at timestamptz not null default now(),
      ended_at timestamptz
    )`.execute(db);
  await sql`create unique index lottery_chases_request_uq on lottery_chases (brand_id, member_id, request_id)`.execute(
    db,
  );
  await sql`create index lottery_chases_active_idx on lottery_chases (id) where status = 'active'`.execute(
    db,
  );
  await sql`create index lottery_chases_member_idx on lottery_chases (brand_id, member_id, id desc)`.execute(
    db,
  );

  await sql`
    create table lottery_chase_steps (
      chase_id bigint not null references lottery_chases (id) on delete cascade,
      step integer not null check (step >= 0),
      multiple bigint not null check (multiple > 0),
      amount bigint not null check (amount > 0),
      numero_id bigint references lottery_numeros (id),
      order_id bigint,
      status text not null default 'pending' check (status in ('pending', 'placed', 'skipped', 'cancelled')),
      primary key (chase_id, step)
    )`.execute(db);

  await sql`
    create table lottery_orders (
      id bigint generated always as identity primary key,
      brand_id bigint not null references brands (id) on delete cascade,
      member_id bigint not null references members (id) on delete cascade,
      game_id bigint not null references lottery_games (id),
      numero_id bigint not null references lottery_numeros (id),
      request_id text,
      request_hash text not null default '',
      chase_id bigint references lottery_chases (id),
      chase_step integer,
      prize_mode text not null,
      slips jsonb not null,
      odds jsonb not null,
      amount bigint not null check (amount > 0),
      payout bigint not null default 0 check (payout >= 0),
      status text not null default 'placed' check (status in ('placed', 'won', 'lost', 'cancelled', 'refunded')),
      is_trial boolean not null,
      device text not null default '',
      wallet_account_id bigint not null references ledger_accounts (id),
      house_account_id bigint not null references ledger_accounts (id),
      created_at timestamptz not null default now(),
      settled_at timestamptz,
      check ((request_id is null) <> (chase_id is null)),
      check ((chase_id is null) = (chase_step is null)),
      check (status = 'won' or payout = 0)
    )`.execute(db);
  await sql`create unique index lottery_orders_request_uq on lottery_orders (brand_id, member_id, request_id)
    where request_id is not null`.execute(db);
  await sql`create unique index lottery_orders_chase_uq on lottery_orders (chase_id, chase_step)
    where chase_id is not null`.execute(db);
  await sql`create index lottery_orders_numero_idx on lottery_orders (numero_id, status, id)`.execute(db);
  await sql`create index lottery_orders_member_idx on lottery_orders (brand_id, member_id, created_at desc, id desc)`.execute(
    db,
  );
  await sql`alter table lottery_chase_steps add constraint lottery_chase_steps_order_fk
    foreign key (order_id) references lottery_orders (id)`.execute(db);

  // The house's liability per numero and number: what it pays if that number comes (exposure.ts).
  await sql`
    create table lottery_exposure (
      numero_id bigint not null references lottery_numeros (id) on delete cascade,
      key text not null,
      liability bigint not null check (liability >= 0),
      stake bigint not null default 0 check (stake >= 0),
      cap bigint not null,
      primary key (numero_id, key)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'lottery_exposure',
    'lottery_chase_steps',
    'lottery_orders',
    'lottery_chases',
    'lottery_result_entries',
    'lottery_numeros',
    'lottery_limits',
    'lottery_odds',
    'lottery_games',
  ]) {
    await sql`drop table if exists ${sql.table(table)} cascade`.execute(db);
  }
  await sql`alter table ledger_accounts drop constraint if exists ledger_accounts_lottery_hold_never_negative`.execute(
    db,
  );
}
