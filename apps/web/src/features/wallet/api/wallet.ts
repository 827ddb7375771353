import type {
  ConsolidatedFunds,
  TransactionHistoryPage,
  TransactionType,
  WalletTransferBody,
  WalletTransferResult,
} from '@lotus/contracts/wallet';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { BALANCE_KEY } from '../../../lib/member-data.ts';

/** GET /wps/member/info/funds/consolidated (T): main, vendor wallets, sum, money in flight. */
export function getConsolidatedFunds(): Promise<ConsolidatedFunds> {
  return apiRequest<ConsolidatedFunds>('/wps/member/info/funds/consolidated');
}

export function useConsolidatedFunds() {
  return useQuery({ queryKey: ['wallet', 'funds'], queryFn: getConsolidatedFunds });
}

/** After money moved: the funds, the header balance and the account record are stale. */
function useRefreshAfterMove() {
  const queryClient = useQueryClient();
  return (result: WalletTransferResult) => {
    queryClient.setQueryData(['wallet', 'funds'], result.funds);
    void queryClient.invalidateQueries({ queryKey: BALANCE_KEY });
    void queryClient.invalidateQueries({ queryKey: ['wallet', 'history'] });
  };
}

/** POST /wps/relay/GCS_walletTransfer (T): the requestId makes a double submit move once. */
export function useWalletTransfer() {
  const refresh = useRefreshAfterMove();
  return useMutation({
    mutationFn: (body: WalletTransferBody) =>
      apiRequest<WalletTransferResult>('/wps/relay/GCS_walletTransfer', { method: 'POST', body }),
    onSuccess: refresh,
  });
}

/** POST /wps/relay/GCS_walletTransferAllToMain (T): every vendor wallet back into the main wallet. */
export function useSweepToMain() {
  const refresh = useRefreshAfterMove();
  return useMutation({
    mutationFn: (requestId: string) =>
      apiRequest<WalletTransferResult>('/wps/relay/GCS_walletTransferAllToMain', {
        method: 'POST',
        body: { requestId },
      }),
    onSuccess: refresh,
  });
}

export type HistoryFilter = {
  type: TransactionType | '';
  /** ISO 8601 instants: [from, to). */
  from: string;
  to: string;
  page: number;
  size: number;
};

/** GET /wps/member/transactions (T): the account record, newest first. */
export function getTransactionHistory(filter: HistoryFilter): Promise<TransactionHistoryPage> {
  return apiRequest<TransactionHistoryPage>('/wps/member/transactions', {
    query: {
      type: filter.type || undefined,
      from: filter.from,
      to: filter.to,
      page: filter.page,
      size: filter.size,
    },
  });
}

export function useTransactionHistory(filter: HistoryFilter) {
  return useQuery({
    queryKey: ['wallet', 'history', filter],
    queryFn: () => getTransactionHistory(filter),
    placeholderData: keepPreviousData,
  });
}
