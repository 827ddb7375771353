import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export type Avatar = { avatar: string; avatarType: 'STATIC' | 'CUSTOM' };

/** GET /wps/relay/MCSFE_getPlayerAvatar (T): a STATIC id or the CUSTOM image path. */
export function getAvatar(): Promise<Avatar> {
  return apiRequest<Avatar>('/wps/relay/MCSFE_getPlayerAvatar');
}

export const avatarQueryOptions = () => queryOptions({ queryKey: ['member', 'avatar'], queryFn: getAvatar });

export function useAvatar() {
  return useQuery(avatarQueryOptions());
}
