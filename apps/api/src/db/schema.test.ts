import path from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RowTable, readRowTypes } from '../../../../scripts/row-types.ts';
import { type DbColumn, readColumns, schemaProblems } from '../../../../scripts/schema-compare.ts';
import { createTestDatabase, type TestDatabase } from '../../test/database.ts';

/**
 * The Kysely `Database` type (db/schema.ts and each domain's `*.tables.ts`, read from source by
 * scripts/row-types.ts) against the migrated database's information_schema (the run's template, on
 * PGlite and on PostgreSQL): every table and column of the type exists with a type its select
 * answers, the same nullability, and a default where an insert may leave it out; every table of the
 * schema is in the type, or declared SQL-only (`*SqlOnlyTables`) by its owner.
 */

const root = path.join(import.meta.dirname, '..', '..', '..', '..');
let world: TestDatabase;
let columns: DbColumn[];
beforeAll(async () => {
  world = await createTestDatabase();
  columns = await readColumns(world.db as unknown as Kysely<unknown>);
});
afterAll(async () => {
  await world.drop();
});

describe('the Kysely Database type against the migrated database', () => {
  it('has every table and column the database has, with the same types, nulls and defaults', () => {
    const tables = readRowTypes(root);
    expect(tables.length).toBeGreaterThan(100);
    expect(schemaProblems(tables, columns)).toEqual([]);
  });

  it('notices a missing table or column, another type, another null, a missing default', () => {
    const tables = readRowTypes(root);
    const postings = tables.find((t) => t.name === 'postings') as RowTable;
    const [first, ...rest] = postings.columns as [RowTable['columns'][number], ...RowTable['columns']];
    const changed: RowTable[] = [
      ...tables.filter((t) => t.name !== 'postings' && t.name !== 'vip_turnover'),
      {
        ...postings,
        columns: [
          { ...first, shape: { ...first.shape, kinds: ['number'] } },
          ...rest.map((c) =>
            c.name === 'amount' ? { ...c, shape: { ...c.shape, nullable: true, insertOptional: true } } : c,
          ),
          {
            name: 'note',
            type: 'string',
            shape: { kinds: ['string'], nullable: false, insertOptional: false },
          },
        ],
      },
      { name: 'ghosts', file: 'x.tables.ts', owner: 'x', createdBy: null, sqlOnly: false, columns: [] },
    ];
    expect(schemaProblems(changed, columns)).toEqual([
      'ghosts (x.tables.ts): no such table',
      'postings.amount: an insert may leave it out, but the column has no default and is not null',
      'postings.amount: typed nullable, the column is not null',
      `postings.id: typed number, the column is bigint`,
      `postings.note (${postings.file}): no such column`,
      'vip_turnover: a table of the database in no row types (nor *SqlOnlyTables)',
    ]);
  });
});
