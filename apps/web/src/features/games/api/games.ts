import type {
  BettingRecordPage,
  FavoriteGameResult,
  GameListPage,
  LaunchGameResult,
  PersonalProfit,
  RecentGames,
  VassGameType,
} from '@lotus/contracts/games';
import { GAME_LIST_PAGE_SIZE } from '@lotus/contracts/games';
import type { GameCategory } from '@lotus/contracts/system';
import {
  type InfiniteData,
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { GAMES_KEY } from './lobby.ts';

/**
 * The game calls of the lobby pages, the game frame and the records (spec §7), each a GET except
 * the favourite change. Lists are keyed by the session's token presence so a login or logout shows
 * favourites at once. Only these pages load this module (vite.config.ts keeps it out of the first
 * page's shared chunk); the home page's calls are in lobby.ts.
 */

export type GameFilter = {
  category?: GameCategory;
  vendor?: string;
  gameName?: string;
  minBet?: string;
  minLineNum?: number;
  gameType?: string;
  isHot?: boolean;
};

function listQuery(filter: GameFilter, pageNo: number) {
  return {
    pageNo,
    pageSize: GAME_LIST_PAGE_SIZE,
    gameCategory: filter.category,
    vassalage: filter.vendor,
    gameName: filter.gameName?.trim() || undefined,
    minBet: filter.minBet || undefined,
    minLineNum: filter.minLineNum,
    gameType: filter.gameType || undefined,
    isHot: filter.isHot || undefined,
  };
}

/** `GCSGAME_gameList`, 24 at a time, the next page fetched when the grid's end comes into view. */
export function useGameList(filter: GameFilter, signedIn: boolean, enabled = true) {
  return useInfiniteQuery({
    queryKey: [...GAMES_KEY, 'list', filter, signedIn],
    queryFn: ({ pageParam, signal }) =>
      apiRequest<GameListPage>('/wps/relay/GCSGAME_gameList', {
        query: listQuery(filter, pageParam),
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pageNum < last.totalPages ? last.pageNum + 1 : undefined),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    enabled,
  });
}

/** `MCSFE_getFavoriteGamesList` (T). */
export function useFavoriteGames(category: GameCategory | undefined, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: [...GAMES_KEY, 'favorites', category],
    queryFn: ({ pageParam, signal }) =>
      apiRequest<GameListPage>('/wps/relay/MCSFE_getFavoriteGamesList', {
        query: { pageNo: pageParam, pageSize: GAME_LIST_PAGE_SIZE, gameCategory: category },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pageNum < last.totalPages ? last.pageNum + 1 : undefined),
    enabled,
  });
}

/** `GCS_recentGame` (T). */
export function useRecentGames(enabled: boolean) {
  return useQuery({
    queryKey: [...GAMES_KEY, 'recent'],
    queryFn: ({ signal }) => apiRequest<RecentGames>('/wps/relay/GCS_recentGame', { signal }),
    enabled,
  });
}

/** `MCSFE_getFavoriteGames`: adds or removes a favourite; every game list shows the change. */
export function useToggleFavorite() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { gameId: string; favorite: boolean }) =>
      apiRequest<FavoriteGameResult>('/wps/relay/MCSFE_getFavoriteGames', {
        method: 'POST',
        body: { gameId: input.gameId, action: input.favorite ? 'add' : 'remove' },
      }),
    onSuccess: (result) => {
      const mark = (page: GameListPage): GameListPage => ({
        ...page,
        games: page.games.map((g) => (g.id === result.gameId ? { ...g, isFavorite: result.favorite } : g)),
      });
      client.setQueriesData<InfiniteData<GameListPage>>({ queryKey: [...GAMES_KEY, 'list'] }, (data) =>
        data ? { ...data, pages: data.pages.map(mark) } : data,
      );
      void client.invalidateQueries({ queryKey: [...GAMES_KEY, 'favorites'] });
      void client.invalidateQueries({ queryKey: [...GAMES_KEY, 'hot'] });
    },
  });
}

export type LaunchRequest = { vendor: string; game: string; free: boolean };

/**
 * `GET /wps/game/launchGame` with the launch payload of spec §3. The answer's URL carries a
 * single-use token, so it is fetched once per opening of the frame and never again by itself.
 */
export function useLaunch(request: LaunchRequest | null) {
  return useQuery({
    queryKey: [...GAMES_KEY, 'launch', request],
    queryFn: () =>
      apiRequest<LaunchGameResult>('/wps/game/launchGame', {
        query: {
          vassalage: request?.vendor,
          gameId: request?.game,
          accountType: request?.free ? 0 : 1,
          launchMode: 'GLS',
          platform: 'html5-desktop',
          clientType: 3,
          confirmTrans: 0,
        },
      }),
    enabled: request !== null,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    refetchOnMount: 'always',
  });
}

export type RecordFilter = {
  from: string;
  to: string;
  gameCategory: GameCategory | '';
  vassalage: string;
  page: number;
  size: number;
};

/** `MCSFE_getBettingRecord` (T): personalHistoryCopy. */
export function useBettingRecord(filter: RecordFilter) {
  return useQuery({
    queryKey: [...GAMES_KEY, 'record', filter],
    queryFn: ({ signal }) =>
      apiRequest<BettingRecordPage>('/wps/relay/MCSFE_getBettingRecord', {
        query: {
          from: filter.from,
          to: filter.to,
          gameCategory: filter.gameCategory || undefined,
          vassalage: filter.vassalage || undefined,
          page: filter.page,
          size: filter.size,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** `MCSFE_getPersonalProfit` (T): personalProfit, per day in the browser's time zone. */
export function usePersonalProfit(filter: Omit<RecordFilter, 'page' | 'size' | 'vassalage'>) {
  return useQuery({
    queryKey: [...GAMES_KEY, 'profit', filter],
    queryFn: ({ signal }) =>
      apiRequest<PersonalProfit>('/wps/relay/MCSFE_getPersonalProfit', {
        query: {
          from: filter.from,
          to: filter.to,
          gameCategory: filter.gameCategory || undefined,
          offsetMinutes: -new Date().getTimezoneOffset(),
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** `GCSGAME_getVassGameType`: per category, per vendor, the game types (filter options). */
export function useGameTypes() {
  return useQuery({
    queryKey: [...GAMES_KEY, 'types'],
    queryFn: ({ signal }) => apiRequest<VassGameType>('/wps/relay/GCSGAME_getVassGameType', { signal }),
    staleTime: 5 * 60_000,
  });
}
