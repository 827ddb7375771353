import type { GameMenus } from '@lotus/contracts/system';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export function getGameMenus(): Promise<GameMenus> {
  return apiRequest<GameMenus>('/lgw/games/game_menus');
}

export const gameMenusQueryOptions = () =>
  queryOptions({ queryKey: ['games', 'menus'], queryFn: getGameMenus, staleTime: 5 * 60_000 });

export function useGameMenus() {
  return useQuery(gameMenusQueryOptions());
}
