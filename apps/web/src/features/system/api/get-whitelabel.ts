import type { WhitelabelMenu } from '@lotus/contracts/system';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export function getWhitelabel(): Promise<WhitelabelMenu> {
  return apiRequest<WhitelabelMenu>('/wps/system/whitelabel');
}

export const whitelabelQueryOptions = () =>
  queryOptions({ queryKey: ['system', 'whitelabel'], queryFn: getWhitelabel, staleTime: 5 * 60_000 });

export function useWhitelabel() {
  return useQuery(whitelabelQueryOptions());
}
