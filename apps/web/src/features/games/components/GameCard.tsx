import type { Game } from '@lotus/contracts/games';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LiveState } from '../api/live-lobby.ts';
import { LiveTableStatus } from './LiveTableStatus.tsx';
import { VendorGamesDialog } from './VendorGamesDialog.tsx';

export type GameCardActions = {
  onPlay: (game: Game, options?: { free?: boolean }) => void;
  /** Absent: no heart (lists that cannot change favourites). */
  onFavorite?: (game: Game) => void;
};

/** One game of a grid: its icon, name, vendor, badges, the favourite heart and the play buttons. */
export function GameCard({
  game,
  live,
  onPlay,
  onFavorite,
}: { game: Game; live?: LiveState | undefined } & GameCardActions) {
  const { t } = useTranslation();
  const maintenance = game.status === 'maintenance';
  const [listOpen, setListOpen] = useState(false);
  if (game.isGame === 'VASSALAGE') {
    // An entry standing for the vendor's game list (spec §3): it opens that list, never a launch.
    return (
      <article className="game-card" data-testid="game-card" data-game={game.code}>
        <div className="game-card__art">
          {game.showIcon ? (
            <img src={game.showIcon} alt="" loading="lazy" width="160" height="160" />
          ) : (
            <span className="game-card__monogram" aria-hidden="true">
              {game.gameName.slice(0, 2)}
            </span>
          )}
        </div>
        <h3 className="game-card__name">{game.gameName}</h3>
        <p className="game-card__vendor">{game.displayName}</p>
        <div className="game-card__actions">
          <button
            type="button"
            className="button button--primary game-card__play"
            onClick={() => setListOpen(true)}
            aria-haspopup="dialog"
          >
            {t('games.openList')}
          </button>
        </div>
        {listOpen ? (
          <VendorGamesDialog entry={game} onClose={() => setListOpen(false)} onPlay={onPlay} />
        ) : null}
      </article>
    );
  }
  return (
    <article className="game-card" data-testid="game-card" data-game={game.code}>
      <div className="game-card__art">
        {game.showIcon ? (
          <img src={game.showIcon} alt="" loading="lazy" width="160" height="160" />
        ) : (
          <span className="game-card__monogram" aria-hidden="true">
            {game.gameName.slice(0, 2)}
          </span>
        )}
        <span className="game-card__badges">
          {game.isHot ? <span className="badge badge--hot">{t('games.hot')}</span> : null}
          {maintenance ? <span className="badge badge--maintenance">{t('games.maintenance')}</span> : null}
        </span>
        {onFavorite ? (
          <button
            type="button"
            className="game-card__favorite"
            aria-pressed={game.isFavorite}
            aria-label={
              game.isFavorite
                ? t('games.unfavorite', { game: game.gameName })
                : t('games.favorite', { game: game.gameName })
            }
            onClick={() => onFavorite(game)}
          >
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
              <path d="M12 20.5s-7.5-4.6-9.3-9.2C1.4 8 3.6 4.5 7.1 4.5c2 0 3.6 1.1 4.9 2.8 1.3-1.7 2.9-2.8 4.9-2.8 3.5 0 5.7 3.5 4.4 6.8-1.8 4.6-9.3 9.2-9.3 9.2z" />
            </svg>
          </button>
        ) : null}
      </div>
      <h3 className="game-card__name">{game.gameName}</h3>
      <p className="game-card__vendor">
        {game.displayName}
        {game.nodeName ? <span className="game-card__node"> · {game.nodeName}</span> : null}
      </p>
      {live ? <LiveTableStatus state={live} /> : null}
      <div className="game-card__actions">
        <button
          type="button"
          className="button button--primary game-card__play"
          onClick={() => onPlay(game)}
          aria-label={t('games.playGame', { game: game.gameName })}
        >
          {t('games.play')}
        </button>
        {game.supportPlay ? (
          <button
            type="button"
            className="button button--ghost game-card__play"
            onClick={() => onPlay(game, { free: true })}
            aria-label={t('games.tryFreeGame', { game: game.gameName })}
          >
            {t('games.tryFree')}
          </button>
        ) : null}
      </div>
    </article>
  );
}
