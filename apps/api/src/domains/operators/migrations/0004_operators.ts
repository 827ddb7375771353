import { type Kysely, sql } from 'kysely';

/**
 * Back office (issue 4): operators of a brand with roles and TOTP, their sessions, the audit log of
 * every change an operator makes, per-brand back-office settings and manual balance adjustments
 * that may wait for a second operator's approval.
 *
 * - Passwords are argon2id hashes; TOTP secrets are AES-256-GCM ciphertexts (key in server_secrets).
 *   `totp_last_step` is the last accepted 30-second step, so a code is never accepted twice.
 * - Operator sessions keep only the SHA-256 of their token and slide like member sessions.
 * - The audit log is append-only (update and delete raise).
 * - An adjustment's decision is a conditional UPDATE on `status`, in the same transaction as the
 *   ledger entry; the approver of a pending request is never its requester.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table operators (
      id bigint generated always as identity primary key,
      brand_id bigint not null references brands (id) on delete cascade,
      username text not null check (username ~ '^[a-z0-9_.-]{3,32}$'),
      password_hash text not null,
      role text not null check (role in ('admin', 'finance', 'cs', 'marketing', 'readonly')),
      totp_secret_encrypted text,
      totp_enabled boolean not null default false,
      totp_last_step bigint,
      active boolean not null default true,
      failed_attempts integer not null default 0 check (failed_attempts >= 0),
      locked_until timestamptz,
      last_login_at timestamptz,
      created_by bigint references operators (id),
      created_at timestamptz not null default now(),
      constraint operators_totp_enabled_has_secret check (not totp_enabled or totp_secret_encrypted is not null)
    )`.execute(db);
  await sql`create unique index operators_username_uq on operators (brand_id, username)`.execute(db);

  await sql`
    create table operator_sessions (
      id bigint generated always as identity primary key,
      token_hash text not null,
      operator_id bigint not null references operators (id) on delete cascade,
      brand_id bigint not null references brands (id) on delete cascade,
      ip text not null default '',
      created_at timestamptz not null default now(),
      last_seen_at timestamptz not null default now(),
      expires_at timestamptz not null,
      revoked_at timestamptz
    )`.execute(db);
  await sql`create unique index operator_sessions_token_uq on operator_sessions (token_hash)`.execute(db);
  await sql`create index operator_sessions_operator_idx on operator_sessions (operator_id) where revoked_at is null`.execute(
    db,
  );

  await sql`
    create table audit_log (
      id bigint generated always as identity primary key,
      brand_id bigint not null references brands (id) on delete cascade,
      operator_id bigint references operators (id),
      action text not null check (length(action) between 1 and 64),
      target_type text not null default '',
      target_id text not null default '',
      before jsonb,
      after jsonb,
      ip text not null default '',
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index audit_log_brand_time_idx on audit_log (brand_id, created_at desc, id desc)`.execute(
    db,
  );
  await sql`create index audit_log_operator_idx on audit_log (brand_id, operator_id, created_at desc)`.execute(
    db,
  );
  await sql`
    create function audit_log_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'audit_log is append-only' using errcode = 'restrict_violation';
    end $$`.execute(db);
  await sql`create trigger audit_log_append_only before update or delete on audit_log
    for each row execute function audit_log_append_only()`.execute(db);

  await sql`
    create table backoffice_settings (
      brand_id bigint primary key references brands (id) on delete cascade,
      adjustment_approval_threshold bigint not null default 100000
        check (adjustment_approval_threshold >= 0)
    )`.execute(db);

  await sql`
    create table adjustment_requests (
      id bigint generated always as identity primary key,
      brand_id bigint not null references brands (id) on delete cascade,
      request_id text not null check (length(request_id) between 1 and 100),
      member_id bigint not null references members (id) on delete cascade,
      direction text not null check (direction in ('credit', 'debit')),
      amount bigint not null check (amount > 0),
      currency text not null,
      reason text not null check (length(reason) between 1 and 500),
      status text not null check (status in ('pending', 'approved', 'rejected')),
      requested_by bigint not null references operators (id),
      decided_by bigint references operators (id),
      decision_note text not null default '',
      entry_id bigint references journal_entries (id),
      created_at timestamptz not null default now(),
      decided_at timestamptz,
      constraint adjustment_requests_second_operator check (decided_by is null or decided_by <> requested_by),
      constraint adjustment_requests_approved_has_entry check (status <> 'approved' or entry_id is not null)
    )`.execute(db);
  await sql`create unique index adjustment_requests_request_uq on adjustment_requests (brand_id, request_id)`.execute(
    db,
  );
  await sql`create index adjustment_requests_status_idx on adjustment_requests (brand_id, status, created_at desc)`.execute(
    db,
  );
  await sql`create index adjustment_requests_member_idx on adjustment_requests (member_id, created_at desc)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'adjustment_requests',
    'backoffice_settings',
    'audit_log',
    'operator_sessions',
    'operators',
  ]) {
    await sql`drop table if exists ${sql.table(table)} cascade`.execute(db);
  }
  await sql`drop function if exists audit_log_append_only()`.execute(db);
}
