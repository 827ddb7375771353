import { TRIAL_TYPE } from '@lotus/contracts/accounts';
import { type GameMode, LAUNCH_TOKEN_SECONDS } from '@lotus/contracts/game-launch';
import {
  ACCOUNT_TYPE,
  type LaunchGameQuery,
  type LaunchGameResult,
  RECENT_GAMES_LIMIT,
} from '@lotus/contracts/games';
import type { SupportedLanguage } from '@lotus/contracts/languages';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { randomToken, sha256Hex } from '../../lib/hashing.ts';
import type { Brand } from '../brands/brand.ts';
import {
  findLaunchTarget,
  findRoomLaunchTarget,
  insertLaunchToken,
  type LaunchTarget,
  purgeLaunchTokens,
  spendLaunchTokenRow,
  touchRecent,
} from './games.repository.ts';
import { recommendedGames } from './games.service.ts';

/** The member pressing play: who, and whether a trial account (demo money). */
export type Launcher = { id: string; brandId: string; isAgent: number };

/**
 * The vendor's game page for a launch: `launch_url` with `{game}` replaced by the game code and
 * `{cdn}` by one of the brand's launch CDNs chosen at random, then the launch query appended.
 * Null when the template is unusable (no URL, `{cdn}` without CDNs, not http(s)).
 */
export function gameUrl(
  template: string,
  values: { game: string; token: string; language: string; merchant: string },
  launchCdns: readonly string[],
  random: () => number = Math.random,
): string | null {
  if (template === '') return null;
  let text = template.replaceAll('{game}', encodeURIComponent(values.game));
  if (text.includes('{cdn}')) {
    if (launchCdns.length === 0) return null;
    const cdn = launchCdns[Math.floor(random() * launchCdns.length)] ?? '';
    const base = (cdn.includes('://') ? cdn : `https://${cdn}`).replace(/\/+$/, '');
    text = text.replaceAll('{cdn}', base);
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  url.searchParams.set('launch', values.token);
  url.searchParams.set('game', values.game);
  url.searchParams.set('lang', values.language);
  url.searchParams.set('merchant', values.merchant);
  return url.toString();
}

/**
 * The launch's two addresses (spec §3 `game_url`, `game_url2`): the game page on one of the brand's
 * launch CDNs chosen at random, and the same page on the next CDN as a fallback when the template
 * uses `{cdn}` and the brand has more than one ('' otherwise). One launch token serves both: the
 * vendor spends it once, whichever page the player reaches.
 */
export function launchUrls(
  template: string,
  values: { game: string; token: string; language: string; merchant: string },
  launchCdns: readonly string[],
  random: () => number = Math.random,
): { url: string | null; url2: string } {
  const n = launchCdns.length;
  const pick = n > 0 ? Math.min(n - 1, Math.floor(random() * n)) : 0;
  const at = (index: number) => () => (index + 0.5) / n;
  const url = gameUrl(template, values, launchCdns, n > 0 ? at(pick) : random);
  const url2 =
    url !== null && n > 1 && template.includes('{cdn}')
      ? (gameUrl(template, values, launchCdns, at((pick + 1) % n)) ?? '')
      : '';
  return { url, url2 };
}

async function targetOf(db: Db, brand: Brand, query: LaunchGameQuery): Promise<LaunchTarget | null> {
  if (query.roomId) return findRoomLaunchTarget(db, brand.id, query.roomId);
  if (!query.vassalage || !query.gameId) {
    throw new AppError('request_param_err', { fieldErrors: { gameId: 'errors.request_param_err' } });
  }
  return findLaunchTarget(db, brand.id, query.vassalage, query.gameId);
}

/**
 * `GET /wps/game/launchGame`: checks the game (enabled, shown, not under maintenance) and the
 * account type, stores a single-use launch token (SHA-256 only, LAUNCH_TOKEN_SECONDS) bound to
 * brand, member, vendor and game with its mode, records the game among the member's recent ones, and
 * answers the vendor's game page carrying the token (game-launch.ts). A trial account plays its demo
 * balance (`demo`); accountType 0 is free play (`free`), only for games with supportPlay.
 */
export async function launchGame(
  db: Db,
  brand: Brand,
  member: Launcher,
  language: SupportedLanguage,
  query: LaunchGameQuery,
  now = new Date(),
): Promise<LaunchGameResult> {
  const target = await targetOf(db, brand, query);
  if (
    !target?.enabled ||
    target.status === 'disabled' ||
    target.room_status === 'disabled' ||
    !target.vendor_active ||
    !target.lobby_enabled
  ) {
    throw new AppError('game_not_found');
  }
  if (target.maintenance || target.status === 'maintenance' || target.room_status === 'maintenance') {
    const recommended = await recommendedGames(db, brand, language, member.id, {
      gameId: target.game_id,
      category: target.category,
    });
    throw new AppError('game_maintenance', { value: { recommended } });
  }
  let mode: GameMode;
  if ((query.accountType ?? ACCOUNT_TYPE.real) === ACCOUNT_TYPE.free) {
    if (!target.support_play) throw new AppError('game_free_play_unavailable');
    mode = 'free';
  } else {
    mode = member.isAgent === TRIAL_TYPE ? 'demo' : 'real';
  }
  const token = randomToken();
  const { url, url2 } = launchUrls(
    target.launch_url,
    { game: target.code, token, language, merchant: brand.merchantCode },
    brand.launchGameCdns,
  );
  if (!url) throw new AppError('game_launch_unavailable');
  await db.transaction().execute(async (trx) => {
    await insertLaunchToken(trx, {
      tokenHash: sha256Hex(token),
      brandId: brand.id,
      memberId: member.id,
      vendorId: target.vendor_id,
      gameId: target.game_id,
      gameCode: target.code,
      mode,
      language,
      expiresAt: new Date(now.getTime() + LAUNCH_TOKEN_SECONDS * 1000),
    });
    await touchRecent(trx, brand.id, member.id, target.game_id, RECENT_GAMES_LIMIT);
  });
  return { content: { game_url: url, game_url2: url2, mode } };
}

/** What a spent launch token was issued for (the vendors domain turns it into a seamless session). */
export type SpentLaunch = {
  brandId: string;
  memberId: string;
  vendorId: string;
  gameCode: string;
  mode: GameMode;
  language: string;
};

/**
 * Spends a launch token for a vendor (`POST /seamless/v1/session`): one conditional update, so the
 * token is spent by the first exchange whatever its outcome and every later or concurrent one gets
 * `launch_token_invalid`, as do an expired token and one issued for another vendor or brand.
 */
export async function spendLaunchToken(
  db: Db,
  vendor: { id: string; brandId: string },
  launchToken: string,
): Promise<SpentLaunch> {
  const row = await spendLaunchTokenRow(db, sha256Hex(launchToken));
  if (!row || row.vendor_id !== vendor.id || row.brand_id !== vendor.brandId) {
    throw new AppError('launch_token_invalid');
  }
  return {
    brandId: row.brand_id,
    memberId: row.member_id,
    vendorId: row.vendor_id,
    gameCode: row.game_code,
    mode: row.mode,
    language: row.language,
  };
}

/** Launch tokens expire within minutes; rows a day past expiry are deleted (hourly job). */
export function purgeExpiredLaunchTokens(db: Db, now: Date): Promise<number> {
  return purgeLaunchTokens(db, new Date(now.getTime() - 86_400_000));
}
