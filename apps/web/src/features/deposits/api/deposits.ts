import type {
  Deposit,
  DepositCreated,
  DepositPage,
  DepositRequestBody,
  DepositSettings,
} from '@lotus/contracts/deposits';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

const LIST_KEY = ['deposits', 'list'];

/** GET /wps/relay/MCSFE_getDepositSettings (T): the brand's methods with their limits. */
export function useDepositSettings() {
  return useQuery({
    queryKey: ['deposits', 'settings'],
    queryFn: () => apiRequest<DepositSettings>('/wps/relay/MCSFE_getDepositSettings'),
    staleTime: 60_000,
  });
}

export function useDeposits(page: number) {
  return useQuery({
    queryKey: [...LIST_KEY, page],
    queryFn: () => apiRequest<DepositPage>('/wps/deposits', { query: { page, size: 10 } }),
    // A pending deposit changes on the server (gateway callback, operator review): look again now and then.
    refetchInterval: (query) =>
      query.state.data?.items.some((d) => d.status === 'pending') ? 15_000 : false,
  });
}

/** POST /wps/deposits (T): a gateway or QR deposit. */
export function useRequestDeposit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DepositRequestBody) =>
      apiRequest<DepositCreated>('/wps/deposits', { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: LIST_KEY }),
  });
}

export type BankTransferInput = {
  methodId: string;
  bankAccountId: string;
  amount: string;
  transferReference: string;
  clientRequestId: string;
  receipt: File;
};

/** POST /wps/deposits/bank-transfer (T, multipart with the receipt image). */
export function useBankTransfer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BankTransferInput) => {
      const form = new FormData();
      form.set('methodId', input.methodId);
      form.set('bankAccountId', input.bankAccountId);
      form.set('amount', input.amount);
      form.set('transferReference', input.transferReference);
      form.set('clientRequestId', input.clientRequestId);
      form.set('receipt', input.receipt);
      return apiRequest<DepositCreated>('/wps/deposits/bank-transfer', { method: 'POST', form });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: LIST_KEY }),
  });
}

export function useCancelDeposit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<Deposit>(`/wps/deposits/${id}/cancel`, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: LIST_KEY }),
  });
}
