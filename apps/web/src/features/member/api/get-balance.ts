import type { WalletBalance } from '@lotus/contracts/money';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /wps/v2/wallets/balance?typeId=0 (T): sumBalance as a decimal string, never a float. */
export function getBalance(): Promise<WalletBalance> {
  return apiRequest<WalletBalance>('/wps/v2/wallets/balance', { query: { typeId: 0 } });
}

export const balanceQueryOptions = () =>
  queryOptions({ queryKey: ['member', 'balance'], queryFn: getBalance, staleTime: 30_000 });

export function useBalance(enabled = true) {
  return useQuery({ ...balanceQueryOptions(), enabled });
}
