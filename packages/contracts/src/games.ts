import { type Static, Type } from 'typebox';
import { GameMode } from './game-launch.ts';
import { ID_PATTERN, IdString } from './ids.ts';
import { Amount, AmountInput } from './money.ts';
import { GAME_CATEGORIES, VendorCard } from './system.ts';

/**
 * Wire schemas of the game catalogue, the launch, the winners board and the member's betting record
 * and profit and loss (issue 12; spec §3, §7 and §9, wire-protocol.md), shared by the API, the member
 * site and the back office. `GameMenus` and `VendorCard` (game_menus) stay in system.ts.
 *
 * Words: a game's **category** (`gameCategory`) is the lobby it sits in, the wire's game types
 * RNG, LIVE, PVP, SPORTS, ESPORTS, FISH, LOTT, ELOTT; its **gameType** is the finer kind inside the
 * category (SLOT for slots, the live-casino classification codes BAC, ROU, SIC, ... for live tables).
 * **vassalage** is the vendor's code (HOUSE). A game is launched by vendor and game code.
 */

export const GameCategorySchema = Type.Enum(GAME_CATEGORIES);

/** A game's state: active, under maintenance (shown, launch refused with recommendations), disabled (hidden). */
export const GAME_STATUSES = ['active', 'maintenance', 'disabled'] as const;
export type GameStatus = (typeof GAME_STATUSES)[number];

/** Spec §9: the game list is asked for 24 at a time. */
export const GAME_LIST_PAGE_SIZE = 24;
export const GAME_LIST_MAX_PAGE_SIZE = 100;
/** Recently played games a member keeps (newest first). */
export const RECENT_GAMES_LIMIT = 20;
/** Games offered instead of one under maintenance. */
export const RECOMMENDED_GAMES = 6;

/** Launch `accountType`: 1 = with money (a member's real balance, a trial account's demo balance), 0 = free play. */
export const ACCOUNT_TYPE = { free: 0, real: 1 } as const;

const VendorCode = Type.String({ pattern: '^[A-Za-z0-9_-]{1,32}$', description: 'Vendor code (vassalage)' });
const GameCode = Type.String({
  pattern: '^[A-Za-z0-9_.-]{1,64}$',
  description: "The vendor's game id (the game's code)",
});
const GameTypeCode = Type.String({ pattern: '^[A-Za-z0-9_]{1,32}$' });
/** Fields of the spec's payloads that this platform reads from elsewhere (headers, the session). */
const Ignored = (description: string) => Type.Optional(Type.String({ maxLength: 64, description }));

export const Game = Type.Object({
  id: Type.String({ description: "The platform's id of the game (favourites use it)" }),
  code: GameCode,
  gameName: Type.String({ description: "Name in the request's language (EN when not translated)" }),
  gameCategory: GameCategorySchema,
  gameType: Type.String({ description: 'Kind inside the category: SLOT, BAC, ROU, ...' }),
  vassalage: Type.String({ description: "The vendor's code" }),
  accountTypeName: Type.String({
    description:
      'Which launcher opens it (TCG_SEA, LOTT, ... route to the lottery pages); else the vendor code',
  }),
  displayName: Type.String({ description: "The vendor's display name" }),
  showIcon: Type.String({ description: "The game's icon (a site path or an absolute URL)" }),
  isHot: Type.Boolean(),
  supportPlay: Type.Boolean({ description: 'Free play (launch with accountType 0) is offered' }),
  minBet: Amount,
  lines: Type.Integer({ description: 'Pay lines (ways for ways games; 0 when not a line game)' }),
  status: Type.Union([Type.Literal('active'), Type.Literal('maintenance')]),
  isFavorite: Type.Boolean({ description: "In the calling member's favourites (false for visitors)" }),
  defaultPlayType: Type.String({
    description: "The play type a lottery game's page opens on (/lottery?playType=); '' = the game's first",
  }),
  isGame: Type.Union([Type.Literal('GAME'), Type.Literal('VASSALAGE')], {
    description: "GAME: launched; VASSALAGE: stands for the vendor's game list, opened in a popup instead",
  }),
  nodeName: Type.String({ description: "The node (room, table group) it is listed under; '' = none" }),
});
export type Game = Static<typeof Game>;

