import { ApiHeaders } from '@lotus/contracts/envelope';
import { ID_PATTERN } from '@lotus/contracts/ids';
import {
  BetPlaced,
  BetRefusal,
  BetRequest,
  ChasePage,
  ChaseQuery,
  CurrentNumero,
  DrawVerification,
  GameMenu,
  GamePlays,
  GameQuery,
  LOTTERY_RULES,
  LotteryOrder,
  OpenedNumeros,
  OpenedNumerosQuery,
  OrderDetail,
  OrderPage,
  OrderSearch,
  PlaysQuery,
  RecentGames,
  ResultsHistory,
  ResultsQuery,
  TodayQuery,
  TrendQuery,
  Trends,
  VerifyQuery,
} from '@lotus/contracts/lottery';
import { Type } from 'typebox';
import { callerOf } from '../../http/caller.ts';
import { ok, responses } from '../../http/envelope.ts';
import type { Api, RouteDeps } from '../../http/types.ts';
import { memberChases } from './chase.service.ts';
import { gamePlays } from './game.service.ts';
import {
  currentNumeroOf,
  gameMenu,
  openedNumeros,
  recentGames,
  resultsHistory,
  trends,
  verifyDraw,
} from './numero.service.ts';
import {
  cancelChase,
  cancelOrder,
  orderDetail,
  placeBet,
  searchOrders,
  todayOrders,
} from './order.service.ts';

const tags = ['lottery'];
const IdParams = Type.Object({ id: Type.String({ pattern: ID_PATTERN, maxLength: 19 }) });

/**
 * The member's side of the platform's lottery (issue 14 "Calls"): the game menu, numeros, results,
 * trends and the verification of a draw (visitors too), and the member's orders and chases (T).
 * A member only ever reads and changes its own orders; another member's ids are not found.
 */
