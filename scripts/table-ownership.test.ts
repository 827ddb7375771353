import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkBoundaries, readAllowances } from './boundaries.ts';
import { readRowTypes } from './row-types.ts';
import { kyselyWrites, sqlDefinitions, sqlTemplates, sqlWrites, tableViolations } from './table-ownership.ts';
import { throwawayTrees } from './testing/tree.ts';

const repoRoot = path.join(import.meta.dirname, '..');
/** Source text whose `#{...}` are template interpolations (`${...}` inside a string literal reads as a mistake). */
const interpolated = (text: string) => text.replaceAll('#{', '${');
const tree = throwawayTrees('table-ownership-');

/** Two domains and the kernel, each with its tables; nothing writes another's table. */
const OWNERS: Record<string, string> = {
  'apps/api/src/db/schema.ts': [
    "import type { WalletTables } from '../domains/wallet/wallet.tables.ts';",
    'export interface BrandsTable {',
    '  id: string;',
    '}',
    'export interface Database extends WalletTables {',
    '  /** Created by migration 0001_foundation. */',
    '  brands: BrandsTable;',
    '}',
    '',
  ].join('\n'),
  'apps/api/src/domains/wallet/wallet.tables.ts': [
    'export interface PostingsTable {',
    '  id: string;',
    '  amount: string;',
    '}',
    'export interface WalletTables {',
    '  postings: PostingsTable;',
    '  ledger_accounts: { id: string; balance: string };',
    '}',
    '',
  ].join('\n'),
  'apps/api/src/domains/wallet/ledger.repository.ts': [
    "import { sql } from 'kysely';",
    "export const post = (db: any) => db.insertInto('postings').values({}).execute();",
    'export const move = (db: any) => sql`update ledger_accounts set balance = balance + 1`.execute(db);',
    '',
  ].join('\n'),
  'apps/api/src/domains/wallet/ledger.service.ts': "export { post } from './ledger.repository.ts';\n",
  'apps/api/src/domains/lottery/lottery.tables.ts':
    'export interface LotteryTables {\n  lottery_orders: { id: string; status: string };\n}\n',
  'apps/api/src/domains/lottery/order.repository.ts': [
    "import { sql } from 'kysely';",
    "// Not the wallet's tables: db.insertInto('postings') in a comment, sql`insert into postings` too.",
    "export const place = (db: any) => db.insertInto('lottery_orders as o').values({}).execute();",
    'export const settle = (db: any, id: string) =>',
    interpolated(
      '  sql<{ id: string; status: string }>`update lottery_orders set status = #{"won"} where id = #{id}`.execute(db);',
    ),
    "export const log = () => 'insert into postings';",
    '',
  ].join('\n'),
  'apps/api/src/domains/lottery/order.test.ts': "const arrange = (db: any) => db.insertInto('postings');\n",
  'apps/api/src/http/tenancy.ts': "import { post } from '../domains/wallet/ledger.service.ts';\n",
};

const found = (root: string) => checkBoundaries(root).map((v) => `${v.rule} ${v.from} -> ${v.to}`);

