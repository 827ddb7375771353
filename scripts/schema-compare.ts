/**
 * The row types of a Kysely `Database` type (read from source by row-types.ts) against a migrated
 * database's information_schema: what each schema test (the API's db/schema.test.ts, the house
 * vendor's db/schema.test.ts) compares.
 */
import { type Kysely, sql } from 'kysely';
import type { ColumnShape, RowTable, ValueKind } from './row-types.ts';

export type DbColumn = {
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
export function schemaProblems(tables: readonly RowTable[], columns: readonly DbColumn[]): string[] {
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

/** The columns of the base tables of the connection's current schema. */
export async function readColumns(db: Kysely<unknown>): Promise<DbColumn[]> {
  const found = await sql<DbColumn>`
    select c.table_name, c.column_name, c.data_type, c.is_nullable, c.column_default, c.is_identity,
           c.is_generated
      from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
     where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'
     order by c.table_name, c.ordinal_position`.execute(db);
  return found.rows;
}
