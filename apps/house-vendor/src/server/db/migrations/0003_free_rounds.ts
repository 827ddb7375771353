import { type Kysely, sql } from 'kysely';

/**
 * Free rounds (docs/free-rounds.md): the platform's session answer lists the player's free-round
 * grants for the launched game; the session keeps that list (`free_rounds`), and a free spin's round
 * names its grant (`rounds.free_round_grant_id`), sent with its bet as `freeRoundGrantId`. What is
 * left of a grant is the list's count less the session's free spins not refused or cancelled.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table sessions add column free_rounds jsonb not null default '[]'`.execute(db);
  await sql`alter table rounds add column free_round_grant_id text`.execute(db);
  await sql`create index rounds_session_free_idx on rounds (session_id, free_round_grant_id)
    where free_round_grant_id is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists rounds_session_free_idx`.execute(db);
  await sql`alter table rounds drop column if exists free_round_grant_id`.execute(db);
  await sql`alter table sessions drop column if exists free_rounds`.execute(db);
}
