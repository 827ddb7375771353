import type { LimitChangeResult, LimitKind, LimitPeriod, LimitsView } from '@lotus/contracts/limits';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const LIMITS_KEY = ['limits'];

/** GET /wps/limits (T): the member's limits, each window's usage and the brand's cooling-off. */
export function useLimits() {
  return useQuery({
    queryKey: LIMITS_KEY,
    queryFn: async () => ({ view: await apiRequest<LimitsView>('/wps/limits'), receivedAt: Date.now() }),
    staleTime: 0,
  });
}

type Change =
  | { action: 'set'; kind: LimitKind; period: LimitPeriod; amount: string }
  | { action: 'remove' | 'confirm' | 'cancel'; id: string };

/** POST /wps/limits, /wps/limits/:id/{remove,confirm,cancel} (T). */
export function useChangeLimit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: Change) =>
      change.action === 'set'
        ? apiRequest<LimitChangeResult>('/wps/limits', {
            method: 'POST',
            body: { kind: change.kind, period: change.period, amount: change.amount },
          })
        : apiRequest<LimitChangeResult>(`/wps/limits/${encodeURIComponent(change.id)}/${change.action}`, {
            method: 'POST',
          }),
    onSuccess: (result) =>
      queryClient.setQueryData(LIMITS_KEY, { view: result.view, receivedAt: Date.now() }),
  });
}
