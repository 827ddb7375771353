import {
  CONVERT_POINT_RELAY,
  type ConvertResult,
  type PointConfig,
  type PointReward,
  type PointTransactionPage,
  REDEEM_POINT_RELAY,
  type RedeemPointList,
  type RedeemResult,
} from '@lotus/contracts/points';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { BALANCE_KEY } from '../../../lib/member-data.ts';
import { sealedRequest } from '../../../lib/sealed-request.ts';

const POINTS_KEY = ['points'];

/** MCS2_getPointBalance (T). */
export function usePointBalance(enabled: boolean) {
  return useQuery({
    queryKey: [...POINTS_KEY, 'balance'],
    queryFn: () => apiRequest<{ pointBalance: string }>('/wps/relay/MCS2_getPointBalance'),
    enabled,
  });
}

/** MCS2_getPointConfig (T): the rates per category and the conversion. */
export function usePointConfig(enabled: boolean) {
  return useQuery({
    queryKey: [...POINTS_KEY, 'config'],
    queryFn: () => apiRequest<PointConfig>('/wps/relay/MCS2_getPointConfig'),
    enabled,
    staleTime: 60_000,
  });
}

/** MCS2_getPointReward (T): the mall's products. */
export function usePointProducts(enabled: boolean) {
  return useQuery({
    queryKey: [...POINTS_KEY, 'products'],
    queryFn: () => apiRequest<PointReward>('/wps/relay/MCS2_getPointReward'),
    enabled,
  });
}

/** MCS2_getRedeemPointList (T): the member's exchange records. */
export function useExchangeRecords(enabled: boolean, page: number) {
  return useQuery({
    queryKey: [...POINTS_KEY, 'exchanges', page],
    queryFn: () =>
      apiRequest<RedeemPointList>('/wps/relay/MCS2_getRedeemPointList', { query: { page, size: 10 } }),
    enabled,
    staleTime: 0,
  });
}

/** ODSFE2_MemTransDet (T): the member's points movements. */
export function usePointTransactions(enabled: boolean, page: number) {
  return useQuery({
    queryKey: [...POINTS_KEY, 'transactions', page],
    queryFn: () =>
      apiRequest<PointTransactionPage>('/wps/relay/ODSFE2_MemTransDet', { query: { page, size: 10 } }),
    enabled,
    staleTime: 0,
  });
}

export type RedeemInput = {
  productId: string;
  quantity: number;
  address: string;
  mobileNum: string;
  countryDialingCode?: string;
  fundsPassword: string;
  clientRequestId: string;
};

/** passwordCheck/MCS2_redeemPointReward (T, E): the funds password travels sealed. */
export function useRedeem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RedeemInput) =>
      sealedRequest<RedeemResult>(`/wps/relay/passwordCheck/${REDEEM_POINT_RELAY}`, 'POST', input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: POINTS_KEY }),
  });
}

export type ConvertInput = { points: string; fundsPassword: string; clientRequestId: string };

/** passwordCheck/MCS2_convertPoint (T, E). */
export function useConvert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ConvertInput) =>
      sealedRequest<ConvertResult>(`/wps/relay/passwordCheck/${CONVERT_POINT_RELAY}`, 'POST', input),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: POINTS_KEY });
      void queryClient.invalidateQueries({ queryKey: BALANCE_KEY });
    },
  });
}
