import { GAME_CATEGORIES, type GameCategory } from '@lotus/contracts/system';
import type { Executor } from '../../db/executor.ts';
import { type SeamlessRef, seamlessCategoryRows } from './bet-category.repository.ts';

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

export type SeamlessCategory = {
  /** The call's game category: its catalogue row's, else its vendor's first placement, else RNG. */
  category: GameCategory;
  /** True when the game's own catalogue row gave the category (not a fallback). */
  catalogued: boolean;
};

/** The key of a seamless call in seamlessCategories' answer when asked by call. */
export const seamlessCallKey = (vendorId: string, transactionId: string) => `${vendorId}|${transactionId}`;

const asCategory = (value: string): GameCategory =>
  (GAME_CATEGORIES as readonly string[]).includes(value) ? (value as GameCategory) : 'RNG';

/**
 * Published for the rewards (wagering contributions, points, missions, VIP turnover and rebate),
 * read outside the hot path: the game category of seamless calls, asked by journal entry (answer
 * keyed by entry id) or by call (keyed seamlessCallKey(vendor, transaction)). A win or rollback
 * takes its bet's game; the category is the betting record's (catalogue, else the vendor's first
 * placement, else RNG), with whether the catalogue gave it. Calls without a seamless row are absent.
 */
export async function seamlessCategories(
  db: Executor,
  by: { entryIds: readonly string[] } | { calls: readonly SeamlessRef[] },
): Promise<Map<string, SeamlessCategory>> {
  const rows = await seamlessCategoryRows(db, by);
  const out = new Map<string, SeamlessCategory>();
  for (const r of rows) {
    const key = 'entryIds' in by ? r.entryId : seamlessCallKey(r.vendorId, r.transactionId);
    if (key !== null) out.set(key, { category: asCategory(r.category), catalogued: r.catalogued });
  }
  return out;
}
