import { type Static, Type } from 'typebox';
import { RefusalDetail } from './envelope.ts';
import { AmountInput } from './money.ts';

/**
 * The seamless-wallet API game vendors call (money-rules.md, "Seamless wallet"). Every request is
 * a JSON body signed with the vendor's secret:
 *
 *   X-Signature: hex(HMAC-SHA256(secret, METHOD "\n" PATH "\n" raw body bytes))   (lower-case hex)
 *
 * (seamless-signature.ts signs and verifies it; a signed body is valid for its own call only)
 * sent with the headers `Merchant` (brand code) and `X-Vendor` (vendor code). The body's `vendor`
 * must equal `X-Vendor`, so the signed bytes name the vendor. The signature is checked in constant
 * time before anything else; a bad one changes nothing and answers 401 vendor_signature_invalid.
 */
export const SEAMLESS_HEADER = { signature: 'x-signature', vendor: 'x-vendor' } as const;

const Id = (description: string) => Type.String({ minLength: 1, maxLength: 128, description });
const Vendor = Type.String({ minLength: 1, maxLength: 32, description: 'Vendor code, equal to X-Vendor' });
const Token = Type.String({
  minLength: 10,
  maxLength: 256,
  description: 'Player session token the platform gave the vendor at game launch',
});
const Currency = Type.String({
  minLength: 3,
  maxLength: 8,
  description: "ISO 4217 code of the player's wallet",
});

export const SeamlessBalanceRequest = Type.Object(
  { vendor: Vendor, token: Token, currency: Type.Optional(Currency) },
  { additionalProperties: false },
);

export const SeamlessBetRequest = Type.Object(
  {
    vendor: Vendor,
    token: Token,
    transactionId: Id('Unique id of this debit (the idempotency key)'),
    roundId: Id('Game round'),
    gameId: Id('Game'),
    amount: AmountInput,
    currency: Currency,
    /** A free spin: the platform's free-round grant it uses (from the session's `freeRounds`). */
    freeRoundGrantId: Type.Optional(
      Type.String({ pattern: '^[1-9][0-9]{0,17}$', description: 'grantId of a free-round grant' }),
    ),
  },
  { additionalProperties: false },
);
export type SeamlessBetRequest = Static<typeof SeamlessBetRequest>;

export const SeamlessWinRequest = Type.Object(
  {
    vendor: Vendor,
    token: Type.Optional(Token),
    transactionId: Id('Unique id of this credit (the idempotency key)'),
    betTransactionId: Id('transactionId of the bet this win pays'),
    roundId: Id('Game round'),
    gameId: Id('Game'),
    amount: AmountInput,
    currency: Currency,
  },
  { additionalProperties: false },
);
export type SeamlessWinRequest = Static<typeof SeamlessWinRequest>;

export const SeamlessRollbackRequest = Type.Object(
  {
    vendor: Vendor,
    token: Type.Optional(Token),
    transactionId: Id('Unique id of this cancellation (the idempotency key)'),
    betTransactionId: Id('transactionId of the bet to cancel'),
    roundId: Id('Game round'),
    gameId: Id('Game'),
    amount: Type.Optional(AmountInput),
    currency: Currency,
  },
  { additionalProperties: false },
);
export type SeamlessRollbackRequest = Static<typeof SeamlessRollbackRequest>;

export const SeamlessBetWinRequest = Type.Object(
  {
    vendor: Vendor,
    token: Token,
    transactionId: Id('Unique id of this bet-and-win (the idempotency key)'),
    roundId: Id('Game round'),
    gameId: Id('Game'),
    betAmount: AmountInput,
    winAmount: AmountInput,
    currency: Currency,
    /** A free spin: the platform's free-round grant it uses (from the session's `freeRounds`). */
    freeRoundGrantId: Type.Optional(
      Type.String({ pattern: '^[1-9][0-9]{0,17}$', description: 'grantId of a free-round grant' }),
    ),
  },
  { additionalProperties: false },
);
export type SeamlessBetWinRequest = Static<typeof SeamlessBetWinRequest>;

export const SeamlessRoundEndRequest = Type.Object(
  {
    vendor: Vendor,
    token: Type.Optional(Token),
    roundId: Id('Game round to close'),
    gameId: Id('Game'),
  },
  { additionalProperties: false },
);
export type SeamlessRoundEndRequest = Static<typeof SeamlessRoundEndRequest>;

export const SeamlessBalance = Type.Object({
  balance: Type.String({ description: "Player's balance after the call, the currency's exact scale" }),
  currency: Type.String(),
});
export type SeamlessBalance = Static<typeof SeamlessBalance>;

