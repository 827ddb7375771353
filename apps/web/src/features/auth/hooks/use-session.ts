import { useSyncExternalStore } from 'react';
import { storage } from '../../../lib/storage.ts';

/**
 * The member session as far as this issue knows it: a token in sessionStorage means logged in.
 * The accounts issue writes the token; other tabs cannot change sessionStorage, so a re-read on
 * focus is enough.
 */
export function useSession(): { token: string | null; loggedIn: boolean } {
  const token = useSyncExternalStore(
    (listener) => {
      window.addEventListener('focus', listener);
      window.addEventListener('storage', listener);
      return () => {
        window.removeEventListener('focus', listener);
        window.removeEventListener('storage', listener);
      };
    },
    () => storage.token(),
    () => null,
  );
  return { token, loggedIn: !!token };
}