describe('table ownership', () => {
  it("reads each table's owner from the row types: the kernel's Database and each domain's *Tables", () => {
    const owners = readRowTypes(tree(OWNERS)).map((t) => `${t.name}:${t.owner}:${t.createdBy ?? '-'}`);
    expect(owners).toEqual([
      'brands:kernel:0001_foundation',
      'ledger_accounts:wallet:-',
      'lottery_orders:lottery:-',
      'postings:wallet:-',
    ]);
  });

  it("passes a tree where every unit writes its own tables (tests arrange any; comments and strings don't count)", () => {
    expect(found(tree(OWNERS))).toEqual([]);
  });

  it("refuses a domain writing another domain's table through Kysely", () => {
    const root = tree({
      ...OWNERS,
      'apps/api/src/domains/lottery/lottery-ledger.repository.ts':
        "export const pay = (trx: any) => trx\n  .insertInto('postings')\n  .values([])\n  .execute();\n",
    });
    expect(found(root)).toEqual([
      'table-write apps/api/src/domains/lottery/lottery-ledger.repository.ts -> postings',
    ]);
  });

  it("refuses a domain writing another domain's table in a sql`` template", () => {
    const root = tree({
      ...OWNERS,
      'apps/api/src/domains/lottery/settlement.ts': [
        "import { sql } from 'kysely';",
        'export const credit = (trx: any, ids: string[]) => sql<{ id: string }>`',
        '  update ledger_accounts a set balance = a.balance + 1',
        interpolated('  from unnest(#{ids}::bigint[]) as d(id) where a.id = d.id`.execute(trx);'),
        '',
      ].join('\n'),
    });
    expect(found(root)).toEqual([
      'table-write apps/api/src/domains/lottery/settlement.ts -> ledger_accounts',
    ]);
  });

  it("refuses a domain's .sql function writing another domain's table", () => {
    const root = tree({
      ...OWNERS,
      'apps/api/src/domains/lottery/sql/lottery_pay.sql': [
        '-- insert into ledger_accounts: a comment does not count',
        'create or replace function lottery_pay(p bigint) returns void language plpgsql as $$',
        'begin',
        "  update lottery_orders set status = 'paid' where id = p;",
        '  insert into postings (id, amount) values (p, 1) on conflict do update set amount = 1;',
        'end $$',
        '',
      ].join('\n'),
    });
    expect(found(root)).toEqual(['table-write apps/api/src/domains/lottery/sql/lottery_pay.sql -> postings']);
  });

  it("refuses the kernel writing a domain's table, and a write to a table named by a variable", () => {
    const root = tree({
      ...OWNERS,
      'apps/api/src/jobs/cleanup.ts': [
        "export const clean = (db: any) => db.deleteFrom('lottery_orders').execute();",
        'export const touch = (db: any, table: string) => db.updateTable(table).set({}).execute();',
        "export const own = (db: any) => db.updateTable('brands').set({}).execute();",
        '',
      ].join('\n'),
    });
    expect(found(root)).toEqual([
      'table-write apps/api/src/jobs/cleanup.ts -> (dynamic)',
      'table-write apps/api/src/jobs/cleanup.ts -> lottery_orders',
    ]);
  });

  it("refuses a new migration defining another domain's table; a legacy NNNN migration is history", () => {
    const root = tree({
      ...OWNERS,
      'apps/api/src/domains/lottery/migrations/0030_lottery.ts':
        'export const up = (db: any) => sql`alter table ledger_accounts add column lottery text`.execute(db);\n',
      'apps/api/src/domains/lottery/migrations/20261128T160000_lottery_orders_note.ts': [
        'export const up = async (db: any) => {',
        '  await sql`alter table lottery_orders add column note text`.execute(db);',
        '  await sql`create index postings_lottery_idx on postings (id)`.execute(db);',
        "  await db.schema.alterTable('ledger_accounts').addColumn('x', 'text').execute();",
        '};',
        '',
      ].join('\n'),
    });
    expect(found(root)).toEqual([
      'migration-ddl apps/api/src/domains/lottery/migrations/20261128T160000_lottery_orders_note.ts -> ledger_accounts',
      'migration-ddl apps/api/src/domains/lottery/migrations/20261128T160000_lottery_orders_note.ts -> postings',
    ]);
  });

  it('refuses the kernel importing a domain repository (type-only too); the harness and tests may', () => {
    const root = tree({
      ...OWNERS,
      'apps/api/src/http/site-files.ts': "import { post } from '../domains/wallet/ledger.repository.ts';\n",
      'apps/api/src/events/feed.ts': "import type { move } from '../domains/wallet/ledger.repository.ts';\n",
      'apps/api/src/harness.ts': "import { post } from './domains/wallet/ledger.repository.ts';\n",
      'apps/api/src/http/site-files.test.ts':
        "import { post } from '../domains/wallet/ledger.repository.ts';\n",
    });
    expect(found(root)).toEqual([
      'kernel-repository apps/api/src/events/feed.ts -> apps/api/src/domains/wallet/ledger.repository.ts',
      'kernel-repository apps/api/src/http/site-files.ts -> apps/api/src/domains/wallet/ledger.repository.ts',
    ]);
  });

  it('lets an exception with its reason through, and reports one that no longer matches', () => {
    const root = tree({
      ...OWNERS,
      'apps/api/src/domains/lottery/lottery-ledger.repository.ts':
        "export const pay = (trx: any) => trx.insertInto('postings').values([]).execute();\n",
      'scripts/boundaries.allow.json': JSON.stringify([
        {
          rule: 'table-write',
          from: 'apps/api/src/domains/lottery/lottery-ledger.repository.ts',
          to: ['postings', 'ledger_accounts'],
          reason: 'pending: lottery batch posting moves to the wallet',
        },
      ]),
    });
    expect(found(root)).toEqual([
      'stale-allowance scripts/boundaries.allow.json -> table-write apps/api/src/domains/lottery/lottery-ledger.repository.ts -> ledger_accounts',
    ]);
  });

  it('refuses an exception without a reason', () => {
    const root = tree({
      'scripts/boundaries.allow.json': JSON.stringify([
        { rule: 'table-write', from: 'a.ts', to: ['t'], reason: ' ' },
      ]),
    });
    expect(() => readAllowances(root)).toThrow(/reason/);
  });

  it('exits non-zero on a cross-domain write from the command line', () => {
    const root = tree({
      ...OWNERS,
      'apps/api/src/domains/lottery/sql/lottery_pay.sql': 'truncate table postings, lottery_orders;\n',
    });
    const run = spawnSync(process.execPath, [path.join(import.meta.dirname, 'boundaries.ts'), root], {
      encoding: 'utf8',
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('table-write: apps/api/src/domains/lottery/sql/lottery_pay.sql -> postings');
  });

  it("knows every exception of the real repository's list, each still needed", () => {
    const allowances = readAllowances(repoRoot);
    const violations = tableViolations(repoRoot).map((v) => `${v.rule} ${v.from} ${v.to}`);
    for (const a of allowances.filter((x) => x.rule === 'table-write')) {
      for (const table of a.to) expect(violations).toContain(`${a.rule} ${a.from} ${table}`);
    }
    expect(checkBoundaries(repoRoot)).toEqual([]);
  });
});

describe('reading writes', () => {
  it('finds the written tables of SQL, past comments, strings, locks and upserts', () => {
    expect(
      sqlWrites(
        [
          '-- update members set x = 1',
          "select 'delete from members' from sessions for update of sessions skip locked;",
          'insert into public."journal_entries" (id) values (1) on conflict (id) do update set id = 2;',
          'with d as (delete from login_attempts returning 1) update only members m set x = 1;',
          'merge into vendors v using x on true when matched then do nothing;',
          'truncate table ONLY a, b;',
          'copy games (id, code) from stdin;',
          'copy (select 1) to stdout;',
        ].join('\n'),
      ),
    ).toEqual(['journal_entries', 'members', 'login_attempts', 'vendors', 'games', 'a', 'b']);
  });

  it('finds the defined tables of a migration', () => {
    expect(
      sqlDefinitions(
        'create table if not exists a (id int); alter table only b add c int; create unique index i on c (x); drop table if exists d, e cascade;',
      ),
    ).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it("reads sql`` templates (generic or not, interpolations nested) and Kysely's write calls", () => {
    const source = [
      interpolated(
        'const a = sql<{ n: number; m: string }>`insert into x select #{sql`1`}, #{f({ y: `z#{1}` })}`;',
      ),
      '// sql`update commented`',
      'db.insertInto(\'y as t\'); db.updateTable("z"); db.deleteFrom(name);',
      '',
    ].join('\n');
    expect(sqlTemplates(source)).toEqual([
      'insert into x select  __interpolated__ ,  __interpolated__ ',
      '1',
    ]);
    expect(kyselyWrites(source)).toEqual(['y', 'z', '(dynamic)']);
  });
});
