import type { CustomerServiceItem } from '@lotus/contracts/system';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export function getCustomerService(): Promise<CustomerServiceItem[]> {
  return apiRequest<CustomerServiceItem[]>('/wps/system/customerService', { query: { type: 3 } });
}

export const customerServiceQueryOptions = () =>
  queryOptions({ queryKey: ['customerService'], queryFn: getCustomerService, staleTime: 10 * 60_000 });

export function useCustomerService() {
  return useQuery(customerServiceQueryOptions());
}
