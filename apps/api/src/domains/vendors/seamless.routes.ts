import { ErrorEnvelope } from '@lotus/contracts/envelope';
import { errorMessage } from '@lotus/contracts/errors';
import { LAUNCH_TOKEN_SECONDS, SeamlessSession, SeamlessSessionRequest } from '@lotus/contracts/game-launch';
import {
  SEAMLESS_HEADER,
  SeamlessAnswer,
  SeamlessBalance,
  SeamlessBalanceRequest,
  SeamlessBatchAnswer,
  SeamlessBatchRequest,
  SeamlessBetRequest,
  SeamlessBetWinRequest,
  SeamlessRollbackRequest,
  SeamlessRound,
  SeamlessRoundEndRequest,
  SeamlessWinRequest,
} from '@lotus/contracts/seamless';
import type { FastifyRequest } from 'fastify';
import { type TSchema, Type } from 'typebox';
import { AppError } from '../../http/app-error.ts';
import { findNul } from '../../http/nul-guard.ts';
import type { Api, RouteDeps } from '../../http/types.ts';
import { createDbCache } from '../../lib/db-cache.ts';
import { exchangeLaunchToken } from './launch-session.service.ts';
import {
  type SeamlessVendor,
  seamlessBalance,
  seamlessBet,
  seamlessBetWin,
  seamlessRollback,
  seamlessRoundEnd,
  seamlessWin,
} from './seamless.service.ts';
import { BATCH_GUIDE } from './seamless-batch.guide.ts';
import { seamlessBatch } from './seamless-batch.service.ts';
import { seamlessSignatureMatches } from './signature.ts';
import { decryptSecret, findVendorForSignature } from './vendor.repository.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The vendor of a seamless call whose signature was verified (null before that). */
    vendor: SeamlessVendor | null;
  }
}

const GUIDE = `Integration guide (seamless single wallet). The platform holds the player's money; the game
asks it for every movement. Every call is POST with a JSON body, the headers Merchant (brand code),
X-Vendor (your vendor code) and X-Signature = lower-case hex HMAC-SHA256, keyed with your secret, of
METHOD + "\n" + PATH + "\n" + the exact body bytes (for example "POST\n/seamless/v1/bet\n{...}"; the
path without query string), so a signed body is valid for its own call only (packages/contracts
seamless-signature.ts signs and verifies it). The signature is checked first, in constant time: a bad one answers 401
vendor_signature_invalid and changes nothing. Amounts are decimal strings with at most the currency's
fraction digits (MYR: "10.50"); JSON numbers are refused.

Idempotency: transactionId is your idempotency key. The same id with the same content answers the
original answer again (nothing is applied twice); the same id with other content, or from another
player or session (the player token is part of the content), answers idempotency_mismatch and never
another player's balance.

Answers use the envelope {success, value, message, errorCode}; value carries {balance, currency}
after the call, also on refusals that know the balance (insufficient_balance, round_closed). HTTP 200
for every business outcome, 400 malformed (also amount_invalid: an amount or a resulting balance past
the 64-bit range), 401 signature, 503 wallet_busy (temporary, answered within 1 to 2 s when the
player's wallet is locked by another call: retry the same transactionId; a player's calls reach the
wallet one at a time, the others wait their turn for up to 1 s).

Player token: the one the platform gave you at game launch; required for balance, bet and betWin;
optional for win and rollback, whose expiry is not checked (they settle earlier bets), but a token
given must be a session of the bet's own player (another player's: idempotency_mismatch, nothing
paid).

Rounds: a bet opens its round (roundId). A win names its bet (betTransactionId) and that bet's
round (another roundId: round_mismatch, nothing kept, send it again corrected). Several wins on one
bet are all paid while the round is open (games that pay in steps, each win its own transactionId).
roundEnd closes the round: its open bets are settled as lost, and from then on nothing of that round
moves money: a bet, betWin, win or rollback of the round answers round_closed with the balance.
A rollback after a win on its bet answers bet_already_settled; a rollback of an unknown bet answers
bet_not_found and the bet is refused if it arrives later. Rounds left open are closed after an hour.

Transfer-wallet brands: the same calls concern the player's wallet at your vendor (the player moves
money into it on the site); a win or rollback goes to the wallet its bet was taken from.

Free rounds (docs/free-rounds.md): the session answer lists the player's free-round grants of the
game in freeRounds ({grantId, game, stake, remaining, expiresAt}). A free spin is a bet (or betWin) of
exactly that stake with freeRoundGrantId: it debits nothing and takes one round of the grant (none
left, expired, another player's, game or stake: free_round_invalid, nothing kept); its win is paid as
the player's bonus into the main wallet (also for transfer-wallet brands, whose wallet at your vendor
a free spin neither debits nor credits); a rollback of it gives the round back.`;

