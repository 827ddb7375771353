import type { DomainModule } from '../../http/module.ts';
import { onMemberRegistered } from '../members/registration-hooks.ts';
import { agentAdminRoutes } from './agent.admin.routes.ts';
import { agentRoutes } from './agent.routes.ts';
import { agentSignup } from './agent.service.ts';
import { applicationAdminRoutes } from './application.admin.routes.ts';
import { applicationRoutes } from './application.routes.ts';
import * as m0018 from './migrations/0018_affiliate_applications.ts';
import * as m20261201T183548 from './migrations/20261201T183548_agent_tree.ts';

onMemberRegistered(agentSignup);

/**
 * Agents: the affiliate application of /join with its review (approval makes the applicant an
 * agent), the downline tree, the agent centre's team calls and the back office's agent actions.
 */
export const agentsModule: DomainModule = {
  name: 'agents',
  routes: (api, deps) => {
    agentRoutes(api, deps);
    applicationRoutes(api, deps);
  },
  adminRoutes: (api, deps) => {
    applicationAdminRoutes(api, deps);
    agentAdminRoutes(api, deps);
  },
  migrations: {
    '0018_affiliate_applications': m0018,
    '20261201T183548_agent_tree': m20261201T183548,
  },
};
