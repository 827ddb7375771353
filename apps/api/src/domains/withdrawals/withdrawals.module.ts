import type { DomainModule } from '../../http/module.ts';
import { autoConfirmWithdrawals } from './confirmation.service.ts';
import * as m0006 from './migrations/0006_withdrawals.ts';
import { withdrawalAdminRoutes } from './withdrawal.admin.routes.ts';
import { withdrawalRoutes } from './withdrawal.routes.ts';
import { WITHDRAWAL_LEDGER_KINDS } from './withdrawals.ledger-kinds.ts';

export const withdrawalsModule: DomainModule = {
  name: 'withdrawals',
  ledgerKinds: WITHDRAWAL_LEDGER_KINDS,
  routes: withdrawalRoutes,
  adminRoutes: withdrawalAdminRoutes,
  jobs: [
    {
      name: 'withdrawal_auto_receipt',
      pattern: '* * * * *',
      leaseSeconds: 50,
      run: (db, now) => autoConfirmWithdrawals(db, now),
    },
  ],
  migrations: {
    '0006_withdrawals': m0006,
  },
};
