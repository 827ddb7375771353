import type { DomainModule } from '../../http/module.ts';
import { memberDailyTurnover } from './turnover.consumer.ts';
import { walletRoutes } from './wallet.routes.ts';

export const walletModule: DomainModule = {
  name: 'wallet',
  routes: walletRoutes,
  consumers: [memberDailyTurnover],
};
