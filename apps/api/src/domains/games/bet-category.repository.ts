import { sql } from 'kysely';
import type { Executor } from '../../db/executor.ts';

export type SeamlessRef = { vendorId: string; transactionId: string };

/**
 * The category of each seamless transaction's game (a win or rollback takes its bet's game): the
 * game's category, else the vendor's first placement, else RNG, as the betting record reads it.
 */
export async function categoriesOfTransactions(
  db: Executor,
  refs: readonly SeamlessRef[],
): Promise<{ vendorId: string; transactionId: string; category: string }[]> {
  if (refs.length === 0) return [];
  const vendors = refs.map((r) => r.vendorId);
  const transactions = refs.map((r) => r.transactionId);
  const result = await sql<{ vendorId: string; transactionId: string; category: string }>`
    with refs as (
      select * from unnest(${vendors}::bigint[], ${transactions}::text[]) as r (vendor_id, transaction_id)
    ), calls as (
      select r.vendor_id, r.transaction_id, coalesce(b.game_id, st.game_id) as game_code
      from refs r
      join seamless_transactions st on st.vendor_id = r.vendor_id and st.transaction_id = r.transaction_id
      left join seamless_transactions b
        on st.kind in ('win', 'rollback') and b.vendor_id = st.vendor_id
        and b.transaction_id = st.bet_transaction_id
    )
    select c.vendor_id::text as "vendorId", c.transaction_id as "transactionId",
           coalesce(
             (select g.category from games g where g.vendor_id = c.vendor_id and g.code = c.game_code),
             (select vc.category from vendor_categories vc where vc.vendor_id = c.vendor_id
                order by vc.sort_order, vc.category limit 1),
             'RNG') as category
    from calls c`.execute(db);
  return result.rows;
}
