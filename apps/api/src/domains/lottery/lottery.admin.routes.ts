import { ApiHeaders } from '@lotus/contracts/envelope';
import { ID_PATTERN } from '@lotus/contracts/ids';
import {
  AdminGame,
  AdminGameInput,
  AdminGames,
  AdminGameUpdate,
  AdminNumero,
  AdminNumeroPage,
  AdminOrderPage,
  BoPageQuery,
  CancelledNumero,
  CancelNumeroBody,
  ExposurePage,
  GameLimits,
  LimitsUpdate,
  NumeroQuery,
  OddsQuery,
  OddsTable,
  OddsUpdate,
  PnlQuery,
  PnlReport,
  ResultEntry,
  ResultEntryBody,
} from '@lotus/contracts/lottery';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { ok, responses } from '../../http/envelope.ts';
import type { Api, RouteDeps } from '../../http/types.ts';
import { operatorOf } from '../operators/operator.guard.ts';
import {
  adminGames,
  adminNumero,
  approveResult,
  cancelNumeroByOperator,
  changeGame,
  changeLimits,
  changeOdds,
  createGame,
  enterResult,
  gameLimits,
  numeroExposure,
  numeroOrders,
  numeroPage,
  type Operator,
  oddsTable,
  pnlReport,
  rejectResult,
} from './lottery.admin.service.ts';

const tags = ['back office: lottery'];
const IdParams = Type.Object({ id: Type.String({ pattern: ID_PATTERN, maxLength: 19 }) });

function operator(request: FastifyRequest): Operator {
  return { id: operatorOf(request).id, brandId: request.brand.id, ip: request.ip };
}

/**
 * The lottery's back office: every operator reads; games, odds and limits are the admin's; entering
 * and approving official results and cancelling numeros need finance (or admin), and a result is
 * approved by another operator than the one who entered it. Every change is audited.
 */
