import type { HelpCenter } from '@lotus/contracts/system';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export function getHelpCenter(): Promise<HelpCenter> {
  return apiRequest<HelpCenter>('/wps/system/helpCenter');
}

export const helpCenterQueryOptions = () =>
  queryOptions({ queryKey: ['help', 'center'], queryFn: getHelpCenter, staleTime: 10 * 60_000 });

export function useHelpCenter() {
  return useQuery(helpCenterQueryOptions());
}
