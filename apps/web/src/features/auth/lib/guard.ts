import { PUBLIC_WHEN_LOGIN_REQUIRED, paths } from '../../../config/paths.ts';

/**
 * The loginedToHomePage guard of spec §2: with the flag on, a visitor without a token may open
 * only /login, /register, /register.html, /helpmc and /download (/down); everything else goes
 * to /login. Returns where to send the visitor, or null to let the page open.
 */
export function guardRedirect(
  pathname: string,
  hasToken: boolean,
  loginedToHomePage: boolean,
): string | null {
  if (!loginedToHomePage || hasToken) return null;
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  // The way back from Google or Facebook is how a visitor of such a brand signs in, too.
  if (/^\/oauth\/callback\/[a-z]+$/.test(path)) return null;
  return PUBLIC_WHEN_LOGIN_REQUIRED.includes(path) ? null : paths.login.path;
}
