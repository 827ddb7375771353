import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../components/ui/EmptyState.tsx';
import { GamepadIcon } from '../../components/ui/icons.tsx';
import { allowedGameUrl } from '../../features/games/lib/game-url.ts';
import { useSystemStatus } from '../../lib/system-status.ts';
import './pages.css';

/** /game?gameUrl=: a launched game in a frame (launching arrives with the games issue, 12). */
export function Component() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const status = useSystemStatus();
  const url = allowedGameUrl(params.get('gameUrl'), status.data?.info.launchGameCDNs ?? []);
  if (!url)
    return (
      <section className="page">
        <h1 className="visually-hidden">{t('game.title')}</h1>
        <EmptyState title={t('game.none')} icon={<GamepadIcon />} />
      </section>
    );
  return (
    <section className="game-frame">
      <iframe
        title={t('game.title')}
        src={url}
        className="game-frame__iframe"
        allow="autoplay; fullscreen"
        sandbox="allow-scripts allow-same-origin allow-popups allow-forms"
      />
    </section>
  );
}
