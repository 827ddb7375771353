import type { DomainModule } from '../../http/module.ts';
import { depositAdminRoutes } from './deposit.admin.routes.ts';
import { depositRoutes } from './deposit.routes.ts';
import { DEPOSIT_LEDGER_KINDS } from './deposits.ledger-kinds.ts';
import * as m0005 from './migrations/0005_deposits.ts';
import { paymentGatewayRoutes } from './payment-gateway.routes.ts';

export const depositsModule: DomainModule = {
  name: 'deposits',
  ledgerKinds: DEPOSIT_LEDGER_KINDS,
  routes: depositRoutes,
  adminRoutes: depositAdminRoutes,
  externalRoutes: paymentGatewayRoutes,
  migrations: {
    '0005_deposits': m0005,
  },
};