/** `GET /wps/relay/GCSGAME_gameList` (T). Unknown fields of the original payload are accepted and ignored. */
export const GameListQuery = Type.Object({
  gameName: Type.Optional(
    Type.String({
      maxLength: 64,
      description: 'Part of the name in any language or of the code, case-insensitive (% and _ are literal)',
    }),
  ),
  minBet: Type.Optional(
    Type.Union([AmountInput, Type.Literal('')], {
      description: 'Only games whose minimum bet is at most this amount',
    }),
  ),
  minLineNum: Type.Optional(
    Type.Integer({ minimum: 0, maximum: 100_000, description: 'Only games with at least this many lines' }),
  ),
  pageNo: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
  pageSize: Type.Optional(
    Type.Integer({ minimum: 1, maximum: GAME_LIST_MAX_PAGE_SIZE, default: GAME_LIST_PAGE_SIZE }),
  ),
  vassalage: Type.Optional(Type.Union([VendorCode, Type.Literal('')])),
  gameCategory: Type.Optional(Type.Union([GameCategorySchema, Type.Literal('')])),
  gameType: Type.Optional(Type.Union([GameTypeCode, Type.Literal('')])),
  isHot: Type.Optional(Type.Boolean({ description: 'Only hot games' })),
  language: Ignored('Ignored: the Language header decides'),
  clientType: Ignored('Ignored'),
  platform: Ignored('Ignored'),
  channel: Ignored('Ignored'),
  merchant: Ignored('Ignored: the Merchant header decides'),
});
export type GameListQuery = Static<typeof GameListQuery>;

export const GameListPage = Type.Object({
  games: Type.Array(Game),
  pageNum: Type.Integer({ description: 'The page answered (1-based)' }),
  totalPages: Type.Integer(),
  total: Type.Integer({ description: 'Games matching the filters' }),
});
export type GameListPage = Static<typeof GameListPage>;

/** `GET /wps/relay/GCSGAME_hotGamesV2`. */
export const HotGamesQuery = Type.Object({
  vassalage: Type.Optional(Type.Union([VendorCode, Type.Literal('')])),
  gameCategory: Type.Optional(Type.Union([GameCategorySchema, Type.Literal('')])),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: 12 })),
  merchantCode: Ignored('Ignored: the Merchant header decides'),
  isPlatform: Ignored('Ignored'),
  platform: Ignored('Ignored'),
  language: Ignored('Ignored: the Language header decides'),
});
export type HotGamesQuery = Static<typeof HotGamesQuery>;

export const GameList = Type.Object({ list: Type.Array(Game) });
export type GameList = Static<typeof GameList>;

/**
 * `GET /lgw/games/popular` (spec §7 Home: count 20, prizeMode, device, language): the vendors' most
 * played games of the past 7 days with hot games after them (`list`), and the platform's popular
 * lotteries (`lotteries`: by orders in the last 24 hours, then hot, then the brand's order, at most
 * 20, each with its current numero and latest result; `PopularGames` in lottery.ts, so this module,
 * which the site's first load takes, stays free of the lottery's schemas).
 */
export const PopularGamesQuery = Type.Object({
  count: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 50, default: 20, description: 'games; lotteries: at most 20' }),
  ),
  gameCategory: Type.Optional(Type.Union([GameCategorySchema, Type.Literal('')])),
  prizeMode: Type.Optional(
    Type.String({
      pattern: '^[A-Za-z]{2,5}$',
      description: 'lotteries offering this prize mode only (LOTT, ZY, ELOTT, SEA; any case)',
    }),
  ),
  device: Ignored('Ignored'),
  language: Ignored('Ignored: the Language header decides'),
});
export type PopularGamesQuery = Static<typeof PopularGamesQuery>;

/**
 * `GET /wps/relay/GCSGAME_getVassGameType` (T): per category (the wire's game type), per vendor, the
 * finer game types of its games: `{content: {RNG: {HOUSE: ['SLOT']}}}`.
 */
export const VassGameType = Type.Object({
  content: Type.Record(Type.String(), Type.Record(Type.String(), Type.Array(Type.String()))),
});
export type VassGameType = Static<typeof VassGameType>;

export const VendorLaneCard = Type.Object({
  ...VendorCard.properties,
  gameCount: Type.Integer({ description: 'Games the vendor shows in this category' }),
});
export type VendorLaneCard = Static<typeof VendorLaneCard>;

