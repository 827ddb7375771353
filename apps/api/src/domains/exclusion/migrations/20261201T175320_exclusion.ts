import { type Kysely, sql } from 'kysely';

/**
 * Player protection, time and attention (issue 25, docs/exclusion.md).
 *
 * `member_exclusions`: time-outs (24 hours to 6 weeks, over at `ends_at`) and self-exclusions (at
 * least 6 months or indefinite; in force until an operator approves the member's end request after
 * the term). One in force per member (partial unique index), so duplicate requests racing each
 * other make one row. `excluded_identities`: the normalised identity of an excluded member (phone,
 * e-mail, ID number, name + birthday) that a new registration is checked against.
 * `exclusion_end_requests`: the member's request to end a self-exclusion after its term, decidable
 * after a 24-hour cooling-off, approved or refused by an operator; one pending per exclusion.
 * `protection_settings`: the member's session limit and reality-check interval.
 * `reality_check_acks`: the last acknowledged reality check of a login session.
 * `protection_audit`: who changed what, old and new, when, effective from.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table member_exclusions (
      id bigint generated always as identity primary key,
      brand_id bigint not null references brands (id) on delete cascade,
      member_id bigint not null references members (id) on delete cascade,
      kind text not null check (kind in ('timeout', 'self_exclusion')),
      started_at timestamptz not null default now(),
      ends_at timestamptz,
      status text not null default 'active' check (status in ('active', 'ended')),
      ended_at timestamptz,
      ended_by bigint references operators (id) on delete set null,
      created_at timestamptz not null default now(),
      check (kind = 'self_exclusion' or ends_at is not null)
    )`.execute(db);
  await sql`create unique index member_exclusions_one_active on member_exclusions (member_id) where status = 'active'`.execute(
    db,
  );
  await sql`create index member_exclusions_member on member_exclusions (member_id, id desc)`.execute(db);

  await sql`
    create table excluded_identities (
      id bigint generated always as identity primary key,
      brand_id bigint not null references brands (id) on delete cascade,
      exclusion_id bigint not null references member_exclusions (id) on delete cascade,
      kind text not null check (kind in ('phone', 'email', 'id_number', 'name_birthday')),
      value text not null check (char_length(value) between 1 and 400),
      unique (exclusion_id, kind, value)
    )`.execute(db);
  await sql`create index excluded_identities_lookup on excluded_identities (brand_id, kind, value)`.execute(
    db,
  );

  await sql`
    create table exclusion_end_requests (
      id bigint generated always as identity primary key,
      brand_id bigint not null references brands (id) on delete cascade,
      exclusion_id bigint not null references member_exclusions (id) on delete cascade,
      member_id bigint not null references members (id) on delete cascade,
      status text not null default 'pending' check (status in ('pending', 'approved', 'refused')),
      requested_at timestamptz not null default now(),
      decidable_at timestamptz not null,
      decided_at timestamptz,
      decided_by bigint references operators (id) on delete set null,
      note text not null default '' check (char_length(note) <= 500)
    )`.execute(db);
  await sql`create unique index exclusion_end_requests_one_pending on exclusion_end_requests (exclusion_id) where status = 'pending'`.execute(
    db,
  );
  await sql`create index exclusion_end_requests_queue on exclusion_end_requests (brand_id, status, id)`.execute(
    db,
  );

  await sql`
    create table protection_settings (
      member_id bigint primary key references members (id) on delete cascade,
      brand_id bigint not null references brands (id) on delete cascade,
      session_limit_minutes integer not null default 0 check (session_limit_minutes between 0 and 1440),
      reality_check_minutes integer not null default 0 check (reality_check_minutes between 0 and 240),
      updated_at timestamptz not null default now()
    )`.execute(db);

  await sql`
    create table reality_check_acks (
      session_id bigint primary key references sessions (id) on delete cascade,
      member_id bigint not null references members (id) on delete cascade,
      acked_at timestamptz not null default now()
    )`.execute(db);

  await sql`
    create table protection_audit (
      id bigint generated always as identity primary key,
      brand_id bigint not null references brands (id) on delete cascade,
      member_id bigint not null references members (id) on delete cascade,
      actor_kind text not null check (actor_kind in ('member', 'operator', 'system')),
      actor_id bigint,
      action text not null,
      before jsonb,
      after jsonb,
      effective_from timestamptz,
      ip text not null default '',
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index protection_audit_member on protection_audit (member_id, id desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table protection_audit`.execute(db);
  await sql`drop table reality_check_acks`.execute(db);
  await sql`drop table protection_settings`.execute(db);
  await sql`drop table exclusion_end_requests`.execute(db);
  await sql`drop table excluded_identities`.execute(db);
  await sql`drop table member_exclusions`.execute(db);
}
