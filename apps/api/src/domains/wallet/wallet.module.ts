import type { DomainModule } from '../../http/module.ts';
import { walletRoutes } from './wallet.routes.ts';

export const walletModule: DomainModule = {
  name: 'wallet',
  routes: walletRoutes,
};