/** `GET /wps/relay/GCSGAME_gameVendor` (T): `data.lanes`, one lane per category in the brand's order. */
export const GameVendorLanes = Type.Object({
  data: Type.Object({
    lanes: Type.Array(Type.Object({ gameCategory: GameCategorySchema, vendors: Type.Array(VendorLaneCard) })),
  }),
});
export type GameVendorLanes = Static<typeof GameVendorLanes>;

/** `POST /wps/relay/MCSFE_getFavoriteGames` (T): adds or removes one favourite. */
export const FavoriteGameBody = Type.Object(
  {
    gameId: IdString({ description: 'Game.id' }),
    action: Type.Union([Type.Literal('add'), Type.Literal('remove')]),
  },
  { additionalProperties: false },
);
export type FavoriteGameBody = Static<typeof FavoriteGameBody>;

export const FavoriteGameResult = Type.Object({ gameId: Type.String(), favorite: Type.Boolean() });
export type FavoriteGameResult = Static<typeof FavoriteGameResult>;

/** `GET /wps/relay/MCSFE_getFavoriteGamesList` (T): newest favourite first. */
export const FavoriteListQuery = Type.Object({
  pageNo: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
  pageSize: Type.Optional(
    Type.Integer({ minimum: 1, maximum: GAME_LIST_MAX_PAGE_SIZE, default: GAME_LIST_PAGE_SIZE }),
  ),
  gameCategory: Type.Optional(Type.Union([GameCategorySchema, Type.Literal('')])),
});
export type FavoriteListQuery = Static<typeof FavoriteListQuery>;

/** `GET /wps/relay/GCS_recentGame` (T): the member's last launched games, newest first. */
export const RecentGames = Type.Object({ games: Type.Array(Game) });
export type RecentGames = Static<typeof RecentGames>;

/** `GET /wps/relay/GLS2_roomList` (T): tables of live and card games. */
export const RoomListQuery = Type.Object({
  vassalage: Type.Optional(Type.Union([VendorCode, Type.Literal('')])),
  gameId: Type.Optional(Type.Union([GameCode, Type.Literal('')], { description: 'Game code' })),
});
export type RoomListQuery = Static<typeof RoomListQuery>;

export const Room = Type.Object({
  roomId: Type.String({ description: "The platform's id of the room (launch with roomId)" }),
  code: Type.String(),
  gameId: Type.String({ description: 'Game code' }),
  vassalage: Type.String(),
  name: Type.String(),
  minBet: Amount,
  maxBet: Amount,
  status: Type.Union([Type.Literal('active'), Type.Literal('maintenance')]),
});
export type Room = Static<typeof Room>;
export const RoomList = Type.Object({ rooms: Type.Array(Room) });
export type RoomList = Static<typeof RoomList>;

/**
 * `GET /wps/game/launchGame` (T): the launch payload of spec §3. A game is named by `vassalage` and
 * `gameId` (its code), or by `roomId`. `accountType` 1 plays with money (a trial account: its demo
 * balance), 0 is free play (only games with supportPlay). The other fields are accepted and ignored:
 * the member comes from the Authorization header, the brand from Merchant, the language from Language.
 */
export const LaunchGameQuery = Type.Object({
  gameId: Type.Optional(Type.Union([GameCode, Type.Literal('')], { description: 'Game code' })),
  vassalage: Type.Optional(Type.Union([VendorCode, Type.Literal('')])),
  roomId: Type.Optional(Type.Union([IdString({ description: 'Room.roomId' }), Type.Literal('')])),
  accountType: Type.Optional(
    Type.Union([Type.Literal(0), Type.Literal(1)], {
      description: '1 = with money (default), 0 = free play',
    }),
  ),
  nodeId: Ignored('Ignored'),
  confirmTrans: Ignored('Ignored'),
  launchMode: Ignored('GLS; ignored'),
  platform: Ignored('Ignored'),
  clientType: Ignored('Ignored'),
  username: Ignored('Ignored: the session decides'),
  token: Type.Optional(
    Type.String({ maxLength: 1024, description: 'Ignored: send the Authorization header' }),
  ),
  merchantCode: Ignored('Ignored: the Merchant header decides'),
  language: Ignored('Ignored: the Language header decides'),
});
export type LaunchGameQuery = Static<typeof LaunchGameQuery>;

