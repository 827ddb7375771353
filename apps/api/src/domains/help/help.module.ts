import type { DomainModule } from '../../http/module.ts';
import { helpAdminRoutes } from './help.admin.routes.ts';
import { helpRoutes } from './help.routes.ts';

export const helpModule: DomainModule = {
  name: 'help',
  routes: helpRoutes,
  adminRoutes: helpAdminRoutes,
};
