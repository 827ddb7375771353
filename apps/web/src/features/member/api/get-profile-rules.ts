import type { RegisterSettings } from '@lotus/contracts/accounts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** The brand's field rules (GET /wps/system/setting/register) decide which profile fields show. */
export const profileRulesQueryOptions = () =>
  queryOptions({
    queryKey: ['system', 'registerSettings'],
    queryFn: () => apiRequest<RegisterSettings>('/wps/system/setting/register'),
    staleTime: 10 * 60_000,
  });

export function useProfileRules() {
  return useQuery(profileRulesQueryOptions());
}
