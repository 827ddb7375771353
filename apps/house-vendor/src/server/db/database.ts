import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PGliteDialect, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { VendorDatabase } from './schema.ts';

export type VendorDb = Kysely<VendorDatabase>;

/** Where the vendor's data lives: its own PostgreSQL database, a PGlite directory, or PGlite in memory. */
export type VendorDatabaseTarget =
  | { databaseUrl: string; poolSize?: number }
  | { dataDir: string }
  | { memory: true };

const INT8_OID = 20;
/** int8 stays a string so no amount is rounded through a JS number (PGlite parses it to number otherwise). */
const keepInt8AsString = (value: string) => value;

/** The embedded database shares the process with the platform's: small buffers are plenty. */
const EMBEDDED_CONF = ['shared_buffers=16MB', 'wal_buffers=512kB'];

export async function createVendorDatabase(target: VendorDatabaseTarget): Promise<VendorDb> {
  if ('databaseUrl' in target) {
    const pool = new pg.Pool({
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
    return new Kysely<VendorDatabase>({ dialect: new PostgresDialect({ pool }) });
  }
  const parsers = { [INT8_OID]: keepInt8AsString };
  let pglite: PGlite;
  if ('dataDir' in target) {
    await mkdir(target.dataDir, { recursive: true });
    pglite = await PGlite.create(target.dataDir, { parsers, postgresqlconf: EMBEDDED_CONF });
  } else {
    pglite = await PGlite.create({ parsers, postgresqlconf: EMBEDDED_CONF });
  }
  return new Kysely<VendorDatabase>({ dialect: new PGliteDialect({ pglite }) });
}
