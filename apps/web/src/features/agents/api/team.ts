import type {
  AgentTeamMember,
  AgentTeamOverview,
  AgentTeamPage,
  OpenDownlineBody,
} from '@lotus/contracts/agents';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export type AgentInfo = { account: string; isAgent: number; affiliateCode: string; downlines: number };

/** GET /wps/agent/info (T, agents): the agent's affiliate code and direct downlines. */
export function useAgentInfo() {
  return useQuery({
    queryKey: ['agent', 'info'],
    queryFn: () => apiRequest<AgentInfo>('/wps/agent/info'),
    staleTime: 60_000,
  });
}

/** GET /wps/agent/team/overview (T, agents): the team's figures over the last `days` days. */
export function useTeamOverview(days: number) {
  return useQuery({
    queryKey: ['agent', 'overview', days],
    queryFn: () => apiRequest<AgentTeamOverview>('/wps/agent/team/overview', { query: { days } }),
    placeholderData: keepPreviousData,
  });
}

export const TEAM_PAGE_SIZE = 20;

/** GET /wps/agent/team/members (T, agents): the team, searchable by user name. */
export function useTeamMembers(search: string, page: number) {
  return useQuery({
    queryKey: ['agent', 'team', search, page],
    queryFn: () =>
      apiRequest<AgentTeamPage>('/wps/agent/team/members', {
        query: { ...(search ? { search } : {}), page, size: TEAM_PAGE_SIZE },
      }),
    placeholderData: keepPreviousData,
  });
}

/** POST /wps/agent/team/members (T, agents): opens an account for a direct downline. */
export function useOpenDownline() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OpenDownlineBody) =>
      apiRequest<AgentTeamMember>('/wps/agent/team/members', { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['agent'] }),
  });
}
