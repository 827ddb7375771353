import type {
  BetPlaced,
  BetRequest,
  ChasePage,
  DrawVerification,
  GameMenu,
  GamePlays,
  LotteryOrder,
  OpenedNumeros,
  OrderDetail,
  OrderPage,
  PopularGames,
  PopularLotteries,
  ResultsHistory,
  Trends,
} from '@lotus/contracts/lottery';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { BALANCE_KEY, MEMBER_KEY } from '../../../lib/member-data.ts';
import { noteServerTime } from '../lib/server-clock.ts';

const KEY = ['lottery'] as const;
/** The member's orders belong to the member: under MEMBER_KEY, so logout drops them. */
export const LOTTERY_ORDERS_KEY = [...MEMBER_KEY, 'lottery-orders'] as const;
const ORDERS_KEY = LOTTERY_ORDERS_KEY;

/** GET /lgw/vn/games/game_menu: the brand's lottery games by menu group, in the UI language. */
export function useLotteryMenu(language: string) {
  return useQuery({
    queryKey: [...KEY, 'menu', language],
    queryFn: () => apiRequest<GameMenu>('/lgw/vn/games/game_menu'),
    staleTime: 60_000,
  });
}

/**
 * GET /lgw/games/popular (spec §7, count 20): its `lotteries`, every lottery game (up to 20) with its
 * current numero and latest result (the vendors' popular games beside them are not used here).
 */
export function useLotteryBoard(language: string) {
  return useQuery({
    queryKey: [...KEY, 'board', language],
    queryFn: async (): Promise<PopularLotteries> => {
      const popular = await apiRequest<PopularGames>('/lgw/games/popular', { query: { count: 20 } });
      return { games: popular.lotteries };
    },
    // A game without an open numero gets one soon (the scheduler keeps them ahead): look sooner.
    refetchInterval: (query) => (query.state.data?.games.some((g) => g.current === null) ? 10_000 : 30_000),
  });
}

/** GET /lgw/vn/numeros/opened/game: the game's current numero (and the server's time). */
export function useOpenedNumeros(gameId: string | undefined, count = 1) {
  return useQuery({
    queryKey: [...KEY, 'opened', gameId, count],
    enabled: !!gameId,
    queryFn: async () => {
      const sentAt = Date.now();
      const answer = await apiRequest<OpenedNumeros>('/lgw/vn/numeros/opened/game', {
        query: { gameId, count },
      });
      noteServerTime(answer.serverTime, sentAt);
      return answer;
    },
    refetchInterval: (query) => (query.state.data?.numeros.length === 0 ? 10_000 : 60_000),
  });
}

/** GET /lgw/lottery/plays: the game's play types in a prize mode with odds and limits. */
export function useGamePlays(gameId: string | undefined, prizeMode: string | undefined) {
  return useQuery({
    queryKey: [...KEY, 'plays', gameId, prizeMode ?? ''],
    enabled: !!gameId,
    queryFn: () => apiRequest<GamePlays>('/lgw/lottery/plays', { query: { gameId, prizeMode } }),
    staleTime: 60_000,
  });
}

/** GET /lgw/lottery/results: the latest draws, seeds revealed once drawn. */
export function useResults(gameId: string | undefined, count = 10) {
  return useQuery({
    queryKey: [...KEY, 'results', gameId, count],
    enabled: !!gameId,
    queryFn: () => apiRequest<ResultsHistory>('/lgw/lottery/results', { query: { gameId, count } }),
    refetchInterval: 30_000,
  });
}

