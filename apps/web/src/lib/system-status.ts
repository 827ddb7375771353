import type { SystemStatus } from '@lotus/contracts/system';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client.ts';
import { takeBootAnswer } from './boot-calls.ts';

/**
 * The brand's country (ISO 3166 alpha-2, brand configuration) from its last status answer. A
 * page's brand never changes (it is the host's), and the status answers before any page shows, so
 * plain functions such as the default dialing code read it without a hook.
 */
let brandCountry: string | undefined;

export async function getSystemStatus(): Promise<SystemStatus> {
  // The first fetch takes the answer of the call boot.ts started, when it has one.
  const status = (await takeBootAnswer('status')) ?? (await apiRequest<SystemStatus>('/wps/system/status'));
  brandCountry = status.info.whitelabel.country;
  return status;
}

export function currentBrandCountry(): string | undefined {
  return brandCountry;
}

export const systemStatusQueryOptions = () =>
  queryOptions({ queryKey: ['system', 'status'], queryFn: getSystemStatus, staleTime: 5 * 60_000 });

export function useSystemStatus() {
  return useQuery(systemStatusQueryOptions());
}