export const LaunchGameResult = Type.Object({
  content: Type.Object({
    game_url: Type.String({
      description:
        "The vendor's game page with ?launch=<single-use launch token>&game=<code>&lang=<EN|MS|CN>&merchant=<brand>",
    }),
    game_url2: Type.String({
      description:
        "The same launch on the brand's next launch CDN, a fallback when game_url's does not load ('' without a second CDN)",
    }),
    mode: GameMode,
  }),
});
export type LaunchGameResult = Static<typeof LaunchGameResult>;

/** The `value` of a `game_maintenance` answer: games to offer instead. */
export const GameMaintenanceValue = Type.Object({ recommended: Type.Array(Game) });
export type GameMaintenanceValue = Static<typeof GameMaintenanceValue>;

/** `GET /wps/relay/GCSGAME_getRankList`: the winners board (wire-protocol.md: gameCategory, language, limitNum). */
export const RankListQuery = Type.Object({
  gameCategory: Type.Optional(Type.Union([GameCategorySchema, Type.Literal('')])),
  limitNum: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: 10 })),
  language: Ignored('Ignored: the Language header decides'),
});
export type RankListQuery = Static<typeof RankListQuery>;

export const RankEntry = Type.Object({
  rank: Type.Integer(),
  nickname: Type.String({ description: 'Masked (first and last character)' }),
  gameName: Type.String(),
  gameCode: Type.String(),
  vassalage: Type.String(),
  gameCategory: GameCategorySchema,
  winAmount: Amount,
  stake: Amount,
  time: Type.Integer({ description: 'ms since the epoch (the bet)' }),
});
export type RankEntry = Static<typeof RankEntry>;
export const RankList = Type.Object({
  list: Type.Array(RankEntry),
  currency: Type.String(),
  currencySymbol: Type.String(),
});
export type RankList = Static<typeof RankList>;
/** The winners board looks back this many days. */
export const RANK_LIST_DAYS = 7;

// ---- Betting record (personalHistoryCopy) and personal P&L (personalProfit) ----------------------

/** Date ranges of the records: at most 92 days, 7 by default; quick picks of spec §9. */
export const RECORD_LIMITS = {
  maxRangeDays: 92,
  defaultRangeDays: 7,
  maxSize: 100,
  defaultSize: 20,
} as const;
export const RECORD_QUICK_PICKS = ['today', 'past7', 'past30'] as const;
export type RecordQuickPick = (typeof RECORD_QUICK_PICKS)[number];

/**
 * The `[from, to)` range of a quick pick in a time zone (`offsetMinutes` east of UTC, the browser's
 * `-getTimezoneOffset()`): today, the past 7 days or the past 30 days, each ending at the end of today.
 */
export function quickPickRange(
  pick: RecordQuickPick,
  now: Date,
  offsetMinutes: number,
): { from: Date; to: Date } {
  const shift = offsetMinutes * 60_000;
  const local = new Date(now.getTime() + shift);
  const startOfToday = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()) - shift;
  const days = pick === 'today' ? 1 : pick === 'past7' ? 7 : 30;
  return { from: new Date(startOfToday - (days - 1) * 86_400_000), to: new Date(startOfToday + 86_400_000) };
}

const DATE_TIME = '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,3})?)?(Z|[+-]\\d{2}:\\d{2})$';
const dateTime = (description: string) =>
  Type.String({
    pattern: DATE_TIME,
    maxLength: 40,
    description: `ISO 8601 date-time with its offset, e.g. 2026-11-16T00:00:00+08:00. ${description}`,
  });

const recordFilters = {
  from: Type.Optional(dateTime('Inclusive start; default: 7 days before `to`')),
  to: Type.Optional(dateTime('Exclusive end; default: now')),
  gameCategory: Type.Optional(Type.Union([GameCategorySchema, Type.Literal('')])),
  vassalage: Type.Optional(Type.Union([VendorCode, Type.Literal('')])),
};

/** `GET /wps/relay/MCSFE_getBettingRecord` (T, not trial accounts). */
export const BettingRecordQuery = Type.Object({
  ...recordFilters,
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
  size: Type.Optional(
    Type.Integer({ minimum: 1, maximum: RECORD_LIMITS.maxSize, default: RECORD_LIMITS.defaultSize }),
  ),
});
export type BettingRecordQuery = Static<typeof BettingRecordQuery>;

/** pending: the round is still open; settled: paid or lost; cancelled: the stake went back. */
export const BET_STATUSES = ['pending', 'settled', 'cancelled'] as const;
export type BetStatus = (typeof BET_STATUSES)[number];

