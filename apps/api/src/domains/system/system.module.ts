import type { DomainModule } from '../../http/module.ts';
import { brandSettingsAdminRoutes } from './brand-settings.admin.routes.ts';
import { csChannelsAdminRoutes } from './cs-channels.admin.routes.ts';
import { dashboardAdminRoutes } from './dashboard.admin.routes.ts';
import { footerLinksAdminRoutes } from './footer-links.admin.routes.ts';
import { systemRoutes } from './system.routes.ts';

export const systemModule: DomainModule = {
  name: 'system',
  routes: systemRoutes,
  adminRoutes: (api, deps) => {
    dashboardAdminRoutes(api, deps);
    brandSettingsAdminRoutes(api, deps);
    csChannelsAdminRoutes(api, deps);
    footerLinksAdminRoutes(api, deps);
  },
};
