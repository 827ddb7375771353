import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ColumnShape,
  type RowTable,
  readRowTypes,
  type ValueKind,
} from '../../../../scripts/row-types.ts';
import { createTestDatabase, type TestDatabase } from '../../test/database.ts';

/**
 * The Kysely `Database` type (db/schema.ts and each domain's `*.tables.ts`, read from source by
 * scripts/row-types.ts) against the migrated database's information_schema (the run's template, on
 * PGlite and on PostgreSQL): every table and column of the type exists with a type its select
 * answers, the same nullability, and a default where an insert may leave it out; every table of the
 * schema is in the type, or declared SQL-only (`*SqlOnlyTables`) by its owner.
 */

type DbColumn = {
  table_name: string;
  column_name: string;
  data_type: string;
  is_nullable: 'YES' | 'NO';
  column_default: string | null;
  is_identity: 'YES' | 'NO';
  is_generated: 'ALWAYS' | 'NEVER';
};

/**
 * The PostgreSQL types whose values arrive as each TypeScript type: int8 and numeric as strings
 * (db/database.ts), a `date` as its `YYYY-MM-DD` text where the row type says string (the queries
 * select it `day::text`) or as a Date.
 */
const ARRIVES_AS: Record<ValueKind, readonly string[]> = {
  string: [
    'text',
    'character varying',
    'character',
    'bigint',
    'numeric',
    'uuid',
    'inet',
    'xid8',
    'date',
    'USER-DEFINED',
  ],
  number: ['integer', 'smallint', 'real', 'double precision'],
  boolean: ['boolean'],
  date: ['timestamp with time zone', 'timestamp without time zone', 'date'],
  json: ['json', 'jsonb'],
  array: ['ARRAY'],
  unknown: [],
};

/** What is wrong with one column of the type against the database's (empty: nothing). */
function columnProblems(table: string, name: string, shape: ColumnShape, column: DbColumn): string[] {
  const out: string[] = [];
  const where = `${table}.${name}`;
  const wrongKinds = shape.kinds.filter((k) => k !== 'unknown' && !ARRIVES_AS[k].includes(column.data_type));
  if (wrongKinds.length > 0)
    out.push(`${where}: typed ${wrongKinds.join(' | ')}, the column is ${column.data_type}`);
  const nullable = column.is_nullable === 'YES';
  // `unknown` takes null in; a generated column's null follows its expression, which
  // information_schema does not tell (member_daily_turnover.net = payout - stake of two not-null columns).
  const nullAnswered =
    shape.nullable === nullable ||
    shape.kinds.includes('unknown') ||
    (column.is_generated === 'ALWAYS' && !shape.nullable);
  if (!nullAnswered)
    out.push(
      `${where}: typed ${shape.nullable ? 'nullable' : 'not null'}, the column is ${nullable ? 'nullable' : 'not null'}`,
    );
  const filled =
    column.column_default !== null ||
    nullable ||
    column.is_identity === 'YES' ||
    column.is_generated === 'ALWAYS';
  if (shape.insertOptional && !filled)
    out.push(`${where}: an insert may leave it out, but the column has no default and is not null`);
  return out;
}

/** Every difference between the row types and the database's columns. */
function schemaProblems(tables: readonly RowTable[], columns: readonly DbColumn[]): string[] {
  const actual = new Map<string, Map<string, DbColumn>>();
  for (const c of columns) {
    const table = actual.get(c.table_name) ?? new Map<string, DbColumn>();
    table.set(c.column_name, c);
    actual.set(c.table_name, table);
  }
  const out: string[] = [];
  for (const t of tables) {
    const found = actual.get(t.name);
    if (!found) {
      out.push(`${t.name} (${t.file}): no such table`);
      continue;
    }
    if (t.sqlOnly) continue;
    for (const c of t.columns) {
      const column = found.get(c.name);
      if (!column) out.push(`${t.name}.${c.name} (${t.file}): no such column`);
      else out.push(...columnProblems(t.name, c.name, c.shape, column));
    }
    const typed = new Set(t.columns.map((c) => c.name));
    for (const name of found.keys()) {
      if (!typed.has(name)) out.push(`${t.name}.${name}: a column of the database missing from ${t.file}`);
    }
  }
  const declared = new Set(tables.map((t) => t.name));
  for (const name of actual.keys()) {
    if (!declared.has(name))
      out.push(`${name}: a table of the database in no row types (nor *SqlOnlyTables)`);
  }
  return out.sort();
}

const root = path.join(import.meta.dirname, '..', '..', '..', '..');
let world: TestDatabase;
let columns: DbColumn[];
beforeAll(async () => {
  world = await createTestDatabase();
  const found = await sql<DbColumn>`
    select c.table_name, c.column_name, c.data_type, c.is_nullable, c.column_default, c.is_identity,
           c.is_generated
      from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
     where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'
     order by c.table_name, c.ordinal_position`.execute(world.db);
  columns = found.rows;
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
