import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SparkleIcon } from '../../../components/ui/icons.tsx';
import { paths } from '../../../config/paths.ts';
import { useHotGames } from '../api/lobby.ts';
import { usePlay } from '../lib/play.ts';
import { useLobbySession } from '../lib/signed-in.ts';
import { GameCard } from './GameCard.tsx';
import './games.css';

/** The home page's hot games (GCSGAME_hotGamesV2); nothing while the brand has none. */
export function HotGames() {
  const { t } = useTranslation();
  const { signedIn } = useLobbySession();
  const hot = useHotGames({ limit: 12, signedIn });
  const play = usePlay();
  const games = hot.data?.list ?? [];
  if (games.length === 0) return null;
  return (
    <section className="home-section" aria-labelledby="hot-games-title">
      <div className="section-head">
        <h2 id="hot-games-title" className="section-title">
          <SparkleIcon /> {t('home.hotGames')}
        </h2>
        <Link className="section-head__more" to={paths.rng.to()}>
          {t('home.allGames')}
        </Link>
      </div>
      <ul className="game-row" aria-label={t('home.hotGames')}>
        {games.map((game) => (
          <li key={game.id}>
            <GameCard game={game} onPlay={(g, options) => play(g, options)} />
          </li>
        ))}
      </ul>
    </section>
  );
}
