import type { MemberContactRequest } from '@lotus/contracts/cs';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const contactRequestsKey = ['cs', 'contact'] as const;

/** GET /wps/cs/contact: the logged-in member's latest requests (members only). */
export function useContactRequests(loggedIn: boolean) {
  return useQuery({
    queryKey: contactRequestsKey,
    queryFn: () => apiRequest<MemberContactRequest[]>('/wps/cs/contact'),
    enabled: loggedIn,
  });
}
