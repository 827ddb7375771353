import { type Kysely, sql } from 'kysely';

/**
 * Missions (issue 15): daily, weekly and one-off tasks with a money reward.
 *
 * `missions`: the brand's definitions (EN/MS/CN name and description; kind bet, deposit or
 * login_days; a game category for bet missions; the period; the target in minor units or days; the
 * reward in minor units). A mission counts what happens from its `starts_at` on.
 * `mission_progress`: one row per (mission, member, period key) with the progress, when it was
 * completed and when its reward was claimed (a conditional update: a reward is paid once).
 * `mission_applied_entries`: the journal entries the progress consumer has applied, so an event
 * delivered again (at-least-once feed) counts once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table missions (
      id bigint generated always as identity primary key,
      brand_id bigint not null references brands (id) on delete cascade,
      name_en text not null check (char_length(name_en) between 1 and 80),
      name_ms text not null check (char_length(name_ms) between 1 and 80),
      name_cn text not null check (char_length(name_cn) between 1 and 80),
      description_en text not null default '' check (char_length(description_en) <= 500),
      description_ms text not null default '' check (char_length(description_ms) <= 500),
      description_cn text not null default '' check (char_length(description_cn) <= 500),
      kind text not null check (kind in ('bet', 'deposit', 'login_days')),
      category text check (category is null or kind = 'bet'),
      period text not null check (period in ('daily', 'weekly', 'once')),
      target bigint not null check (target > 0),
      reward bigint not null check (reward > 0),
      active boolean not null default true,
      starts_at timestamptz not null default now(),
      created_by bigint references operators (id) on delete set null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index missions_brand_active on missions (brand_id, kind) where active`.execute(db);

  await sql`
    create table mission_progress (
      mission_id bigint not null references missions (id) on delete cascade,
      member_id bigint not null references members (id) on delete cascade,
      brand_id bigint not null references brands (id) on delete cascade,
      period_key text not null,
      progress bigint not null default 0 check (progress >= 0),
      completed_at timestamptz,
      claimed_at timestamptz,
      reward bigint,
      updated_at timestamptz not null default now(),
      primary key (mission_id, member_id, period_key)
    )`.execute(db);
  await sql`create index mission_progress_member on mission_progress (member_id, period_key)`.execute(db);
  await sql`create index mission_progress_board on mission_progress (brand_id, completed_at) where completed_at is not null`.execute(
    db,
  );

  await sql`
    create table mission_applied_entries (
      entry_id bigint primary key,
      applied_at timestamptz not null default now()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table mission_applied_entries`.execute(db);
  await sql`drop table mission_progress`.execute(db);
  await sql`drop table missions`.execute(db);
}
