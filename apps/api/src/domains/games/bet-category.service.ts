import type { Executor } from '../../db/executor.ts';
import { categoriesOfTransactions, type SeamlessRef } from './bet-category.repository.ts';

export type { SeamlessRef };

/**
 * Published for the rewards (missions, rebate): the game category (RNG, LIVE, ...) of seamless
 * transactions, keyed `vendorId:transactionId` (a `bet_settled` event's vendor posting and its
 * reference). A transaction without a seamless row is missing from the map.
 */
export async function betCategories(
  db: Executor,
  refs: readonly SeamlessRef[],
): Promise<Map<string, string>> {
  const rows = await categoriesOfTransactions(db, refs);
  return new Map(rows.map((r) => [`${r.vendorId}:${r.transactionId}`, r.category]));
}
