import type { GameMenus } from '@lotus/contracts/system';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { takeBootAnswer } from '../../../lib/boot-calls.ts';

export async function getGameMenus(): Promise<GameMenus> {
  // The first fetch takes the answer of the call boot.ts started, when it has one.
  return (await takeBootAnswer('gameMenus')) ?? apiRequest<GameMenus>('/lgw/games/game_menus');
}

export const gameMenusQueryOptions = () =>
  queryOptions({ queryKey: ['games', 'menus'], queryFn: getGameMenus, staleTime: 5 * 60_000 });

export function useGameMenus() {
  return useQuery(gameMenusQueryOptions());
}
