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
  return (
    game: {
      vassalage: string;
      code: string;
      gameName?: string;
      accountTypeName?: string;
      defaultPlayType?: string;
    },
    options: { free?: boolean } = {},
  ) => {
    // Lottery games start on the lottery pages by their account type (spec §4), open to visitors.
    const lottery = lotteryGamePath(game);
    if (lottery) {
      navigate(lottery);
      return;
    }
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

/**
 * Spec §4, lottery start by accountTypeName: TCG_SEA to /seaLottery, TCG_LOTTO_VN to /vnlottery, LOTT
 * or ELOTT to /lottery on the game with its default play type; null for every other game (launched).
 */
export function lotteryGamePath(game: {
  code: string;
  accountTypeName?: string;
  defaultPlayType?: string;
}): string | null {
  switch (game.accountTypeName) {
    case 'TCG_SEA':
      return paths.seaLottery.to();
    case 'TCG_LOTTO_VN':
      return paths.vnLottery.to();
    case 'LOTT':
    case 'ELOTT':
      return paths.lottery.to(game.code, game.defaultPlayType || undefined);
    default:
      return null;
  }
}

/** Where the frame goes back to: an in-site path only (never another origin), else home. */
export function safeBackPath(back: string | null): string {
  // `//host` and `/\host` are other origins to a browser.
  if (!back || !/^\/(?![/\\])/.test(back) || back.startsWith('/game')) return paths.home.to();
  return back;
}
