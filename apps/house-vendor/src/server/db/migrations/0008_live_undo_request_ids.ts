import { type Kysely, sql } from 'kysely';

/**
 * An undo's request id, kept on the bet it took back (LiveEngine.undo, live/engine.ts): the same id of
 * the same player at the same table answers that bet again (a lost answer retried by a client or a
 * proxy), never takes back a second one. The ids are the player's own: the engine looks one up among
 * that player's seats at that table (under a per-player lock), so another player's id, or a bet's
 * request id, is simply a new undo id. The index finds an id among every round's bets and refuses a
 * second bet of one seat taken back by one id (a backstop of the lock).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table live_bets add column undo_request_id text`.execute(db);
  await sql`create unique index live_bets_undo_request_idx on live_bets (undo_request_id, seat_id)
    where undo_request_id is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists live_bets_undo_request_idx`.execute(db);
  await sql`alter table live_bets drop column if exists undo_request_id`.execute(db);
}
