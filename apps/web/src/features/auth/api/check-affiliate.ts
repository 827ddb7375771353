import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /wps/agent/affiliate?code&domain: whether an agent's invitation code exists. */
export function checkAffiliate(code: string): Promise<{ valid: boolean; code: string }> {
  return apiRequest<{ valid: boolean; code: string }>('/wps/agent/affiliate', {
    query: { code, domain: window.location.hostname },
  });
}

export const affiliateQueryOptions = (code: string) =>
  queryOptions({ queryKey: ['agent', 'affiliate', code], queryFn: () => checkAffiliate(code) });

export function useAffiliateCheck(code: string | null) {
  return useQuery({ ...affiliateQueryOptions(code ?? ''), enabled: !!code });
}
