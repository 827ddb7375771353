import { type Kysely, sql } from 'kysely';

/**
 * Age and identity (issue 25).
 *
 * - `kyc_settings`: the brand's KYC policy (minimum age, required documents, what each state may
 *   do), one row per brand; a brand without one uses DEFAULT_KYC_POLICY. `play_gated` is true when
 *   some state may not play, so the stake gate reads a member's state only then.
 * - `kyc_members`: a member's KYC state (no row = `none`).
 * - `kyc_documents`: the documents a member uploaded and their review.
 * - `kyc_state_history`: every change of a member's state (who, when, old and new, why).
 * - `risk_signals`: signals for an operator's follow-up, one per member, kind and period (the unique
 *   key makes the job that computes them, and any domain that raises one, idempotent).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table kyc_settings (
      brand_id bigint primary key references brands (id),
      minimum_age integer not null default 18 check (minimum_age in (18, 21)),
      policy jsonb not null,
      play_gated boolean not null default false,
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    create table kyc_members (
      member_id bigint primary key references members (id),
      brand_id bigint not null references brands (id),
      state text not null default 'none'
        check (state in ('none', 'pending', 'approved', 'rejected_retry', 'rejected_final', 'on_hold')),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    create table kyc_documents (
      id bigint generated always as identity primary key,
      brand_id bigint not null references brands (id),
      member_id bigint not null references members (id),
      kind text not null check (kind in ('identity', 'address', 'payment_method')),
      stored_name text not null unique,
      mime_type text not null,
      size_bytes integer not null check (size_bytes > 0),
      status text not null default 'pending'
        check (status in ('pending', 'approved', 'rejected', 'rejected_final', 'on_hold')),
      reason text not null default '',
      operator_note text not null default '',
      reviewed_by bigint,
      reviewed_at timestamptz,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index kyc_documents_member_idx on kyc_documents (member_id, id)`.execute(db);
  await sql`create index kyc_documents_queue_idx on kyc_documents (brand_id, status, id)`.execute(db);
  await sql`
    create table kyc_state_history (
      id bigint generated always as identity primary key,
      brand_id bigint not null references brands (id),
      member_id bigint not null references members (id),
      from_state text not null,
      to_state text not null,
      actor_type text not null check (actor_type in ('member', 'operator', 'system')),
      actor_id bigint,
      reason text not null default '',
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index kyc_state_history_member_idx on kyc_state_history (member_id, id)`.execute(db);
  await sql`
    create table risk_signals (
      id bigint generated always as identity primary key,
      brand_id bigint not null references brands (id),
      member_id bigint not null references members (id),
      kind text not null check (kind in ('limit_hit', 'rising_losses', 'night_sessions')),
      period text not null check (length(period) between 1 and 32),
      detail jsonb not null default '{}',
      status text not null default 'open' check (status in ('open', 'contacted', 'closed')),
      operator_note text not null default '',
      handled_by bigint,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      unique (brand_id, member_id, kind, period)
    )`.execute(db);
  await sql`create index risk_signals_queue_idx on risk_signals (brand_id, status, id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table risk_signals, kyc_state_history, kyc_documents, kyc_members, kyc_settings`.execute(db);
}
