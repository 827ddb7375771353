import type { MemberInfo } from '@lotus/contracts/accounts';
import type { WalletBalance } from '@lotus/contracts/money';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client.ts';

/**
 * The signed-in member's data that several features read (header, member centre, withdrawals,
 * wallet): one query key each, so one fetch serves every reader and one invalidation or
 * `setQueryData` reaches them all. Everything under MEMBER_KEY belongs to one member: login and
 * logout drop it.
 */
export const MEMBER_KEY = ['member'] as const;
export const MEMBER_INFO_KEY = [...MEMBER_KEY, 'info'] as const;
export const BALANCE_KEY = [...MEMBER_KEY, 'balance'] as const;

/** GET /wps/member/info (T). */
export function getMemberInfo(): Promise<MemberInfo> {
  return apiRequest<MemberInfo>('/wps/member/info');
}

export const memberInfoQueryOptions = () =>
  queryOptions({ queryKey: MEMBER_INFO_KEY, queryFn: getMemberInfo, staleTime: 60_000 });

export function useMemberInfo(enabled = true) {
  return useQuery({ ...memberInfoQueryOptions(), enabled });
}

/** GET /wps/v2/wallets/balance?typeId=0 (T): sumBalance as a decimal string, never a float. */
export function getBalance(): Promise<WalletBalance> {
  return apiRequest<WalletBalance>('/wps/v2/wallets/balance', { query: { typeId: 0 } });
}

export const balanceQueryOptions = () =>
  queryOptions({ queryKey: BALANCE_KEY, queryFn: getBalance, staleTime: 30_000 });

export function useBalance(enabled = true) {
  return useQuery({ ...balanceQueryOptions(), enabled });
}
