import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PGliteDialect, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;

/** Where the data lives: a PostgreSQL URL, a PGlite directory, or PGlite in memory (tests). */
export type DatabaseTarget =
  | { databaseUrl: string; poolSize?: number; timeouts?: Partial<PoolTimeouts> }
  /**
   * `loadDataDir`: start from a data directory's tar (tests: a migrated snapshot) instead of initdb; in a
   * directory only when it holds no database yet.
   */
  | { dataDir: string; loadDataDir?: Blob }
  | { memory: true; loadDataDir?: Blob };

/** PostgreSQL connections per process unless the target says otherwise (DATABASE_POOL_SIZE). */
export const DEFAULT_POOL_SIZE = 10;

/**
 * Limits every PostgreSQL connection of the pool starts with (milliseconds, 0 = none), so one stuck
 * lock or transaction cannot hold the pool: a statement waits at most `lockMs` for a lock and runs
 * at most `statementMs`, and a transaction left idle is ended after `idleInTransactionMs` (its locks
 * released). The seamless wallet's functions wait for a lock far shorter (their own `lock_timeout`,
 * see domains/vendors/sql) and answer wallet_busy. PGlite (one in-process connection) has none.
 * Overridable with DATABASE_LOCK_TIMEOUT_MS, DATABASE_STATEMENT_TIMEOUT_MS and
 * DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS; migrations and the reconcile CLI lift the statement limit.
 */
export type PoolTimeouts = { lockMs: number; statementMs: number; idleInTransactionMs: number };
export const DEFAULT_POOL_TIMEOUTS: PoolTimeouts = {
  lockMs: 2_000,
  statementMs: 10_000,
  idleInTransactionMs: 15_000,
};

const INT8_OID = 20;

/**
 * int8 columns (ids, later money in minor units) always arrive as strings so no value is rounded
 * through a JS number. pg already does this by default; PGlite parses int8 to number, so both are set.
 */
const keepInt8AsString = (value: string) => value;

/**
 * The embedded database runs inside this process, so its buffers count against the platform's
 * memory: 16 MB of shared buffers (PostgreSQL's 128 MB default costs about 60 MB more resident
 * memory) is plenty for a single brand's demo or development data.
 */
const EMBEDDED_CONF = ['shared_buffers=16MB', 'wal_buffers=512kB'];

/**
 * The mark that makes a statement a named prepared statement on PostgreSQL: a query whose text
 * starts with `/* prepared:<name> *\/` is parsed and planned once per connection and then only
 * bound and run (as `pgbench -M prepared` runs it), instead of being parsed and planned on every
 * call. For the few statements run on every game call (the seamless wallet's); each name belongs
 * to one text. On PGlite the mark is an ordinary comment.
 */
export function preparedStatementMark(name: string): string {
  if (!/^[a-z][a-z0-9_]{0,62}$/.test(name)) throw new Error(`bad prepared statement name ${name}`);
  return `/* prepared:${name} */ `;
}

const PREPARED_MARK = /^\/\* prepared:([a-z][a-z0-9_]*) \*\/ /;

/** node-postgres's client, naming the statements marked by preparedStatementMark(). */
class PreparingClient extends pg.Client {
  override query(...args: unknown[]): never {
    const [text, values] = args;
    const name = typeof text === 'string' ? PREPARED_MARK.exec(text)?.[1] : undefined;
    const run = super.query as (...a: unknown[]) => never;
    if (name && args.length === 2 && Array.isArray(values)) return run.call(this, { name, text, values });
    return run.apply(this, args);
  }
}

export async function createDatabase(target: DatabaseTarget): Promise<Db> {
  if ('databaseUrl' in target) {
    const timeouts = { ...DEFAULT_POOL_TIMEOUTS, ...target.timeouts };
    const pool = new pg.Pool({
      Client: PreparingClient,
      connectionString: target.databaseUrl,
      max: target.poolSize ?? DEFAULT_POOL_SIZE,
      // Sent as startup parameters: set on each new connection before its first query (0 = off).
      lock_timeout: timeouts.lockMs,
      statement_timeout: timeouts.statementMs,
      idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
          oid === INT8_OID
            ? keepInt8AsString
            : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
      },
    });
    // An idle connection the server closes (restart, failover, a dropped test database) is removed
    // by the pool and replaced on the next query; without a listener its error would end the process.
    pool.on('error', () => {});
    // A connection the server closes while a query or transaction holds it (pg_terminate_backend,
    // failover) errors on the checked-out client, where the pool's listener is not attached: the
    // query itself fails (answered 503 by the error handler) and the pool discards the client on
    // release. Without this listener the error would end the process.
    pool.on('connect', (client) => {
      client.on('error', () => {});
    });
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  return databaseOnPglite(await createPglite(target));
}

/** The embedded engine of a PGlite target (tests snapshot its data directory). */
export async function createPglite(
  target: { dataDir: string; loadDataDir?: Blob } | { memory: true; loadDataDir?: Blob },
): Promise<PGlite> {
  const options = { parsers: { [INT8_OID]: keepInt8AsString }, postgresqlconf: EMBEDDED_CONF };
  const load = target.loadDataDir;
  if ('dataDir' in target) {
    await mkdir(target.dataDir, { recursive: true });
    const fresh = !existsSync(path.join(target.dataDir, 'PG_VERSION'));
    return PGlite.create(target.dataDir, load && fresh ? { ...options, loadDataDir: load } : options);
  }
  return PGlite.create(load ? { ...options, loadDataDir: load } : options);
}

export function databaseOnPglite(pglite: PGlite): Db {
  return new Kysely<Database>({ dialect: new PGliteDialect({ pglite }) });
}
