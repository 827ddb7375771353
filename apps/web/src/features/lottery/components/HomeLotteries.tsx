import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useLotteryBoard, useOpenedNumeros } from '../api/lottery.ts';
import { GameCard } from './LotteryLobby.tsx';
import { ResultBalls } from './parts.tsx';
import './lottery.css';

/** How many popular games and latest results the home page shows. */
const POPULAR = 4;
const LATEST = 6;

/**
 * The home page's popular lotteries (`/lgw/games/popular`'s lotteries: by orders in the last 24 hours, then
 * hot) with their current draw and countdown, and the latest results. Loaded only when the home
 * page is scrolled near it, so neither its code nor its calls are part of the first load.
 */
export function HomeLotteries() {
  const { t, i18n } = useTranslation();
  const board = useLotteryBoard(i18n.language);
  const games = board.data?.games ?? [];
  // One numero call sets the countdowns on the server's clock.
  useOpenedNumeros(games[0]?.gameId);
  if (games.length === 0) return null;
  const popular = games.slice(0, POPULAR);
  const latest = games.filter((game) => game.latest?.result).slice(0, LATEST);
  return (
    <>
      <section className="home-section" aria-labelledby="home-lottery-title" data-testid="home-lotteries">
        <div className="section-head">
          <h2 id="home-lottery-title" className="section-title">
            {t('lottery.home.popular')}
          </h2>
          <Link className="section-head__more" to={paths.lottery.to()}>
            {t('lottery.home.all')}
          </Link>
        </div>
        <ul className="lottery-cards">
          {popular.map((game) => (
            <GameCard key={game.gameId} game={game} current={game.current} latest={game.latest} />
          ))}
        </ul>
      </section>
      {latest.length > 0 ? (
        <section
          className="home-section"
          aria-labelledby="home-lottery-results-title"
          data-testid="home-lottery-results"
        >
          <h2 id="home-lottery-results-title" className="section-title">
            {t('lottery.home.latest')}
          </h2>
          <ul className="lottery-home-results">
            {latest.map((game) => (
              <li key={game.gameId} className="lottery-home-result">
                <Link to={paths.lottery.to(game.code)} className="lottery-home-result__name">
                  {game.name}
                </Link>
                <span className="lottery-muted">{game.latest?.numero}</span>
                {game.latest?.result ? <ResultBalls result={game.latest.result} compact /> : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
