import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export type ResetPasswordInput = { token: string; newPassword: string; confirmNewPassword: string };

/** POST /wps/member/password/reset: a new password from the e-mailed link's token. */
export function resetPassword(input: ResetPasswordInput): Promise<boolean> {
  return apiRequest<boolean>('/wps/member/password/reset', { method: 'POST', body: input });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
