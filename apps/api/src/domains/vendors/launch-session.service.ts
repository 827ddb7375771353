import type { SeamlessSession } from '@lotus/contracts/game-launch';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { sha256Hex } from '../../lib/hashing.ts';
import { spendLaunchToken } from '../games/launch.service.ts';
import { sessionFreeRounds } from '../promotions/free-rounds.service.ts';
import { type SeamlessVendor, seamlessBalance } from './seamless.service.ts';
import { issueVendorSession, memberForSession, VENDOR_SESSION_MINUTES } from './vendor-session.service.ts';

/**
 * The vendor's stable, opaque id of a player: the same on every launch at this vendor, another at
 * every other vendor, and not the platform's member id.
 */
export function vendorPlayerId(vendorId: string, memberId: string): string {
  return sha256Hex(`lotus-player:${vendorId}:${memberId}`).slice(0, 32);
}

/**
 * `POST /seamless/v1/session` (game-launch.ts): spends the launch token (once, whatever follows),
 * checks it was issued for this vendor of this brand and that the member may still play, then
 * issues the player's seamless session for `real` and `demo` (a trial account's demo balance) and
 * answers it with the balance and, in `real` mode, the player's free rounds of the game
 * (docs/free-rounds.md); `free` play gets no session token and no balance.
 */
export async function exchangeLaunchToken(
  db: Db,
  vendor: SeamlessVendor,
  launchToken: string,
  now = new Date(),
): Promise<SeamlessSession> {
  const spent = await spendLaunchToken(db, vendor, launchToken);
  const member = await memberForSession(db, spent.brandId, spent.memberId);
  if (member?.status !== 'ACTIVE') throw new AppError('launch_token_invalid');
  const common = {
    playerId: vendorPlayerId(vendor.id, spent.memberId),
    nickname: member.nickname || member.username,
    gameId: spent.gameCode,
    currency: vendor.currency,
    currencySymbol: vendor.currencySymbol,
    language: spent.language,
  };
  if (spent.mode === 'free') {
    return {
      ...common,
      mode: 'free',
      token: null,
      balance: null,
      expiresAt: new Date(now.getTime() + VENDOR_SESSION_MINUTES * 60_000).toISOString(),
    };
  }
  const session = await issueVendorSession(db, spent.memberId, vendor.code, spent.gameCode);
  const balance = await seamlessBalance(db, vendor, session.token);
  const freeRounds =
    spent.mode === 'real'
      ? await sessionFreeRounds(db, {
          brandId: vendor.brandId,
          memberId: spent.memberId,
          vendorId: vendor.id,
          gameCode: spent.gameCode,
          currency: vendor.currency,
        })
      : [];
  return {
    ...common,
    mode: spent.mode,
    token: session.token,
    balance: balance.value?.balance ?? null,
    expiresAt: session.expiresAt.toISOString(),
    freeRounds,
  };
}
