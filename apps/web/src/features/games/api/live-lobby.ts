import type { LiveLobby, LiveTableState } from '@lotus/contracts/games';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { apiRequest } from '../../../lib/api-client.ts';
import { GAMES_KEY } from './lobby.ts';

/** How often the live page asks for the tables' state (the API keeps it 1.5 s per vendor). */
export const LIVE_LOBBY_REFRESH_MS = 2000;

export const liveTableKey = (vassalage: string, gameId: string) => `${vassalage}:${gameId}`;

/** `GET /lgw/games/live_lobby`: each live table's phase, countdown and last results, by vendor and game. */
export function useLiveLobby(enabled: boolean) {
  const query = useQuery({
    queryKey: [...GAMES_KEY, 'live-lobby'],
    queryFn: ({ signal }) => apiRequest<LiveLobby>('/lgw/games/live_lobby', { signal }),
    enabled,
    refetchInterval: LIVE_LOBBY_REFRESH_MS,
    staleTime: 1000,
  });
  const states = useMemo(() => {
    const map = new Map<string, LiveTableState & { fetchedAt: number }>();
    for (const t of query.data?.tables ?? []) {
      map.set(liveTableKey(t.vassalage, t.gameId), { ...t, fetchedAt: query.dataUpdatedAt });
    }
    return map;
  }, [query.data, query.dataUpdatedAt]);
  return states;
}

export type LiveState = LiveTableState & { fetchedAt: number };
