import { type Kysely, sql } from 'kysely';

/**
 * The event feed and durable job runs (issue 9).
 *
 * - Every journal entry records the id of the transaction that wrote it (`tx_id`, a column
 *   default, so the PL/pgSQL seamless functions are unchanged: the transaction already has an id
 *   because it wrote before the entry). A consumer reads entries in (tx_id, id) order behind the
 *   oldest transaction still in flight, so an entry that commits after a later id is never skipped.
 * - `event_consumers`: one cursor row per consumer, locked while a process reads and handles a batch.
 * - `member_daily_turnover`: the first consumer's table (bets, stake, payout per member, UTC day,
 *   vendor); `last_tx_id`/`last_entry_id` is the feed position last applied to the row, so a
 *   redelivered entry is recognised and not counted twice.
 * - `job_runs`: one row per (job, run key), so a key runs once; attempts, outcome and error.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Existing rows take the migration's own transaction id (they sort by id among themselves).
  await sql`alter table journal_entries add column tx_id xid8 not null default pg_current_xact_id()`.execute(
    db,
  );
  await sql`create index journal_entries_feed_idx on journal_entries (tx_id, id)`.execute(db);

  await sql`
    create table event_consumers (
      name text primary key check (name ~ '^[a-z][a-z0-9_]{0,62}$'),
      last_tx_id xid8 not null default '0',
      last_entry_id bigint not null default 0,
      consumed bigint not null default 0,
      updated_at timestamptz not null default now(),
      last_error text not null default '',
      last_error_at timestamptz
    )`.execute(db);

  await sql`
    create table member_daily_turnover (
      brand_id bigint not null references brands (id) on delete cascade,
      member_id bigint not null references members (id) on delete cascade,
      day date not null,
      vendor_id bigint not null references vendors (id) on delete cascade,
      currency text not null,
      bet_count bigint not null default 0,
      stake bigint not null default 0,
      payout bigint not null default 0,
      net bigint generated always as (payout - stake) stored,
      last_tx_id xid8 not null,
      last_entry_id bigint not null,
      updated_at timestamptz not null default now(),
      primary key (brand_id, member_id, day, vendor_id, currency)
    )`.execute(db);
  await sql`create index member_daily_turnover_day_idx on member_daily_turnover (brand_id, day)`.execute(db);

  await sql`
    create table job_runs (
      id bigint generated always as identity primary key,
      job text not null,
      run_key text not null check (length(run_key) between 1 and 200),
      status text not null check (status in ('running', 'succeeded', 'failed')),
      attempt integer not null default 1 check (attempt >= 1),
      locked_by text not null default '',
      started_at timestamptz not null default now(),
      heartbeat_at timestamptz not null default now(),
      finished_at timestamptz,
      next_attempt_at timestamptz,
      outcome text not null default '',
      error text not null default '',
      check ((status = 'running') = (finished_at is null))
    )`.execute(db);
  await sql`create unique index job_runs_key_uq on job_runs (job, run_key)`.execute(db);
  await sql`create index job_runs_retry_idx on job_runs (next_attempt_at) where status = 'failed'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table job_runs`.execute(db);
  await sql`drop table member_daily_turnover`.execute(db);
  await sql`drop table event_consumers`.execute(db);
  await sql`drop index journal_entries_feed_idx`.execute(db);
  await sql`alter table journal_entries drop column tx_id`.execute(db);
}
