import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { applyRepeatables, loadRepeatable, type RepeatableFunction } from '@lotus/db-repeatable';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { LIVE_FUNCTIONS } from '../live/live.sql.ts';
import { createTestStorage, onPostgres } from '../testing/support.ts';
import { createVendorDatabase, type VendorDb } from './database.ts';
import { LIVE_PLACE_BET_0005 } from './migrations/0005_live_bet_arrival.ts';
import { VENDOR_REPEATABLE_TABLE } from './migrations/0006_repeatable_functions.ts';
import {
  createVendorMigrator,
  migrateVendorDatabase,
  VENDOR_FUNCTIONS,
  VENDOR_MIGRATIONS,
} from './migrator.ts';

/**
 * The vendor's migrator (project house-vendor-pglite on PGlite, house-vendor-postgres on PostgreSQL): its
 * migrations, then its function files as repeatable migrations (@lotus/db-repeatable), each applied
 * when its checksum changed, under a lock, and a database migrated by the old 0004/0005 converging
 * on the file's body.
 */

const SIGNATURE =
  'live_place_bet(text,text,text,bigint,text,text,text,text,text,jsonb,bigint,bigint,double precision,integer)';
const FILE = LIVE_FUNCTIONS.find((f) => f.name === 'live_place_bet') as RepeatableFunction;
/** The body between the dollar quotes: what pg_proc.prosrc holds. */
const bodyOf = (text: string) => text.slice(text.indexOf('$$') + 2, text.lastIndexOf('$$'));
const FILE_BODY = bodyOf(readFileSync(FILE.file, 'utf8'));

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function freshDatabase(): Promise<{ db: VendorDb; another: () => Promise<VendorDb> }> {
  const storage = await createTestStorage({ empty: true });
  const db = await createVendorDatabase(storage.target);
  cleanups.push(async () => {
    await db.destroy();
    await storage.drop();
  });
  return {
    db,
    // A second process on the same database (PostgreSQL); PGlite in memory has one, shared.
    another: async () => {
      if (!onPostgres) return db;
      const other = await createVendorDatabase(storage.target);
      cleanups.push(() => other.destroy());
      return other;
    },
  };
}

async function placeBetFunctions(db: VendorDb): Promise<{ signature: string; body: string }[]> {
  const found = await sql<{ signature: string; body: string }>`
    select replace(p.oid::regprocedure::text, ', ', ',') as signature, p.prosrc as body from pg_proc p
      where p.proname = 'live_place_bet' and p.pronamespace = current_schema()::regnamespace`.execute(db);
  return found.rows;
}

async function recorded(db: VendorDb): Promise<Map<string, string>> {
  const rows = await sql<{ name: string; checksum: string }>`
    select name, checksum from ${sql.table(VENDOR_REPEATABLE_TABLE)}`.execute(db);
  return new Map(rows.rows.map((r) => [r.name, r.checksum]));
}