const tags = ['seamless wallet (vendors)'];

function errorResponses() {
  const out: Record<number, typeof ErrorEnvelope> = {};
  for (const status of [400, 401, 404, 429, 500, 503]) out[status] = ErrorEnvelope;
  return out;
}
const moneyResponses = { 200: SeamlessAnswer(SeamlessBalance), ...errorResponses() };
const sessionAnswer = <T extends TSchema>(value: T) =>
  Type.Object({
    success: Type.Boolean(),
    value: Type.Union([value, Type.Null()]),
    message: Type.String(),
    errorCode: Type.String(),
  });
const sessionResponses = { 200: sessionAnswer(SeamlessSession), ...errorResponses() };

const SESSION_GUIDE = `Launch exchange (game-launch.ts). The member pressed play on the site; the platform
opened your game page with ?launch=<launch token>&game=<game code>&lang=<EN|MS|CN>&merchant=<brand>.
Your server sends the launch token here, signed like every seamless call, and gets the player's seamless
session: token (for balance, bet, win, rollback, betWin, roundEnd), playerId (stable per player and
vendor), nickname, gameId, currency, language, balance and mode. mode real = the member's money; demo =
a trial account's demo balance, through the same calls; free = free play: token and balance are null,
make no wallet calls and never show play money as the member's balance. A launch token is valid for
${LAUNCH_TOKEN_SECONDS} s and spent by the first exchange whatever its outcome: a second exchange, an
expired token, or one issued for another vendor or brand answers launch_token_invalid (HTTP 200,
success false). Keep the session token on your server; the browser never needs it.`;
const roundResponses = { 200: SeamlessAnswer(SeamlessRound), ...errorResponses() };

const SeamlessHeaders = Type.Object({
  merchant: Type.Optional(Type.String({ maxLength: 64, description: 'Brand merchant code' })),
  'x-vendor': Type.Optional(Type.String({ maxLength: 32, description: 'Vendor code' })),
  'x-signature': Type.Optional(
    Type.String({
      maxLength: 128,
      description: 'hex(HMAC-SHA256(vendor secret, METHOD \\n PATH \\n raw body bytes))',
    }),
  ),
});

type CachedVendor = { vendor: SeamlessVendor; secret: string; active: boolean };
/**
 * Every call needs its vendor and plain secret: read through the shared 2-second cache, cleared at
 * once by this process's vendor changes (a rotated secret or a switched-off vendor takes effect
 * here at once, in other processes within 2 s).
 */
const vendorCache = createDbCache<CachedVendor | null>(2_000);

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' ? value.trim() : undefined;
}

/**
 * The seamless-wallet API game vendors call (money-rules.md). Registered in its own scope: the JSON
 * body arrives as raw bytes, the signature is verified over exactly those bytes before anything
 * else, and only then is the body parsed and validated.
 */
