import type { MemberInfo } from '@lotus/contracts/accounts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { MEMBER_INFO_KEY } from '../../../lib/member-data.ts';

/** PUT /wps/member/profile (T): the profile fields the brand allows. */
export function updateProfile(fields: Record<string, string>): Promise<MemberInfo> {
  return apiRequest<MemberInfo>('/wps/member/profile', { method: 'PUT', body: fields });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (info) => queryClient.setQueryData(MEMBER_INFO_KEY, info),
  });
}
