/**
 * Web storage key names of spec §3, shared by the member web app and the end-to-end tests.
 * Session storage lives for one tab; local storage survives restarts.
 */
export const SESSION_KEYS = {
  token: 'token',
  /** Numeric agent type of the logged-in account (4 = trial). */
  isAgent: 'isAgent',
  account: 'account',
  merchant: 'merchant',
} as const;

export const LOCAL_KEYS = {
  /** The language the visitor chose (UI code, upper case). */
  lang: 'lang',
  /** The language chosen before the current one. */
  hisLang: 'hisLang',
  /** `dark` or `light`. */
  theme: 'theme',
} as const;

/** The announcement popup was closed for this audience in this session (spec §4). */
export function popupClosedKey(execution: 'A' | 'B' | 'F' | 'G'): string {
  return `popupClosed_${execution}`;
}

export const THEMES = ['dark', 'light'] as const;
export type Theme = (typeof THEMES)[number];
