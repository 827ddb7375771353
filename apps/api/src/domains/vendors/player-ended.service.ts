import { signSeamless } from '@lotus/server-common/signature';
import { sql } from 'kysely';
import type { SessionsEnded } from '../exclusion/exclusion.service.ts';
import { vendorPlayerId } from './launch-session.service.ts';
import { decryptSecret } from './vendor.repository.ts';

/** The path every vendor may serve to hear that a player's play ended (docs/exclusion.md). */
export const PLAYER_ENDED_PATH = '/api/platform/player-ended';

/** `{origin}/api/platform/player-ended` of a launch URL template, or null without an http(s) origin. */
export function playerEndedUrlOf(launchUrl: string): string | null {
  try {
    const url = new URL(launchUrl.replaceAll('{game}', 'x').replaceAll('{cdn}', 'x'));
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return `${url.origin}${PLAYER_ENDED_PATH}`;
  } catch {
    return null;
  }
}

/**
 * When a member's play ends (a time-out, a self-exclusion, the session limit: the exclusion
 * domain's sessions-ended hook): every seamless session of the member ends now (bets and balance
 * calls are refused; wins and rollbacks of earlier bets still settle), and each vendor the member
 * had a session with is told with a signed POST to `{origin of its launch URL}/api/platform/player-ended`
 * `{merchant, vendor, playerId, reason}` (X-Signature as on the seamless calls, the vendor's
 * secret), so it closes the player's sockets and game sessions at once. The notice is best effort
 * (1.5 s, no retry): the stake gate refuses the member's stakes anyway.
 */
export async function endPlayerAtVendors(event: SessionsEnded): Promise<void> {
  const { db, memberId, reason } = event;
  const vendors = await db
    .selectFrom('vendor_sessions')
    .innerJoin('vendors', 'vendors.id', 'vendor_sessions.vendor_id')
    .innerJoin('brands', 'brands.id', 'vendor_sessions.brand_id')
    .select([
      'vendors.id',
      'vendors.code',
      'vendors.launch_url',
      'vendors.secret_encrypted',
      'brands.merchant_code',
    ])
    .distinct()
    .where('vendor_sessions.member_id', '=', memberId)
    .where('vendor_sessions.expires_at', '>', sql<Date>`now()`)
    .execute();
  await db
    .updateTable('vendor_sessions')
    .set({ expires_at: sql<Date>`now()` })
    .where('member_id', '=', memberId)
    .where('expires_at', '>', sql<Date>`now()`)
    .execute();
  await Promise.all(
    vendors.map(async (v) => {
      const url = playerEndedUrlOf(v.launch_url);
      if (!url) return;
      try {
        const secret = await decryptSecret(db, v.secret_encrypted);
        const body = JSON.stringify({
          merchant: v.merchant_code,
          vendor: v.code,
          playerId: vendorPlayerId(v.id, memberId),
          reason,
        });
        await fetch(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            merchant: v.merchant_code,
            'x-vendor': v.code,
            'x-signature': signSeamless(secret, 'POST', PLAYER_ENDED_PATH, body),
          },
          body,
          signal: AbortSignal.timeout(1_500),
        });
      } catch {
        // Best effort: a vendor that is away or does not serve the notice keeps its socket until
        // its next bet, which the platform refuses.
      }
    }),
  );
}
