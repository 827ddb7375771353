import type { MissionClaimed, MissionLeaderboard, MissionSummary } from '@lotus/contracts/missions';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { BALANCE_KEY } from '../../../lib/member-data.ts';

const SUMMARY_KEY = ['missions', 'summary'];

/** GET /wps/relay/MCSFE_getMissionSummaryDetails (T): the member's missions; `missionCount` is the menu badge. */
export function useMissionSummary(enabled = true) {
  return useQuery({
    queryKey: SUMMARY_KEY,
    queryFn: () => apiRequest<MissionSummary>('/wps/relay/MCSFE_getMissionSummaryDetails'),
    enabled,
    staleTime: 30_000,
  });
}

/** GET /wps/relay/MCSFE_getMissionLeaderboard (T). */
export function useMissionLeaderboard(period: 'daily' | 'weekly') {
  return useQuery({
    queryKey: ['missions', 'leaderboard', period],
    queryFn: () =>
      apiRequest<MissionLeaderboard>('/wps/relay/MCSFE_getMissionLeaderboard', {
        query: { period, limitNum: 10 },
      }),
    staleTime: 30_000,
  });
}

/** POST /wps/missions/:id/claim (T): the reward goes to the main wallet. */
export function useClaimMission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<MissionClaimed>(`/wps/missions/${id}/claim`, { method: 'POST' }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ['missions'] });
      void queryClient.invalidateQueries({ queryKey: BALANCE_KEY });
    },
  });
}
