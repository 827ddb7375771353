import type { CountryCode } from '@lotus/contracts/system';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export function getCountryCodes(): Promise<CountryCode[]> {
  return apiRequest<CountryCode[]>('/wps/system/countryCodes');
}

export const countryCodesQueryOptions = () =>
  queryOptions({ queryKey: ['system', 'countryCodes'], queryFn: getCountryCodes, staleTime: 60 * 60_000 });

export function useCountryCodes(enabled = true) {
  return useQuery({ ...countryCodesQueryOptions(), enabled });
}
