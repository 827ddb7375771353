import { type Kysely, sql } from 'kysely';

/**
 * Referral (invite friends, issue 15).
 *
 * `referral_codes`: a member's code (8 characters, unique in the brand), made on first ask.
 * `referral_rules`: the brand's rule (first deposit of at least `min_first_deposit` and turnover of
 * `min_turnover` within `within_days` of the friend's registration; `reward` to the referrer).
 * `referrals`: one row per friend (a friend has one referrer): progress (first deposit, turnover),
 * status pending -> paid, or held (shared address, device or bank account: `hold_reasons`) ->
 * paid or rejected by an operator, or expired; `reward` paid. Transitions are conditional updates
 * committed with their ledger entry, so a reward is paid once.
 * `referral_devices`: device ids members registered from (the registration hook records them).
 * `referral_applied_entries`: journal entries the qualification consumer applied (counted once).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table referral_codes (
      member_id bigint primary key references members (id) on delete cascade,
      brand_id bigint not null references brands (id) on delete cascade,
      code text not null check (code ~ '^[A-HJ-NP-Z2-9]{8}$'),
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create unique index referral_codes_code_uq on referral_codes (brand_id, code)`.execute(db);

  await sql`
    create table referral_rules (
      brand_id bigint primary key references brands (id) on delete cascade,
      active boolean not null default true,
      min_first_deposit bigint not null check (min_first_deposit >= 0),
      min_turnover bigint not null check (min_turnover >= 0),
      within_days integer not null check (within_days between 1 and 365),
      reward bigint not null check (reward > 0),
      updated_by bigint references operators (id) on delete set null,
      updated_at timestamptz not null default now()
    )`.execute(db);

  await sql`
    create table referrals (
      id bigint generated always as identity primary key,
      brand_id bigint not null references brands (id) on delete cascade,
      referrer_id bigint not null references members (id) on delete cascade,
      friend_id bigint not null unique references members (id) on delete cascade,
      status text not null default 'pending'
        check (status in ('pending', 'held', 'paid', 'rejected', 'expired')),
      hold_reasons text[] not null default '{}',
      signup_ip text not null default '',
      signup_device text not null default '',
      first_deposit bigint,
      turnover bigint not null default 0,
      reward bigint,
      note text not null default '' check (char_length(note) <= 500),
      reviewed_by bigint references operators (id) on delete set null,
      reviewed_at timestamptz,
      paid_at timestamptz,
      created_at timestamptz not null default now(),
      check (referrer_id <> friend_id)
    )`.execute(db);
  await sql`create index referrals_referrer on referrals (referrer_id, id desc)`.execute(db);
  await sql`create index referrals_queue on referrals (brand_id, status, id desc)`.execute(db);

  await sql`
    create table referral_devices (
      member_id bigint not null references members (id) on delete cascade,
      device_id text not null check (char_length(device_id) between 1 and 64),
      primary key (member_id, device_id)
    )`.execute(db);
  await sql`create index referral_devices_device on referral_devices (device_id)`.execute(db);

  await sql`
    create table referral_applied_entries (
      entry_id bigint primary key,
      applied_at timestamptz not null default now()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table referral_applied_entries`.execute(db);
  await sql`drop table referral_devices`.execute(db);
  await sql`drop table referrals`.execute(db);
  await sql`drop table referral_rules`.execute(db);
  await sql`drop table referral_codes`.execute(db);
}
