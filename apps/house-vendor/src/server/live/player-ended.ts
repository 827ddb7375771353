import { seamlessSignatureMatches } from '@lotus/server-common/signature';
import type { FastifyInstance } from 'fastify';
import type { VendorDb } from '../db/database.ts';
import { VendorError } from '../errors.ts';
import { endPlayerSessions } from '../sessions.ts';

/** The platform's notice path (the platform's vendors/player-ended.service.ts posts to it). */
export const PLAYER_ENDED_PATH = '/api/platform/player-ended';

/**
 * `POST /api/platform/player-ended` `{merchant, vendor, playerId, reason}`: the platform ended a
 * player's play (time-out, self-exclusion, session limit; docs/exclusion.md). Signed like a
 * seamless call (X-Signature over method, path and the exact body bytes, the brand's secret).
 * Every game-page session of the player ends and every socket of the player closes at once, on
 * every vendor process (Socket.IO's Redis adapter). Idempotent.
 */
export function registerPlayerEnded(
  app: FastifyInstance,
  deps: {
    db: VendorDb;
    brands: ReadonlyMap<string, string>;
    endPlayer: (brand: string, player: string) => void;
  },
): void {
  app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: 4096 },
      (_req, body, done) => done(null, body),
    );
    scope.post(PLAYER_ENDED_PATH, async (request) => {
      const raw = request.body;
      const merchant = request.headers.merchant;
      if (!(raw instanceof Buffer) || typeof merchant !== 'string') throw new VendorError('request_invalid');
      const secret = deps.brands.get(merchant);
      const signature = request.headers['x-signature'];
      if (
        !secret ||
        !seamlessSignatureMatches(
          secret,
          'POST',
          PLAYER_ENDED_PATH,
          raw,
          typeof signature === 'string' ? signature : undefined,
        )
      )
        throw new VendorError('signature_invalid');
      let notice: { merchant?: unknown; playerId?: unknown };
      try {
        notice = JSON.parse(raw.toString('utf8')) as typeof notice;
      } catch {
        throw new VendorError('request_invalid');
      }
      if (
        notice.merchant !== merchant ||
        typeof notice.playerId !== 'string' ||
        !/^[A-Za-z0-9_-]{1,64}$/.test(notice.playerId)
      )
        throw new VendorError('request_invalid');
      const ended = await endPlayerSessions(deps.db, merchant, notice.playerId);
      deps.endPlayer(merchant, notice.playerId);
      return { ok: true, sessions: ended };
    });
  });
}
