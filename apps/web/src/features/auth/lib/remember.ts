import { COOKIE_KEYS, REMEMBER_COOKIE_DAYS, rememberedPasswordCookie } from '@lotus/contracts/cookies';
import { deleteCookie, readCookie, writeCookie } from '../../../lib/cookies.ts';

/**
 * Remember-me of spec §3: the last user name, loginRemember and the last SMS login's number, each a
 * one-day cookie. The password is never stored (a script-readable cookie would hand it to any
 * injected script): the browser's password manager fills it through `autocomplete`.
 */
export function rememberedLogin(): { username: string; password: string; remember: boolean } {
  const remember = readCookie(COOKIE_KEYS.loginRemember) === '1';
  const username = readCookie(COOKIE_KEYS.lastUserName) ?? '';
  return { username, password: '', remember };
}

export function rememberLogin(username: string, remember: boolean): void {
  writeCookie(COOKIE_KEYS.lastUserName, username, REMEMBER_COOKIE_DAYS);
  // A password an earlier version stored goes away at the next login.
  deleteCookie(rememberedPasswordCookie(username));
  if (remember) writeCookie(COOKIE_KEYS.loginRemember, '1', REMEMBER_COOKIE_DAYS);
  else deleteCookie(COOKIE_KEYS.loginRemember);
}

export function rememberedSmsLogin(): { mobileNum: string; countryDialingCode: string } | null {
  const raw = readCookie(COOKIE_KEYS.loginTypeSms);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as { mobileNum?: unknown; countryDialingCode?: unknown };
    return typeof value.mobileNum === 'string' && typeof value.countryDialingCode === 'string'
      ? { mobileNum: value.mobileNum, countryDialingCode: value.countryDialingCode }
      : null;
  } catch {
    return null;
  }
}

export function rememberSmsLogin(mobileNum: string, countryDialingCode: string): void {
  writeCookie(
    COOKIE_KEYS.loginTypeSms,
    JSON.stringify({ mobileNum, countryDialingCode }),
    REMEMBER_COOKIE_DAYS,
  );
}
