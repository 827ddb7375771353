import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /wps/session/logout (T). */
export function logout(): Promise<boolean> {
  return apiRequest<boolean>('/wps/session/logout', { method: 'POST' });
}

export function useLogout() {
  return useMutation({ mutationFn: logout });
}
