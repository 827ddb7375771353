import type { PlayerRankProgress, RebateClaimResult, RebateSummary, VipLevels } from '@lotus/contracts/vip';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { BALANCE_KEY } from '../../../lib/member-data.ts';

const VIP_KEY = ['vip'] as const;

/** `MCSFE_getVipLevels`: the brand's ladder, names in the request language (visitors too). */
export function useVipLevels() {
  return useQuery({
    queryKey: [...VIP_KEY, 'levels'],
    queryFn: () => apiRequest<VipLevels>('/wps/relay/MCSFE_getVipLevels'),
  });
}

/** `MCSFE_getPlayerRankProgress` (T): the member's rank and progress to the next. */
export function useRankProgress(enabled = true) {
  return useQuery({
    queryKey: [...VIP_KEY, 'progress'],
    queryFn: () => apiRequest<PlayerRankProgress>('/wps/relay/MCSFE_getPlayerRankProgress'),
    enabled,
  });
}

/** `MCSFE_getManualRebate` (T): unrebated turnover per category and what a claim pays now. */
export function useRebateSummary() {
  return useQuery({
    queryKey: [...VIP_KEY, 'rebate'],
    queryFn: () => apiRequest<RebateSummary>('/wps/relay/MCSFE_getManualRebate'),
    staleTime: 0,
  });
}

/** `MCSFE_claimManualRebate` (T): pays the cashback once; the balance and summary are then stale. */
export function useClaimRebate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<RebateClaimResult>('/wps/relay/MCSFE_claimManualRebate', { method: 'POST' }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: [...VIP_KEY, 'rebate'] });
      void queryClient.invalidateQueries({ queryKey: BALANCE_KEY });
      void queryClient.invalidateQueries({ queryKey: ['wallet', 'history'] });
    },
  });
}
