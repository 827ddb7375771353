import { sql } from 'kysely';
import type { Executor } from '../../db/executor.ts';
import { CATEGORY_OF } from './records.repository.ts';

const COLUMNS = sql.raw(
  'st.entry_id, st.vendor_id, st.transaction_id, st.kind, st.game_id, st.bet_transaction_id',
);

export type SeamlessRef = { vendorId: string; transactionId: string };

export type SeamlessCategoryRow = {
  entryId: string | null;
  vendorId: string;
  transactionId: string;
  category: string;
  catalogued: boolean;
};

/**
 * The one read of a seamless call's game category, by journal entry (`seamless_transactions.entry_id`)
 * or by call (vendor, transaction id): the call's game (a win's or rollback's: its bet's game), whose
 * catalogue row has the category; else, as the betting record files it, the vendor's first
 * placement, else RNG. `catalogued` says whether the game's own catalogue row gave it. Calls
 * without a seamless row are absent.
 */
export async function seamlessCategoryRows(
  db: Executor,
  by: { entryIds: readonly string[] } | { calls: readonly SeamlessRef[] },
): Promise<SeamlessCategoryRow[]> {
  const keys =
    'entryIds' in by
      ? by.entryIds.length === 0
        ? null
        : sql`select ${COLUMNS} from seamless_transactions st where st.entry_id = any(${[...by.entryIds]}::bigint[])`
      : by.calls.length === 0
        ? null
        : sql`select ${COLUMNS} from unnest(${by.calls.map((c) => c.vendorId)}::bigint[], ${by.calls.map((c) => c.transactionId)}::text[]) as k(vendor_id, transaction_id)
              join seamless_transactions st on st.vendor_id = k.vendor_id and st.transaction_id = k.transaction_id`;
  if (!keys) return [];
  const { rows } = await sql<SeamlessCategoryRow>`
    with calls as (
      select st.entry_id, st.vendor_id, st.transaction_id, coalesce(b.game_id, st.game_id) as game_code
      from (${keys}) st
      left join seamless_transactions b
        on st.kind in ('win', 'rollback') and b.vendor_id = st.vendor_id and b.transaction_id = st.bet_transaction_id
    )
    select c.entry_id::text as "entryId", c.vendor_id::text as "vendorId", c.transaction_id as "transactionId",
           ${CATEGORY_OF('c.vendor_id', 'c.game_code')} as category,
           exists (select 1 from games g where g.vendor_id = c.vendor_id and g.code = c.game_code) as catalogued
    from calls c`.execute(db);
  return rows;
}
