import { loadConfig } from '../config.ts';
import { createDatabase } from '../db/database.ts';
import { lotteryReconcile } from '../domains/lottery/lottery-reconcile.ts';
import { reconcile } from '../domains/wallet/reconcile.ts';

/**
 * `npm run db:reconcile` (node apps/api/src/cli/reconcile.ts): checks the ledger of DATABASE_URL or the PGlite DATA_DIR
 * (every balance equals its postings, every entry sums to zero per currency, no wallet below zero,
 * every bet of a closed round settled or rolled back) and the lottery's own proof of its money
 * (lottery-reconcile.ts). Prints a JSON report; exits 1 on a problem.
 */
const config = loadConfig();
const db = await createDatabase(
  config.databaseUrl
    ? { databaseUrl: config.databaseUrl, timeouts: { ...config.databaseTimeouts, statementMs: 0 } }
    : { dataDir: config.dataDir },
);
try {
  const ledger = await reconcile(db);
  const lottery = await lotteryReconcile(db);
  console.info(JSON.stringify({ ...ledger, ok: ledger.ok && lottery.length === 0, lottery }, null, 2));
  process.exitCode = ledger.ok && lottery.length === 0 ? 0 : 1;
} finally {
  await db.destroy();
}
