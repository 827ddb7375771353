import type { DomainModule } from '../../http/module.ts';
import { contactAdminRoutes } from './contact.admin.routes.ts';
import { contactRoutes } from './contact.routes.ts';
import * as m0016 from './migrations/0016_contact_requests.ts';

/** Customer service: the contact form (live chat's stand-in) and its queue in the back office. */
export const csModule: DomainModule = {
  name: 'cs',
  routes: contactRoutes,
  adminRoutes: contactAdminRoutes,
  migrations: {
    '0016_contact_requests': m0016,
  },
};
