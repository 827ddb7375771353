import type { DomainModule } from '../http/module.ts';
import { eventsAdminRoutes } from './events.admin.routes.ts';
import * as m0013 from './migrations/0013_event_feed_and_job_runs.ts';

/** The event feed's back-office view (the consumers themselves belong to their domains' modules). */
export const eventsModule: DomainModule = {
  name: 'events',
  adminRoutes: eventsAdminRoutes,
  migrations: {
    '0013_event_feed_and_job_runs': m0013,
  },
};