/** A copy of the real file whose body carries a marker: the same function, other text. */
async function changedCopy(marker: string): Promise<RepeatableFunction> {
  const dir = await mkdtemp(path.join(tmpdir(), 'vendor-repeatable-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  const file = pathToFileURL(path.join(dir, 'live_place_bet.sql'));
  const text = readFileSync(FILE.file, 'utf8');
  expect(text).toContain('#variable_conflict use_column\n');
  await writeFile(
    file,
    text.replace('#variable_conflict use_column\n', `#variable_conflict use_column\n-- ${marker}\n`),
  );
  return { name: 'live_place_bet', file };
}

describe("the vendor's migrator", () => {
  it('gives a fresh database every migration, then live_place_bet from its file with its checksum; a second run does nothing', async () => {
    const { db } = await freshDatabase();
    expect(VENDOR_FUNCTIONS.map((f) => f.name)).toEqual(['live_place_bet']);
    expect(await migrateVendorDatabase(db)).toEqual({
      migrations: Object.keys(VENDOR_MIGRATIONS),
      functions: ['live_place_bet'],
    });
    expect(await placeBetFunctions(db)).toEqual([{ signature: SIGNATURE, body: FILE_BODY }]);
    expect(await recorded(db)).toEqual(new Map([['live_place_bet', loadRepeatable(FILE).checksum]]));
    // It is 0005's function: an arrival with a negative wait is refused by its first check.
    await expect(
      sql`select outcome from live_place_bet('T', 'DEMO', 'p1', 1, 'PHP', 's', 'b', 'r', 'red', '[]'::jsonb,
        1, 10, -1, 0)`.execute(db),
    ).rejects.toThrow(/bad arrival/);

    expect(await migrateVendorDatabase(db)).toEqual({ migrations: [], functions: [] });
  });

  it('applies a changed file once, not again while it stays the same, and a failing file changes nothing', async () => {
    const { db } = await freshDatabase();
    await migrateVendorDatabase(db);
    const changed = await changedCopy('changed by the migrator test');

    expect(await migrateVendorDatabase(db, [changed])).toEqual({
      migrations: [],
      functions: ['live_place_bet'],
    });
    expect(await migrateVendorDatabase(db, [changed])).toEqual({ migrations: [], functions: [] });
    const [after] = await placeBetFunctions(db);
    expect(after?.body).toContain('-- changed by the migrator test');
    expect((await recorded(db)).get('live_place_bet')).toBe(loadRepeatable(changed).checksum);

    // A file that does not compile: the transaction rolls back, the function and checksum stay.
    await writeFile(changed.file, readFileSync(FILE.file, 'utf8').replace('declare', 'declare nonsense;;'));
    await expect(migrateVendorDatabase(db, [changed])).rejects.toThrow();
    expect((await placeBetFunctions(db))[0]?.body).toContain('-- changed by the migrator test');

    // The real file again: applied, the body is the file's.
    expect(await migrateVendorDatabase(db)).toEqual({ migrations: [], functions: ['live_place_bet'] });
    expect(await placeBetFunctions(db)).toEqual([{ signature: SIGNATURE, body: FILE_BODY }]);
  });

  it('two migrators starting at once on a fresh database: each migration runs once, one function, no error', async () => {
    const { db, another } = await freshDatabase();
    const other = await another();
    const both = await Promise.all([migrateVendorDatabase(db), migrateVendorDatabase(other)]);
    expect(both.flatMap((r) => r.migrations).sort()).toEqual(Object.keys(VENDOR_MIGRATIONS));
    // The one that ran the migrations applies the file; the other applies it only if it got the
    // lock first (the file was then not recorded yet), never at the same time.
    const applied = both.flatMap((r) => r.functions);
    expect(applied.length === 1 || applied.length === 2).toBe(true);
    expect(new Set(applied)).toEqual(new Set(['live_place_bet']));
    expect(await placeBetFunctions(db)).toEqual([{ signature: SIGNATURE, body: FILE_BODY }]);
  });

  it('two migrators meeting a changed file at once: exactly one applies it (the table lock)', async () => {
    const { db, another } = await freshDatabase();
    await migrateVendorDatabase(db);
    const other = await another();
    const changed = await changedCopy('applied once by two migrators');
    // Straight to the repeatable step (the migrator's own lock would space the callers out).
    const apply = (on: VendorDb) => applyRepeatables(on, [changed], { table: VENDOR_REPEATABLE_TABLE });
    let racing: Promise<string[][]>;
    if (onPostgres) {
      // A barrier: the table held while the four callers start, so all of them are waiting on it
      // when it is let go (without the migrator's lock they would all read the old checksum then).
      // (Wrapped in an object: a promise returned as is would be awaited before the commit.)
      ({ racing } = await db.transaction().execute(async (trx) => {
        await sql`lock table ${sql.table(VENDOR_REPEATABLE_TABLE)} in access exclusive mode`.execute(trx);
        const started = Promise.all([apply(db), apply(other), apply(db), apply(other)]);
        for (let i = 0; i < 200; i += 1) {
          const waiting = await sql<{ n: number }>`
            select count(*)::int as n from pg_locks
              where not granted and relation = ${VENDOR_REPEATABLE_TABLE}::regclass`.execute(trx);
          if ((waiting.rows[0]?.n ?? 0) >= 4) break;
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
        return { racing: started };
      }));
    } else {
      racing = Promise.all([apply(db), apply(other), apply(db), apply(other)]);
    }
    const all = await racing;
    expect(all.flat()).toEqual(['live_place_bet']);
    expect(await placeBetFunctions(db)).toHaveLength(1);
    expect((await placeBetFunctions(db))[0]?.body).toContain('-- applied once by two migrators');
  });

  it('a database migrated by the old 0004/0005 converges on the file; 0006 down gives back 0005', async () => {
    const { db } = await freshDatabase();
    const old = Object.fromEntries(Object.entries(VENDOR_MIGRATIONS).filter(([name]) => name < '0006'));
    const { error } = await createVendorMigrator(db, old).migrateToLatest();
    expect(error).toBeUndefined();
    const body0005 = bodyOf(LIVE_PLACE_BET_0005.compile(db).sql);
    expect(body0005).not.toBe(FILE_BODY);
    expect(await placeBetFunctions(db)).toEqual([{ signature: SIGNATURE, body: body0005 }]);

    expect(await migrateVendorDatabase(db)).toEqual({
      migrations: Object.keys(VENDOR_MIGRATIONS).filter((name) => name >= '0006'),
      functions: ['live_place_bet'],
    });
    expect(await placeBetFunctions(db)).toEqual([{ signature: SIGNATURE, body: FILE_BODY }]);
    expect(await recorded(db)).toEqual(new Map([['live_place_bet', loadRepeatable(FILE).checksum]]));

    const down = await createVendorMigrator(db).migrateTo('0005_live_bet_arrival');
    expect(down.error).toBeUndefined();
    expect(await placeBetFunctions(db)).toEqual([{ signature: SIGNATURE, body: body0005 }]);
    const table = await sql<{ found: string | null }>`
      select to_regclass(${VENDOR_REPEATABLE_TABLE})::text as found`.execute(db);
    expect(table.rows[0]?.found).toBeNull();
    expect((await migrateVendorDatabase(db)).functions).toEqual(['live_place_bet']);
    expect(await placeBetFunctions(db)).toEqual([{ signature: SIGNATURE, body: FILE_BODY }]);
  });
});
