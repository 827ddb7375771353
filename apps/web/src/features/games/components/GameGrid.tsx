import type { Game } from '@lotus/contracts/games';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { createGate } from '../../../lib/throttle.ts';
import { type LiveState, liveTableKey } from '../api/live-lobby.ts';
import { GameCard, type GameCardActions } from './GameCard.tsx';

/** Spec §9: the infinite scroll asks for the next page at most every 200 ms. */
export const SCROLL_THROTTLE_MS = 200;

/**
 * A grid of games; when its end comes into view (or "load more" is pressed) the next page is
 * fetched, at most once per 200 ms.
 */
export function GameGrid({
  games,
  hasMore,
  loadingMore,
  onLoadMore,
  label,
  live,
  ...actions
}: {
  games: readonly Game[];
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  label: string;
  /** Live tables' states by liveTableKey (the live page). */
  live?: ReadonlyMap<string, LiveState>;
} & GameCardActions) {
  const { t } = useTranslation();
  const sentinel = useRef<HTMLDivElement | null>(null);
  const gate = useRef(createGate(SCROLL_THROTTLE_MS));
  const load = useRef(onLoadMore);
  load.current = onLoadMore;

  useEffect(() => {
    const target = sentinel.current;
    if (!target || !hasMore || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && gate.current()) load.current();
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasMore]);

  return (
    <>
      <ul className="game-grid" aria-label={label}>
        {games.map((game) => (
          <li key={game.id}>
            <GameCard game={game} live={live?.get(liveTableKey(game.vassalage, game.code))} {...actions} />
          </li>
        ))}
      </ul>
      {hasMore ? (
        <div ref={sentinel} className="game-grid__more">
          <button
            type="button"
            className="button button--ghost"
            disabled={loadingMore}
            onClick={() => {
              if (gate.current()) onLoadMore();
            }}
          >
            {loadingMore ? t('games.loading') : t('games.loadMore')}
          </button>
        </div>
      ) : null}
    </>
  );
}
