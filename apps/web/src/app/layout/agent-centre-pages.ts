import { type ComponentType, lazy } from 'react';
import type { AGENT_CENTRE_PAGES } from '../../features/member/lib/menu.ts';
import { withChunkTimeout } from '../../lib/chunk-load.ts';

type AgentCentrePage = (typeof AGENT_CENTRE_PAGES)[number];

function page<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  return lazy(() =>
    withChunkTimeout(load).then((module) => ({ default: module[name] as unknown as ComponentType })),
  );
}

const agentPages = () => import('../../features/agents/components/AgentPages.tsx');

/**
 * The agent-centre pages the agents feature provides (issue 26, first slice), handed to the shell
 * in features/member here, in the app layer. A page missing from the map keeps the shell's
 * "arrives with its own release" state.
 */
export const AGENT_CENTRE_PAGE_COMPONENTS: Partial<Record<AgentCentrePage, ComponentType>> = {
  agentTeamOverview: page(agentPages, 'TeamOverview'),
  downlineManagmentView: page(agentPages, 'TeamMembers'),
  registerCenter: page(agentPages, 'RegisterCenter'),
  agentAnnouncement: page(
    () => import('../../features/agents/components/AgentAnnouncements.tsx'),
    'AgentAnnouncements',
  ),
};
