import { type SelectQueryBuilder, sql } from 'kysely';

/**
 * One page of a filtered list, newest first by `id` (the query's id column, `'d.id'`), and how many
 * rows the filter keeps: the same query counted (builders are immutable, so both share the filter).
 */
export async function pageNewestFirst<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  id: string,
  page: number,
  size: number,
) {
  const items = await query
    .orderBy(sql.ref(id), 'desc')
    .limit(size)
    .offset((page - 1) * size)
    .execute();
  // The count's row type does not resolve on a generic query: it is the one column selected here.
  const count = (await query
    .clearSelect()
    .select(sql<string>`count(*)`.as('n'))
    .executeTakeFirstOrThrow()) as { n: string };
  return { items, total: Number(count.n) };
}
