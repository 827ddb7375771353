import type { GameMessage } from '@lotus/contracts/game-launch';
import { useTranslation } from 'react-i18next';

/** game-launch.ts's GAME_MESSAGE_SOURCE, typed by the contract (a value import would pull typebox in). */
const SOURCE: GameMessage['source'] = 'lotus-game';

/** Tells the platform's frame around the page (no frame: nothing to tell). */
export function tellPlatform(type: GameMessage['type']): void {
  if (window.parent === window) return;
  const message: GameMessage = { source: SOURCE, type };
  window.parent.postMessage(message, '*');
}

/**
 * The one "Back to the lobby" of every house game (slots and live tables, in play and on a fatal
 * error): the same words and the same behaviour, asking the platform's frame to go back to the lobby
 * the game was opened from; a page opened on its own (no frame) goes back in the tab's history.
 */
export function LobbyButton({ primary = false }: { primary?: boolean }) {
  const { t } = useTranslation();
  const leave = () => {
    if (window.parent !== window) tellPlatform('lobby');
    else window.history.back();
  };
  return (
    <button
      type="button"
      className={primary ? 'primary lobby-button' : 'chip lobby-button'}
      onClick={leave}
      data-testid="lobby-button"
    >
      <span aria-hidden="true">‹ </span>
      {t('game.lobby')}
    </button>
  );
}
