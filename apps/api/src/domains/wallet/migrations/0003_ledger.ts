import { type Kysely, sql } from 'kysely';

/**
 * Money (issue 4, money-rules.md): a double-entry ledger, per-brand wallet settings, game vendors
 * with their signing secrets, vendor sessions issued at game launch, and the seamless-wallet state
 * (rounds and the vendor transactions that are at once idempotency keys and bet state).
 *
 * Invariants held by the database itself, whatever the code does:
 * - amounts are bigint minor units; a wallet that must not go negative has `balance >= 0`;
 * - an entry's postings sum to zero per currency: a DEFERRED constraint trigger checks it at
 *   commit, so the postings of one entry may be inserted one by one in the same transaction;
 * - a posting's currency is its account's currency (same trigger);
 * - entries and postings are append-only (update and delete raise);
 * - every entry has an idempotency key, unique per brand.
 */
/** The first version of the commit-time balance check, also what migration 0010's down() restores. */
export const LEDGER_ENTRY_BALANCED_0003 = sql`
    create or replace function ledger_entry_balanced() returns trigger language plpgsql as $$
    declare
      unbalanced text;
    begin
      if exists (
        select 1 from postings p join ledger_accounts a on a.id = p.account_id
        where p.entry_id = new.entry_id and a.currency <> p.currency
      ) then
        raise exception 'ledger: entry % posts to an account of another currency', new.entry_id
          using errcode = 'check_violation';
      end if;
      select string_agg(currency, ',') into unbalanced from (
        select currency from postings where entry_id = new.entry_id
        group by currency having sum(amount) <> 0
      ) s;
      if unbalanced is not null then
        raise exception 'ledger: entry % does not sum to zero in %', new.entry_id, unbalanced
          using errcode = 'check_violation';
      end if;
      return null;
    end $$`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table wallet_settings (
      brand_id bigint primary key references brands (id) on delete cascade,
      single_wallet boolean not null default true,
      demo_credit bigint not null default 200000 check (demo_credit >= 0)
    )`.execute(db);

  await sql`
    create table vendors (
      id bigint generated always as identity primary key,
      brand_id bigint not null references brands (id) on delete cascade,
      code text not null check (code ~ '^[A-Za-z0-9_-]{1,32}$'),
      name text not null,
      secret_encrypted text not null,
      active boolean not null default true,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create unique index vendors_code_uq on vendors (brand_id, code)`.execute(db);

  await sql`
    create table ledger_accounts (
      id bigint generated always as identity primary key,
      brand_id bigint not null references brands (id) on delete cascade,
      kind text not null check (kind in ('member_main', 'member_vendor', 'house', 'vendor', 'bonus',
        'payment_provider', 'agent', 'demo_credit')),
      owner_key text not null default '',
      member_id bigint references members (id) on delete cascade,
      vendor_id bigint references vendors (id) on delete cascade,
      currency text not null,
      balance bigint not null default 0,
      may_go_negative boolean not null,
      created_at timestamptz not null default now(),
      constraint ledger_accounts_balance_non_negative check (may_go_negative or balance >= 0),
      constraint ledger_accounts_wallets_never_negative
        check (kind not in ('member_main', 'member_vendor', 'bonus', 'agent') or not may_go_negative)
    )`.execute(db);
  await sql`create unique index ledger_accounts_owner_uq on ledger_accounts (brand_id, kind, owner_key, currency)`.execute(
    db,
  );
  await sql`create index ledger_accounts_member_idx on ledger_accounts (member_id) where member_id is not null`.execute(
    db,
  );

  await sql`
    create table journal_entries (
      id bigint generated always as identity primary key,
      brand_id bigint not null references brands (id) on delete cascade,
      kind text not null,
      idempotency_key text not null check (length(idempotency_key) between 1 and 200),
      request_hash text not null,
      reference text not null default '',
      metadata jsonb not null default '{}',
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create unique index journal_entries_key_uq on journal_entries (brand_id, idempotency_key)`.execute(
    db,
  );

  await sql`
    create table postings (
      id bigint generated always as identity primary key,
      entry_id bigint not null references journal_entries (id),
      account_id bigint not null references ledger_accounts (id),
      amount bigint not null check (amount <> 0),
      currency text not null,
      balance_after bigint not null
    )`.execute(db);
  await sql`create index postings_entry_idx on postings (entry_id)`.execute(db);
  await sql`create index postings_account_idx on postings (account_id, id)`.execute(db);

  await LEDGER_ENTRY_BALANCED_0003.execute(db);
  await sql`
    create constraint trigger postings_balanced after insert on postings
    deferrable initially deferred for each row execute function ledger_entry_balanced()`.execute(db);

  await sql`
    create function ledger_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'ledger: % is append-only', tg_table_name using errcode = 'restrict_violation';
    end $$`.execute(db);
  await sql`create trigger postings_append_only before update or delete on postings
    for each row execute function ledger_append_only()`.execute(db);
  await sql`create trigger journal_entries_append_only before update or delete on journal_entries
    for each row execute function ledger_append_only()`.execute(db);

  await sql`
    create table vendor_sessions (
      id bigint generated always as identity primary key,
      token_hash text not null unique,
      brand_id bigint not null references brands (id) on delete cascade,
      member_id bigint not null references members (id) on delete cascade,
      vendor_id bigint not null references vendors (id) on delete cascade,
      game_id text not null,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null
    )`.execute(db);

  await sql`
    create table seamless_rounds (
      id bigint generated always as identity primary key,
      brand_id bigint not null references brands (id) on delete cascade,
      vendor_id bigint not null references vendors (id) on delete cascade,
      round_id text not null,
      game_id text not null,
      status text not null default 'open' check (status in ('open', 'settled', 'cancelled')),
      created_at timestamptz not null default now(),
      closed_at timestamptz,
      check ((status = 'open') = (closed_at is null))
    )`.execute(db);
  await sql`create unique index seamless_rounds_uq on seamless_rounds (vendor_id, round_id)`.execute(db);
  await sql`create index seamless_rounds_open_idx on seamless_rounds (created_at) where status = 'open'`.execute(
    db,
  );

  // One row per vendor transaction id: the idempotency claim, the stored answer, and for bets the
  // bet's state. A tombstone is the row a rollback leaves for a bet it overtook.
  await sql`
    create table seamless_transactions (
      id bigint generated always as identity primary key,
      brand_id bigint not null references brands (id) on delete cascade,
      vendor_id bigint not null references vendors (id) on delete cascade,
      transaction_id text not null,
      kind text not null check (kind in ('bet', 'win', 'rollback', 'bet_win', 'tombstone')),
      request_hash text not null,
      member_id bigint references members (id) on delete cascade,
      round_id text not null default '',
      game_id text not null default '',
      bet_transaction_id text,
      amount bigint not null default 0 check (amount >= 0),
      win_amount bigint not null default 0 check (win_amount >= 0),
      currency text not null default '',
      bet_state text check (bet_state in ('open', 'won', 'settled', 'rolled_back', 'refused', 'cancelled')),
      error_code text not null default '',
      answer jsonb,
      entry_id bigint references journal_entries (id),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      check ((kind in ('bet', 'bet_win', 'tombstone')) = (bet_state is not null))
    )`.execute(db);
  await sql`create unique index seamless_transactions_uq on seamless_transactions (vendor_id, transaction_id)`.execute(
    db,
  );
  await sql`create index seamless_transactions_round_idx on seamless_transactions (vendor_id, round_id)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'seamless_transactions',
    'seamless_rounds',
    'vendor_sessions',
    'postings',
    'journal_entries',
    'ledger_accounts',
    'vendors',
    'wallet_settings',
  ]) {
    await sql`drop table if exists ${sql.table(table)} cascade`.execute(db);
  }
  await sql`drop function if exists ledger_entry_balanced()`.execute(db);
  await sql`drop function if exists ledger_append_only()`.execute(db);
}
