import type { OperatorInfo } from '@lotus/contracts/backoffice';

/**
 * The operator's session lives in sessionStorage: it ends with the tab, and the token never sits
 * in a cookie that other sites could make the browser send.
 */
const TOKEN = 'bo.token';
const OPERATOR = 'bo.operator';
const MERCHANT = 'bo.merchant';
const LANGUAGE = 'bo.lang';

type Listener = () => void;
const listeners = new Set<Listener>();

export const session = {
  token: () => sessionStorage.getItem(TOKEN),
  operator(): OperatorInfo | null {
    const raw = sessionStorage.getItem(OPERATOR);
    if (!raw) return null;
    try {
      return JSON.parse(raw) as OperatorInfo;
    } catch {
      return null;
    }
  },
  operatorSnapshot: () => sessionStorage.getItem(OPERATOR),
  start(token: string, operator: OperatorInfo) {
    sessionStorage.setItem(TOKEN, token);
    sessionStorage.setItem(OPERATOR, JSON.stringify(operator));
    for (const listener of listeners) listener();
  },
  clear() {
    sessionStorage.removeItem(TOKEN);
    sessionStorage.removeItem(OPERATOR);
    for (const listener of listeners) listener();
  },
  subscribe(listener: Listener) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  merchant: () => sessionStorage.getItem(MERCHANT),
  setMerchant: (code: string) => sessionStorage.setItem(MERCHANT, code),
  language: () => localStorage.getItem(LANGUAGE),
  setLanguage: (code: string) => localStorage.setItem(LANGUAGE, code),
};
