import type { Executor } from '../../db/executor.ts';
import { categoriesOfTransactions, type SeamlessRef } from './bet-category.repository.ts';

/**
 * The game category (RNG, LIVE, ...) of seamless ledger entries: the entry's vendor transaction
 * (`seamless_transactions.entry_id`) names the game (`game_id` = the game's code at its vendor), whose
 * catalogue row has the category. Entries whose game is not in the catalogue are absent from the map.
 * Published for the rewards (wagering contributions, points, rebate); read outside the hot path.
 */
export async function categoriesOfSeamlessEntries(
  db: Executor,
  entryIds: readonly string[],
): Promise<Map<string, string>> {
  if (entryIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('seamless_transactions as st')
    .innerJoin('games as g', (join) =>
      join.onRef('g.vendor_id', '=', 'st.vendor_id').onRef('g.code', '=', 'st.game_id'),
    )
    .select(['st.entry_id', 'g.category'])
    .where('st.entry_id', 'in', [...entryIds])
    .execute();
  const out = new Map<string, string>();
  for (const row of rows) if (row.entry_id) out.set(row.entry_id, row.category);
  return out;
}

/**
 * The bet entry each seamless rollback entry took back: the rollback's vendor transaction names the
 * bet's transaction id (`bet_transaction_id`), whose row holds the bet's entry. Rollbacks without a
 * bet entry (a rollback that overtook its bet) are absent.
 */
export async function betEntriesOfRollbacks(
  db: Executor,
  rollbackEntryIds: readonly string[],
): Promise<Map<string, string>> {
  if (rollbackEntryIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('seamless_transactions as rb')
    .innerJoin('seamless_transactions as bet', (join) =>
      join
        .onRef('bet.vendor_id', '=', 'rb.vendor_id')
        .onRef('bet.transaction_id', '=', 'rb.bet_transaction_id'),
    )
    .select(['rb.entry_id as rollback_entry', 'bet.entry_id as bet_entry'])
    .where('rb.entry_id', 'in', [...rollbackEntryIds])
    .execute();
  const out = new Map<string, string>();
  for (const row of rows) if (row.rollback_entry && row.bet_entry) out.set(row.rollback_entry, row.bet_entry);
  return out;
}

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
