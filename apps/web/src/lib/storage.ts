import { LOCAL_KEYS, popupClosedKey, SESSION_KEYS, THEMES, type Theme } from '@lotus/contracts/storage';
import type { Execution } from '@lotus/contracts/system';

/**
 * Typed access to the web storage keys of spec §3. Storage can throw (private mode, disabled
 * storage); reads then act as empty and writes are dropped rather than breaking the page.
 */
function read(store: () => Storage, key: string): string | null {
  try {
    return store().getItem(key);
  } catch {
    return null;
  }
}

function write(store: () => Storage, key: string, value: string | null): void {
  try {
    if (value === null) store().removeItem(key);
    else store().setItem(key, value);
  } catch {
    // Storage unavailable: the value lives for this page only.
  }
}

const session = () => window.sessionStorage;
const local = () => window.localStorage;

export const storage = {
  token: () => read(session, SESSION_KEYS.token),
  setToken: (token: string | null) => write(session, SESSION_KEYS.token, token),
  merchant: () => read(session, SESSION_KEYS.merchant),
  setMerchant: (code: string) => write(session, SESSION_KEYS.merchant, code),
  isAgent: () => {
    const raw = read(session, SESSION_KEYS.isAgent);
    return raw === null || raw === '' || Number.isNaN(Number(raw)) ? null : Number(raw);
  },
  setIsAgent: (isAgent: number | null) =>
    write(session, SESSION_KEYS.isAgent, isAgent === null ? null : String(isAgent)),
  /** Spec §4 flag cpw: a forced password change is pending for this session. */
  mustChangePassword: () => read(session, 'cpw') === '1',
  setMustChangePassword: (pending: boolean) => write(session, 'cpw', pending ? '1' : null),
  account: () => read(session, SESSION_KEYS.account),
  setAccount: (account: string | null) => write(session, SESSION_KEYS.account, account),
  /** Logout (spec §4): everything of the tab's session storage goes, except the merchant. */
  clearSessionExceptMerchant: () => {
    const merchant = read(session, SESSION_KEYS.merchant);
    try {
      session().clear();
    } catch {
      // Storage unavailable: nothing was stored.
    }
    if (merchant) write(session, SESSION_KEYS.merchant, merchant);
  },

  lang: () => read(local, LOCAL_KEYS.lang),
  hisLang: () => read(local, LOCAL_KEYS.hisLang),
  /** Remembers a new choice and keeps the previous one (stored, else the one shown) in `hisLang`. */
  chooseLang: (code: string, shownBefore?: string) => {
    const previous = read(local, LOCAL_KEYS.lang) ?? shownBefore ?? null;
    if (previous && previous !== code) write(local, LOCAL_KEYS.hisLang, previous);
    write(local, LOCAL_KEYS.lang, code);
  },

  theme: (): Theme | null => {
    const raw = read(local, LOCAL_KEYS.theme);
    return (THEMES as readonly string[]).includes(raw ?? '') ? (raw as Theme) : null;
  },
  setTheme: (theme: Theme) => write(local, LOCAL_KEYS.theme, theme),

  popupClosed: (execution: Execution) => read(session, popupClosedKey(execution)) === '1',
  setPopupClosed: (execution: Execution) => write(session, popupClosedKey(execution), '1'),
};
