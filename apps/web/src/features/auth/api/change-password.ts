import type { LoginResult } from '@lotus/contracts/accounts';
import { useMutation } from '@tanstack/react-query';
import { sealedRequest } from '../../../lib/sealed-request.ts';

export type ChangePasswordInput = { oldPassword: string; newPassword: string; confirmNewPassword: string };

/** POST /wps/member/password (T, E): other sessions end and a new token comes back. */
export function changePassword(input: ChangePasswordInput): Promise<LoginResult> {
  return sealedRequest<LoginResult>('/wps/member/password', 'POST', input);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
