import { ApiHeaders } from '@lotus/contracts/envelope';
import {
  BettingRecordPage,
  BettingRecordQuery,
  FavoriteGameBody,
  FavoriteGameResult,
  FavoriteListQuery,
  GameList,
  GameListPage,
  GameListQuery,
  GameMaintenanceValue,
  GameVendorLanes,
  HotGamesQuery,
  LaunchGameQuery,
  LaunchGameResult,
  LiveLobby,
  LiveLobbyQuery,
  PersonalProfit,
  PersonalProfitQuery,
  PopularGamesQuery,
  RankList,
  RankListQuery,
  RecentGames,
  RoomList,
  RoomListQuery,
  VassGameType,
} from '@lotus/contracts/games';
import { PopularGames } from '@lotus/contracts/lottery';
import { GameMenus } from '@lotus/contracts/system';
import { Type } from 'typebox';
import { ok, responses } from '../../http/envelope.ts';
import type { Api, RateLimitRule, RouteDeps } from '../../http/types.ts';
import {
  changeFavorite,
  favoriteList,
  gameList,
  gameMenus,
  hotGames,
  recentGames,
  roomList,
  vassGameType,
  vendorLanes,
} from './games.service.ts';
import { launchGame } from './launch.service.ts';
import { liveLobby } from './live-lobby.service.ts';
import { bettingRecord, personalProfit, popularGames, rankList } from './records.service.ts';

const tags = ['games'];

/** Launches per brand and address: each one stores a launch token. */
export const LAUNCH_LIMIT: RateLimitRule = { max: 60, timeWindow: 60_000 };

const LOBBY =
  "Lobby calls read the brand catalogue (refreshed within 2 s of a change). A token is optional: with one, `isFavorite` marks the member's favourites; visitors browse too. Games are in the brand's order (category, the vendor's order in it, the game's order).";

/**
 * The member site's game calls (spec §7): the lobby (menus, lists, vendor lanes, hot and popular
 * games, winners board), favourites and recent games, rooms, the launch, and the betting record
 * and personal profit and loss. Reads are GET, the one change (favourites) is POST.
 */