export const BettingRecord = Type.Object({
  id: Type.String({ description: "The platform's id of the bet" }),
  time: Type.Integer({ description: 'ms since the epoch' }),
  gameCategory: GameCategorySchema,
  vassalage: Type.String(),
  vendorName: Type.String(),
  gameCode: Type.String(),
  gameName: Type.String(),
  roundId: Type.String(),
  transactionId: Type.String({ description: "The vendor's transaction id of the bet" }),
  stake: Amount,
  payout: Amount,
  winLoss: Amount,
  status: Type.Enum(BET_STATUSES),
  verifyUrl: Type.String({
    description:
      "The vendor's fairness page of the bet's round (its verify URL with {round} and {game}); '' when none",
  }),
});
export type BettingRecord = Static<typeof BettingRecord>;

export const RecordTotals = Type.Object({
  betCount: Type.Integer(),
  stake: Amount,
  payout: Amount,
  winLoss: Amount,
});
export type RecordTotals = Static<typeof RecordTotals>;

export const BettingRecordPage = Type.Object({
  items: Type.Array(BettingRecord),
  total: Type.Integer(),
  page: Type.Integer(),
  size: Type.Integer(),
  totals: RecordTotals,
  from: Type.Integer({ description: 'The range applied (ms since the epoch), inclusive' }),
  to: Type.Integer({ description: 'The range applied (ms since the epoch), exclusive' }),
  currency: Type.String(),
  currencySymbol: Type.String(),
});
export type BettingRecordPage = Static<typeof BettingRecordPage>;

/** `GET /wps/relay/MCSFE_getPersonalProfit` (T, not trial accounts). */
export const PersonalProfitQuery = Type.Object({
  ...recordFilters,
  offsetMinutes: Type.Optional(
    Type.Integer({
      minimum: -720,
      maximum: 840,
      default: 0,
      description: "Minutes east of UTC of the member's days (the browser's -getTimezoneOffset())",
    }),
  ),
});
export type PersonalProfitQuery = Static<typeof PersonalProfitQuery>;

export const ProfitFigures = Type.Object({
  betCount: Type.Integer(),
  stake: Amount,
  payout: Amount,
  profit: Amount,
});
export type ProfitFigures = Static<typeof ProfitFigures>;

export const PersonalProfit = Type.Object({
  rows: Type.Array(
    Type.Object({
      day: Type.String({ description: 'YYYY-MM-DD' }),
      gameCategory: GameCategorySchema,
      ...ProfitFigures.properties,
    }),
  ),
  days: Type.Array(Type.Object({ day: Type.String(), ...ProfitFigures.properties })),
  categories: Type.Array(Type.Object({ gameCategory: GameCategorySchema, ...ProfitFigures.properties })),
  totals: ProfitFigures,
  from: Type.Integer(),
  to: Type.Integer(),
  currency: Type.String(),
  currencySymbol: Type.String(),
});
export type PersonalProfit = Static<typeof PersonalProfit>;

// ---- Back office ---------------------------------------------------------------------------------

const Icon = Type.String({
  maxLength: 300,
  pattern: '^(/[A-Za-z0-9/_.-]*|https://[^\\s"<>]+)$',
  description: 'A site path (/games/icons/x.svg) or an https URL',
});

export const VendorCategoryPlacement = Type.Object({
  gameCategory: GameCategorySchema,
  sortOrder: Type.Integer({ minimum: 0, maximum: 1_000_000 }),
});
export type VendorCategoryPlacement = Static<typeof VendorCategoryPlacement>;

export const CatalogueVendor = Type.Object({
  id: Type.String(),
  code: Type.String(),
  name: Type.String(),
  displayName: Type.String(),
  smallIcon: Type.String(),
  isHot: Type.Boolean(),
  sortOrder: Type.Integer(),
  lobbyEnabled: Type.Boolean({ description: 'Shown in the lobby (the seamless API works either way)' }),
  maintenance: Type.Boolean({ description: 'Every game of the vendor answers game_maintenance' }),
  active: Type.Boolean({ description: 'The seamless API accepts its calls (vendors page)' }),
  launchUrl: Type.String(),
  verifyUrl: Type.String(),
  categories: Type.Array(VendorCategoryPlacement),
  gameCount: Type.Integer(),
});
export type CatalogueVendor = Static<typeof CatalogueVendor>;

