import { type Static, Type } from 'typebox';

/**
 * Game launch, between the platform and a game vendor (issue 12). The same contract binds the house
 * vendor and any third-party vendor; the house vendor imports this file, never `apps/api`.
 *
 * 1. The member presses play. The site calls `GET /wps/game/launchGame` (T) with the spec's launch
 *    payload. The platform checks the member, the game (enabled, not under maintenance) and the
 *    account type, and stores a **launch token**: 32 random bytes, kept only as SHA-256, bound to
 *    brand, member, vendor and game, valid for `LAUNCH_TOKEN_SECONDS`, usable once. It answers
 *    `{content: {game_url}}`: the vendor's launch URL (its `launch_url`, where `{cdn}` is replaced by
 *    one of the brand's launchGameCDNs chosen at random when it has any) with the query
 *    `?launch=<token>&game=<vendor game code>&lang=<EN|MS|CN>&merchant=<brand code>`.
 * 2. The vendor's game page sends the launch token to its own server, which exchanges it with the
 *    platform through `POST /seamless/v1/session`, signed like every seamless call (METHOD, PATH and
 *    body, seamless-signature.ts; headers `Merchant`, `X-Vendor`, `X-Signature`). The token is
 *    spent by that call whatever its outcome; a second exchange answers `launch_token_invalid`.
 * 3. The answer carries the player's seamless session token (`token`, for balance, bet, win,
 *    rollback, betWin and roundEnd), the currency and the mode:
 *    - `real`: a member's money;
 *    - `demo`: a trial account (isAgent 4): the same wallet calls, on its demo balance;
 *    - `free`: free play (launch with `accountType` 0): no token, no wallet calls at all; the vendor
 *      plays with its own play money and never shows it as the member's balance.
 *
 * The vendor keeps the platform's token on its server; the browser never needs it.
 */

export const LAUNCH_TOKEN_SECONDS = 120;

export const GameMode = Type.Union([Type.Literal('real'), Type.Literal('demo'), Type.Literal('free')]);
export type GameMode = Static<typeof GameMode>;

export const SeamlessSessionRequest = Type.Object(
  {
    vendor: Type.String({ minLength: 1, maxLength: 32, description: 'Vendor code, equal to X-Vendor' }),
    launchToken: Type.String({
      minLength: 10,
      maxLength: 256,
      description: 'The `launch` query parameter of game_url',
    }),
  },
  { additionalProperties: false },
);
export type SeamlessSessionRequest = Static<typeof SeamlessSessionRequest>;

export const SeamlessSession = Type.Object({
  mode: GameMode,
  token: Type.Union([Type.String(), Type.Null()], {
    description: 'Seamless session token of the player (null in free play)',
  }),
  playerId: Type.String({
    description: 'Stable, opaque id of the player for this vendor (the same on every launch)',
  }),
  nickname: Type.String({ description: 'Name to show in the game' }),
  gameId: Type.String({ description: "The vendor's game code the token was issued for" }),
  currency: Type.String({ description: "ISO 4217 code of the player's wallet" }),
  currencySymbol: Type.Optional(
    Type.String({
      maxLength: 8,
      description: 'The brand\'s currency symbol ("RM"): games show money with it, as the site does',
    }),
  ),
  language: Type.String({ description: 'EN, MS or CN' }),
  balance: Type.Union([Type.String(), Type.Null()], {
    description: "The player's balance at the currency's exact scale (null in free play)",
  }),
  expiresAt: Type.String({ format: 'date-time', description: 'When the session token stops taking bets' }),
  freeRounds: Type.Optional(
    Type.Array(
      Type.Object({
        grantId: Type.String({ description: 'Sent as freeRoundGrantId with the bet of a free spin' }),
        game: Type.String({ description: "The vendor's game code the rounds are for" }),
        stake: Type.String({ description: "Each round's fixed stake, the currency's exact scale" }),
        remaining: Type.Integer({ description: 'Rounds left' }),
        expiresAt: Type.String({ format: 'date-time' }),
      }),
      { description: "The player's free rounds for the launched game (real mode only)" },
    ),
  ),
});
export type SeamlessSession = Static<typeof SeamlessSession>;

/**
 * Messages a game page in the platform's iframe posts to its parent window
 * (`window.parent.postMessage(message, '*')`; the platform checks `event.origin` against the
 * game_url it opened and ignores anything else):
 * - `deposit`: the wallet refused a bet for insufficient balance; the site shows its deposit prompt.
 * - `balance`: the balance changed (a round settled); the site refreshes the balance it shows.
 * - `lobby`: the player asked to leave the game; the site goes back to where the game was opened.
 */
export const GAME_MESSAGE_SOURCE = 'lotus-game';
export type GameMessage = { source: typeof GAME_MESSAGE_SOURCE; type: 'deposit' | 'balance' | 'lobby' };

/**
 * What the platform's page tells the game in its frame (`postMessage` to the frame's window):
 * - `pause`: a reality check is on screen (player protection, docs/exclusion.md); the game stops at
 *   its next round boundary (no new autoplay round) until `resume`;
 * - `resume`: the member acknowledged it.
 * A game accepts these only from `window.parent`.
 */
export const PLATFORM_MESSAGE_SOURCE = 'lotus-platform';
export type PlatformMessage = { source: typeof PLATFORM_MESSAGE_SOURCE; type: 'pause' | 'resume' };

export function isPlatformMessage(data: unknown): data is PlatformMessage {
  if (typeof data !== 'object' || data === null) return false;
  const m = data as Record<string, unknown>;
  return m.source === PLATFORM_MESSAGE_SOURCE && (m.type === 'pause' || m.type === 'resume');
}

export function isGameMessage(data: unknown): data is GameMessage {
  if (typeof data !== 'object' || data === null) return false;
  const m = data as Record<string, unknown>;
  return (
    m.source === GAME_MESSAGE_SOURCE && (m.type === 'deposit' || m.type === 'balance' || m.type === 'lobby')
  );
}
