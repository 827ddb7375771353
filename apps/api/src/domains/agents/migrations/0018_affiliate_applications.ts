import { type Kysely, sql } from 'kysely';

/**
 * Affiliate applications (issue 11): what a prospective affiliate sends from /join: name, one to
 * four ways to be reached (`contacts`: [{channel, value}], phone numbers as E.164), the websites or
 * social channels they would bring players from (`sites`), the players they expect a month and a
 * message; the member when logged in. Operators move it new -> contacted -> approved | rejected
 * (new -> rejected too) with a note; each move is a conditional UPDATE on `status`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table affiliate_applications (
      id bigint generated always as identity primary key,
      brand_id bigint not null references brands (id) on delete cascade,
      member_id bigint references members (id) on delete set null,
      name text not null check (char_length(name) between 1 and 60),
      contacts jsonb not null check (jsonb_typeof(contacts) = 'array' and jsonb_array_length(contacts) between 1 and 4),
      sites jsonb not null default '[]'::jsonb check (jsonb_typeof(sites) = 'array' and jsonb_array_length(sites) <= 5),
      monthly_players integer not null check (monthly_players between 1 and 1000000),
      message text not null default '' check (char_length(message) <= 500),
      language text not null,
      client_ip text not null,
      status text not null default 'new' check (status in ('new', 'contacted', 'approved', 'rejected')),
      operator_note text not null default '' check (char_length(operator_note) <= 500),
      handled_by bigint references operators (id) on delete set null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index affiliate_applications_queue on affiliate_applications (brand_id, status, id desc)`.execute(
    db,
  );
  await sql`create index affiliate_applications_brand_time on affiliate_applications (brand_id, created_at)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table affiliate_applications`.execute(db);
}
