import type { MemberInfo } from '@lotus/contracts/accounts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { MEMBER_INFO_KEY } from '../../../lib/member-data.ts';

/** PUT /wps/member/email (T): the new address and the login password. */
export function bindEmail(body: { email: string; password: string }): Promise<MemberInfo> {
  return apiRequest<MemberInfo>('/wps/member/email', { method: 'PUT', body });
}

export function useBindEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bindEmail,
    onSuccess: (info) => queryClient.setQueryData(MEMBER_INFO_KEY, info),
  });
}
