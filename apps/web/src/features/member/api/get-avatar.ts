import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { MEMBER_KEY } from '../../../lib/member-data.ts';

export type Avatar = { avatar: string; avatarType: 'STATIC' | 'CUSTOM' };

/** GET /wps/relay/MCSFE_getPlayerAvatar (T): a STATIC id or the CUSTOM image path. */
export function getAvatar(): Promise<Avatar> {
  return apiRequest<Avatar>('/wps/relay/MCSFE_getPlayerAvatar');
}

export const AVATAR_KEY = [...MEMBER_KEY, 'avatar'] as const;

export const avatarQueryOptions = () => queryOptions({ queryKey: AVATAR_KEY, queryFn: getAvatar });

export function useAvatar() {
  return useQuery(avatarQueryOptions());
}
