import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/**
 * The one way back out of a game, the same words and the same behaviour everywhere (the game frame,
 * the lottery's betting page): it goes to the lobby the game was opened from (a category page, the
 * lottery lobby). A house game's own "Back to the lobby" asks its frame to do the same
 * (game-launch.ts, message `lobby`).
 */
export function BackToLobby({ to, className }: { to: string; className?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <button
      type="button"
      className={['button', 'button--ghost', 'back-to-lobby', className].filter(Boolean).join(' ')}
      onClick={() => navigate(to)}
      data-testid="back-to-lobby"
    >
      <span aria-hidden="true">←</span> {t('game.back')}
    </button>
  );
}
