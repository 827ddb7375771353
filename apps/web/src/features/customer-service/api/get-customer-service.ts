import type { CustomerServiceItem } from '@lotus/contracts/system';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export function getCustomerService(): Promise<CustomerServiceItem[]> {
  return apiRequest<CustomerServiceItem[]>('/wps/system/customerService', { query: { type: 3 } });
}

/**
 * The channels depend on who asks (VIP service for a member above rank 4), so a visitor's and a
 * member's lists are two entries.
 */
export const customerServiceQueryOptions = (signedIn = false) =>
  queryOptions({
    queryKey: ['customerService', signedIn ? 'member' : 'visitor'],
    queryFn: getCustomerService,
    staleTime: 10 * 60_000,
  });

export function useCustomerService(signedIn = false) {
  return useQuery(customerServiceQueryOptions(signedIn));
}