/** GET /lgw/orders/today (T): the member's orders of the game placed today, newest first. */
export function useTodayOrders(gameId: string | undefined, enabled: boolean) {
  const queryClient = useQueryClient();
  const queryKey = [...ORDERS_KEY, 'today', gameId];
  return useQuery({
    queryKey,
    enabled: enabled && !!gameId,
    queryFn: async () => {
      const before = queryClient.getQueryData<OrderPage>(queryKey);
      const answer = await apiRequest<OrderPage>('/lgw/orders/today', {
        query: { gameId, page: 1, size: 20 },
      });
      // An order that was waiting and is now settled (a win paid, a refund): the balance moved.
      const waiting = new Set(before?.items.filter((o) => o.status === 'placed').map((o) => o.orderId));
      if (answer.items.some((o) => waiting.has(o.orderId) && o.status !== 'placed'))
        void queryClient.invalidateQueries({ queryKey: BALANCE_KEY });
      return answer;
    },
    // An order waiting for its draw changes on the server: look again while one does.
    refetchInterval: (query) => (query.state.data?.items.some((o) => o.status === 'placed') ? 10_000 : false),
  });
}

/** POST /lgw/orders/betting (T): the cart on the current numero; the balance and orders refresh. */
export function usePlaceBet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BetRequest) => apiRequest<BetPlaced>('/lgw/orders/betting', { method: 'POST', body }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ORDERS_KEY });
      void queryClient.invalidateQueries({ queryKey: BALANCE_KEY });
    },
  });
}

/** POST /lgw/orders/{id}/cancel (T): before the numero closes; the stake comes back. */
export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderId: string) =>
      apiRequest<LotteryOrder>(`/lgw/orders/${orderId}/cancel`, { method: 'POST' }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ORDERS_KEY });
      void queryClient.invalidateQueries({ queryKey: BALANCE_KEY });
    },
  });
}

/** GET /lgw/lottery/trends: hot/cold numbers and missing counts per position over the last draws. */
export function useTrends(gameId: string | undefined, count = 30, enabled = true) {
  return useQuery({
    queryKey: [...KEY, 'trends', gameId, count],
    enabled: enabled && !!gameId,
    queryFn: () => apiRequest<Trends>('/lgw/lottery/trends', { query: { gameId, count } }),
    refetchInterval: 60_000,
  });
}

/** GET /lgw/orders/chase (T): the member's chases of the game, newest first, with their steps. */
export function useChases(gameId: string | undefined, enabled: boolean, size = 5) {
  return useQuery({
    queryKey: [...ORDERS_KEY, 'chases', gameId, size],
    enabled: enabled && !!gameId,
    queryFn: () => apiRequest<ChasePage>('/lgw/orders/chase', { query: { gameId, page: 1, size } }),
    // A running chase changes on the server (its next numero placed, a win stopping it).
    refetchInterval: (query) => (query.state.data?.items.some((c) => c.status === 'active') ? 10_000 : false),
  });
}

/** GET /lgw/orders/detail/{id}/info (T): the order's slips with their payouts, result and chase. */
export function useOrderDetail(orderId: string | null) {
  return useQuery({
    queryKey: [...ORDERS_KEY, 'detail', orderId],
    enabled: orderId !== null,
    queryFn: () => apiRequest<OrderDetail>(`/lgw/orders/detail/${orderId}/info`),
    // Waiting for its draw, or its chase still running (later draws placed, a win stopping it).
    refetchInterval: (query) =>
      query.state.data?.status === 'placed' || query.state.data?.chase?.status === 'active' ? 10_000 : false,
  });
}

/** POST /lgw/orders/chase/{id}/cancel (T): stops a chase; the numeros not placed are returned. */
export function useCancelChase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (chaseId: string) =>
      apiRequest<boolean>(`/lgw/orders/chase/${chaseId}/cancel`, { method: 'POST' }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ORDERS_KEY });
      void queryClient.invalidateQueries({ queryKey: BALANCE_KEY });
    },
  });
}

/** GET /lgw/lottery/verify: a drawn numero's seed, hash and result, for this browser to redo the draw. */
export function useDrawVerification(gameId: string, numero: string, enabled: boolean) {
  return useQuery({
    queryKey: [...KEY, 'verify', gameId, numero],
    enabled,
    queryFn: () => apiRequest<DrawVerification>('/lgw/lottery/verify', { query: { gameId, numero } }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
