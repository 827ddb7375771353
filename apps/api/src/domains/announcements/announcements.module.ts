import type { DomainModule } from '../../http/module.ts';
import { announcementAdminRoutes } from './announcement.admin.routes.ts';
import { announcementRoutes } from './announcement.routes.ts';
import * as m20261128T183802 from './migrations/20261128T183802_banner_groups.ts';
import * as m20261201T184926 from './migrations/20261201T184926_agent_audience.ts';

/** Announcements, notices and banners: the member site reads them, the back office edits them. */
export const announcementsModule: DomainModule = {
  name: 'announcements',
  routes: announcementRoutes,
  adminRoutes: announcementAdminRoutes,
  migrations: {
    '20261128T183802_banner_groups': m20261128T183802,
    '20261201T184926_agent_audience': m20261201T184926,
  },
};
