import { sql } from 'kysely';
import type { Executor } from '../../db/executor.ts';

/** Count and sum (positive legs: the money moved) of the ledger entries of some kinds since `since` (the brand's midnight). */
export async function entriesToday(
  executor: Executor,
  brandId: string,
  kinds: string[],
  since: Date,
): Promise<{ count: number; sum: bigint }> {
  const result = await sql<{ count: string; sum: string | null }>`
    select count(distinct e.id) as count, coalesce(sum(p.amount) filter (where p.amount > 0), 0) as sum
    from journal_entries e join postings p on p.entry_id = e.id
    where e.brand_id = ${brandId} and e.kind in (${sql.join(kinds)})
      and e.created_at >= ${since}`.execute(executor);
  const row = result.rows[0];
  return { count: Number(row?.count ?? 0), sum: BigInt(row?.sum ?? 0) };
}

/** Members with a session or a ledger movement since `since` (the brand's midnight), and the registrations. */
export async function membersToday(executor: Executor, brandId: string, since: Date) {
  const result = await sql<{ active: string; registered: string }>`
    with today as (select ${since}::timestamptz as start)
    select
      (select count(*) from (
        select s.member_id from sessions s, today
          where s.brand_id = ${brandId} and (s.created_at >= today.start or s.last_seen_at >= today.start)
        union
        select a.member_id from postings p join ledger_accounts a on a.id = p.account_id, today
          where a.brand_id = ${brandId} and a.member_id is not null and p.created_at >= today.start
      ) m) as active,
      (select count(*) from members, today where brand_id = ${brandId} and created_at >= today.start) as registered`.execute(
    executor,
  );
  const row = result.rows[0];
  return { active: Number(row?.active ?? 0), registered: Number(row?.registered ?? 0) };
}

export async function pendingAdjustmentCount(executor: Executor, brandId: string): Promise<number> {
  const row = await executor
    .selectFrom('adjustment_requests')
    .select((eb) => eb.fn.countAll<string>().as('total'))
    .where('brand_id', '=', brandId)
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  return Number(row.total);
}