const LaunchUrl = Type.String({
  maxLength: 500,
  pattern: '^https?://[^\\s"<>]+$',
  description:
    'The game page: {game} becomes the game code, {cdn} one of the brand launch CDNs (the launch query is appended)',
});

export const CatalogueVendorPatch = Type.Object(
  {
    displayName: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    smallIcon: Type.Optional(Type.Union([Icon, Type.Literal('')])),
    isHot: Type.Optional(Type.Boolean()),
    sortOrder: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
    lobbyEnabled: Type.Optional(Type.Boolean()),
    maintenance: Type.Optional(Type.Boolean()),
    launchUrl: Type.Optional(Type.Union([LaunchUrl, Type.Literal('')])),
    verifyUrl: Type.Optional(
      Type.Union([
        Type.String({
          maxLength: 500,
          pattern: '^https?://[^\\s"<>]+$',
          description: '{round} becomes the round id, {game} the game code',
        }),
        Type.Literal(''),
      ]),
    ),
    categories: Type.Optional(Type.Array(VendorCategoryPlacement, { maxItems: GAME_CATEGORIES.length })),
  },
  { additionalProperties: false },
);
export type CatalogueVendorPatch = Static<typeof CatalogueVendorPatch>;

export const CatalogueGame = Type.Object({
  id: Type.String(),
  vendorId: Type.String(),
  vassalage: Type.String(),
  code: Type.String(),
  nameEn: Type.String(),
  nameMs: Type.String(),
  nameCn: Type.String(),
  gameCategory: GameCategorySchema,
  gameType: Type.String(),
  accountTypeName: Type.String(),
  icon: Type.String(),
  isHot: Type.Boolean(),
  supportPlay: Type.Boolean(),
  minBet: Amount,
  /** The stakes of one round the game accepts, ascending (a house slot: coin value x coins per spin); empty = any from minBet. */
  stakes: Type.Array(Amount),
  lines: Type.Integer(),
  status: Type.Enum(GAME_STATUSES),
  enabled: Type.Boolean(),
  sortOrder: Type.Integer(),
  defaultPlayType: Type.String(),
  isGame: Type.Union([Type.Literal('GAME'), Type.Literal('VASSALAGE')]),
  nodeName: Type.String(),
});
export type CatalogueGame = Static<typeof CatalogueGame>;

export const CatalogueGameQuery = Type.Object({
  vendorId: Type.Optional(Type.String({ pattern: ID_PATTERN, maxLength: 19 })),
  gameCategory: Type.Optional(GameCategorySchema),
  search: Type.Optional(Type.String({ maxLength: 64 })),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 50 })),
});
export type CatalogueGameQuery = Static<typeof CatalogueGameQuery>;

export const CatalogueGamePage = Type.Object({
  items: Type.Array(CatalogueGame),
  total: Type.Integer(),
  page: Type.Integer(),
  pageSize: Type.Integer(),
});
export type CatalogueGamePage = Static<typeof CatalogueGamePage>;

export const CatalogueGamePatch = Type.Object(
  {
    enabled: Type.Optional(Type.Boolean()),
    sortOrder: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
    isHot: Type.Optional(Type.Boolean()),
    status: Type.Optional(Type.Enum(GAME_STATUSES)),
    icon: Type.Optional(Type.Union([Icon, Type.Literal('')])),
    supportPlay: Type.Optional(Type.Boolean()),
    defaultPlayType: Type.Optional(Type.String({ pattern: '^[a-z0-9-]{0,40}$' })),
    isGame: Type.Optional(Type.Union([Type.Literal('GAME'), Type.Literal('VASSALAGE')])),
    nodeName: Type.Optional(
      Type.String({ maxLength: 64, pattern: '^[^\\p{Cc}<>]*$', description: 'Shown as text, never markup' }),
    ),
  },
  { additionalProperties: false },
);
export type CatalogueGamePatch = Static<typeof CatalogueGamePatch>;

/** Round lookup: by round id, or by member (user name) in a range. */
export const RoundLookupQuery = Type.Object({
  roundId: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })),
  username: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  from: Type.Optional(dateTime('Inclusive start (by member); default: 7 days before `to`')),
  to: Type.Optional(dateTime('Exclusive end (by member); default: now')),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: 20 })),
});
export type RoundLookupQuery = Static<typeof RoundLookupQuery>;

