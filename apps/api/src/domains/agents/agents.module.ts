import type { DomainModule } from '../../http/module.ts';
import { agentRoutes } from './agent.routes.ts';
import { applicationAdminRoutes } from './application.admin.routes.ts';
import { applicationRoutes } from './application.routes.ts';
import * as m0018 from './migrations/0018_affiliate_applications.ts';

/** Agents: the agent centre's entry call and the affiliate application of /join with its review. */
export const agentsModule: DomainModule = {
  name: 'agents',
  routes: (api, deps) => {
    agentRoutes(api, deps);
    applicationRoutes(api, deps);
  },
  adminRoutes: applicationAdminRoutes,
  migrations: {
    '0018_affiliate_applications': m0018,
  },
};
