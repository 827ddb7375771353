import type { Game } from '@lotus/contracts/games';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/ui/Dialog.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { getSession, subscribeSession } from '../../../lib/session.ts';
import { useGameList } from '../api/games.ts';

const signedInNow = () => !!getSession().token;

/**
 * The popup of a VASSALAGE entry (spec §3 `isGame`): the vendor's game list, each game played from it
 * as from a grid (the popup closes first). Entries that are themselves VASSALAGE are left out.
 */
export function VendorGamesDialog({
  entry,
  onClose,
  onPlay,
}: {
  entry: Game;
  onClose: () => void;
  onPlay: (game: Game, options?: { free?: boolean }) => void;
}) {
  const { t } = useTranslation();
  const signedIn = useSyncExternalStore(subscribeSession, signedInNow, () => false);
  const list = useGameList({ vendor: entry.vassalage }, signedIn);
  const games = (list.data?.pages ?? [])
    .flatMap((page) => page.games)
    .filter((g) => g.isGame !== 'VASSALAGE');
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t('games.vendorGames', { vendor: entry.displayName })}
      size="lg"
      testId="vendor-games"
    >
      {list.isPending ? (
        <Spinner />
      ) : (
        <>
          <ul className="vendor-games" aria-label={t('games.vendorGames', { vendor: entry.displayName })}>
            {games.map((game) => (
              <li key={game.id} className="vendor-games__item">
                <span className="vendor-games__name">{game.gameName}</span>
                <button
                  type="button"
                  className="button button--primary button--small"
                  onClick={() => {
                    onClose();
                    onPlay(game);
                  }}
                  aria-label={t('games.playGame', { game: game.gameName })}
                >
                  {t('games.play')}
                </button>
              </li>
            ))}
          </ul>
          {list.hasNextPage ? (
            <button
              type="button"
              className="button button--ghost"
              disabled={list.isFetchingNextPage}
              onClick={() => void list.fetchNextPage()}
            >
              {t('games.loadMore')}
            </button>
          ) : null}
        </>
      )}
    </Dialog>
  );
}