export function lotteryRoutes(api: Api, { db, members }: RouteDeps) {
  const { guards } = members;

  api.get(
    '/lgw/vn/games/game_menu',
    {
      schema: {
        tags,
        summary: "The brand's lottery games by menu group (fast digits, dice, VN north and south, 4D)",
        headers: ApiHeaders,
        response: responses(GameMenu),
      },
    },
    async (request) => ok(await gameMenu(db, request.brand.id, request.language)),
  );

  api.get(
    '/lgw/vn/games/game_menu/recent',
    {
      onRequest: guards.requireToken,
      schema: {
        tags,
        summary: 'The lottery games the member ordered on lately, newest first (T)',
        headers: ApiHeaders,
        response: responses(RecentGames, 401),
      },
    },
    async (request) =>
      ok(await recentGames(db, request.brand.id, request.member!.member.id, request.language)),
  );

  api.get(
    '/lgw/vn/numeros/opened/game',
    {
      schema: {
        tags,
        summary: "A game's numeros still taking bets, the current one first (count 100), with seed hashes",
        headers: ApiHeaders,
        querystring: OpenedNumerosQuery,
        response: responses(OpenedNumeros),
      },
    },
    async (request) =>
      ok(
        await openedNumeros(
          db,
          request.brand.id,
          request.query.gameId,
          request.query.count ?? LOTTERY_RULES.openedNumeroCount,
        ),
      ),
  );

  api.get(
    '/lotto/lgw/games/opened/numero',
    {
      onRequest: guards.requireToken,
      schema: {
        tags,
        summary: "The betting page's header: the game, its current numero (countdown) and last result (T)",
        headers: ApiHeaders,
        querystring: GameQuery,
        response: responses(CurrentNumero, 401),
      },
    },
    async (request) =>
      ok(await currentNumeroOf(db, request.brand.id, request.query.gameId, request.language)),
  );

  api.get(
    '/lgw/lottery/plays',
    {
      schema: {
        tags,
        summary: "A game's play types in a prize mode with their odds per tier and stake limits",
        description:
          "Odds are basis points of the stake (10000 = 1x, stake included): the brand's override, else the engine's. `prizeMode` defaults to the first the game and the brand both offer; `units` are the stake per combination of each slip `mode`.",
        headers: ApiHeaders,
        querystring: PlaysQuery,
        response: responses(GamePlays),
      },
    },
    async (request) => ok(await gamePlays(db, request.brand, request.query.gameId, request.query.prizeMode)),
  );

  api.get(
    '/lgw/lottery/results',
    {
      schema: {
        tags,
        summary: "A game's latest results, newest first (seeds revealed once drawn)",
        headers: ApiHeaders,
        querystring: ResultsQuery,
        response: responses(ResultsHistory),
      },
    },
    async (request) =>
      ok(
        await resultsHistory(
          db,
          request.brand.id,
          request.query.gameId,
          request.query.count ?? LOTTERY_RULES.resultsCount,
        ),
      ),
  );

  api.get(
    '/lgw/lottery/trends',
    {
      schema: {
        tags,
        summary: 'Hot and cold numbers and missing counts over the last results (trend charts)',
        headers: ApiHeaders,
        querystring: TrendQuery,
        response: responses(Trends),
      },
    },
    async (request) =>
      ok(
        await trends(
          db,
          request.brand.id,
          request.query.gameId,
          request.query.count ?? LOTTERY_RULES.trendCount,
        ),
      ),
  );

  api.get(
    '/lgw/lottery/verify',
    {
      schema: {
        tags,
        summary: "A drawn numero's seed, hash and result, so a browser can recompute the draw",
        description:
          'Before the draw only the hash is shown. `verified` is the server recomputing SHA-256(seed) and the draw; `algorithm` describes the derivation (engine/draw.ts).',
        headers: ApiHeaders,
        querystring: VerifyQuery,
        response: responses(DrawVerification),
      },
    },
    async (request) => ok(await verifyDraw(db, request.brand.id, request.query.gameId, request.query.numero)),
  );

  api.post(
    '/lgw/orders/betting',
    {
      onRequest: guards.requireToken,
      schema: {
        tags,
        summary: 'Places a cart on the current numero, or a chase over the next numeros (T)',
        description:
          'TCG wire fields plus `requestId` (the same id again answers the first order). `bettingSlipString` is `balls~1~playId~mode~series~multiple`, slips separated by `;`; `betCartAmountSum` must equal the sum of the slips (decimal, the currency scale). Refusals carry `value: {slipIndex, reason, detail}`: `lottery_slip_invalid` (the first bad slip, nothing placed), `lottery_cart_total_mismatch`, `lottery_amount_below_minimum` / `above_maximum`, `lottery_liability_cap` (detail: the number, `playId:number`), `lottery_numero_closed` (late), `insufficient_balance`. A chase (`chase`: same, double or profit over 2..120 numeros) takes its whole stake at once into a hold; `winningStop` stops it after a winning numero and returns the rest, `abandoning` stops it when one of its numeros is cancelled. Trial accounts play on their demo balance.',
        headers: ApiHeaders,
        body: BetRequest,
        response: responses(Type.Union([BetPlaced, BetRefusal, Type.Null()]), 401),
      },
    },
    async (request) => {
      const { member } = request.member!;
      const caller = callerOf(request);
      return ok(
        await placeBet(
          db,
          request.brand,
          { id: member.id, brandId: member.brandId, isAgent: member.isAgent },
          request.body,
          { language: request.language, device: caller.device },
        ),
      );
    },
  );

  api.get(
    '/lgw/orders/today',
    {
      onRequest: guards.requireToken,
      schema: {
        tags,
        summary: "The member's orders placed today (UTC), optionally of one game, newest first (T)",
        headers: ApiHeaders,
        querystring: TodayQuery,
        response: responses(OrderPage, 401),
      },
    },
    async (request) =>
      ok(
        await todayOrders(db, request.brand, request.member!.member.id, request.query, {
          language: request.language,
        }),
      ),
  );

  api.post(
    '/lgw/orders',
    {
      onRequest: guards.requireToken,
      schema: {
        tags,
        summary: "Searches the member's orders with the TCG filters (default today, at most 92 days) (T)",
        headers: ApiHeaders,
        body: OrderSearch,
        response: responses(OrderPage, 401),
      },
    },
    async (request) =>
      ok(
        await searchOrders(db, request.brand, request.member!.member.id, request.body, {
          language: request.language,
        }),
      ),
  );

  api.get(
    '/lgw/orders/detail/:id/info',
    {
      onRequest: guards.requireToken,
      schema: {
        tags,
        summary:
          "One of the member's orders with its slips (each slip's payout once drawn), result and chase (T)",
        headers: ApiHeaders,
        params: IdParams,
        response: responses(OrderDetail, 401),
      },
    },
    async (request) =>
      ok(
        await orderDetail(db, request.brand, request.member!.member.id, request.params.id, {
          language: request.language,
        }),
      ),
  );

  api.post(
    '/lgw/orders/:id/cancel',
    {
      onRequest: guards.requireToken,
      schema: {
        tags,
        summary: 'Cancels an order before its numero closes; the stake is refunded once (T)',
        headers: ApiHeaders,
        params: IdParams,
        response: responses(LotteryOrder, 401),
      },
    },
    async (request) =>
      ok(
        await cancelOrder(db, request.brand, request.member!.member.id, request.params.id, {
          language: request.language,
        }),
      ),
  );

  api.get(
    '/lgw/orders/chase',
    {
      onRequest: guards.requireToken,
      schema: {
        tags,
        summary: "The member's chases, newest first, with their steps; optionally of one game or state (T)",
        description:
          '`chasingStatus` is the chase state of the TCG search filter (active, completed, won_stopped, abandoned, cancelled); `page` and `size` as `/lgw/orders/today`.',
        headers: ApiHeaders,
        querystring: ChaseQuery,
        response: responses(ChasePage, 401),
      },
    },
    async (request) =>
      ok(
        await memberChases(db, request.brand, request.member!.member.id, request.query, {
          language: request.language,
        }),
      ),
  );

  api.post(
    '/lgw/orders/chase/:id/cancel',
    {
      onRequest: guards.requireToken,
      schema: {
        tags,
        summary:
          "Stops one of the member's chases: numeros not yet placed are cancelled, their stake returned (T)",
        headers: ApiHeaders,
        params: IdParams,
        response: responses(Type.Boolean(), 401),
      },
    },
    async (request) => {
      await cancelChase(db, request.brand, request.member!.member.id, request.params.id);
      return ok(true);
    },
  );
}
