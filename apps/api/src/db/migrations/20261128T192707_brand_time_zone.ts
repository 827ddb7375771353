import { type Kysely, sql } from 'kysely';

/**
 * The brand's time zone (issue 24): an IANA name (`Asia/Kuala_Lumpur`), given to `npm run
 * brand:create -- --time-zone` and checked there against the runtime's list; existing brands get
 * the platform's one market so far (Malaysia). The check keeps out what is plainly not a zone name.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table brands add column time_zone text not null default 'Asia/Kuala_Lumpur'
      check (time_zone ~ '^[A-Za-z][A-Za-z0-9_+-]*(/[A-Za-z0-9_+-]+){0,2}$' and length(time_zone) <= 64)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table brands drop column time_zone`.execute(db);
}
