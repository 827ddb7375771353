import type { DrawnNumero, LotteryFamily, LotteryGame, OpenNumero } from '@lotus/contracts/lottery';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/ui/EmptyState.tsx';
import { QueryError } from '../../../components/ui/QueryError.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { useLotteryBoard, useLotteryMenu, useOpenedNumeros } from '../api/lottery.ts';
import { familyLabel } from './labels.ts';
import { Countdown, ResultBalls } from './parts.tsx';
import './lottery.css';

/** The lobby's sections: fast lotteries (five digits and dice), Vietnamese, SEA 4D. */
const SECTIONS: { id: string; families: LotteryFamily[] }[] = [
  { id: 'fast', families: ['digits', 'dice'] },
  { id: 'vn', families: ['vn-north', 'vn-south'] },
  { id: 'sea', families: ['sea4d'] },
];

/**
 * The lottery lobby (/lottery, /elott, /vnlottery, /seaLottery): the brand's games of the given
 * families (and category), grouped, each with its current numero, a countdown to its close and its
 * last result; a game opens its betting page `/lottery?gameCode=`.
 */
export function LotteryLobby({
  families,
  category,
  title,
}: {
  families?: readonly LotteryFamily[];
  category?: 'LOTT' | 'ELOTT';
  title: string;
}) {
  const { t, i18n } = useTranslation();
  const menu = useLotteryMenu(i18n.language);
  const board = useLotteryBoard(i18n.language);
  const games = (menu.data?.groups ?? [])
    .flatMap((group) => group.games)
    .filter(
      (game) => (!families || families.includes(game.family)) && (!category || game.category === category),
    );
  // One numero call sets the countdowns on the server's clock.
  useOpenedNumeros(games[0]?.gameId);

  if (menu.isPending) return <Spinner />;
  if (menu.isError) return <QueryError error={menu.error} onRetry={() => void menu.refetch()} />;

  const byId = new Map((board.data?.games ?? []).map((entry) => [entry.gameId, entry]));
  const sections = SECTIONS.map((section) => ({
    ...section,
    games: games.filter((game) => section.families.includes(game.family)),
  })).filter((section) => section.games.length > 0);

  return (
    <div className="lottery-lobby" data-testid="lottery-lobby">
      <h1 className="lottery-lobby__title">{title}</h1>
      {sections.length === 0 ? <EmptyState title={t('lottery.noGames')} /> : null}
      {sections.map((section) => (
        <section
          key={section.id}
          className="lottery-section"
          aria-labelledby={`lottery-section-${section.id}`}
        >
          <h2 id={`lottery-section-${section.id}`} className="lottery-section__title">
            {section.id === 'fast'
              ? t('lottery.sectionFast')
              : section.id === 'vn'
                ? t('lottery.sectionVn')
                : t('lottery.sectionSea')}
          </h2>
          <ul className="lottery-cards">
            {section.games.map((game) => (
              <GameCard
                key={game.gameId}
                game={game}
                current={byId.get(game.gameId)?.current ?? null}
                latest={byId.get(game.gameId)?.latest ?? null}
              />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

export function GameCard({
  game,
  current,
  latest,
}: {
  game: LotteryGame;
  current: OpenNumero | null;
  latest: DrawnNumero | null;
}) {
  const { t } = useTranslation();
  return (
    <li className="lottery-card" data-testid="lottery-game-card" data-game={game.code}>
      <Link className="lottery-card__link" to={paths.lottery.to(game.code)}>
        <span className="lottery-card__head">
          <span className="lottery-card__name">{game.name}</span>
          {game.isHot ? <span className="lottery-badge">{t('lottery.hot')}</span> : null}
        </span>
        <span className="lottery-card__family">{familyLabel(t, game.family)}</span>
        {current ? (
          <span className="lottery-card__numero">
            {t('lottery.numero', { numero: current.numero })} <Countdown numero={current} />
          </span>
        ) : (
          <span className="lottery-card__numero">{t('lottery.noOpenNumero')}</span>
        )}
        {latest?.result ? (
          <span className="lottery-card__latest">
            <span className="lottery-card__latest-label">
              {t('lottery.latest', { numero: latest.numero })}
            </span>
            <ResultBalls result={latest.result} compact />
          </span>
        ) : null}
      </Link>
    </li>
  );
}
