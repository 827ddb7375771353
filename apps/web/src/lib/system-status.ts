import type { SystemStatus } from '@lotus/contracts/system';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client.ts';

export function getSystemStatus(): Promise<SystemStatus> {
  return apiRequest<SystemStatus>('/wps/system/status');
}

export const systemStatusQueryOptions = () =>
  queryOptions({ queryKey: ['system', 'status'], queryFn: getSystemStatus, staleTime: 5 * 60_000 });

export function useSystemStatus() {
  return useQuery(systemStatusQueryOptions());
}
