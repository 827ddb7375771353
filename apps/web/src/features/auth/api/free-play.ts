import type { LoginResult } from '@lotus/contracts/accounts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /wps/session/login/freeplay (FREEPLAY3): a trial account (isAgent 4), logged in. */
export function freePlay(): Promise<LoginResult> {
  const random = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) =>
    b.toString(16).padStart(2, '0'),
  );
  return apiRequest<LoginResult>('/wps/session/login/freeplay', {
    method: 'POST',
    body: { os: navigator.platform.slice(0, 32), platform: 'W', random: random.join(''), version: 3 },
  });
}

export function useFreePlay() {
  return useMutation({ mutationFn: freePlay });
}
