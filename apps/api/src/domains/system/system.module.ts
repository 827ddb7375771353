import type { DomainModule } from '../../http/module.ts';
import { dashboardAdminRoutes } from './dashboard.admin.routes.ts';
import { systemRoutes } from './system.routes.ts';

export const systemModule: DomainModule = {
  name: 'system',
  routes: systemRoutes,
  adminRoutes: dashboardAdminRoutes,
};
