import type { RepeatableFunction } from '@lotus/db-repeatable';
import type { DomainModule } from '../../http/module.ts';
import { adjustmentAdminRoutes } from './adjustment.admin.routes.ts';
import * as m0003 from './migrations/0003_ledger.ts';
import * as m0007 from './migrations/0007_wallet.ts';
import * as m0009 from './migrations/0009_ledger_check_plans.ts';
import * as m0010 from './migrations/0010_ledger_check_cached_plan.ts';
import { memberDailyTurnover } from './turnover.consumer.ts';
import { WALLET_LEDGER_KINDS } from './wallet.ledger-kinds.ts';
import { walletRoutes } from './wallet.routes.ts';

/** The wallet's database functions (repeatable migrations, one file each under ./sql). */
export const WALLET_FUNCTIONS: RepeatableFunction[] = [
  { name: 'wallet_stake_gate', file: new URL('./sql/wallet_stake_gate.sql', import.meta.url) },
];

export const walletModule: DomainModule = {
  name: 'wallet',
  ledgerKinds: WALLET_LEDGER_KINDS,
  routes: walletRoutes,
  adminRoutes: adjustmentAdminRoutes,
  consumers: [memberDailyTurnover],
  functions: WALLET_FUNCTIONS,
  migrations: {
    '0003_ledger': m0003,
    '0007_wallet': m0007,
    '0009_ledger_check_plans': m0009,
    '0010_ledger_check_cached_plan': m0010,
  },
};