export async function seamlessRoutes(scope: Api, { db }: Pick<RouteDeps, 'db'>) {
  const lookup = (merchant: string, code: string): Promise<CachedVendor | null> =>
    vendorCache.get(db, `${merchant}|${code}`, async () => {
      const row = await findVendorForSignature(db, merchant, code);
      if (!row) return null;
      return {
        vendor: {
          id: row.id,
          brandId: row.brand_id,
          code: row.code,
          currency: row.currency,
          currencySymbol: row.currency_symbol,
        },
        secret: await decryptSecret(db, row.secret_encrypted),
        active: row.active,
      };
    });

  scope.decorateRequest('vendor', null);
  scope.removeContentTypeParser('application/json');
  scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );
  scope.addHook('preValidation', async (request) => {
    const raw = request.body;
    if (!Buffer.isBuffer(raw)) throw new AppError('vendor_signature_invalid');
    const merchant = header(request, 'merchant') ?? '';
    const code = header(request, SEAMLESS_HEADER.vendor) ?? '';
    const found =
      /^[A-Za-z0-9_-]{1,32}$/.test(merchant) && /^[A-Za-z0-9_-]{1,32}$/.test(code)
        ? await lookup(merchant, code)
        : null;
    // Over the method and the route's path with the body: a signed body is valid for its own call only.
    const signed = found
      ? seamlessSignatureMatches(
          found.secret,
          request.method,
          request.routeOptions.url ?? '',
          raw,
          header(request, SEAMLESS_HEADER.signature),
        )
      : false;
    if (!found || !signed || !found.active) throw new AppError('vendor_signature_invalid');
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw.toString('utf8'));
    } catch (error) {
      throw new AppError('request_param_err', { cause: error });
    }
    // PostgreSQL text holds no NUL: refused here as the edge's guard refuses it in other bodies.
    const nul = findNul(parsed);
    if (nul) throw new AppError('request_param_err', { fieldErrors: { [nul]: 'errors.request_param_err' } });
    if ((parsed as { vendor?: unknown } | null)?.vendor !== found.vendor.code) {
      throw new AppError('request_param_err', { fieldErrors: { vendor: 'errors.request_param_err' } });
    }
    request.body = parsed;
    request.vendor = found.vendor;
  });

  const answer = <T>(
    request: FastifyRequest,
    outcome: { success: boolean; errorCode: string; value: T },
  ) => ({
    success: outcome.success,
    value: outcome.value,
    message: outcome.errorCode
      ? errorMessage(outcome.errorCode as Parameters<typeof errorMessage>[0], header(request, 'language'))
      : '',
    errorCode: outcome.errorCode,
  });

  scope.post(
    '/seamless/v1/session',
    {
      schema: {
        tags,
        summary: "Exchange a launch token for the player's seamless session (once)",
        description: SESSION_GUIDE,
        headers: SeamlessHeaders,
        body: SeamlessSessionRequest,
        response: sessionResponses,
      },
    },
    async (request) =>
      answer(request, {
        success: true,
        errorCode: '',
        value: await exchangeLaunchToken(db, request.vendor!, request.body.launchToken),
      }),
  );

  scope.post(
    '/seamless/v1/balance',
    {
      schema: {
        tags,
        summary: "The player's balance",
        description: GUIDE,
        headers: SeamlessHeaders,
        body: SeamlessBalanceRequest,
        response: moneyResponses,
      },
    },
    async (request) => answer(request, await seamlessBalance(db, request.vendor!, request.body.token)),
  );

  scope.post(
    '/seamless/v1/bet',
    {
      schema: {
        tags,
        summary:
          'Debit a stake (refused when the balance is short, the round closed, or a rollback came first)',
        description: GUIDE,
        headers: SeamlessHeaders,
        body: SeamlessBetRequest,
        response: moneyResponses,
      },
    },
    async (request) => answer(request, await seamlessBet(db, request.vendor!, request.body)),
  );

  scope.post(
    '/seamless/v1/win',
    {
      schema: {
        tags,
        summary:
          "Credit a win for an earlier bet (betTransactionId) in that bet's round; refused for a cancelled bet or an ended round",
        description: GUIDE,
        headers: SeamlessHeaders,
        body: SeamlessWinRequest,
        response: moneyResponses,
      },
    },
    async (request) => answer(request, await seamlessWin(db, request.vendor!, request.body)),
  );

  scope.post(
    '/seamless/v1/rollback',
    {
      schema: {
        tags,
        summary:
          'Cancel a bet and refund its stake; unknown bet: bet_not_found and the bet is refused if it arrives later; after a win: bet_already_settled',
        description: GUIDE,
        headers: SeamlessHeaders,
        body: SeamlessRollbackRequest,
        response: moneyResponses,
      },
    },
    async (request) => answer(request, await seamlessRollback(db, request.vendor!, request.body)),
  );

  scope.post(
    '/seamless/v1/betWin',
    {
      schema: {
        tags,
        summary: 'Debit a stake and credit its win atomically (the stake must be affordable)',
        description: GUIDE,
        headers: SeamlessHeaders,
        body: SeamlessBetWinRequest,
        response: moneyResponses,
      },
    },
    async (request) => answer(request, await seamlessBetWin(db, request.vendor!, request.body)),
  );

  scope.post(
    '/seamless/v1/roundEnd',
    {
      schema: {
        tags,
        summary: 'Close a round: settled, or cancelled when no bet stands; later bets on it are refused',
        description: GUIDE,
        headers: SeamlessHeaders,
        body: SeamlessRoundEndRequest,
        response: roundResponses,
      },
    },
    async (request) =>
      answer(request, {
        success: true,
        errorCode: '',
        value: await seamlessRoundEnd(db, request.vendor!, request.body),
      }),
  );

  scope.post(
    '/seamless/v1/batch',
    {
      schema: {
        tags,
        summary:
          'Many independent bets, wins, rollbacks, betWins and roundEnds in one signed request, each applied and answered on its own',
        description: BATCH_GUIDE,
        headers: SeamlessHeaders,
        body: SeamlessBatchRequest,
        response: { 200: SeamlessBatchAnswer, ...errorResponses() },
      },
    },
    async (request) =>
      answer(request, {
        success: true,
        errorCode: '',
        value: {
          items: await seamlessBatch(db, request.vendor!, request.body, header(request, 'language')),
        },
      }),
  );
}
