import { type Kysely, sql } from 'kysely';

/**
 * A member's labels (spec §3, member info `memberLabel`): short texts an operator gives a member in
 * the back office (at most 10, each 1 to 20 characters; the API checks the texts), answered to the
 * member in `GET /wps/member/info` as `memberLabel`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table members
    add column labels text[] not null default '{}' check (cardinality(labels) <= 10)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table members drop column labels`.execute(db);
}
