import { type Kysely, sql } from 'kysely';

/**
 * VIP, player rank and rebate (issue 15): levels per brand, the brand's VIP and rebate settings,
 * turnover per member, UTC day and category and deposits per member and day (event-feed consumers,
 * each row with the feed position it last applied so a redelivered event counts once), each
 * member's current level and the history of its changes (from, to, reason, figures), the rebate
 * watermark per member and category (the turnover already rebated) and the rebate payouts.
 * Money (upgrade, monthly and rebate bonuses) moves through the ledger from the brand's account
 * kind `house`, owner `vip`, with an idempotency key per payout.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table vip_levels (
      brand_id bigint not null references brands (id) on delete cascade,
      level int not null check (level between 0 and 99),
      name_en text not null check (length(name_en) between 1 and 40),
      name_ms text not null default '',
      name_cn text not null default '',
      badge text not null default '',
      min_deposit bigint not null default 0 check (min_deposit >= 0),
      min_turnover bigint not null default 0 check (min_turnover >= 0),
      keep_deposit bigint not null default 0 check (keep_deposit >= 0),
      keep_turnover bigint not null default 0 check (keep_turnover >= 0),
      upgrade_bonus bigint not null default 0 check (upgrade_bonus >= 0),
      monthly_bonus bigint not null default 0 check (monthly_bonus >= 0),
      withdraw_daily_max bigint not null default 0 check (withdraw_daily_max >= 0),
      withdraw_daily_count int not null default 0 check (withdraw_daily_count >= 0),
      rebate_rates jsonb not null default '{}'::jsonb,
      updated_at timestamptz not null default now(),
      primary key (brand_id, level)
    )`.execute(db);

  await sql`
    create table vip_settings (
      brand_id bigint primary key references brands (id) on delete cascade,
      period_days int not null default 30 check (period_days between 1 and 366),
      rebate_mode text not null default 'manual' check (rebate_mode in ('manual', 'daily')),
      rebate_min_payout bigint not null default 100 check (rebate_min_payout >= 1),
      updated_at timestamptz not null default now()
    )`.execute(db);

  await sql`
    create table vip_turnover (
      brand_id bigint not null,
      member_id bigint not null,
      day date not null,
      category text not null,
      stake bigint not null default 0,
      last_tx_id xid8 not null,
      last_entry_id bigint not null,
      primary key (brand_id, member_id, day, category)
    )`.execute(db);
  await sql`create index vip_turnover_day on vip_turnover (brand_id, day)`.execute(db);

  await sql`
    create table vip_deposits (
      brand_id bigint not null,
      member_id bigint not null,
      day date not null,
      amount bigint not null default 0,
      last_tx_id xid8 not null,
      last_entry_id bigint not null,
      primary key (brand_id, member_id, day)
    )`.execute(db);
  await sql`create index vip_deposits_day on vip_deposits (brand_id, day)`.execute(db);

  await sql`
    create table vip_members (
      brand_id bigint not null,
      member_id bigint not null,
      level int not null default 0,
      since timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      primary key (brand_id, member_id)
    )`.execute(db);

  await sql`
    create table vip_level_history (
      id bigint generated always as identity primary key,
      brand_id bigint not null,
      member_id bigint not null,
      from_level int not null,
      to_level int not null,
      reason text not null check (reason in ('upgrade', 'downgrade', 'kept', 'operator')),
      deposits bigint not null,
      turnover bigint not null,
      period_days int not null,
      run_day date not null,
      created_at timestamptz not null default now(),
      unique (brand_id, member_id, run_day, to_level)
    )`.execute(db);
  await sql`create index vip_level_history_member on vip_level_history (brand_id, member_id, id desc)`.execute(
    db,
  );

  await sql`
    create table vip_monthly_bonuses (
      brand_id bigint not null,
      member_id bigint not null,
      month text not null check (month ~ '^[0-9]{4}-[0-9]{2}$'),
      level int not null,
      created_at timestamptz not null default now(),
      primary key (brand_id, member_id, month)
    )`.execute(db);

  await sql`
    create table vip_rebate_watermarks (
      brand_id bigint not null,
      member_id bigint not null,
      category text not null,
      rebated_stake bigint not null default 0,
      updated_at timestamptz not null default now(),
      primary key (brand_id, member_id, category)
    )`.execute(db);

  await sql`
    create table vip_rebate_payouts (
      id bigint generated always as identity primary key,
      brand_id bigint not null,
      member_id bigint not null,
      mode text not null check (mode in ('manual', 'daily')),
      amount bigint not null check (amount > 0),
      level int not null,
      details jsonb not null,
      entry_id bigint not null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index vip_rebate_payouts_brand on vip_rebate_payouts (brand_id, id desc)`.execute(db);
  await sql`create index vip_rebate_payouts_member on vip_rebate_payouts (brand_id, member_id, id desc)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    'vip_rebate_payouts',
    'vip_rebate_watermarks',
    'vip_monthly_bonuses',
    'vip_level_history',
    'vip_members',
    'vip_deposits',
    'vip_turnover',
    'vip_settings',
    'vip_levels',
  ])
    await sql`drop table if exists ${sql.table(t)}`.execute(db);
}
