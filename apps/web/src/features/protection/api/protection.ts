import type {
  Exclusion,
  ExclusionBody,
  ProtectionBlocks,
  ProtectionSettings,
  ProtectionStatus,
} from '@lotus/contracts/protection';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

const KEY = ['protection'] as const;

/**
 * GET /wps/protection/status (T): what the site asks at every round boundary of its own (the game
 * frame, the lottery page): the session limit's end and whether a reality check is due. Asked
 * every 15 s while a limit or reality check is set, else on focus only.
 */
export function useProtectionStatus(enabled: boolean) {
  return useQuery({
    queryKey: [...KEY, 'status'],
    queryFn: () => apiRequest<ProtectionStatus>('/wps/protection/status'),
    enabled,
    refetchInterval: (query) => {
      const s = query.state.data?.settings;
      return s && (s.realityCheckMinutes > 0 || s.sessionLimitMinutes > 0) ? 15_000 : false;
    },
  });
}

/** POST /wps/protection/reality-check/ack (T). */
export function useAcknowledge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<ProtectionStatus>('/wps/protection/reality-check/ack', { method: 'POST' }),
    onSuccess: (status) => queryClient.setQueryData([...KEY, 'status'], status),
  });
}

/** GET /wps/protection/settings (T). */
export function useProtectionSettings() {
  return useQuery({
    queryKey: [...KEY, 'settings'],
    queryFn: () => apiRequest<ProtectionSettings>('/wps/protection/settings'),
  });
}

/** PUT /wps/protection/settings (T). */
export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProtectionSettings) =>
      apiRequest<ProtectionSettings>('/wps/protection/settings', { method: 'PUT', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

/** GET /wps/protection/blocks (T): "why am I blocked", one section per domain. */
export function useBlocks() {
  return useQuery({
    queryKey: [...KEY, 'blocks'],
    queryFn: () => apiRequest<ProtectionBlocks>('/wps/protection/blocks'),
  });
}

/**
 * POST /wps/protection/exclusions (T): a time-out or self-exclusion, effective at once. `onExcluded`
 * is the hook's own callback, so it runs even when the page unmounted meanwhile (the game frame
 * goes back to the lobby as soon as the vendor closes the table).
 */
export function useExclude(onExcluded: (exclusion: Exclusion) => void) {
  return useMutation({
    mutationFn: (body: ExclusionBody) =>
      apiRequest<Exclusion>('/wps/protection/exclusions', { method: 'POST', body }),
    onSuccess: onExcluded,
  });
}
