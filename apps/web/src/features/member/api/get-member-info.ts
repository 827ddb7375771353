import type { MemberInfo } from '@lotus/contracts/accounts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /wps/member/info (T). */
export function getMemberInfo(): Promise<MemberInfo> {
  return apiRequest<MemberInfo>('/wps/member/info');
}

export const memberInfoQueryOptions = () =>
  queryOptions({ queryKey: ['member', 'info'], queryFn: getMemberInfo, staleTime: 60_000 });

export function useMemberInfo(enabled = true) {
  return useQuery({ ...memberInfoQueryOptions(), enabled });
}
