import { apiRequest } from '../../../lib/api-client.ts';

/** POST /wps/member/firstLogin (T): called once when the login result says firstTimeLogin. */
export function markFirstLogin(): Promise<{ firstTimeLogin: boolean }> {
  return apiRequest<{ firstTimeLogin: boolean }>('/wps/member/firstLogin', { method: 'POST' });
}
