import type { MemberInfo } from '@lotus/contracts/accounts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { MEMBER_INFO_KEY } from '../../../lib/member-data.ts';

type Mobile = { mobileNum: string; countryDialingCode: string };

/** POST /wps/verification/sms/bind (T): a code to the number the member wants to bind. */
export function sendBindSms(mobile: Mobile): Promise<{ expiredMinutes: number }> {
  return apiRequest<{ expiredMinutes: number }>('/wps/verification/sms/bind', {
    method: 'POST',
    body: mobile,
  });
}

/** PUT /wps/member/mobile (T): binds or changes the mobile with that code and the login password. */
export function bindMobile(
  input: Mobile & { verificationCode: string; password: string },
): Promise<MemberInfo> {
  return apiRequest<MemberInfo>('/wps/member/mobile', { method: 'PUT', body: input });
}

export function useBindMobile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bindMobile,
    onSuccess: (info) => queryClient.setQueryData(MEMBER_INFO_KEY, info),
  });
}
