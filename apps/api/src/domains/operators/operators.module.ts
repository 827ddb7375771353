import type { DomainModule } from '../../http/module.ts';
import { backofficeRoutes } from './backoffice.routes.ts';

export const operatorsModule: DomainModule = {
  name: 'operators',
  adminRoutes: backofficeRoutes,
};
