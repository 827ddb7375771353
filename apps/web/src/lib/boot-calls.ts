import { UI_LANGUAGE_CODES } from '@lotus/contracts/languages';
import type { GameMenus, NoticeBundle, SystemStatus } from '@lotus/contracts/system';
import { paths } from '../config/paths.ts';
import { NOTICE_PATH, NOTICE_QUERY } from '../features/announcements/lib/notice-query.ts';
import { preloadFirstBanner } from '../features/announcements/lib/preload-banner.ts';
import { resolveMerchant } from './merchant.ts';
import { storage } from './storage.ts';

/** The paths that open on the home page (the register routes open registration over it). */
export const HOME_PATHS: readonly string[] = [
  paths.root.path,
  paths.home.path,
  paths.register.path,
  paths.registerHtml.path,
];

/** A call's value when the platform answered `success: true`; null otherwise. */
type Answer<T> = Promise<T | null>;

type BootCalls = {
  status: Answer<SystemStatus>;
  notices: Answer<NoticeBundle>;
  gameMenus: Answer<GameMenus>;
};

/** 0 in the status answer: the brand is open (SYSTEM_STATUS.normal). */
const OPEN = 0;

function get<T>(path: string, merchant: string, language: string): Answer<T> {
  return fetch(path, {
    headers: { Merchant: merchant, Language: language, Device: 'web', Accept: 'application/json' },
  })
    .then((response) => response.json() as Promise<{ success?: boolean; value?: T }>)
    .then((body) => (body.success === true && body.value !== undefined ? body.value : null))
    .catch(() => null);
}

let calls: Partial<BootCalls> = {};

/**
 * The first screen's calls, started by the page's small entry (boot.ts) the moment it runs, while
 * React and the rest of the app are still on their way: the brand's status, then, when it says the
 * brand is open, the game menus and (on the home page) the notices, whose first banner's art is
 * requested at once (the home page's largest paint). No call the server would refuse is made: in
 * maintenance or a blocked region only the status goes out.
 */
export function startBootCalls(): void {
  const merchant = resolveMerchant();
  if (!merchant) return;
  const stored = storage.lang();
  const language = stored && UI_LANGUAGE_CODES.includes(stored) ? stored : 'EN';
  const status = get<SystemStatus>('/wps/system/status', merchant, language);
  const open = status.then((answer) => (answer?.systemStatus === OPEN ? answer : null));
  const notices = open.then((answer) =>
    answer && HOME_PATHS.includes(window.location.pathname)
      ? get<NoticeBundle>(`${NOTICE_PATH}?${new URLSearchParams(NOTICE_QUERY)}`, merchant, language)
      : null,
  );
  void Promise.all([notices, open]).then(([bundle, answer]) =>
    preloadFirstBanner(bundle ?? undefined, answer ?? undefined),
  );
  const gameMenus = open.then((answer) =>
    answer ? get<GameMenus>('/lgw/games/game_menus', merchant, language) : null,
  );
  calls = { status, notices, gameMenus };
}

/**
 * The answer of a started call, once: the app's first fetch of that query takes it (or asks the
 * platform itself when the call was not made, failed or was refused, so errors show as usual);
 * every later fetch goes to the platform.
 */
export async function takeBootAnswer<K extends keyof BootCalls>(name: K): Promise<Awaited<BootCalls[K]>> {
  const call = calls[name];
  delete calls[name];
  return (call ? await call : null) as Awaited<BootCalls[K]>;
}
