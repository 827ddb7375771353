import type { InvitationPage, ReferralDetails } from '@lotus/contracts/referrals';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /wps/relay/MCSFE_getReferralDetails?autoGenerate=true (T): the code is made on first ask. */
export function useReferralDetails() {
  return useQuery({
    queryKey: ['referrals', 'details'],
    queryFn: () =>
      apiRequest<ReferralDetails>('/wps/relay/MCSFE_getReferralDetails', { query: { autoGenerate: true } }),
    staleTime: 60_000,
  });
}

/** GET /wps/referrals (T): the member's invitations and the brand's rule. */
export function useInvitations(page: number) {
  return useQuery({
    queryKey: ['referrals', 'invitations', page],
    queryFn: () => apiRequest<InvitationPage>('/wps/referrals', { query: { page, size: 10 } }),
    placeholderData: keepPreviousData,
  });
}

/** POST /wps/referrals/bind (T): adds a referrer to an account registered without one. */
export function useBindReferral() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (referralCode: string) =>
      apiRequest<{ bound: true }>('/wps/referrals/bind', { method: 'POST', body: { referralCode } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['referrals'] }),
  });
}
