import type { DomainRoute } from '@lotus/contracts/system';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export function getDomainRoute(): Promise<DomainRoute> {
  return apiRequest<DomainRoute>('/wps/system/domainRoute');
}

export const domainRouteQueryOptions = () =>
  queryOptions({ queryKey: ['system', 'domainRoute'], queryFn: getDomainRoute, staleTime: 10 * 60_000 });

export function useDomainRoute() {
  return useQuery(domainRouteQueryOptions());
}
