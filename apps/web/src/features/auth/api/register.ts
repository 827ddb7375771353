import type { LoginResult } from '@lotus/contracts/accounts';
import { useMutation } from '@tanstack/react-query';
import { loginDeviceId, sealedRequest } from '../../../lib/sealed-request.ts';

export type RegisterMethod = 'register' | 'registerMobile';

/**
 * PUT /wps/member/register or /wps/member/register/mobile (E). Submit adds login=true, registerUrl
 * and registerMethod=WEB (spec §3); the answer is a logged-in session.
 */
export function register(method: RegisterMethod, fields: Record<string, string>): Promise<LoginResult> {
  return sealedRequest<LoginResult>(
    method === 'register' ? '/wps/member/register' : '/wps/member/register/mobile',
    'PUT',
    {
      ...fields,
      login: true,
      registerUrl: window.location.href,
      registerMethod: 'WEB',
      domain: window.location.hostname,
      loginDeviceId: loginDeviceId(),
    },
  );
}

export function useRegister() {
  return useMutation({
    mutationFn: ({ method, fields }: { method: RegisterMethod; fields: Record<string, string> }) =>
      register(method, fields),
  });
}
