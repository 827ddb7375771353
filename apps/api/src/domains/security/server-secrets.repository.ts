import type { Db } from '../../db/database.ts';

/**
 * A named secret shared by every server process: the first process to need it creates it, the
 * others read the stored one (insert ... on conflict do nothing, then read).
 */
export async function getOrCreateSecret(
  db: Db,
  name: string,
  create: () => Promise<string>,
): Promise<string> {
  const existing = await db
    .selectFrom('server_secrets')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirst();
  if (existing) return existing.value;
  await db
    .insertInto('server_secrets')
    .values({ name, value: await create() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('server_secrets')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.value;
}
