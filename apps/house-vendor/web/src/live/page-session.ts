import type { GameState } from '../lib/api.ts';
import { ApiError, liveApi } from './api.ts';

/**
 * The live table page's session (the launch-token exchange once, then the tab's stored token) and its
 * messages to the platform's frame.
 */

export { tellPlatform as tell } from '../components/LobbyButton.tsx';

const storageKey = (table: string) => `house-vendor:${table}`;

let booting: Promise<{ token: string; state: GameState }> | null = null;

export function boot(table: string) {
  booting ??= (async () => {
    const params = new URLSearchParams(window.location.search);
    const launchToken = params.get('launch');
    const merchant = params.get('merchant');
    if (launchToken && merchant) {
      params.delete('launch');
      const query = params.toString();
      window.history.replaceState(null, '', `${window.location.pathname}${query ? `?${query}` : ''}`);
      const answer = await liveApi.openSession({ merchant, launchToken, game: table });
      try {
        sessionStorage.setItem(storageKey(table), answer.token);
      } catch {
        // Storage blocked in this frame: the session lasts as long as the page.
      }
      return { token: answer.token, state: answer };
    }
    let token: string | null = null;
    try {
      token = sessionStorage.getItem(storageKey(table));
    } catch {
      token = null;
    }
    if (!token) throw new ApiError('session_invalid', 401);
    return { token, state: await liveApi.state(token) };
  })();
  return booting;
}

/** Error codes the page explains in words (live.errors.<code>); any other is `other`. */
export const KNOWN_ERRORS = new Set([
  'bet_late',
  'bet_limit',
  'insufficient_balance',
  'stake_limited',
  'bet_invalid',
  'bet_unconfirmed',
  'service_unavailable',
  'session_invalid',
  'nothing_to_undo',
  'nothing_to_rebet',
  'too_many_requests',
]);
