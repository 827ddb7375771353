import type { DomainModule } from '../../http/module.ts';
import { announcementRoutes } from './announcement.routes.ts';

export const announcementsModule: DomainModule = {
  name: 'announcements',
  routes: announcementRoutes,
};
