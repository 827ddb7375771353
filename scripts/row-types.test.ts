import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createdByMismatches, declarations, readRowTypes, shapeOf } from './row-types.ts';
import { throwawayTrees } from './testing/tree.ts';

const repoRoot = path.join(import.meta.dirname, '..');
const tree = throwawayTrees('row-types-');

const COLUMN_TYPES = [
  "import type { ColumnType } from 'kysely';",
  'export type Id = ColumnType<string, never, never>;',
  'export type CreatedAt = ColumnType<Date, Date | string | undefined, never>;',
  'export type Defaulted<T> = ColumnType<T, T | undefined, T>;',
  'export type Minor = ColumnType<string, string | bigint, string | bigint>;',
  'export type SqlOnlyTable = never;',
  '',
].join('\n');

describe("each table's creating migration, named in its row types", () => {
  it('is the migration that creates it, for every table of the API (and none for Kysely’s own)', () => {
    expect(createdByMismatches(repoRoot)).toEqual([]);
  });

  it('is refused when it names another migration, is missing, or the table has no row type', () => {
    const root = tree({
      'apps/api/src/db/column-types.ts': COLUMN_TYPES,
      'apps/api/src/domains/lottery/migrations/0030_lottery.ts':
        'export const up = (db) => sql`create table lottery_games (id bigint); create table lottery_orders (id bigint)`.execute(db);\n',
      'apps/api/src/domains/lottery/migrations/20261128T160000_lottery_notes.ts': [
        '/* create table commented_out (id int) */',
        'export const up = (db) => sql`create table if not exists lottery_notes (id bigint)`.execute(db);',
        '',
      ].join('\n'),
      'apps/api/src/domains/lottery/lottery.tables.ts': [
        'export interface LotteryTables {',
        '  /** Created by migration 0030_lottery. */',
        '  lottery_games: { id: string };',
        '  /** Created by migration 0030_lottery. */',
        '  lottery_notes: { id: string };',
        '}',
        'export interface LotterySqlOnlyTables {',
        '  lottery_cache: SqlOnlyTable;',
        '}',
        '',
      ].join('\n'),
    });
    expect(createdByMismatches(root)).toEqual([
      'lottery_notes (apps/api/src/domains/lottery/lottery.tables.ts): tagged 0030_lottery, created by 20261128T160000_lottery_notes',
      'lottery_orders: created by 0030_lottery, declared in no row types',
    ]);
  });
});

describe('the row types read from source', () => {
  it("name the kernel's tables, each domain's, and the SQL-only ones, with their owners", () => {
    const tables = readRowTypes(repoRoot);
    const byName = new Map(tables.map((t) => [t.name, t]));
    expect(byName.get('brands')?.owner).toBe('kernel');
    expect(byName.get('postings')?.owner).toBe('wallet');
    expect(byName.get('event_consumers')?.owner).toBe('events');
    expect(byName.get('points_settings')?.owner).toBe('points');
    expect(byName.get('vip_turnover')).toMatchObject({ owner: 'vip', sqlOnly: true, columns: [] });
    expect(byName.get('kysely_migration')).toMatchObject({ owner: 'kernel', sqlOnly: true, createdBy: null });
    expect(tables.filter((t) => !t.sqlOnly).every((t) => t.columns.length > 0)).toBe(true);
  });

  it('resolve a column to what a select answers, its null and whether an insert may leave it out', () => {
    const env = {
      aliases: new Map([
        ...declarations(COLUMN_TYPES).aliases,
        ...declarations("type Row = { kind: 'a' } | { kind: 'b' };\ntype Status = 'new' | 'done';\n").aliases,
      ]),
      bound: new Map<string, string>(),
    };
    const shape = (type: string) => {
      const s = shapeOf(type, env);
      return `${s.kinds.join('/')}${s.nullable ? ' null' : ''}${s.insertOptional ? ' optional' : ''}`;
    };
    expect(shape('string')).toBe('string');
    expect(shape('string | null')).toBe('string null');
    expect(shape('Id')).toBe('string optional');
    expect(shape('CreatedAt')).toBe('date optional');
    expect(shape('Minor')).toBe('string');
    expect(shape('Defaulted<number>')).toBe('number optional');
    expect(shape('Defaulted<Status>')).toBe('string optional');
    expect(shape('Generated<boolean>')).toBe('boolean optional');
    expect(shape('Date | null')).toBe('date null');
    expect(shape('JSONColumnType<Row[]>')).toBe('json');
    expect(shape('JSONColumnType<Record<string, number>, string, string>')).toBe('json');
    expect(shape('ColumnType<Record<string, unknown> | null, string | null, never>')).toBe('json null');
    expect(shape('ColumnType<Date | null, Date | string | null | undefined, Date | string | null>')).toBe(
      'date null optional',
    );
    expect(shape('Defaulted<string[]>')).toBe('array optional');
    expect(shape("'real' | 'demo'")).toBe('string');
    expect(shape('ColumnType<unknown, string | null, string | null>')).toBe('unknown');
  });

  it("expand an interface's `extends Record<Keys, Type>` into one column per key", () => {
    const { interfaces } = declarations(
      [
        "export const PROFILE = ['zalo', 'line'] as const;",
        'type Profile = (typeof PROFILE)[number];',
        "export interface MembersTable extends Record<Profile, Defaulted<string>>, Record<'a' | 'b', number> {",
        '  id: Id;',
        '}',
        '',
      ].join('\n'),
    );
    expect(interfaces.get('MembersTable')?.map((c) => `${c.name}:${c.type}`)).toEqual([
      'zalo:Defaulted<string>',
      'line:Defaulted<string>',
      'a:number',
      'b:number',
      'id:Id',
    ]);
  });
});
