import { isGameMessage } from '@lotus/contracts/game-launch';
import type { Game, GameMaintenanceValue } from '@lotus/contracts/games';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { BackToLobby } from '../../../components/ui/BackToLobby.tsx';
import { EmptyState } from '../../../components/ui/EmptyState.tsx';
import { GamepadIcon } from '../../../components/ui/icons.tsx';
import { QueryError } from '../../../components/ui/QueryError.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { currentModal, openModal } from '../../../lib/modals.ts';
import { useLaunch } from '../api/games.ts';
import { safeBackPath, usePlay } from '../lib/play.ts';
import { useLobbySession } from '../lib/signed-in.ts';
import { GameCard } from './GameCard.tsx';
import './games.css';

function recommendedOf(error: unknown): Game[] | null {
  if (!(error instanceof ApiError) || error.errorCode !== 'game_maintenance') return null;
  const value = error.value as GameMaintenanceValue | null;
  return Array.isArray(value?.recommended) ? value.recommended : [];
}

/**
 * /game (byIframe): launches `?vendor=&game=` (free play with `free=1`) and shows the vendor's game
 * page in a frame with a way back to `back`. The game page's messages (game-launch.ts), from the
 * frame's own origin only: `deposit` opens the deposit page, `balance` refreshes the balance,
 * `lobby` goes back. The balance is refreshed when the frame closes too. A game under maintenance
 * shows recommended games instead; a visitor gets the login popup.
 */
export function GameFrame({
  onBalanceChanged,
  onDeposit,
}: {
  onBalanceChanged: () => void;
  onDeposit: () => void;
}) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const play = usePlay();
  const { signedIn } = useLobbySession();
  const vendor = params.get('vendor');
  const game = params.get('game');
  const free = params.get('free') === '1';
  const name = (params.get('name') ?? '').slice(0, 100);
  const back = safeBackPath(params.get('back'));
  const launch = useLaunch(vendor && game && signedIn ? { vendor, game, free } : null);
  const frame = useRef<HTMLIFrameElement | null>(null);
  const url = launch.data?.content.game_url ?? null;
  const origin = url ? new URL(url).origin : null;
  const handlers = useRef({ onBalanceChanged, onDeposit, back });
  handlers.current = { onBalanceChanged, onDeposit, back };

  useEffect(() => {
    if (!origin) return;
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== origin || event.source !== frame.current?.contentWindow) return;
      if (!isGameMessage(event.data)) return;
      if (event.data.type === 'deposit') handlers.current.onDeposit();
      else if (event.data.type === 'balance') handlers.current.onBalanceChanged();
      else navigate(handlers.current.back);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [origin, navigate]);

  // Back from the game: what it won or lost shows at once.
  useEffect(() => () => handlers.current.onBalanceChanged(), []);

  // A visitor (or a member whose session just ended) is asked to log in; a login popup already open
  // keeps its notice (a self-exclusion's end date, an expired session's reason).
  useEffect(() => {
    if (vendor && game && !signedIn && currentModal()?.name !== 'login') openModal({ name: 'login' });
  }, [vendor, game, signedIn]);

  const backLink = <BackToLobby to={back} />;

  if (!vendor || !game) {
    return (
      <section className="page">
        <h1 className="visually-hidden">{t('game.title')}</h1>
        <EmptyState title={t('game.none')} icon={<GamepadIcon />}>
          {backLink}
        </EmptyState>
      </section>
    );
  }
  if (!signedIn) {
    return (
      <section className="page">
        <h1 className="visually-hidden">{t('game.title')}</h1>
        <EmptyState title={t('game.loginRequired')} icon={<GamepadIcon />}>
          <button
            type="button"
            className="button button--primary"
            onClick={() => openModal({ name: 'login' })}
          >
            {t('games.login')}
          </button>
        </EmptyState>
      </section>
    );
  }
  if (launch.isPending) {
    return (
      <section className="page">
        <h1 className="visually-hidden">{t('game.title')}</h1>
        <Spinner label={t('game.loading')} />
      </section>
    );
  }
  if (launch.isError) {
    const recommended = recommendedOf(launch.error);
    return (
      <section className="page game-unavailable" aria-labelledby="game-unavailable-title">
        <h1 id="game-unavailable-title" className="page__title">
          {recommended ? t('game.maintenanceTitle') : t('game.failed')}
        </h1>
        {recommended ? (
          <>
            <p className="page__lead">{t('game.recommended')}</p>
            <ul className="game-grid" aria-label={t('game.recommended')}>
              {recommended.map((g) => (
                <li key={g.id}>
                  <GameCard game={g} onPlay={(chosen, options) => play(chosen, options)} />
                </li>
              ))}
            </ul>
          </>
        ) : (
          <QueryError error={launch.error} onRetry={() => void launch.refetch()} />
        )}
        <p>{backLink}</p>
      </section>
    );
  }
  const mode = launch.data.content.mode;
  return (
    <section className="game-frame" aria-label={t('game.title')}>
      <div className="game-frame__bar">
        <BackToLobby to={back} className="game-frame__back" />
        <h1 className="game-frame__title">{name || game}</h1>
        {mode !== 'real' ? (
          <span className="badge badge--mode">
            {mode === 'demo' ? t('game.demoMode') : t('game.freeMode')}
          </span>
        ) : null}
      </div>
      <iframe
        ref={frame}
        title={t('game.title')}
        src={url ?? undefined}
        className="game-frame__iframe"
        allow="autoplay; fullscreen"
        sandbox="allow-scripts allow-same-origin allow-popups allow-forms"
        data-testid="game-iframe"
      />
    </section>
  );
}
