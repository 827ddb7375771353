import type { DomainModule } from '../../http/module.ts';
import { adjustmentAdminRoutes } from './adjustment.admin.routes.ts';
import { memberDailyTurnover } from './turnover.consumer.ts';
import { walletRoutes } from './wallet.routes.ts';

export const walletModule: DomainModule = {
  name: 'wallet',
  routes: walletRoutes,
  adminRoutes: adjustmentAdminRoutes,
  consumers: [memberDailyTurnover],
};
