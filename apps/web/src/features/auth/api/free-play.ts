import type { LoginResult } from '@lotus/contracts/accounts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * POST /wps/session/login/freeplay (FREEPLAY3): a trial account (isAgent 4), logged in. The date of
 * birth is checked against the brand's minimum age on the server, as for every account.
 */
export function freePlay(birthday: string): Promise<LoginResult> {
  const random = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) =>
    b.toString(16).padStart(2, '0'),
  );
  return apiRequest<LoginResult>('/wps/session/login/freeplay', {
    method: 'POST',
    body: {
      birthday,
      os: navigator.platform.slice(0, 32),
      platform: 'W',
      random: random.join(''),
      version: 3,
    },
  });
}

export function useFreePlay() {
  return useMutation({ mutationFn: (birthday: string) => freePlay(birthday) });
}
