import path from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createdByMismatches, type RowTable, readTablesFile } from '../../../../../scripts/row-types.ts';
import { type DbColumn, readColumns, schemaProblems } from '../../../../../scripts/schema-compare.ts';
import { createTestStorage, type TestStorage } from '../testing/support.ts';
import { createVendorDatabase, type VendorDb } from './database.ts';

/**
 * The house vendor's Kysely `VendorDatabase` type (db/schema.ts, read from source) against its
 * migrated database's information_schema, on PGlite and on PostgreSQL (projects house-vendor-pglite
 * and house-vendor-postgres): every typed table and column exists with a type its select answers,
 * the same nullability and a default where an insert may leave it out; every table of the database
 * is typed or declared SQL-only (`VendorSqlOnlyTables`); each names the migration that creates it.
 */

const root = path.join(import.meta.dirname, '..', '..', '..', '..', '..');
const SCHEMA = 'apps/house-vendor/src/server/db/schema.ts';
const VENDOR_SRC = 'apps/house-vendor/src/server';
const readVendorTables = (): RowTable[] =>
  readTablesFile(
    root,
    SCHEMA,
    (name) => name === 'VendorDatabase' || name === 'VendorSqlOnlyTables',
    'house-vendor',
  );

let storage: TestStorage;
let db: VendorDb;
let columns: DbColumn[];
beforeAll(async () => {
  storage = await createTestStorage();
  db = await createVendorDatabase(storage.target);
  columns = await readColumns(db as unknown as Kysely<unknown>);
});
afterAll(async () => {
  await db.destroy();
  await storage.drop();
});

describe("the house vendor's Database type against its migrated database", () => {
  it('has every table and column the database has, with the same types, nulls and defaults', () => {
    const tables = readVendorTables();
    expect(tables.filter((t) => !t.sqlOnly).map((t) => t.name)).toContain('rounds');
    expect(schemaProblems(tables, columns)).toEqual([]);
  });

  it('names the creating migration of every table', () => {
    expect(createdByMismatches(root, readVendorTables(), VENDOR_SRC)).toEqual([]);
  });

  it('notices a column missing from the type, another type, an untyped table and a wrong tag', () => {
    const tables = readVendorTables();
    const rounds = tables.find((t) => t.name === 'rounds') as RowTable;
    const changed: RowTable[] = [
      ...tables.filter((t) => t.name !== 'rounds' && t.name !== 'live_bets'),
      {
        ...rounds,
        createdBy: '0002_live_tables',
        columns: rounds.columns
          .filter((c) => c.name !== 'settled_at')
          .map((c) =>
            c.name === 'nonce' ? { ...c, shape: { ...c.shape, kinds: ['boolean' as const] } } : c,
          ),
      },
    ];
    expect(schemaProblems(changed, columns)).toEqual([
      'live_bets: a table of the database in no row types (nor *SqlOnlyTables)',
      'rounds.nonce: typed boolean, the column is integer',
      `rounds.settled_at: a column of the database missing from ${SCHEMA}`,
    ]);
    expect(createdByMismatches(root, changed, VENDOR_SRC)).toEqual([
      'live_bets: created by 0002_live_tables, declared in no row types',
      `rounds (${SCHEMA}): tagged 0002_live_tables, created by 0001_house_vendor`,
    ]);
  });
});
