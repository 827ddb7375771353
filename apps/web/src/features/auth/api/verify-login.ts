import type { LoginResult } from '@lotus/contracts/accounts';
import { useMutation } from '@tanstack/react-query';
import { loginDeviceId, sealedRequest } from '../../../lib/sealed-request.ts';

export type VerifyLoginInput = { username: string; password: string; verificationCode: string };

/** POST /wps/session/login/verification (E): a login from a new IP, completed with the SMS code. */
export function verifyLogin(input: VerifyLoginInput): Promise<LoginResult> {
  return sealedRequest<LoginResult>('/wps/session/login/verification', 'POST', {
    ...input,
    loginDeviceId: loginDeviceId(),
  });
}

export function useVerifyLogin() {
  return useMutation({ mutationFn: verifyLogin });
}
