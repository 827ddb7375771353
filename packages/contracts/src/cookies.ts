/**
 * Cookie names of spec §3 (remember-me on the login form), shared by the member web app and the
 * end-to-end tests. Every one of them lives one day (spec §9).
 */
export const COOKIE_KEYS = {
  /** The user name of the last login with "remember me". */
  lastUserName: 'lastUserName',
  /** "1" when the member ticked "remember me". */
  loginRemember: 'loginRemember',
  /** JSON {mobileNum, countryDialingCode} of the last SMS login. */
  loginTypeSms: 'loginTypeSms',
} as const;

/**
 * The cookie where earlier versions kept a remembered password per user name. Passwords are no longer
 * stored; the web app deletes this cookie at login.
 */
export function rememberedPasswordCookie(username: string): string {
  return `pwd_${encodeURIComponent(username.toLowerCase())}`;
}

export const REMEMBER_COOKIE_DAYS = 1;