export const SeamlessRound = Type.Object({
  roundId: Type.String(),
  status: Type.Union([Type.Literal('settled'), Type.Literal('cancelled')]),
});
export type SeamlessRound = Static<typeof SeamlessRound>;

/**
 * Every seamless answer: the platform envelope. A refusal that knows the player's balance
 * (insufficient_balance, bet_cancelled, ...) carries it in `value`, otherwise `value` is null.
 */
export const SeamlessAnswer = <T extends typeof SeamlessBalance | typeof SeamlessRound>(value: T) =>
  Type.Object({
    success: Type.Boolean(),
    value: Type.Union([value, Type.Null()]),
    message: Type.String(),
    errorCode: Type.String(),
    /**
     * A stake refused by the player's limit (errorCode limit_<kind>_<period>): the limit, what is
     * used and left, and when it frees (ms since the epoch, null: the stake alone is above it), for
     * the game to tell the player (docs/limits.md).
     */
    detail: Type.Optional(RefusalDetail),
  });

/**
 * The batch call (`POST /seamless/v1/batch`): many independent operations in one signed request.
 * Each item is one of the single calls (bet, win, rollback, betWin, roundEnd) with its fields minus
 * `vendor` (the batch names it once) and `call` naming it. The platform applies each item on its
 * own, exactly as the single call would (its own transaction, its own idempotency by its
 * transaction id, the same money rules and error codes), and answers each item on its own, in the
 * request's order. Items of one roundId run in the order given (a win before its roundEnd), and after
 * an item of a round answered wallet_busy its later items are not run (wallet_busy too); items of
 * different rounds may run in parallel. At most SEAMLESS_BATCH_MAX items; a transaction id (or, for
 * roundEnd, a roundId) twice in one batch refuses the whole batch (400 request_param_err, nothing
 * applied).
 */
export const SEAMLESS_BATCH_MAX = 500;

const BetItem = Type.Object(
  { call: Type.Literal('bet'), ...Type.Omit(SeamlessBetRequest, ['vendor']).properties },
  { additionalProperties: false },
);
const WinItem = Type.Object(
  { call: Type.Literal('win'), ...Type.Omit(SeamlessWinRequest, ['vendor']).properties },
  { additionalProperties: false },
);
const RollbackItem = Type.Object(
  { call: Type.Literal('rollback'), ...Type.Omit(SeamlessRollbackRequest, ['vendor']).properties },
  { additionalProperties: false },
);
const BetWinItem = Type.Object(
  { call: Type.Literal('betWin'), ...Type.Omit(SeamlessBetWinRequest, ['vendor']).properties },
  { additionalProperties: false },
);
const RoundEndItem = Type.Object(
  { call: Type.Literal('roundEnd'), ...Type.Omit(SeamlessRoundEndRequest, ['vendor']).properties },
  { additionalProperties: false },
);

export const SeamlessBatchItem = Type.Union([BetItem, WinItem, RollbackItem, BetWinItem, RoundEndItem]);
export type SeamlessBatchItem = Static<typeof SeamlessBatchItem>;

export const SeamlessBatchRequest = Type.Object(
  {
    vendor: Vendor,
    items: Type.Array(SeamlessBatchItem, { minItems: 1, maxItems: SEAMLESS_BATCH_MAX }),
  },
  { additionalProperties: false },
);
export type SeamlessBatchRequest = Static<typeof SeamlessBatchRequest>;

/**
 * One item's answer, as the single call would answer it in its envelope (success, errorCode,
 * message, value: the balance, or the round for roundEnd). `wallet_busy` is temporary for that item
 * only: send the item again (alone or in a later batch) with the same transaction id.
 */
export const SeamlessBatchItemAnswer = Type.Object({
  call: Type.String(),
  transactionId: Type.Union([Type.String(), Type.Null()]),
  roundId: Type.String(),
  success: Type.Boolean(),
  errorCode: Type.String(),
  message: Type.String(),
  value: Type.Union([SeamlessBalance, SeamlessRound, Type.Null()]),
});
export type SeamlessBatchItemAnswer = Static<typeof SeamlessBatchItemAnswer>;

export const SeamlessBatchAnswer = Type.Object({
  success: Type.Boolean(),
  value: Type.Union([Type.Object({ items: Type.Array(SeamlessBatchItemAnswer) }), Type.Null()]),
  message: Type.String(),
  errorCode: Type.String(),
});
