import type { DomainModule } from '../../http/module.ts';
import { securityRoutes } from './security.routes.ts';

export const securityModule: DomainModule = {
  name: 'security',
  routes: securityRoutes,
};
