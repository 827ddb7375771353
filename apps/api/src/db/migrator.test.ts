import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { applyRepeatables, loadRepeatable } from '@lotus/db-repeatable';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase } from '../../test/support.ts';
import { createDatabase, type Db } from './database.ts';
import { allMigrations, createMigrator, migrateToLatest, REPEATABLE_FUNCTIONS } from './migrator.ts';

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
    // Later migrations (0012 on) go down first; they are not the subject here.
    const hotPath = (name: string) => name.startsWith('0010_') || name.startsWith('0011_');
    expect(results?.every((r) => r.direction === 'Down' && r.status === 'Success')).toBe(true);
    expect(
      results
        ?.filter((r) => hotPath(r.migrationName))
        .map((r) => `${r.migrationName}:${r.direction}:${r.status}`),
    ).toEqual(['0011_seamless_lighter_writes:Down:Success', '0010_ledger_check_cached_plan:Down:Success']);
    expect(await checkSettings()).toEqual(['plan_cache_mode=force_custom_plan']);
    expect(await roundIndex()).toMatch(/\(vendor_id, round_id\)/);

    const again = await migrateToLatest(db);
    expect(again?.map((r) => r.migrationName).filter(hotPath)).toEqual([
      '0010_ledger_check_cached_plan',
      '0011_seamless_lighter_writes',
    ]);
    expect(await checkSettings()).toEqual(['enable_seqscan=off']);
    expect(await roundIndex()).toMatch(/\(round_id, vendor_id\)/);
  });
});

describe('repeatable function files', () => {
  const probe = async () =>
    (
      await sql<{ signature: string }>`
      select p.oid::regprocedure::text as signature from pg_proc p
       where p.proname = 'lotus_repeatable_probe'`.execute(db)
    ).rows.map((r) => r.signature);

  it('applies a file once, again only when its checksum changes, and drops an overload it replaced', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'repeatable-'));
    const file = pathToFileURL(path.join(dir, 'probe.sql'));
    const entry = { name: 'lotus_repeatable_probe', file };
    try {
      await writeFile(
        file,
        'create or replace function lotus_repeatable_probe() returns int language sql as $$ select 1 $$',
      );
      expect(await applyRepeatables(db, [entry])).toEqual(['lotus_repeatable_probe']);
      expect(await applyRepeatables(db, [entry])).toEqual([]);
      expect((await sql<{ n: number }>`select lotus_repeatable_probe() as n`.execute(db)).rows[0]?.n).toBe(1);

      // The file changes its body and its arguments: applied again, the old overload gone.
      await writeFile(
        file,
        'create or replace function lotus_repeatable_probe(p integer) returns int language sql as $$ select p + 1 $$',
      );
      expect(await applyRepeatables(db, [entry])).toEqual(['lotus_repeatable_probe']);
      expect(await probe()).toEqual(['lotus_repeatable_probe(integer)']);
      expect((await sql<{ n: number }>`select lotus_repeatable_probe(2) as n`.execute(db)).rows[0]?.n).toBe(
        3,
      );

      // A file that fails changes nothing: the function and its checksum stay as they were.
      await writeFile(
        file,
        'create or replace function lotus_repeatable_probe() returns int language sql as $$ select nope $$',
      );
      await expect(applyRepeatables(db, [entry])).rejects.toThrow();
      expect(await probe()).toEqual(['lotus_repeatable_probe(integer)']);
    } finally {
      await sql`drop function if exists lotus_repeatable_probe(integer)`.execute(db);
      await sql`delete from repeatable_migrations where name = 'lotus_repeatable_probe'`.execute(db);
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('records the checksum of every seamless function file, whose functions exist', async () => {
    const stored = await sql<{ name: string; checksum: string }>`
      select name, checksum from repeatable_migrations`.execute(db);
    const byName = new Map(stored.rows.map((r) => [r.name, r.checksum]));
    for (const entry of REPEATABLE_FUNCTIONS) {
      expect(byName.get(entry.name)).toBe(loadRepeatable(entry).checksum);
      const found = await sql`select 1 from pg_proc where proname = ${entry.name}`.execute(db);
      expect(found.rows).toHaveLength(1);
    }
  });
});

describe('the migration list', () => {
  const noop = { up: async () => {} };

  it("is the kernel's migrations plus every module's, each name once, in number order", () => {
    const names = Object.keys(allMigrations());
    expect(names).toContain('0001_foundation');
    expect(names).toContain('0005_deposits');
    expect(names).toContain('0013_event_feed_and_job_runs');
    // The numbered (legacy) names keep distinct numbers; timestamped ones may share a year's digits.
    const numbered = names.filter((name) => /^\d{4}_/.test(name));
    expect(numbered.length).toBeGreaterThan(25);
    expect(new Set(numbered.map((name) => name.slice(0, 4))).size).toBe(numbered.length);
    expect(new Set(names).size).toBe(names.length);
  });

  it('refuses a name or a number two modules claim, and a name without its number', () => {
    expect(() => allMigrations([{ name: 'a', migrations: { '0001_foundation': noop } }])).toThrow(
      /declared by kernel and a/,
    );
    expect(() =>
      allMigrations([
        { name: 'a', migrations: { '0900_one': noop } },
        { name: 'b', migrations: { '0900_two': noop } },
      ]),
    ).toThrow(/0900 is taken by 0900_one \(b\)/);
    expect(() => allMigrations([{ name: 'a', migrations: { lottery: noop } }])).toThrow(/not NNNN_name/);
  });

  it('runs a lower number that lands after a higher one already ran (numbers come from parallel ranges)', async () => {
    const own = await createDatabase({ memory: true });
    try {
      const ran: string[] = [];
      const step = (name: string) => ({
        up: async () => {
          ran.push(name);
        },
      });
      await createMigrator(own, () => ({ '0902_later': step('0902_later') })).migrateToLatest();
      const { error } = await createMigrator(own, () => ({
        '0901_earlier': step('0901_earlier'),
        '0902_later': step('0902_later'),
      })).migrateToLatest();
      expect(error).toBeUndefined();
      expect(ran).toEqual(['0902_later', '0901_earlier']);
    } finally {
      await own.destroy();
    }
  });
});
