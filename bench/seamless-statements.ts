/**
 * The SQL the platform runs for one seamless bet and its win, in order and with their parameters:
 * the source of bench/pgbench/bet-win.sql. bench/seamless.ts compares their number with the
 * script's after each run; to see them after a change to the seamless or ledger code, run on a
 * scratch database:
 *   npx node bench/seamless-statements.ts postgres://postgres@127.0.0.1:5432/scratch
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createMember, createVendor, fundMember, issueVendorSession, withDatabase } from '@lotus/api/harness';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from '../apps/api/src/db/schema.ts';
import { seed } from '../apps/api/src/db/seed.ts';
import { findBrandByMerchantCode } from '../apps/api/src/domains/brands/brand.repository.ts';
import { seamlessBet, seamlessWin } from '../apps/api/src/domains/vendors/seamless.service.ts';

/**
 * Runs two bet + win pairs through the seamless service on `url` (a vendor `STMT` and a member
 * `stmtplayer` are added) and answers the statements of the second one, as a server past its
 * first calls runs them.
 */
export async function pairStatements(url: string): Promise<string[]> {
  const prepared = await withDatabase(url, async (db) => {
    await seed(db);
    const vendor = await createVendor(db, { merchantCode: 'DEMO', code: 'STMT' });
    const member = await createMember(db, {
      merchantCode: 'DEMO',
      username: 'stmtplayer',
      password: 'Secret123',
    });
    await fundMember(db, { merchantCode: 'DEMO', username: 'stmtplayer', amount: '100.00' });
    const { token } = await issueVendorSession(db, member.id, vendor.code, 'slots-1');
    const brand = await findBrandByMerchantCode(db, 'DEMO');
    if (!brand) throw new Error('no demo brand');
    return { vendor, token, brand };
  });

  let statements: string[] | null = null;
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 1 }) }),
    log: (event) => {
      statements?.push(`${event.query.sql};  -- ${JSON.stringify(event.query.parameters)}`);
    },
  });
  const v = {
    id: prepared.vendor.id,
    brandId: prepared.brand.id,
    code: prepared.vendor.code,
    currency: prepared.brand.currency,
    currencySymbol: prepared.brand.currencySymbol,
  };
  const pair = async () => {
    const ids = { roundId: randomUUID(), gameId: 'slots-1' };
    const betId = randomUUID();
    statements?.push('-- bet');
    await seamlessBet(db, v, {
      vendor: v.code,
      token: prepared.token,
      transactionId: betId,
      ...ids,
      amount: '1.00',
      currency: v.currency,
    });
    statements?.push('-- win');
    await seamlessWin(db, v, {
      vendor: v.code,
      transactionId: randomUUID(),
      betTransactionId: betId,
      ...ids,
      amount: '0.50',
      currency: v.currency,
    });
  };
  try {
    await pair();
    statements = [];
    await pair();
    return statements;
  } finally {
    await db.destroy();
  }
}

/** How many SQL statements a pgbench script sends per transaction (meta-commands and comments aside). */
export function scriptStatementCount(path: string): number {
  return readFileSync(path, 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('--') && !line.startsWith('\\')).length;
}

if (import.meta.main) {
  const url = process.argv[2];
  if (!url) throw new Error('usage: bench/seamless-statements.ts <postgres url of a scratch database>');
  process.stdout.write(`${(await pairStatements(url)).join('\n')}\n`);
}
