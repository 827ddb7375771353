import type { RegisterSettings } from '@lotus/contracts/accounts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /wps/system/setting/register: the rule of each registration field and the flags. */
export function getRegisterSettings(): Promise<RegisterSettings> {
  return apiRequest<RegisterSettings>('/wps/system/setting/register');
}

export const registerSettingsQueryOptions = () =>
  queryOptions({
    queryKey: ['system', 'registerSettings'],
    queryFn: getRegisterSettings,
    staleTime: 10 * 60_000,
  });

export function useRegisterSettings() {
  return useQuery(registerSettingsQueryOptions());
}
