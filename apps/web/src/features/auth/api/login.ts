import type { LoginBody, LoginResult } from '@lotus/contracts/accounts';
import { useMutation } from '@tanstack/react-query';
import { loginDeviceId, sealedRequest } from '../../../lib/sealed-request.ts';

/** POST /wps/session/login (E): username and password, or mobile and SMS code. */
export function login(body: LoginBody): Promise<LoginResult> {
  return sealedRequest<LoginResult>('/wps/session/login', 'POST', {
    ...body,
    loginDeviceId: loginDeviceId(),
  });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
