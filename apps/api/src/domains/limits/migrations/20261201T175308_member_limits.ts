import { type Kysely, sql } from 'kysely';

/**
 * Responsible-gaming limits (issue 25, docs/limits.md). `member_limits`: one row per member, kind
 * (deposit, loss, wager) and window (day, week, month); `amount` is the limit in force, a pending
 * increase or removal waits in `pending_*` until `pending_from` and the member's confirmation. The
 * stake gate and the deposit credit lock the member's rows of the kind they check (`for update`),
 * which serialises a member's parallel stakes or deposits. `member_limit_changes` is the audit of
 * every change (who, old, new, effective from); `limit_settings` the brand's cooling-off and its
 * bonus rule.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table member_limits (
      id bigserial primary key,
      brand_id bigint not null references brands (id) on delete cascade,
      member_id bigint not null references members (id) on delete cascade,
      kind text not null check (kind in ('deposit', 'loss', 'wager')),
      period text not null check (period in ('day', 'week', 'month')),
      amount bigint not null check (amount > 0),
      pending_amount bigint check (pending_amount > 0),
      pending_removal boolean not null default false,
      pending_from timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      check (not (pending_removal and pending_amount is not null)),
      check ((pending_removal or pending_amount is not null) = (pending_from is not null))
    )`.execute(db);
  // The gate's one lookup: a member's rows of the kinds it checks (a member without limits: no row).
  await sql`create unique index member_limits_member_uq on member_limits (member_id, kind, period)`.execute(
    db,
  );
  await sql`
    create table member_limit_changes (
      id bigserial primary key,
      brand_id bigint not null references brands (id) on delete cascade,
      member_id bigint not null references members (id) on delete cascade,
      kind text not null,
      period text not null,
      action text not null,
      old_amount bigint,
      new_amount bigint,
      effective_from timestamptz not null,
      actor text not null,
      note text not null default '',
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index member_limit_changes_member_idx on member_limit_changes (member_id, id)`.execute(db);
  await sql`
    create table limit_settings (
      brand_id bigint primary key references brands (id) on delete cascade,
      cooling_off_hours integer not null default 24 check (cooling_off_hours between 24 and 8760),
      bonus_counts_as_win boolean not null default false,
      updated_at timestamptz not null default now()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table limit_settings`.execute(db);
  await sql`drop table member_limit_changes`.execute(db);
  await sql`drop table member_limits`.execute(db);
}
