import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase } from '../../test/support.ts';
import { createDatabase, type Db } from './database.ts';
import { createMigrator, migrateToLatest } from './migrator.ts';

let db: Db;
let drop: () => Promise<void> = async () => {};
beforeAll(async () => {
  if (process.env.TEST_DB === 'postgres') {
    const created = await createPostgresDatabase();
    db = await createDatabase({ databaseUrl: created.url });
    drop = created.drop;
  } else {
    db = await createDatabase({ memory: true });
  }
  await migrateToLatest(db);
});
afterAll(async () => {
  await db.destroy();
  await drop();
});

const checkSettings = async () =>
  (
    await sql<{ proconfig: string[] | null }>`
    select proconfig from pg_proc where proname = 'ledger_entry_balanced'`.execute(db)
  ).rows[0]?.proconfig;
const roundIndex = async () =>
  (
    await sql<{ indexdef: string }>`
    select indexdef from pg_indexes where indexname = 'seamless_transactions_round_idx'`.execute(db)
  ).rows[0]?.indexdef;

describe('migrations', () => {
  it('go back before the money hot-path changes (0010, 0011) and forward again', async () => {
    const { error, results } = await createMigrator(db).migrateTo('0009_ledger_check_plans');
    expect(error).toBeUndefined();
    expect(results?.map((r) => `${r.migrationName}:${r.direction}:${r.status}`)).toEqual([
      '0013_event_feed_and_job_runs:Down:Success',
      '0011_seamless_lighter_writes:Down:Success',
      '0010_ledger_check_cached_plan:Down:Success',
    ]);
    expect(await checkSettings()).toEqual(['plan_cache_mode=force_custom_plan']);
    expect(await roundIndex()).toMatch(/\(vendor_id, round_id\)/);

    const again = await migrateToLatest(db);
    expect(again?.map((r) => r.migrationName)).toEqual([
      '0010_ledger_check_cached_plan',
      '0011_seamless_lighter_writes',
      '0013_event_feed_and_job_runs',
    ]);
    expect(await checkSettings()).toEqual(['enable_seqscan=off']);
    expect(await roundIndex()).toMatch(/\(round_id, vendor_id\)/);
  });
});
