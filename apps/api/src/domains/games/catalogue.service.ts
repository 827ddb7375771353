import type { Transaction } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { invalidateDbCaches } from '../../lib/db-cache.ts';
import {
  addPlacement,
  insertMissingGames,
  insertMissingRooms,
  type NewGame,
  placementCount,
  replacePlacements,
  updateVendorPresentation,
  type VendorPresentation,
} from './catalogue.repository.ts';
import type { CategoryColumn } from './games.tables.ts';

export type { NewGame, VendorPresentation };

/**
 * Runs `work` in a transaction of its own, or in the caller's when given one (then the caller
 * invalidates the caches once it has committed: the brand creation of `npm run brand:create`).
 */
async function inTransaction<T>(db: Db, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  if (db.isTransaction) return work(db as Transaction<Database>);
  const result = await db.transaction().execute(work);
  invalidateDbCaches(db);
  return result;
}

/**
 * Puts a vendor (created by the vendors domain) into the catalogue: what the lobby shows of it,
 * its categories when it has none yet, and the games it does not have yet (existing games keep what
 * operators changed). Used by the seed; operators change the same through the back office.
 */
export async function catalogueVendor(
  db: Db,
  input: {
    brandId: string;
    vendorId: string;
    presentation: VendorPresentation;
    categories: readonly { category: CategoryColumn; sortOrder: number }[];
    games: readonly NewGame[];
  },
): Promise<{ gamesAdded: number }> {
  const gamesAdded = await inTransaction(db, async (trx) => {
    await updateVendorPresentation(trx, input.brandId, input.vendorId, input.presentation);
    if ((await placementCount(trx, input.vendorId)) === 0) {
      await replacePlacements(trx, input.brandId, input.vendorId, input.categories);
    }
    return insertMissingGames(trx, input.brandId, input.vendorId, input.games);
  });
  return { gamesAdded };
}

/** Sets where a vendor's games are launched and verified (the seed does it from the environment). */
export async function setVendorUrls(
  db: Db,
  brandId: string,
  vendorId: string,
  urls: { launchUrl: string; verifyUrl: string },
): Promise<void> {
  await updateVendorPresentation(db, brandId, vendorId, urls);
  invalidateDbCaches(db);
}

/**
 * Adds live (or card) tables to a vendor: its placement in the tables' category when missing, the
 * games it does not have yet and one room per game when missing (GLS2_roomList). Idempotent: what
 * operators changed of existing games and rooms is kept.
 */
export async function catalogueLiveTables(
  db: Db,
  input: {
    brandId: string;
    vendorId: string;
    category: { category: CategoryColumn; sortOrder: number };
    tables: readonly {
      game: NewGame;
      room: { code: string; names: { en: string; ms: string; cn: string }; minBet: bigint; maxBet: bigint };
    }[];
  },
): Promise<{ gamesAdded: number; roomsAdded: number }> {
  return inTransaction(db, async (trx) => {
    await addPlacement(trx, input.brandId, input.vendorId, input.category);
    const gamesAdded = await insertMissingGames(
      trx,
      input.brandId,
      input.vendorId,
      input.tables.map((t) => t.game),
    );
    const roomsAdded = await insertMissingRooms(
      trx,
      input.brandId,
      input.vendorId,
      input.tables.map((t, i) => ({ gameCode: t.game.code, sortOrder: i + 1, ...t.room })),
    );
    return { gamesAdded, roomsAdded };
  });
}
