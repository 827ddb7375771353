import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase } from '../../test/support.ts';
import { createDatabase, type Db, DEFAULT_POOL_TIMEOUTS, preparedStatementMark } from './database.ts';

const onPostgres = process.env.TEST_DB === 'postgres';

let db: Db;
let drop: () => Promise<void> = async () => {};
beforeAll(async () => {
  if (onPostgres) {
    const created = await createPostgresDatabase();
    // One connection, so that every statement below runs on the session that is inspected.
    db = await createDatabase({ databaseUrl: created.url, poolSize: 1 });
    drop = created.drop;
  } else {
    db = await createDatabase({ memory: true });
  }
});
afterAll(async () => {
  await db.destroy();
  await drop();
});

describe('prepared statements', () => {
  it('runs a marked statement with its parameters, again and again', async () => {
    const mark = sql.raw(preparedStatementMark('test_double'));
    for (const n of [1, 2, 3]) {
      const { rows } = await sql<{ twice: number }>`${mark}select ${n}::integer * 2 as twice`.execute(db);
      expect(rows[0]?.twice).toBe(n * 2);
    }
  });

  it('prepares a marked statement once per PostgreSQL connection, an unmarked one never (on PGlite the mark is a comment)', async () => {
    const mark = sql.raw(preparedStatementMark('test_triple'));
    await sql`${mark}select ${1}::integer * 3 as triple`.execute(db);
    await sql`${mark}select ${2}::integer * 3 as triple`.execute(db);
    await sql`select ${3}::integer * 4 as quadruple`.execute(db);
    const { rows } = await sql<{ name: string; statement: string }>`
      select name, statement from pg_prepared_statements order by name`.execute(db);
    if (!onPostgres) {
      expect(rows).toEqual([]);
      return;
    }
    expect(rows.map((r) => r.name)).toEqual(['test_double', 'test_triple']);
    expect(rows[1]?.statement).toContain('select $1::integer * 3 as triple');
  });

  it('refuses a name that is not a plain identifier', () => {
    expect(() => preparedStatementMark('x */ drop table members; /*')).toThrow(/bad prepared statement name/);
  });
});

describe('connection limits', () => {
  const settings = async (on: Db) =>
    (
      await sql<{ lock: string; statement: string; idle: string }>`
      select current_setting('lock_timeout') as lock, current_setting('statement_timeout') as statement,
             current_setting('idle_in_transaction_session_timeout') as idle`.execute(on)
    ).rows[0];

  it('sets lock, statement and idle-in-transaction timeouts on every PostgreSQL connection (PGlite: none)', async () => {
    if (!onPostgres) {
      expect(await settings(db)).toEqual({ lock: '0', statement: '0', idle: '0' });
      return;
    }
    expect(DEFAULT_POOL_TIMEOUTS).toEqual({
      lockMs: 2_000,
      statementMs: 10_000,
      idleInTransactionMs: 15_000,
    });
    expect(await settings(db)).toEqual({ lock: '2s', statement: '10s', idle: '15s' });
    const created = await createPostgresDatabase();
    const custom = await createDatabase({
      databaseUrl: created.url,
      poolSize: 2,
      timeouts: { lockMs: 250, statementMs: 0 },
    });
    try {
      // Two connections at once: each new connection starts with the limits.
      const both = await Promise.all([
        custom.connection().execute(async (c) => {
          const s = await settings(c);
          await sql`select pg_sleep(0.05)`.execute(c);
          return s;
        }),
        custom.connection().execute(async (c) => settings(c)),
      ]);
      for (const s of both) expect(s).toEqual({ lock: '250ms', statement: '0', idle: '15s' });
    } finally {
      await custom.destroy();
      await created.drop();
    }
  });
});
