import { type Kysely, sql } from 'kysely';

/**
 * Withdrawals (issue 4, spec §4): per-brand withdrawal settings, members' bank cards, withdrawal
 * requests with their review and confirmation state, transfers to the upline agent, and the leases
 * of the scheduled jobs (the withdrawal auto-receipt among them).
 *
 * The requested amount is held in a `withdrawal_hold` ledger account (one per brand and currency)
 * from the request until it is paid out or returned, so the ledger itself shows money in flight.
 * Every state change is a conditional UPDATE on `status`, made in the same transaction as its
 * money, so a repeated approval, rejection or confirmation applies once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Widen the ledger's account kinds by what the constraint holds now (other migrations may have
  // widened it before), so this migration never drops a kind it does not know.
  const current = await sql<{ def: string }>`
    select pg_get_constraintdef(c.oid) as def from pg_constraint c
    where c.conrelid = 'ledger_accounts'::regclass and c.conname = 'ledger_accounts_kind_check'`.execute(db);
  const kinds = new Set<string>(['withdrawal_hold']);
  for (const match of (current.rows[0]?.def ?? '').matchAll(/'([a-z_]+)'/g)) kinds.add(match[1] as string);
  const list = [...kinds].map((k) => `'${k}'`).join(', ');
  await sql`alter table ledger_accounts drop constraint if exists ledger_accounts_kind_check`.execute(db);
  await sql`alter table ledger_accounts add constraint ledger_accounts_kind_check check (kind in (${sql.raw(list)}))`.execute(
    db,
  );
  await sql`
    alter table ledger_accounts add constraint ledger_accounts_hold_never_negative
      check (kind <> 'withdrawal_hold' or not may_go_negative)`.execute(db);

  await sql`
    create table withdrawal_settings (
      brand_id bigint primary key references brands (id) on delete cascade,
      minimum_amount bigint not null check (minimum_amount > 0),
      maximum_amount bigint not null,
      daily_count_limit integer not null default 5 check (daily_count_limit >= 0),
      auto_receipt_minutes integer not null default 60 check (auto_receipt_minutes > 0),
      confirmation_required boolean not null default true,
      max_bank_cards integer not null default 5 check (max_bank_cards between 1 and 50),
      check (maximum_amount >= minimum_amount)
    )`.execute(db);

  await sql`
    create table bank_cards (
      id bigint generated always as identity primary key,
      brand_id bigint not null references brands (id) on delete cascade,
      member_id bigint not null references members (id) on delete cascade,
      bank_name text not null,
      account_holder_name text not null,
      account_number text not null check (account_number ~ '^[0-9]{6,24}$'),
      status text not null default 'active' check (status in ('active', 'disabled')),
      created_at timestamptz not null default now(),
      disabled_at timestamptz,
      check ((status = 'disabled') = (disabled_at is not null))
    )`.execute(db);
  // One bank account belongs to one member of a brand at a time (a second binding is refused).
  await sql`create unique index bank_cards_account_uq on bank_cards (brand_id, account_number) where status = 'active'`.execute(
    db,
  );
  await sql`create index bank_cards_member_idx on bank_cards (member_id, id)`.execute(db);

  await sql`
    create table withdrawals (
      id bigint generated always as identity primary key,
      brand_id bigint not null references brands (id) on delete cascade,
      member_id bigint not null references members (id) on delete cascade,
      bank_card_id bigint not null references bank_cards (id),
      bank_name text not null,
      account_holder_name text not null,
      account_number text not null,
      amount bigint not null check (amount > 0),
      currency text not null,
      client_request_id text not null,
      status text not null default 'pending' check (status in ('pending', 'approved', 'rejected', 'paid',
        'received', 'disputed', 'partial', 'refunded')),
      reject_reason text not null default '',
      confirmation text check (confirmation in ('received', 'not_received', 'partial', 'auto', 'forced',
        'not_required')),
      received_amount bigint check (received_amount >= 0 and received_amount < amount),
      proof_image text,
      dispute_note text not null default '',
      reviewed_by bigint,
      created_at timestamptz not null default now(),
      approved_at timestamptz,
      rejected_at timestamptz,
      paid_at timestamptz,
      confirmed_at timestamptz,
      resolved_at timestamptz,
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create unique index withdrawals_request_uq on withdrawals (brand_id, member_id, client_request_id)`.execute(
    db,
  );
  await sql`create index withdrawals_member_idx on withdrawals (member_id, id desc)`.execute(db);
  await sql`create index withdrawals_queue_idx on withdrawals (brand_id, status, id desc)`.execute(db);
  await sql`create index withdrawals_paid_idx on withdrawals (paid_at) where status = 'paid'`.execute(db);

  await sql`
    create table upline_transfers (
      id bigint generated always as identity primary key,
      brand_id bigint not null references brands (id) on delete cascade,
      member_id bigint not null references members (id) on delete cascade,
      upline_id bigint not null references members (id),
      amount bigint not null check (amount > 0),
      currency text not null,
      client_request_id text not null,
      entry_id bigint references journal_entries (id),
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create unique index upline_transfers_request_uq on upline_transfers (brand_id, member_id, client_request_id)`.execute(
    db,
  );

  // Scheduled jobs (apps/api/src/jobs): one lease row per job, claimed by a conditional UPDATE, so
  // with several server processes one of them runs each tick.
  await sql`
    create table scheduled_job_leases (
      name text primary key,
      locked_until timestamptz not null default '-infinity',
      locked_by text not null default '',
      last_run_at timestamptz,
      last_result text not null default ''
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'scheduled_job_leases',
    'upline_transfers',
    'withdrawals',
    'bank_cards',
    'withdrawal_settings',
  ]) {
    await sql`drop table if exists ${sql.table(table)} cascade`.execute(db);
  }
  await sql`alter table ledger_accounts drop constraint if exists ledger_accounts_hold_never_negative`.execute(
    db,
  );
}
