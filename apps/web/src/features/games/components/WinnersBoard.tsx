import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/EmptyState.tsx';
import { TrophyIcon } from '../../../components/ui/icons.tsx';
import { formatBalance } from '../../../lib/money.ts';
import { useRankList } from '../api/lobby.ts';
import './games.css';

/** The home page's winners board (GCSGAME_getRankList): the biggest wins of the past week, names masked. */
export function WinnersBoard() {
  const { t } = useTranslation();
  const board = useRankList(10);
  const list = board.data?.list ?? [];
  const symbol = board.data?.currencySymbol ?? '';
  return (
    <section className="home-section" aria-labelledby="winners-title">
      <h2 id="winners-title" className="section-title">
        <TrophyIcon /> {t('home.winners')}
      </h2>
      {list.length === 0 ? (
        <EmptyState title={t('home.winnersEmpty')} icon={<TrophyIcon />}>
          {t('home.winnersEmptyHint')}
        </EmptyState>
      ) : (
        <ol className="winners" data-testid="winners-board">
          {list.map((entry) => (
            <li key={`${entry.rank}-${entry.time}`} className="winners__row">
              <span className="winners__rank" aria-hidden="true">
                {entry.rank}
              </span>
              <span className="winners__who">
                <span className="winners__name">{entry.nickname}</span>
                <span className="winners__game">{entry.gameName}</span>
              </span>
              <span className="winners__amount">
                <span className="visually-hidden">{t('home.winAmount')} </span>
                {formatBalance(entry.winAmount, symbol) ?? entry.winAmount}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
