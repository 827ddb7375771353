import { type Kysely, sql } from 'kysely';

/**
 * The game fields of spec §3 the catalogue lacked:
 * - `default_play_type`: the play type a lottery game's page opens on (/lottery?playType=), '' = its first;
 * - `is_game`: `GAME` (a game, launched) or `VASSALAGE` (an entry standing for the vendor's whole game
 *   list: pressing it opens that list in a popup instead of launching);
 * - `node_name`: the node (room, table group) the game is listed under, '' = none.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table games
    add column default_play_type text not null default '' check (char_length(default_play_type) <= 40),
    add column is_game text not null default 'GAME' check (is_game in ('GAME', 'VASSALAGE')),
    add column node_name text not null default '' check (char_length(node_name) <= 64)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table games drop column default_play_type, drop column is_game, drop column node_name`.execute(
    db,
  );
}
