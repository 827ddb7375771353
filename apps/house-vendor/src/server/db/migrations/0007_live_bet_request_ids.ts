import { type Kysely, sql } from 'kysely';

/**
 * A live bet's request id answers the one bet it placed at that table for that player, in any round
 * (live_place_bet, live/sql/live_place_bet.sql): a retry or a replay that outlived its round is
 * not a second debit in the next one. The index finds a request id among every round's bets.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index live_bets_request_idx on live_bets (request_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists live_bets_request_idx`.execute(db);
}
