import type { Db } from '../../db/database.ts';
import { invalidateDbCaches } from '../../lib/db-cache.ts';
import {
  insertMissingGames,
  type NewGame,
  placementCount,
  replacePlacements,
  updateVendorPresentation,
  type VendorPresentation,
} from './catalogue.repository.ts';
import type { CategoryColumn } from './games.tables.ts';

export type { NewGame, VendorPresentation };

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
  const gamesAdded = await db.transaction().execute(async (trx) => {
    await updateVendorPresentation(trx, input.brandId, input.vendorId, input.presentation);
    if ((await placementCount(trx, input.vendorId)) === 0) {
      await replacePlacements(trx, input.brandId, input.vendorId, input.categories);
    }
    return insertMissingGames(trx, input.brandId, input.vendorId, input.games);
  });
  invalidateDbCaches(db);
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
