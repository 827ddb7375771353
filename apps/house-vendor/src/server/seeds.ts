import { sql } from 'kysely';
import { isValidClientSeed, newSeedPair } from '../fair/seeds.ts';
import type { VendorDb } from './db/database.ts';
import { OPEN_STATUSES } from './db/schema.ts';
import { VendorError } from './errors.ts';

/**
 * Provably fair seed pairs per (brand, player): the active pair's server seed stays here, only its
 * SHA-256 is shown; rounds take the pair's next nonce; a rotation reveals the pair and starts a new one.
 */

export type FairnessView = {
  serverSeedHash: string;
  clientSeed: string;
  /** The nonce the next round will use. */
  nonce: number;
};

export type RevealedPair = {
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  /** Rounds played on the pair (their nonces are 0 .. rounds - 1). */
  rounds: number;
};

/** Every column of a seed pair, each named. */
const PAIR_COLUMNS = [
  'id',
  'brand',
  'player_id',
  'server_seed',
  'server_seed_hash',
  'client_seed',
  'next_nonce',
  'status',
  'created_at',
  'revealed_at',
] as const;

/** The player's active pair, created (with a random client seed) when there is none. */
export async function activePair(db: VendorDb, brand: string, playerId: string) {
  const existing = await db
    .selectFrom('seed_pairs')
    .select(PAIR_COLUMNS)
    .where('brand', '=', brand)
    .where('player_id', '=', playerId)
    .where('status', '=', 'active')
    .executeTakeFirst();
  if (existing) return existing;
  const pair = await newSeedPair();
  await sql`
    insert into seed_pairs (brand, player_id, server_seed, server_seed_hash, client_seed)
    values (${brand}, ${playerId}, ${pair.serverSeed}, ${pair.serverSeedHash}, ${pair.clientSeed})
    on conflict (brand, player_id) where status = 'active' do nothing`.execute(db);
  return db
    .selectFrom('seed_pairs')
    .select(PAIR_COLUMNS)
    .where('brand', '=', brand)
    .where('player_id', '=', playerId)
    .where('status', '=', 'active')
    .executeTakeFirstOrThrow();
}

export async function fairnessOf(db: VendorDb, brand: string, playerId: string): Promise<FairnessView> {
  const pair = await activePair(db, brand, playerId);
  return { serverSeedHash: pair.server_seed_hash, clientSeed: pair.client_seed, nonce: pair.next_nonce };
}

/**
 * Reveals the active pair and starts a new one with `clientSeed` (the player's choice, or the old
 * client seed). Refused while a round of the pair is still open: its seed would be known before the
 * wallet settled it.
 */
export async function rotatePair(
  db: VendorDb,
  brand: string,
  playerId: string,
  clientSeed: string | undefined,
): Promise<{ revealed: RevealedPair; current: FairnessView }> {
  if (clientSeed !== undefined && !isValidClientSeed(clientSeed))
    throw new VendorError('client_seed_invalid');
  await activePair(db, brand, playerId);
  return db.transaction().execute(async (tx) => {
    const pair = await tx
      .selectFrom('seed_pairs')
      .select(PAIR_COLUMNS)
      .where('brand', '=', brand)
      .where('player_id', '=', playerId)
      .where('status', '=', 'active')
      .forUpdate()
      .executeTakeFirst();
    if (!pair) throw new VendorError('round_in_progress');
    const open = await tx
      .selectFrom('rounds')
      .select('id')
      .where('seed_pair_id', '=', pair.id)
      .where('status', 'in', OPEN_STATUSES)
      .executeTakeFirst();
    if (open) throw new VendorError('round_in_progress');
    await tx
      .updateTable('seed_pairs')
      .set({ status: 'revealed', revealed_at: new Date() })
      .where('id', '=', pair.id)
      .execute();
    const next = await newSeedPair(clientSeed ?? pair.client_seed);
    await tx
      .insertInto('seed_pairs')
      .values({
        brand,
        player_id: playerId,
        server_seed: next.serverSeed,
        server_seed_hash: next.serverSeedHash,
        client_seed: next.clientSeed,
      })
      .execute();
    return {
      revealed: {
        serverSeed: pair.server_seed,
        serverSeedHash: pair.server_seed_hash,
        clientSeed: pair.client_seed,
        rounds: pair.next_nonce,
      },
      current: { serverSeedHash: next.serverSeedHash, clientSeed: next.clientSeed, nonce: 0 },
    };
  });
}