export function gamesRoutes(api: Api, { db, members, rateLimits }: RouteDeps) {
  const { guards } = members;
  const memberIdOf = (request: { member: { member: { id: string } } | null }) =>
    request.member?.member.id ?? null;

  api.get(
    '/lgw/games/game_menus',
    {
      schema: {
        tags,
        summary: "Game categories in the brand's order with the vendors showing games in each",
        description:
          'Every category of the brand, in its order; a category lists the vendors placed in it (in their order there) that show at least one game there (active or under maintenance). LOTT and ELOTT list the platform lottery too: one entry per accountTypeName of its active games (vassalage TCG_SEA first when it exists, TCG_LOTTO_VN, LOTT, ELOTT), the name in the request language; LOTT carries the ELOTT games while the brand has no ELOTT category. An empty list: nothing to play there yet.',
        headers: ApiHeaders,
        response: responses(GameMenus),
      },
    },
    async (request) => ok(await gameMenus(db, request.brand, request.language)),
  );

  api.get(
    '/wps/relay/GCSGAME_gameList',
    {
      onRequest: guards.optionalMember,
      schema: {
        tags,
        summary: 'A page of games (24 by default) with name search and filters',
        description: `${LOBBY} Filters: vassalage (vendor), gameCategory, gameType, gameName (part of the code or of the name in any language, case-insensitive; % and _ are plain characters), minBet (games whose minimum bet is at most this amount), minLineNum (at least this many lines), isHot. Pages past the last answer no games.`,
        headers: ApiHeaders,
        querystring: GameListQuery,
        response: responses(GameListPage, 401),
      },
    },
    async (request) =>
      ok(await gameList(db, request.brand, request.language, memberIdOf(request), request.query)),
  );

  api.get(
    '/wps/relay/GCSGAME_hotGamesV2',
    {
      onRequest: guards.optionalMember,
      schema: {
        tags,
        summary: 'Hot games (the hot flag), optionally of one vendor or category',
        description: LOBBY,
        headers: ApiHeaders,
        querystring: HotGamesQuery,
        response: responses(GameList, 401),
      },
    },
    async (request) =>
      ok(await hotGames(db, request.brand, request.language, memberIdOf(request), request.query)),
  );

  api.get(
    '/wps/relay/GCSGAME_getVassGameType',
    {
      onRequest: guards.optionalMember,
      schema: {
        tags,
        summary: 'Per category, per vendor, the game types of its games',
        description:
          '`{content: {<gameCategory>: {<vendorCode>: [<gameType>, ...]}}}`, e.g. `{RNG: {HOUSE: ["SLOT"]}}`.',
        headers: ApiHeaders,
        response: responses(VassGameType, 401),
      },
    },
    async (request) => ok(await vassGameType(db, request.brand)),
  );

  api.get(
    '/wps/relay/GCSGAME_gameVendor',
    {
      onRequest: guards.optionalMember,
      schema: {
        tags,
        summary: 'Vendor lanes: per category with vendors, its vendors with their game counts (data.lanes)',
        headers: ApiHeaders,
        response: responses(GameVendorLanes, 401),
      },
    },
    async (request) => ok(await vendorLanes(db, request.brand)),
  );

  api.post(
    '/wps/relay/MCSFE_getFavoriteGames',
    {
      onRequest: guards.requireToken,
      schema: {
        tags,
        summary: "Adds a game to the member's favourites or removes it",
        description:
          'Idempotent: adding a favourite twice keeps one, removing one that is not there changes nothing. A game of another brand is game_not_found.',
        headers: ApiHeaders,
        body: FavoriteGameBody,
        response: responses(FavoriteGameResult, 401),
      },
    },
    async (request) => ok(await changeFavorite(db, request.brand, request.member!.member.id, request.body)),
  );

  api.get(
    '/wps/relay/MCSFE_getFavoriteGamesList',
    {
      onRequest: guards.requireToken,
      schema: {
        tags,
        summary: "The member's favourite games the lobby shows, newest first",
        headers: ApiHeaders,
        querystring: FavoriteListQuery,
        response: responses(GameListPage, 401),
      },
    },
    async (request) =>
      ok(await favoriteList(db, request.brand, request.language, request.member!.member.id, request.query)),
  );

  api.get(
    '/wps/relay/GCS_recentGame',
    {
      onRequest: guards.requireToken,
      schema: {
        tags,
        summary: "The member's recently launched games (up to 20), newest first",
        headers: ApiHeaders,
        response: responses(RecentGames, 401),
      },
    },
    async (request) => ok(await recentGames(db, request.brand, request.language, request.member!.member.id)),
  );

  api.get(
    '/wps/relay/GLS2_roomList',
    {
      onRequest: guards.requireToken,
      schema: {
        tags,
        summary: 'Rooms (tables) of live and card games, optionally of one vendor or game',
        headers: ApiHeaders,
        querystring: RoomListQuery,
        response: responses(RoomList, 401),
      },
    },
    async (request) => ok(await roomList(db, request.brand, request.language, request.query)),
  );

  api.get(
    '/lgw/games/live_lobby',
    {
      schema: {
        tags,
        summary: "The live tables' current phase, countdown and last results (for the live page)",
        description:
          "Every LIVE game of the brand (optionally of one vendor) with its vendor's table state, relayed from the vendor's public lobby (fetched with a 1.5 s time limit, kept 1.5 s per vendor). A vendor that does not answer leaves its tables in phase `unknown` with no results; this call does not fail because of a vendor. Visitors too.",
        headers: ApiHeaders,
        querystring: LiveLobbyQuery,
        response: responses(LiveLobby),
      },
    },
    async (request) => ok(await liveLobby(db, request.brand, request.query)),
  );

  api.get(
    '/wps/game/launchGame',
    {
      onRequest: guards.requireToken,
      config: { rateLimit: rateLimits.gameLaunch ?? LAUNCH_LIMIT },
      schema: {
        tags,
        summary: "Launches a game: the vendor's game page with a single-use launch token",
        description:
          'The launch payload of spec §3: `vassalage` and `gameId` (the game code), or `roomId`; `accountType` 1 (default) plays with money, 0 is free play (games with supportPlay only, else game_free_play_unavailable). Answers `{content: {game_url, mode}}`: mode real (a member), demo (a trial account, isAgent 4, on its demo balance) or free. The URL carries a launch token valid for 120 s and usable once, which the vendor exchanges at POST /seamless/v1/session (packages/contracts/src/game-launch.ts). Visitors get 401 (the site opens the login popup). A game under maintenance (or of a vendor under maintenance) answers game_maintenance with `value: {recommended: Game[]}`; a game the brand does not show answers game_not_found. Other payload fields (nodeId, launchMode, username, token, ...) are accepted and ignored.',
        headers: ApiHeaders,
        querystring: LaunchGameQuery,
        // A refusal with status 200 may carry a value: game_maintenance's recommended games.
        response: responses(Type.Union([LaunchGameResult, GameMaintenanceValue, Type.Null()]), 401),
      },
    },
    async (request) => {
      const { member } = request.member!;
      return ok(
        await launchGame(
          db,
          request.brand,
          { id: member.id, brandId: member.brandId, isAgent: member.isAgent },
          request.language,
          request.query,
        ),
      );
    },
  );

  api.get(
    '/wps/relay/GCSGAME_getRankList',
    {
      schema: {
        tags,
        summary: 'Winners board: the biggest wins of the past 7 days, names masked',
        description:
          "Read from the platform's own seamless records (every vendor), real members only (no trial accounts' demo money); one row per bet with its wins summed. Refreshed every 30 s.",
        headers: ApiHeaders,
        querystring: RankListQuery,
        response: responses(RankList),
      },
    },
    async (request) => ok(await rankList(db, request.brand, request.language, request.query)),
  );

  api.get(
    '/lgw/games/popular',
    {
      schema: {
        tags,
        summary:
          'Popular games (the most played of the past 7 days, then hot, then the rest) and popular lotteries',
        description:
          "`list`: the vendors' games, `count` of them. `lotteries`: the platform's lottery games (at most 20) by orders in the last 24 hours, then hot, then the brand's order, each with its current numero (seed hash) and latest result; only those offering `prizeMode` when given; none when `gameCategory` is another product than LOTT or ELOTT.",
        headers: ApiHeaders,
        querystring: PopularGamesQuery,
        response: responses(PopularGames),
      },
    },
    async (request) => ok(await popularGames(db, request.brand, request.language, request.query)),
  );

  api.get(
    '/wps/relay/MCSFE_getBettingRecord',
    {
      onRequest: guards.requireMember,
      schema: {
        tags,
        summary: "The betting record (personalHistoryCopy): the member's bets across vendors",
        description:
          "Read from the platform's own seamless records, so every vendor's bets appear. Each bet: time, category, vendor, game, round id, stake, payout (the wins paid on it), winLoss (payout - stake; 0 when cancelled) and status (pending: round open; settled; cancelled: the stake went back). Range `[from, to)` defaults to the past 7 days, at most 92 (history_range_invalid); filters gameCategory and vassalage; totals over the whole range; amounts are decimal strings of minor units.",
        headers: ApiHeaders,
        querystring: BettingRecordQuery,
        response: responses(BettingRecordPage, 401, 403),
      },
    },
    async (request) =>
      ok(await bettingRecord(db, request.brand, request.language, request.member!.member.id, request.query)),
  );

  api.get(
    '/wps/relay/MCSFE_getPersonalProfit',
    {
      onRequest: guards.requireMember,
      schema: {
        tags,
        summary: 'Personal profit and loss (personalProfit) per day and per category',
        description:
          "What the member's bets, wins and refunds moved in the range, grouped by the member's day (`offsetMinutes` east of UTC) and category: betCount, stake (bets less refunds), payout (wins), profit = payout - stake. The same money as the ledger's seamless entries on the member's wallets.",
        headers: ApiHeaders,
        querystring: PersonalProfitQuery,
        response: responses(PersonalProfit, 401, 403),
      },
    },
    async (request) => ok(await personalProfit(db, request.brand, request.member!.member.id, request.query)),
  );
}
