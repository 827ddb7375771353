import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { openModal } from '../../../lib/modals.ts';
import { getSession } from '../../../lib/session.ts';

/**
 * Pressing play (spec §4, §6): a visitor gets the login popup; a member (or a trial account, on its
 * demo balance) opens the game frame, which launches the game and comes back here afterwards.
 */
export function usePlay() {
  const navigate = useNavigate();
  const location = useLocation();
  return (game: { vassalage: string; code: string; gameName?: string }, options: { free?: boolean } = {}) => {
    if (!getSession().token) {
      openModal({ name: 'login' });
      return;
    }
    navigate(
      paths.game.to({
        vendor: game.vassalage,
        game: game.code,
        name: game.gameName,
        free: options.free,
        back: `${location.pathname}${location.search}`,
      }),
    );
  };
}

/** Where the frame goes back to: an in-site path only (never another origin), else home. */
export function safeBackPath(back: string | null): string {
  // `//host` and `/\host` are other origins to a browser.
  if (!back || !/^\/(?![/\\])/.test(back) || back.startsWith('/game')) return paths.home.to();
  return back;
}
