import { type Kysely, sql } from 'kysely';

/**
 * The account record (transactionHistory) reads a member's postings newest first within a date
 * range. Postings get the time of their entry (`now()` of the transaction that posts them, the same
 * instant as `journal_entries.created_at`), so the range is one index scan per wallet instead of a
 * join that filters every posting the wallet ever had.
 *
 * In the transfer mode a vendor's bet debits the member's wallet at that vendor; the bet keeps
 * which one (`vendor_wallet_id`), so its win or rollback credits that same wallet even when the
 * brand switches mode in between. Null: the main wallet, as in the single-wallet mode.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table postings add column created_at timestamptz`.execute(db);
  // Existing rows take their entry's time; the append-only trigger is paused only for this backfill.
  await sql`alter table postings disable trigger postings_append_only`.execute(db);
  await sql`
    update postings p set created_at = e.created_at
    from journal_entries e where e.id = p.entry_id`.execute(db);
  await sql`alter table postings enable trigger postings_append_only`.execute(db);
  await sql`alter table postings alter column created_at set default now()`.execute(db);
  await sql`alter table postings alter column created_at set not null`.execute(db);
  await sql`create index postings_account_time_idx on postings (account_id, created_at, id)`.execute(db);

  await sql`alter table seamless_transactions add column vendor_wallet_id bigint references ledger_accounts (id)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table seamless_transactions drop column if exists vendor_wallet_id`.execute(db);
  await sql`drop index if exists postings_account_time_idx`.execute(db);
  await sql`alter table postings drop column if exists created_at`.execute(db);
}
