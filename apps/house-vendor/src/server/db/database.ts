import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, type KyselyConfig, PGliteDialect, PostgresDialect, type RawBuilder, sql } from 'kysely';
import pg from 'pg';
import type { VendorDatabase } from './schema.ts';

export type VendorDb = Kysely<VendorDatabase>;

/** Where the vendor's data lives: its own PostgreSQL database, a PGlite directory, or PGlite in memory. */
export type VendorDatabaseTarget =
  | { databaseUrl: string; poolSize?: number }
  /** `loadDataDir` (a data directory's tar) fills the directory when it holds no database yet (tests: a migrated snapshot). */
  | { dataDir: string; loadDataDir?: Blob }
  | { memory: true; loadDataDir?: Blob };

const INT8_OID = 20;
/** int8 stays a string so no amount is rounded through a JS number (PGlite parses it to number otherwise). */
const keepInt8AsString = (value: string) => value;

/** The embedded database shares the process with the platform's: small buffers are plenty. */
const EMBEDDED_CONF = ['shared_buffers=16MB', 'wal_buffers=512kB'];

/**
 * Told the SQL of every statement the vendor sends its database, each one a round trip (BEGIN and
 * COMMIT included, failed statements too): the tests count a spin's round trips with it. Unset in
 * production (Kysely then adds nothing to a query).
 */
export type StatementObserver = (sql: string) => void;

function observed(observe: StatementObserver | undefined): Pick<KyselyConfig, 'log'> {
  return observe ? { log: (event) => observe(event.query.sql) } : {};
}

/**
 * Marks a statement run on every spin (issue 23) to be sent as a named prepared statement on
 * PostgreSQL: parsed and planned once per connection instead of on every call. It goes at the end
 * of the statement (`.modifyEnd(preparedMark)`, or the last line of a raw `sql` text); the name is
 * derived from the statement's text, so every shape a builder produces (a round's move with or
 * without an outcome, a wallet call record...) is its own statement, and the marked statements'
 * shapes are few. On PGlite the mark is an ordinary comment.
 */
export const PREPARED_MARK = '/* prepared */';
export const preparedMark: RawBuilder<unknown> = sql.raw(PREPARED_MARK);

const preparedNames = new Map<string, string>();
function preparedName(text: string): string {
  let name = preparedNames.get(text);
  if (name === undefined) {
    name = `v_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    // A bounded cache of marked texts; a name is the same whenever it is computed again.
    if (preparedNames.size < 1_000) preparedNames.set(text, name);
  }
  return name;
}

/** node-postgres's client, naming the statements marked with PREPARED_MARK. */
class PreparingClient extends pg.Client {
  override query(...args: unknown[]): never {
    const [text, values] = args;
    const run = super.query as (...a: unknown[]) => never;
    if (
      typeof text === 'string' &&
      text.endsWith(PREPARED_MARK) &&
      args.length === 2 &&
      Array.isArray(values)
    )
      return run.call(this, { name: preparedName(text), text, values });
    return run.apply(this, args);
  }
}

export async function createVendorDatabase(
  target: VendorDatabaseTarget,
  observe?: StatementObserver,
): Promise<VendorDb> {
  if ('databaseUrl' in target) {
    const pool = new pg.Pool({
      Client: PreparingClient,
      connectionString: target.databaseUrl,
      max: target.poolSize ?? 10,
      lock_timeout: 5_000,
      statement_timeout: 15_000,
      idle_in_transaction_session_timeout: 30_000,
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
          oid === INT8_OID
            ? keepInt8AsString
            : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
      },
    });
    // A connection the server drops (restart, a dropped test database) must not end the process.
    pool.on('error', () => {});
    pool.on('connect', (client) => {
      client.on('error', () => {});
    });
    return new Kysely<VendorDatabase>({ dialect: new PostgresDialect({ pool }), ...observed(observe) });
  }
  return vendorDatabaseOnPglite(await createVendorPglite(target), observe);
}

/** The embedded engine of a PGlite target (tests snapshot its data directory). */
export async function createVendorPglite(
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

export function vendorDatabaseOnPglite(pglite: PGlite, observe?: StatementObserver): VendorDb {
  return new Kysely<VendorDatabase>({ dialect: new PGliteDialect({ pglite }), ...observed(observe) });
}
