import { useSyncExternalStore } from 'react';
import { getSession, isTrial, type Session, subscribeSession } from '../../../lib/session.ts';

const VISITOR: Session = { token: null, isAgent: null, account: null, firstLogin: false };

/** The session as the lobby needs it: signed in at all, and whether a trial account (demo money). */
export function useLobbySession(): { signedIn: boolean; trial: boolean } {
  const session = useSyncExternalStore(subscribeSession, getSession, () => VISITOR);
  return { signedIn: !!session.token, trial: isTrial(session) };
}
