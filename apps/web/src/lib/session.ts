import { AGENT_KINDS, TRIAL_TYPE } from '@lotus/contracts/account-kinds';
import { storage } from './storage.ts';

/**
 * The member session of spec §3/§4, shared by every feature: token, isAgent and account live in
 * sessionStorage (one tab); this module is the only writer and tells subscribers about changes so
 * the header, guards and popups re-render at once.
 */
export type Session = {
  token: string | null;
  isAgent: number | null;
  account: string | null;
  /** This login is the member's first one (popup audience F). Memory only. */
  firstLogin: boolean;
};

type Listener = () => void;
const listeners = new Set<Listener>();
let firstLogin = false;
let snapshot: Session = read();

function read(): Session {
  return { token: storage.token(), isAgent: storage.isAgent(), account: storage.account(), firstLogin };
}

function emit(): void {
  snapshot = read();
  for (const listener of listeners) listener();
}

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current session; the same object until something changes (useSyncExternalStore). */
export function getSession(): Session {
  const fresh = read();
  if (
    fresh.token !== snapshot.token ||
    fresh.isAgent !== snapshot.isAgent ||
    fresh.account !== snapshot.account ||
    fresh.firstLogin !== snapshot.firstLogin
  )
    snapshot = fresh;
  return snapshot;
}

export function startSession(login: {
  token: string;
  isAgent: number;
  account: string;
  firstLogin?: boolean;
}) {
  storage.setToken(login.token);
  storage.setIsAgent(login.isAgent);
  storage.setAccount(login.account);
  firstLogin = !!login.firstLogin;
  emit();
}

/** A new token for the same member (password change answers one). */
export function replaceToken(token: string): void {
  storage.setToken(token);
  emit();
}

/** Logout and ended sessions: session storage cleared except the merchant (spec §4). */
export function endSession(): void {
  firstLogin = false;
  storage.clearSessionExceptMerchant();
  emit();
}

export const isTrial = (session: Session) => !!session.token && session.isAgent === TRIAL_TYPE;
export const canOpenAgentCentre = (session: Session) =>
  !!session.token && session.isAgent !== null && AGENT_KINDS.includes(session.isAgent);

/** 401 answers that mean the session is over (wire-protocol.md, Error codes seen). */
export const SESSION_ENDED_CODES: readonly string[] = ['login.not.session', 'user.or.token.invalid'];

type EndedListener = (code: string) => void;
const endedListeners = new Set<EndedListener>();

export function onSessionEnded(listener: EndedListener): () => void {
  endedListeners.add(listener);
  return () => endedListeners.delete(listener);
}

/** The API said the token is no longer valid: clear it and let the app explain and offer login. */
export function reportSessionEnded(code: string): void {
  if (!storage.token()) return;
  endSession();
  for (const listener of endedListeners) listener(code);
}
