import {
  type BankCard,
  type BankCardInput,
  type BankCardList,
  type MemberWithdrawSettings,
  TRANSFER_UPLINE_RELAY,
  type TransferUplineResult,
  type UplineInfo,
  WITHDRAW_RELAY,
  type Withdrawal,
  type WithdrawalPage,
} from '@lotus/contracts/withdrawals';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { BALANCE_KEY } from '../../../lib/member-data.ts';
import { sealedRequest } from '../../../lib/sealed-request.ts';

const CARDS_KEY = ['withdrawals', 'cards'];
const LIST_KEY = ['withdrawals', 'list'];

const SETTINGS_KEY = ['withdrawals', 'settings'];

/**
 * GET /wps/relay/MCSFE_getWithdrawSettings (T): the brand's minimum and maximum, the member's daily
 * count and amount limits and what today's withdrawals used of them.
 */
export function useWithdrawalSettings() {
  return useQuery({
    queryKey: SETTINGS_KEY,
    queryFn: () => apiRequest<MemberWithdrawSettings>('/wps/relay/MCSFE_getWithdrawSettings'),
    staleTime: 60_000,
  });
}

export function useBankCards() {
  return useQuery({ queryKey: CARDS_KEY, queryFn: () => apiRequest<BankCardList>('/wps/member/bankCards') });
}

/** POST /wps/member/bankCards (T, E). */
export function useAddBankCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BankCardInput) => sealedRequest<BankCard>('/wps/member/bankCards', 'POST', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CARDS_KEY }),
  });
}

export function useRemoveBankCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<boolean>(`/wps/member/bankCards/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CARDS_KEY }),
  });
}

export function useWithdrawals(page: number) {
  return useQuery({
    queryKey: [...LIST_KEY, page],
    queryFn: () => apiRequest<WithdrawalPage>('/wps/member/withdrawals', { query: { page, size: 10 } }),
    // Operators move withdrawals on: reopening the page shows their current status.
    staleTime: 0,
  });
}

export type WithdrawalInput = {
  amount: string;
  bankCardId: string;
  fundsPassword: string;
  clientRequestId: string;
  /** Confirms that the request forfeits a bonus still in wagering (after `bonus_wagering_active`). */
  forfeitBonus?: boolean;
};

/** POST /wps/relay/passwordCheck/MCSFE_applyWithdraw (T, E): the funds password travels sealed. */
export function useRequestWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: WithdrawalInput) =>
      sealedRequest<Withdrawal>(`/wps/relay/passwordCheck/${WITHDRAW_RELAY}`, 'POST', input),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: LIST_KEY });
      void queryClient.invalidateQueries({ queryKey: BALANCE_KEY });
    },
    // Success or refusal (a daily limit reached elsewhere), today's use of the limits is read again.
    onSettled: () => queryClient.invalidateQueries({ queryKey: SETTINGS_KEY }),
  });
}

export type Confirmation =
  | { kind: 'received'; id: string }
  | { kind: 'partial'; id: string; receivedAmount: string }
  | { kind: 'notReceived'; id: string; image: File; note: string };

function confirm(input: Confirmation): Promise<Withdrawal> {
  const base = `/wps/member/withdrawals/${input.id}`;
  if (input.kind === 'received') return apiRequest<Withdrawal>(`${base}/received`, { method: 'POST' });
  if (input.kind === 'partial') {
    return apiRequest<Withdrawal>(`${base}/partial`, {
      method: 'POST',
      body: { receivedAmount: input.receivedAmount },
    });
  }
  const form = new FormData();
  form.append('note', input.note);
  form.append('image', input.image);
  return apiRequest<Withdrawal>(`${base}/notReceived`, { method: 'PUT', form });
}

/** The member's answer on a paid withdrawal: received, partial amount, or not received with proof. */
export function useConfirmWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirm,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: LIST_KEY }),
  });
}

export function useUpline() {
  return useQuery({
    queryKey: ['withdrawals', 'upline'],
    queryFn: () => apiRequest<UplineInfo>('/wps/member/upline'),
  });
}

export type TransferUplineInput = { amount: string; fundsPassword: string; clientRequestId: string };

/** POST /wps/relay/passwordCheck/MCSFE_transferToUpline (T, E). */
export function useTransferUpline() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TransferUplineInput) =>
      sealedRequest<TransferUplineResult>(`/wps/relay/passwordCheck/${TRANSFER_UPLINE_RELAY}`, 'POST', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: BALANCE_KEY }),
  });
}
