import { type Kysely, sql } from 'kysely';

/**
 * The activity remark of a promotion application (spec §5, "Activity remark at most 140"): what the
 * member writes when applying, for the operator deciding the approval queue. At most 140 characters
 * (code points, as the API's schema counts them); null when none was written.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table member_promotions
    add column remark text null check (char_length(remark) between 1 and 140)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table member_promotions drop column remark`.execute(db);
}