export const SeamlessCallRow = Type.Object({
  transactionId: Type.String(),
  kind: Type.String({ description: 'bet, win, rollback, bet_win or tombstone' }),
  betTransactionId: Type.Union([Type.String(), Type.Null()]),
  amount: Amount,
  winAmount: Amount,
  betState: Type.Union([Type.String(), Type.Null()]),
  errorCode: Type.String(),
  moved: Type.Boolean({ description: 'The call moved money (a ledger entry exists)' }),
  time: Type.Integer(),
});
export type SeamlessCallRow = Static<typeof SeamlessCallRow>;

export const RoundRow = Type.Object({
  vendorId: Type.String(),
  vassalage: Type.String(),
  roundId: Type.String(),
  gameCode: Type.String(),
  gameName: Type.String(),
  memberId: Type.Union([Type.String(), Type.Null()]),
  username: Type.String(),
  status: Type.String({ description: 'open, settled or cancelled' }),
  openedAt: Type.Integer(),
  closedAt: Type.Union([Type.Integer(), Type.Null()]),
  stake: Amount,
  payout: Amount,
  calls: Type.Array(SeamlessCallRow),
  verifyUrl: Type.String({ description: "The vendor's fairness page of this round ('' when none)" }),
});
export type RoundRow = Static<typeof RoundRow>;

export const RoundPage = Type.Object({
  items: Type.Array(RoundRow),
  total: Type.Integer(),
  page: Type.Integer(),
  pageSize: Type.Integer(),
  currency: Type.String(),
});
export type RoundPage = Static<typeof RoundPage>;

export const GGR_GROUPS = ['day', 'category', 'vendor', 'game'] as const;
export type GgrGroup = (typeof GGR_GROUPS)[number];

export const GgrQuery = Type.Object({
  from: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'First UTC day (YYYY-MM-DD)' }),
  to: Type.String({
    pattern: '^\\d{4}-\\d{2}-\\d{2}$',
    description: 'Last UTC day, inclusive (at most 92 days)',
  }),
  groupBy: Type.Optional(Type.Enum(GGR_GROUPS, { default: 'day' })),
});
export type GgrQuery = Static<typeof GgrQuery>;

export const GgrFigures = Type.Object({
  bets: Type.Integer(),
  stake: Amount,
  payout: Amount,
  ggr: Amount,
  rtp: Type.String({
    description: 'payout / stake in percent with two decimals ("95.32"), "" without stakes',
  }),
  players: Type.Integer({ description: 'Distinct members who bet' }),
});
export type GgrFigures = Static<typeof GgrFigures>;

export const GgrReport = Type.Object({
  groupBy: Type.Enum(GGR_GROUPS),
  rows: Type.Array(Type.Object({ key: Type.String(), label: Type.String(), ...GgrFigures.properties })),
  totals: GgrFigures,
  currency: Type.String(),
});
export type GgrReport = Static<typeof GgrReport>;

/** `GET /lgw/games/live_lobby`: the live tables' state, relayed from their vendors (issue 13). */
export const LiveLobbyQuery = Type.Object({
  vassalage: Type.Optional(Type.Union([VendorCode, Type.Literal('')])),
});
export type LiveLobbyQuery = Static<typeof LiveLobbyQuery>;

export const LIVE_PHASES = ['betting', 'closed', 'result', 'settled', 'cancelled', 'unknown'] as const;
export type LivePhase = (typeof LIVE_PHASES)[number];

export const LiveTableState = Type.Object({
  vassalage: Type.String(),
  gameId: Type.String({ description: 'Game code (the table)' }),
  gameType: Type.String({ description: 'BAC, DAT, ROU, SIC' }),
  phase: Type.Enum(LIVE_PHASES, {
    description: "The current round's phase; unknown when the vendor did not answer",
  }),
  msLeft: Type.Integer({
    minimum: 0,
    description: 'Milliseconds left to bet, when the phase is betting (else 0)',
  }),
  roundNumber: Type.Integer({ minimum: 0 }),
  recent: Type.Array(Type.String(), {
    maxItems: 20,
    description:
      'Last results, oldest first (the bead road): BAC player/banker/tie, DAT dragon/tiger/tie, ROU the pocket, SIC the three dice joined by -',
  }),
});
export type LiveTableState = Static<typeof LiveTableState>;
export const LiveLobby = Type.Object({ tables: Type.Array(LiveTableState) });
export type LiveLobby = Static<typeof LiveLobby>;
