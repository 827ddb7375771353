import { type Kysely, sql } from 'kysely';

/**
 * The stakes a game accepts (issue 15): the total bets of one round, in minor units, ascending. A house
 * slot bets coin value x coins per spin (apps/house-vendor/src/slots/bet.ts), so only these exact
 * amounts can be spent; a free-round reward must use one of them. Empty = the game has no fixed
 * levels (any stake at least its minimum bet). The house slots already catalogued get theirs here
 * (the seed gives new ones the same list, db/seed/demo-games.ts; scripts/house-stakes.test.ts checks
 * both against the vendor's game definitions).
 */
export const HOUSE_SLOT_STAKES: Readonly<Record<string, readonly bigint[]>> = {
  'lotus-garden': [20n, 40n, 100n, 200n, 400n, 1000n, 2000n],
  'jade-ways': [50n, 100n, 250n, 500n, 1000n, 2500n],
  'lucky-sevens': [10n, 25n, 50n, 100n, 250n, 500n, 1000n],
};

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table games add column stakes bigint[] not null default '{}'
    check (array_position(stakes, null) is null and 0 < all(stakes) and cardinality(stakes) <= 50)`.execute(
    db,
  );
  for (const [code, stakes] of Object.entries(HOUSE_SLOT_STAKES)) {
    await sql`update games g set stakes = ${`{${stakes.join(',')}}`}::bigint[]
      from vendors v
      where v.id = g.vendor_id and v.code = 'HOUSE' and g.game_type = 'SLOT' and g.code = ${code}`.execute(
      db,
    );
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table games drop column stakes`.execute(db);
}
