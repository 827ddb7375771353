import { useSyncExternalStore } from 'react';
import { getSession, type Session, subscribeSession } from '../../../lib/session.ts';

/**
 * The member session (lib/session.ts): re-renders on login, logout and ended sessions. Focus and
 * storage events re-read sessionStorage too, for changes made outside this module (tests, devtools).
 */
export function useSession(): Session & { loggedIn: boolean } {
  const session = useSyncExternalStore(
    (listener) => {
      const off = subscribeSession(listener);
      window.addEventListener('focus', listener);
      window.addEventListener('storage', listener);
      return () => {
        off();
        window.removeEventListener('focus', listener);
        window.removeEventListener('storage', listener);
      };
    },
    getSession,
    () => ({ token: null, isAgent: null, account: null, firstLogin: false }),
  );
  return { ...session, loggedIn: !!session.token };
}
