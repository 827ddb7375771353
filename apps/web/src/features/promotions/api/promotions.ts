import type {
  ClaimBody,
  MemberPromotion,
  MemberPromotions,
  PromotionCards,
  PromotionDetail,
  RaffleDraw,
} from '@lotus/contracts/promotions';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { BALANCE_KEY, MEMBER_KEY } from '../../../lib/member-data.ts';

const CARDS_KEY = ['promotions', 'cards'];
/** The member's records live under MEMBER_KEY: login and logout drop them. */
const MINE_KEY = [...MEMBER_KEY, 'promotions'];

/** GET /wps/promotions: the cards, with the member's state when signed in (`signedIn` keys the cache). */
export function usePromotionCards(signedIn: boolean) {
  return useQuery({
    queryKey: [...CARDS_KEY, signedIn],
    queryFn: () => apiRequest<PromotionCards>('/wps/promotions'),
  });
}

export function usePromotionDetail(id: string | null, signedIn: boolean) {
  return useQuery({
    queryKey: [...CARDS_KEY, 'detail', id, signedIn],
    queryFn: () => apiRequest<PromotionDetail>(`/wps/promotions/${id}`),
    enabled: id !== null && /^\d{1,19}$/.test(id),
  });
}

/** GET /wps/promotions/rewards/mine (T): the reward centre and bonusDetails. */
export function useRewardCentre() {
  return useQuery({
    queryKey: MINE_KEY,
    queryFn: () => apiRequest<MemberPromotions>('/wps/promotions/rewards/mine'),
    staleTime: 0,
  });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: CARDS_KEY });
    void queryClient.invalidateQueries({ queryKey: MINE_KEY });
    void queryClient.invalidateQueries({ queryKey: BALANCE_KEY });
  };
}

export function useApplyPromotion() {
  const refresh = useRefresh();
  return useMutation({
    /** `remark`: the optional activity remark for the operator (spec §5, at most 140 characters). */
    mutationFn: ({ id, remark = '' }: { id: string; remark?: string }) =>
      apiRequest<MemberPromotion>(`/wps/promotions/${id}/apply`, {
        method: 'POST',
        body: remark.trim() ? { remark: remark.trim() } : {},
      }),
    onSuccess: refresh,
  });
}

export function useClaimPromotion() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ recordId, body }: { recordId: string; body: ClaimBody }) =>
      apiRequest<MemberPromotion>(`/wps/promotions/rewards/${recordId}/claim`, { method: 'POST', body }),
    onSuccess: refresh,
  });
}

/** MCS2_claimRafflePromotion: draws a raffle ticket with a client seed of this browser's making. */
export function useDrawRaffle() {
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (recordId: string) =>
      apiRequest<RaffleDraw>('/wps/relay/MCS2_claimRafflePromotion', {
        method: 'POST',
        body: { id: recordId, clientSeed: crypto.randomUUID().replaceAll('-', '') },
      }),
    onSuccess: (draw) => {
      refresh();
      // A points prize changes the member's points (the point mall's queries live under ['points']).
      if (draw.prizeKind === 'points') void queryClient.invalidateQueries({ queryKey: ['points'] });
    },
  });
}

export function useCancelPromotion() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (recordId: string) =>
      apiRequest<MemberPromotion>(`/wps/promotions/rewards/${recordId}/cancel`, { method: 'POST', body: {} }),
    onSuccess: refresh,
  });
}
