import type { Db } from '../../db/database.ts';
import type { DomainModule } from '../../http/module.ts';
import { advanceChases } from './chase.service.ts';
import { lotteryAdminRoutes } from './lottery.admin.routes.ts';
import { LOTTERY_LEDGER_KINDS } from './lottery.ledger-kinds.ts';
import { lotteryRoutes } from './lottery.routes.ts';
import * as m0030 from './migrations/0030_lottery.ts';
import { cancelOverdueNumeros, closeNumeros, createNumeros, drawNumeros } from './numero.service.ts';
import { refundCancelledNumeros, settleDrawnNumeros } from './settlement.service.ts';

/**
 * One tick of the draw cycle, in order: close the numeros past their close time, draw the platform
 * numeros past their draw time, settle every drawn numero, move the chases whose numero is over.
 * Each step is a set of conditional state changes; a failing step does not keep the later ones
 * from running, and the run fails afterwards (so the scheduler retries its key).
 */
export async function lotteryCycle(db: Db, now: Date): Promise<number> {
  let changed = 0;
  const failures: unknown[] = [];
  for (const step of [closeNumeros, drawNumeros, settleDrawnNumeros, advanceChases]) {
    try {
      changed += await step(db, now);
    } catch (error) {
      failures.push(error);
    }
  }
  if (failures.length > 0) throw failures[0];
  return changed;
}

/**
 * The platform's own lottery (issue 14). Its jobs run under the scheduler's lease and run keys (a
 * key runs once; a rerun changes nothing twice):
 * - lottery_create_numeros (every minute): numeros ahead for every active game;
 * - lottery_draw_cycle (every 5 seconds, so a 1-minute game closes, draws and pays within seconds
 *   of its times): lotteryCycle above;
 * - lottery_cancel_numeros (every minute): numeros not drawn in time are cancelled and refunded, and
 *   refunds left half way are finished.
 */
export const lotteryModule: DomainModule = {
  name: 'lottery',
  ledgerKinds: LOTTERY_LEDGER_KINDS,
  routes: lotteryRoutes,
  adminRoutes: lotteryAdminRoutes,
  jobs: [
    { name: 'lottery_create_numeros', pattern: '0 * * * * *', leaseSeconds: 50, run: createNumeros },
    { name: 'lottery_draw_cycle', pattern: '*/5 * * * * *', leaseSeconds: 60, run: lotteryCycle },
    {
      name: 'lottery_cancel_numeros',
      pattern: '30 * * * * *',
      leaseSeconds: 50,
      run: async (db, now) => (await cancelOverdueNumeros(db, now)) + (await refundCancelledNumeros(db, now)),
    },
  ],
  migrations: {
    '0030_lottery': m0030,
  },
};
