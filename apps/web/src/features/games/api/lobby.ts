import type { GameList, RankList } from '@lotus/contracts/games';
import type { GameCategory } from '@lotus/contracts/system';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** Every game query lives under this key. */
export const GAMES_KEY = ['games'] as const;

/** `GCSGAME_hotGamesV2`. */
export function useHotGames(options: { category?: GameCategory; limit?: number; signedIn: boolean }) {
  return useQuery({
    queryKey: [...GAMES_KEY, 'hot', options.category, options.limit, options.signedIn],
    queryFn: ({ signal }) =>
      apiRequest<GameList>('/wps/relay/GCSGAME_hotGamesV2', {
        query: { gameCategory: options.category, limit: options.limit },
        signal,
      }),
    staleTime: 60_000,
  });
}

/** `GCSGAME_getRankList`: the winners board. */
export function useRankList(limitNum = 10) {
  return useQuery({
    queryKey: [...GAMES_KEY, 'rank', limitNum],
    queryFn: ({ signal }) =>
      apiRequest<RankList>('/wps/relay/GCSGAME_getRankList', { query: { limitNum }, signal }),
    staleTime: 60_000,
  });
}
