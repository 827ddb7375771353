import { type Kysely, sql } from 'kysely';

/**
 * Deposits (issue 4, spec §4): per-brand deposit methods (manual bank transfer, hosted payment
 * gateway, QR payment) with their limits, the brand's receiving bank accounts, payment gateways
 * with their callback secret (encrypted at rest, like vendor secrets), and the members' deposits.
 *
 * A pending deposit moves no money. Approval or a paid callback is a conditional UPDATE on
 * `status` in the same transaction as the one ledger entry `deposit:<id>`, so any replay,
 * double approval or parallel callback credits the wallet once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table payment_gateways (
      id bigint generated always as identity primary key,
      brand_id bigint not null references brands (id) on delete cascade,
      code text not null check (code ~ '^[A-Za-z0-9_-]{1,32}$'),
      name text not null,
      kind text not null default 'demo' check (kind in ('demo', 'external')),
      secret_encrypted text not null,
      active boolean not null default true,
      created_at timestamptz not null default now(),
      unique (brand_id, code)
    )`.execute(db);

  await sql`
    create table deposit_methods (
      id bigint generated always as identity primary key,
      brand_id bigint not null references brands (id) on delete cascade,
      code text not null check (code ~ '^[A-Za-z0-9_-]{1,32}$'),
      kind text not null check (kind in ('bank_transfer', 'gateway', 'qr')),
      name text not null,
      minimum_amount bigint not null check (minimum_amount > 0),
      maximum_amount bigint not null,
      enabled boolean not null default true,
      sort_order integer not null default 0,
      gateway_id bigint references payment_gateways (id) on delete restrict,
      created_at timestamptz not null default now(),
      unique (brand_id, code),
      check (maximum_amount >= minimum_amount),
      check (kind <> 'gateway' or gateway_id is not null)
    )`.execute(db);

  await sql`
    create table deposit_bank_accounts (
      id bigint generated always as identity primary key,
      brand_id bigint not null references brands (id) on delete cascade,
      method_id bigint not null references deposit_methods (id) on delete cascade,
      bank_name text not null,
      account_name text not null,
      account_number text not null,
      enabled boolean not null default true,
      sort_order integer not null default 0,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index deposit_bank_accounts_method_idx on deposit_bank_accounts (method_id, sort_order)`.execute(
    db,
  );

  await sql`
    create table deposits (
      id bigint generated always as identity primary key,
      brand_id bigint not null references brands (id) on delete cascade,
      member_id bigint not null references members (id) on delete cascade,
      method_id bigint not null references deposit_methods (id) on delete restrict,
      kind text not null check (kind in ('bank_transfer', 'gateway', 'qr')),
      reference text not null unique,
      amount bigint not null check (amount > 0),
      currency text not null,
      status text not null default 'pending'
        check (status in ('pending', 'approved', 'paid', 'rejected', 'cancelled', 'failed')),
      client_request_id text not null,
      bank_account_id bigint references deposit_bank_accounts (id) on delete set null,
      bank_snapshot jsonb,
      transfer_reference text not null default '',
      receipt_stored_name text,
      receipt_mime text,
      gateway_transaction_id text,
      reject_reason text not null default '',
      reviewed_by bigint,
      entry_id bigint references journal_entries (id),
      created_at timestamptz not null default now(),
      resolved_at timestamptz,
      updated_at timestamptz not null default now(),
      unique (brand_id, member_id, client_request_id),
      check (entry_id is null or status in ('approved', 'paid'))
    )`.execute(db);
  await sql`create index deposits_member_idx on deposits (member_id, id desc)`.execute(db);
  await sql`create index deposits_queue_idx on deposits (brand_id, status, id desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists deposits`.execute(db);
  await sql`drop table if exists deposit_bank_accounts`.execute(db);
  await sql`drop table if exists deposit_methods`.execute(db);
  await sql`drop table if exists payment_gateways`.execute(db);
}
