import type { DomainModule } from '../../http/module.ts';
import { advanceChases } from './chase.service.ts';
import { lotteryAdminRoutes } from './lottery.admin.routes.ts';
import { lotteryRoutes } from './lottery.routes.ts';
import * as m0030 from './migrations/0030_lottery.ts';
import { cancelOverdueNumeros, closeNumeros, createNumeros, drawNumeros } from './numero.service.ts';
import { refundCancelledNumeros, settleDrawnNumeros } from './settlement.service.ts';

/** Every five seconds: a 1-minute game closes, draws and settles within seconds of its times. */
const OFTEN = '*/5 * * * * *';

/**
 * The platform's own lottery (issue 14). Its jobs, each a set of conditional state changes run under
 * the scheduler's lease and run keys (a key runs once; a rerun changes nothing twice):
 * - lottery_create_numeros (every minute): numeros ahead for every active game;
 * - lottery_close_numeros: open numeros past their close time are closed;
 * - lottery_draw_numeros: platform numeros past their draw time are drawn from their seed;
 * - lottery_settle_numeros: drawn numeros are settled, every winning order paid once;
 * - lottery_cancel_numeros: numeros not drawn in time are cancelled and refunded, and refunds left
 *   half way are finished;
 * - lottery_advance_chases: chases take their next numero, or stop and return the rest.
 */
export const lotteryModule: DomainModule = {
  name: 'lottery',
  routes: lotteryRoutes,
  adminRoutes: lotteryAdminRoutes,
  jobs: [
    { name: 'lottery_create_numeros', pattern: '0 * * * * *', leaseSeconds: 50, run: createNumeros },
    { name: 'lottery_close_numeros', pattern: OFTEN, leaseSeconds: 30, run: closeNumeros },
    { name: 'lottery_draw_numeros', pattern: OFTEN, leaseSeconds: 30, run: drawNumeros },
    { name: 'lottery_settle_numeros', pattern: OFTEN, leaseSeconds: 60, run: settleDrawnNumeros },
    {
      name: 'lottery_cancel_numeros',
      pattern: '*/30 * * * * *',
      leaseSeconds: 60,
      run: async (db, now) => (await cancelOverdueNumeros(db, now)) + (await refundCancelledNumeros(db, now)),
    },
    { name: 'lottery_advance_chases', pattern: OFTEN, leaseSeconds: 30, run: advanceChases },
  ],
  migrations: {
    '0030_lottery': m0030,
  },
};