export function lotteryAdminRoutes(api: Api, { db, operators }: RouteDeps) {
  const read = operators.guard();
  const admin = operators.guard('admin');
  const finance = operators.guard('finance');

  api.get(
    '/bo/v1/lottery/games',
    {
      onRequest: read,
      schema: {
        tags,
        summary: "The brand's lottery games",
        headers: ApiHeaders,
        response: responses(AdminGames, 401, 403),
      },
    },
    async (request) => ok(await adminGames(db, request.brand.id)),
  );

  api.post(
    '/bo/v1/lottery/games',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Adds a lottery game with its schedule (admin; audited)',
        description:
          'An interval must divide a day (30 s at least) and the close offset be shorter than it (or than the gap between daily draws); official results are for the VN families only.',
        headers: ApiHeaders,
        body: AdminGameInput,
        response: responses(AdminGame, 401, 403),
      },
    },
    async (request) => ok(await createGame(db, operator(request), request.body)),
  );

  api.put(
    '/bo/v1/lottery/games/:id',
    {
      onRequest: admin,
      schema: {
        tags,
        summary:
          "Changes a game's names, schedule, close offset, status, prize modes, order (admin; audited)",
        description:
          'A new schedule applies to the numeros created from now on; those created already keep their times.',
        headers: ApiHeaders,
        params: IdParams,
        body: AdminGameUpdate,
        response: responses(AdminGame, 401, 403),
      },
    },
    async (request) => ok(await changeGame(db, operator(request), request.params.id, request.body)),
  );

  api.get(
    '/bo/v1/lottery/odds',
    {
      onRequest: read,
      schema: {
        tags,
        summary: 'Odds per prize mode and play type (basis points of the stake), with the defaults',
        headers: ApiHeaders,
        querystring: OddsQuery,
        response: responses(OddsTable, 401, 403),
      },
    },
    async (request) => ok(await oddsTable(db, request.brand.id, request.query)),
  );

  api.put(
    '/bo/v1/lottery/odds',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: "Overrides odds (null: back to the engine's default) (admin; audited)",
        description: 'Orders keep the odds they were placed at; a change applies to orders placed after it.',
        headers: ApiHeaders,
        body: OddsUpdate,
        response: responses(OddsTable, 401, 403),
      },
    },
    async (request) => ok(await changeOdds(db, operator(request), request.body)),
  );

  api.get(
    '/bo/v1/lottery/games/:id/limits',
    {
      onRequest: read,
      schema: {
        tags,
        summary: "A game's stake limits and liability caps (playId 0: the game's default)",
        headers: ApiHeaders,
        params: IdParams,
        response: responses(GameLimits, 401, 403),
      },
    },
    async (request) => ok(await gameLimits(db, request.brand, request.params.id)),
  );

  api.put(
    '/bo/v1/lottery/games/:id/limits',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: "Sets a game's limits per play type (null removes a row) (admin; audited)",
        headers: ApiHeaders,
        params: IdParams,
        body: LimitsUpdate,
        response: responses(GameLimits, 401, 403),
      },
    },
    async (request) =>
      ok(await changeLimits(db, operator(request), request.brand, request.params.id, request.body)),
  );

  api.get(
    '/bo/v1/lottery/numeros',
    {
      onRequest: read,
      schema: {
        tags,
        summary: 'Numeros, newest draw first, with orders, stake, payout and a pending result',
        headers: ApiHeaders,
        querystring: NumeroQuery,
        response: responses(AdminNumeroPage, 401, 403),
      },
    },
    async (request) => ok(await numeroPage(db, request.brand, request.query)),
  );

  api.get(
    '/bo/v1/lottery/numeros/:id',
    {
      onRequest: read,
      schema: {
        tags,
        summary: 'One numero',
        headers: ApiHeaders,
        params: IdParams,
        response: responses(AdminNumero, 401, 403),
      },
    },
    async (request) => ok(await adminNumero(db, request.brand, request.params.id)),
  );

  api.get(
    '/bo/v1/lottery/numeros/:id/orders',
    {
      onRequest: read,
      schema: {
        tags,
        summary: "A numero's orders, newest first",
        headers: ApiHeaders,
        params: IdParams,
        querystring: BoPageQuery,
        response: responses(AdminOrderPage, 401, 403),
      },
    },
    async (request) => ok(await numeroOrders(db, request.brand, request.params.id, request.query)),
  );

  api.get(
    '/bo/v1/lottery/numeros/:id/exposure',
    {
      onRequest: read,
      schema: {
        tags,
        summary: "The house's liability per number of a numero, largest first, with each cap",
        headers: ApiHeaders,
        params: IdParams,
        querystring: BoPageQuery,
        response: responses(ExposurePage, 401, 403),
      },
    },
    async (request) => ok(await numeroExposure(db, request.brand, request.params.id, request.query)),
  );

  api.post(
    '/bo/v1/lottery/numeros/:id/result',
    {
      onRequest: finance,
      schema: {
        tags,
        summary:
          'Enters the official result of a closed numero; another operator approves it (finance; audited)',
        description:
          "The prizes in the table's order (VN north 27, south 18, special first). A new entry replaces a pending one.",
        headers: ApiHeaders,
        params: IdParams,
        body: ResultEntryBody,
        response: responses(ResultEntry, 401, 403),
      },
    },
    async (request) => ok(await enterResult(db, operator(request), request.params.id, request.body.prizes)),
  );

  api.post(
    '/bo/v1/lottery/results/:id/approve',
    {
      onRequest: finance,
      schema: {
        tags,
        summary:
          'Approves a pending result (not by the operator who entered it): the numero is drawn (finance; audited)',
        headers: ApiHeaders,
        params: IdParams,
        response: responses(ResultEntry, 401, 403),
      },
    },
    async (request) => ok(await approveResult(db, operator(request), request.params.id)),
  );

  api.post(
    '/bo/v1/lottery/results/:id/reject',
    {
      onRequest: finance,
      schema: {
        tags,
        summary: 'Rejects a pending result (not by the operator who entered it) (finance; audited)',
        headers: ApiHeaders,
        params: IdParams,
        response: responses(ResultEntry, 401, 403),
      },
    },
    async (request) => ok(await rejectResult(db, operator(request), request.params.id)),
  );

  api.post(
    '/bo/v1/lottery/numeros/:id/cancel',
    {
      onRequest: finance,
      schema: {
        tags,
        summary: 'Cancels an open or closed numero: every order refunded once (finance; audited)',
        headers: ApiHeaders,
        params: IdParams,
        body: CancelNumeroBody,
        response: responses(CancelledNumero, 401, 403),
      },
    },
    async (request) =>
      ok(
        await cancelNumeroByOperator(
          db,
          operator(request),
          request.brand,
          request.params.id,
          request.body.reason,
        ),
      ),
  );

  api.get(
    '/bo/v1/lottery/pnl',
    {
      onRequest: finance,
      schema: {
        tags,
        summary: "The lottery's P&L per game and draw day, real money only (finance)",
        headers: ApiHeaders,
        querystring: PnlQuery,
        response: responses(PnlReport, 401, 403),
      },
    },
    async (request) => ok(await pnlReport(db, request.brand, request.query)),
  );
}
