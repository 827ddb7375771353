import type { DomainModule } from '../http/module.ts';
import { eventsAdminRoutes } from './events.admin.routes.ts';

/** The event feed's back-office view (the consumers themselves belong to their domains' modules). */
export const eventsModule: DomainModule = {
  name: 'events',
  adminRoutes: eventsAdminRoutes,
};
