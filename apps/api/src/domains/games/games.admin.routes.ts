import { IdParams } from '@lotus/contracts/backoffice';
import { ApiHeaders } from '@lotus/contracts/envelope';
import {
  CatalogueGame,
  CatalogueGamePage,
  CatalogueGamePatch,
  CatalogueGameQuery,
  CatalogueVendor,
  CatalogueVendorPatch,
  GgrQuery,
  GgrReport,
  RoundLookupQuery,
  RoundPage,
} from '@lotus/contracts/games';
import { Type } from 'typebox';
import { ok, responses } from '../../http/envelope.ts';
import type { Api, RouteDeps } from '../../http/types.ts';
import { operatorOf } from '../operators/operator.guard.ts';
import {
  catalogueGames,
  catalogueVendors,
  changeCatalogueGame,
  changeCatalogueVendor,
  ggrReport,
  lookupRounds,
} from './games.admin.service.ts';

const tags = ['back office'];

/**
 * The back office's games (admin and marketing change the catalogue; every change is audited),
 * the round lookup (customer service, finance, admins) and the GGR report (finance, marketing,
 * readonly, admins).
 */
export function gamesAdminRoutes(api: Api, { db, operators }: RouteDeps) {
  const readCatalogue = operators.guard();
  const editCatalogue = operators.guard('marketing');
  const rounds = operators.guard('cs', 'finance', 'readonly');
  const reports = operators.guard('finance', 'marketing', 'readonly');
  const actor = (request: Parameters<typeof operatorOf>[0]) => ({
    brand: request.brand,
    operator: operatorOf(request),
    ip: request.ip,
  });

  api.get(
    '/bo/v1/games/vendors',
    {
      onRequest: readCatalogue,
      schema: {
        tags,
        summary: "The brand's vendors as the lobby shows them (categories, order, hot, maintenance)",
        headers: ApiHeaders,
        response: responses(Type.Array(CatalogueVendor), 401, 403),
      },
    },
    async (request) => ok(await catalogueVendors(db, request.brand)),
  );

  api.put(
    '/bo/v1/games/vendors/:id',
    {
      onRequest: editCatalogue,
      schema: {
        tags,
        summary:
          "Changes a vendor's lobby settings (display name, icon, hot, order, lobby, maintenance, URLs, categories)",
        description:
          'Only the fields sent change; `categories` replaces the placements. Maintenance on: every game of the vendor answers game_maintenance at launch (the seamless API keeps settling). Audited (games.vendor.update); the lobby sees it at once.',
        headers: ApiHeaders,
        params: IdParams,
        body: CatalogueVendorPatch,
        response: responses(CatalogueVendor, 401, 403),
      },
    },
    async (request) => ok(await changeCatalogueVendor(db, actor(request), request.params.id, request.body)),
  );

  api.get(
    '/bo/v1/games',
    {
      onRequest: readCatalogue,
      schema: {
        tags,
        summary: "The brand's games, by vendor, category or name",
        headers: ApiHeaders,
        querystring: CatalogueGameQuery,
        response: responses(CatalogueGamePage, 401, 403),
      },
    },
    async (request) => ok(await catalogueGames(db, request.brand, request.query)),
  );

  api.put(
    '/bo/v1/games/:id',
    {
      onRequest: editCatalogue,
      schema: {
        tags,
        summary: 'Enables, orders, flags hot, changes the icon of, or puts under maintenance a game',
        description: 'Only the fields sent change. Audited (games.game.update); the lobby sees it at once.',
        headers: ApiHeaders,
        params: IdParams,
        body: CatalogueGamePatch,
        response: responses(CatalogueGame, 401, 403),
      },
    },
    async (request) => ok(await changeCatalogueGame(db, actor(request), request.params.id, request.body)),
  );

  api.get(
    '/bo/v1/games/rounds',
    {
      onRequest: rounds,
      schema: {
        tags,
        summary: 'Round lookup by round id or by member, with every seamless call of each round',
        description:
          "`roundId`: every vendor's round of that id. `username`: the rounds of the member's bets in `[from, to)` (past 7 days by default, at most 92), newest first. Each round: status, stake and payout that moved, the calls (bet, win, rollback, betWin, with whether each moved money) and `verifyUrl`, the vendor's fairness page of the round.",
        headers: ApiHeaders,
        querystring: RoundLookupQuery,
        response: responses(RoundPage, 401, 403),
      },
    },
    async (request) => ok(await lookupRounds(db, request.brand, request.query)),
  );

  api.get(
    '/bo/v1/games/ggr',
    {
      onRequest: reports,
      schema: {
        tags,
        summary: 'GGR report: stakes, payouts, GGR, RTP and players by day, category, vendor or game',
        description:
          "From the brand's own seamless records, real members only (trial accounts' demo money left out), counted on the UTC day each call moved money: stake = bets less refunds, payout = wins, GGR = stake - payout, RTP = payout / stake (two decimals, '' without stakes). `from`..`to` are UTC days, inclusive, at most 92.",
        headers: ApiHeaders,
        querystring: GgrQuery,
        response: responses(GgrReport, 401, 403),
      },
    },
    async (request) => ok(await ggrReport(db, request.brand, request.query)),
  );
}
