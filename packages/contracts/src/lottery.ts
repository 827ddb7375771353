import { type Static, Type } from 'typebox';
import { Game } from './games.ts';
import { IdString } from './ids.ts';
import { Amount, AmountInput } from './money.ts';
import { pageQueryFields, SizedPage } from './paging.ts';

/**
 * Wire schemas of the platform's own lottery (issue 14): the game menu, numeros (draw periods) and
 * their results, the TCG betting call `POST /lgw/orders/betting` and the order history, chases, the
 * verification of a provably fair draw, and the back office's games, odds, limits, numeros, result
 * entry and P&L. Money is a decimal string with the currency's exact scale; times are ms since the
 * epoch; odds are integer basis points of the stake (10000 = 1x, stake included) as strings.
 */

export const LOTTERY_PRIZE_MODES = ['LOTT', 'ZY', 'ELOTT', 'SEA'] as const;
export type LotteryPrizeMode = (typeof LOTTERY_PRIZE_MODES)[number];
export const LOTTERY_FAMILIES = ['digits', 'dice', 'vn-north', 'vn-south', 'sea4d'] as const;
export type LotteryFamily = (typeof LOTTERY_FAMILIES)[number];
/** The bottom-nav category of a game (and of its betting-record rows). */
export const LOTTERY_CATEGORIES = ['LOTT', 'ELOTT'] as const;
export type LotteryCategory = (typeof LOTTERY_CATEGORIES)[number];
/** Spec §4: TCG_SEA starts /seaLottery, TCG_LOTTO_VN /vnlottery, LOTT and ELOTT /lottery. */
export const LOTTERY_ACCOUNT_TYPES = ['LOTT', 'ELOTT', 'TCG_LOTTO_VN', 'TCG_SEA'] as const;
export type LotteryAccountType = (typeof LOTTERY_ACCOUNT_TYPES)[number];
export const LOTTERY_DRAW_SOURCES = ['platform', 'official'] as const;
export const LOTTERY_GAME_STATUSES = ['active', 'suspended'] as const;
export const NUMERO_STATUSES = ['open', 'closed', 'drawn', 'settled', 'cancelled'] as const;
export type NumeroStatus = (typeof NUMERO_STATUSES)[number];
export const ORDER_STATUSES = ['placed', 'won', 'lost', 'cancelled', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const CHASE_PLANS = ['same', 'double', 'profit'] as const;
export type ChasePlanKind = (typeof CHASE_PLANS)[number];
export const CHASE_STATUSES = ['active', 'completed', 'won_stopped', 'abandoned', 'cancelled'] as const;
export type ChaseStatus = (typeof CHASE_STATUSES)[number];
export const CHASE_STEP_STATUSES = ['pending', 'placed', 'skipped', 'cancelled'] as const;

/** Business constants (spec §9: popular lottery 20, VN numero 100). */
export const LOTTERY_RULES = {
  popularCount: 20,
  openedNumeroCount: 100,
  maxSlipsPerCart: 50,
  maxSlipStringLength: 60_000,
  maxChaseNumeros: 120,
  maxChaseMultiple: 10_000,
  resultsCount: 30,
  trendCount: 100,
  maxTrendCount: 500,
  maxHistoryDays: 92,
} as const;

const NumeroLabel = Type.String({ pattern: '^[0-9A-Za-z-]{1,32}$', description: 'e.g. 20261124-0612' });
const Ms = Type.Integer({ description: 'ms since the epoch' });
const OddsText = Type.String({ pattern: '^[1-9][0-9]{0,15}$', description: 'basis points, 10000 = 1x' });

/** A draw result: `balls` for five-digit and dice games, `prizes` (in table order) for VN and 4D. */
export const LotteryResult = Type.Object({
  kind: Type.Union([Type.Literal('digits'), Type.Literal('dice'), Type.Literal('vn'), Type.Literal('sea4d')]),
  balls: Type.Array(Type.String()),
  prizes: Type.Array(Type.Object({ tier: Type.String(), number: Type.String() })),
});
export type LotteryResult = Static<typeof LotteryResult>;

export const LotterySchedule = Type.Union([
  Type.Object({
    kind: Type.Literal('interval'),
    seconds: Type.Integer({ minimum: 30, maximum: 86_400, description: 'a draw every so many seconds' }),
  }),
  Type.Object({
    kind: Type.Literal('daily'),
    times: Type.Array(Type.String({ pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$' }), {
      minItems: 1,
      maxItems: 24,
      description: 'draw times, HH:MM in the game time zone',
    }),
    weekdays: Type.Array(Type.Integer({ minimum: 0, maximum: 6 }), {
      minItems: 1,
      maxItems: 7,
      description: '0 = Sunday',
    }),
  }),
]);
export type LotterySchedule = Static<typeof LotterySchedule>;

/** A game as members see it. */
export const LotteryGame = Type.Object({
  gameId: Type.String(),
  code: Type.String(),
  name: Type.String({ description: "In the request's language (EN when empty)" }),
  family: Type.Enum(LOTTERY_FAMILIES),
  category: Type.Enum(LOTTERY_CATEGORIES),
  accountTypeName: Type.Enum(LOTTERY_ACCOUNT_TYPES),
  drawSource: Type.Enum(LOTTERY_DRAW_SOURCES),
  intervalSeconds: Type.Union([Type.Integer(), Type.Null()], { description: 'null for scheduled games' }),
  prizeModes: Type.Array(Type.String()),
  isHot: Type.Boolean(),
});
export type LotteryGame = Static<typeof LotteryGame>;

export const GameMenu = Type.Object({
  groups: Type.Array(
    Type.Object({
      group: Type.String({ description: 'fast, dice, vn-north, vn-south, sea4d' }),
      games: Type.Array(LotteryGame),
    }),
  ),
});
export type GameMenu = Static<typeof GameMenu>;

export const RecentGames = Type.Object({ games: Type.Array(LotteryGame) });
export type RecentGames = Static<typeof RecentGames>;

/** A numero open (or coming) for bets: the seed's hash is published from the start. */
export const OpenNumero = Type.Object({
  gameId: Type.String(),
  numero: Type.String(),
  status: Type.Enum(NUMERO_STATUSES),
  openAt: Ms,
  closeAt: Ms,
  drawAt: Ms,
  seedHash: Type.Union([Type.String(), Type.Null()], { description: 'null for official-result games' }),
});
export type OpenNumero = Static<typeof OpenNumero>;

/** A numero with its result; the seed is revealed once drawn. */
export const DrawnNumero = Type.Object({
  gameId: Type.String(),
  numero: Type.String(),
  status: Type.Enum(NUMERO_STATUSES),
  drawAt: Ms,
  result: Type.Union([LotteryResult, Type.Null()]),
  seedHash: Type.Union([Type.String(), Type.Null()]),
  seed: Type.Union([Type.String(), Type.Null()]),
});
export type DrawnNumero = Static<typeof DrawnNumero>;

export const OpenedNumerosQuery = Type.Object({
  gameId: IdString(),
  count: Type.Optional(Type.Integer({ minimum: 1, maximum: LOTTERY_RULES.openedNumeroCount, default: 100 })),
});
export const OpenedNumeros = Type.Object({
  serverTime: Ms,
  numeros: Type.Array(OpenNumero),
});
export type OpenedNumeros = Static<typeof OpenedNumeros>;

export const GameQuery = Type.Object({ gameId: IdString() });

/** `/lotto/lgw/games/opened/numero`: the betting page's header (current numero, countdown, last result). */
export const CurrentNumero = Type.Object({
  serverTime: Ms,
  game: LotteryGame,
  current: Type.Union([OpenNumero, Type.Null()]),
  previous: Type.Union([DrawnNumero, Type.Null()]),
});
export type CurrentNumero = Static<typeof CurrentNumero>;

/** A popular lottery: the game with its orders of the last 24 hours, current numero and latest result. */
export const PopularLottery = Type.Object({
  ...LotteryGame.properties,
  orders24h: Type.Integer(),
  current: Type.Union([OpenNumero, Type.Null()]),
  latest: Type.Union([DrawnNumero, Type.Null()]),
});
export type PopularLottery = Static<typeof PopularLottery>;
export const PopularLotteries = Type.Object({ games: Type.Array(PopularLottery) });
export type PopularLotteries = Static<typeof PopularLotteries>;

/**
 * `GET /lgw/games/popular` (query: games.ts `PopularGamesQuery`): the vendors' popular games (`list`)
 * and the platform's popular lotteries (`lotteries`; none when `gameCategory` is neither LOTT nor ELOTT).
 */
export const PopularGames = Type.Object({
  list: Type.Array(Game),
  lotteries: Type.Array(PopularLottery),
});
export type PopularGames = Static<typeof PopularGames>;

export const ResultsQuery = Type.Object({
  gameId: IdString(),
  count: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: LOTTERY_RULES.resultsCount })),
});
export const ResultsHistory = Type.Object({ items: Type.Array(DrawnNumero) });
export type ResultsHistory = Static<typeof ResultsHistory>;

export const TrendQuery = Type.Object({
  gameId: IdString(),
  count: Type.Optional(
    Type.Integer({ minimum: 1, maximum: LOTTERY_RULES.maxTrendCount, default: LOTTERY_RULES.trendCount }),
  ),
});
/**
 * Hot/cold and missing counts over the last `draws` results: per group (a digit position, the dice
 * faces and sums, the VN two-digit endings), how often each value came and how many draws ago it
 * last came (`missing`; equal to `draws` when it never came in the window).
 */
export const Trends = Type.Object({
  gameId: Type.String(),
  draws: Type.Integer(),
  groups: Type.Array(
    Type.Object({
      group: Type.String(),
      values: Type.Array(
        Type.Object({ value: Type.String(), count: Type.Integer(), missing: Type.Integer() }),
      ),
      hot: Type.Array(Type.String()),
      cold: Type.Array(Type.String()),
    }),
  ),
});
export type Trends = Static<typeof Trends>;

export const VerifyQuery = Type.Object({ gameId: IdString(), numero: NumeroLabel });
/** What a browser needs to recompute a platform draw (engine/draw.ts documents the derivation). */
export const DrawVerification = Type.Object({
  gameCode: Type.String(),
  family: Type.Enum(LOTTERY_FAMILIES),
  numero: Type.String(),
  status: Type.Enum(NUMERO_STATUSES),
  seedHash: Type.Union([Type.String(), Type.Null()]),
  seed: Type.Union([Type.String(), Type.Null()], { description: 'revealed once drawn' }),
  result: Type.Union([LotteryResult, Type.Null()]),
  /** The server's own check: SHA-256(seed) is the published hash and the seed gives this result. */
  verified: Type.Boolean(),
  algorithm: Type.String(),
});
export type DrawVerification = Static<typeof DrawVerification>;

/** `GET /lgw/lottery/plays`: a game's play types in a prize mode, with odds and stake limits. */
export const PlaysQuery = Type.Object({
  gameId: IdString(),
  prizeMode: Type.Optional(
    Type.String({ pattern: '^[A-Za-z]{2,5}$', description: "default: the game's first" }),
  ),
});

/** The stake unit per combination of each wire `mode` code (1 = 2.00, 2 = 0.20, 3 = 0.02 by default). */
export const LOTTERY_STAKE_MODES = ['1', '2', '3'] as const;
export type LotteryStakeMode = (typeof LOTTERY_STAKE_MODES)[number];

export const GamePlays = Type.Object({
  gameId: Type.String(),
  family: Type.Enum(LOTTERY_FAMILIES),
  prizeMode: Type.String({ description: 'the prize mode these odds are of' }),
  prizeModes: Type.Array(Type.String(), { description: 'the prize modes a member may choose here' }),
  currency: Type.String(),
  units: Type.Array(Type.Object({ mode: Type.String(), amount: Amount })),
  maxOrder: Amount,
  plays: Type.Array(
    Type.Object({
      playId: Type.Integer(),
      playCode: Type.String(),
      odds: Type.Array(Type.Object({ tier: Type.String(), odds: OddsText })),
      minSlip: Amount,
      maxSlip: Amount,
    }),
  ),
});
export type GamePlays = Static<typeof GamePlays>;

// ---- orders --------------------------------------------------------------------------------------

export const ChasePlan = Type.Object({
  kind: Type.Enum(CHASE_PLANS, { description: 'same multiple, doubling, or a target profit' }),
  numeros: Type.Integer({
    minimum: 2,
    maximum: LOTTERY_RULES.maxChaseNumeros,
    description: 'how many numeros the chase covers, the current one first',
  }),
  startMultiple: Type.Optional(Type.Integer({ minimum: 1, maximum: LOTTERY_RULES.maxChaseMultiple })),
  doubleEvery: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: LOTTERY_RULES.maxChaseNumeros,
      description: 'double: every n numeros',
    }),
  ),
  targetProfitPercent: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: 100_000,
      description: 'profit: the least profit aimed at, % of cost',
    }),
  ),
});
export type ChasePlan = Static<typeof ChasePlan>;

/** `POST /lgw/orders/betting` (T): the TCG wire fields, plus the client's request id. */
export const BetRequest = Type.Object({
  requestId: Type.String({
    minLength: 8,
    maxLength: 64,
    pattern: '^[A-Za-z0-9_-]+$',
    description: 'Chosen by the client once per submission (a UUID): a repeat places nothing twice',
  }),
  gameId: IdString(),
  currentNumero: NumeroLabel,
  winningStop: Type.Boolean({ description: 'chase: stop after a winning numero, the rest returned' }),
  abandoning: Type.Boolean({
    description: 'chase: when one of its numeros is cancelled, cancel the rest too (returned)',
  }),
  betCartAmountSum: AmountInput,
  chase: Type.Optional(Type.Union([ChasePlan, Type.Null()])),
  device: Type.Optional(Type.String({ maxLength: 16 })),
  orderType: Type.Optional(Type.Union([Type.Literal('normal'), Type.Literal('chase')])),
  quickChase: Type.Optional(Type.Boolean()),
  prizeModeId: Type.String({ pattern: '^[A-Za-z]{2,5}$', description: 'LOTT, ZY, ELOTT or SEA' }),
  bettingSlipString: Type.String({
    minLength: 1,
    maxLength: LOTTERY_RULES.maxSlipStringLength,
    description: 'balls~1~playId~mode~series~multiple, slips separated by ;',
  }),
});
export type BetRequest = Static<typeof BetRequest>;

export const LotteryOrder = Type.Object({
  orderId: Type.String(),
  orderNumber: Type.String(),
  gameId: Type.String(),
  gameCode: Type.String(),
  gameName: Type.String(),
  numero: Type.String(),
  drawAt: Ms,
  prizeMode: Type.String(),
  amount: Amount,
  payout: Amount,
  status: Type.Enum(ORDER_STATUSES),
  slipCount: Type.Integer(),
  chaseId: Type.Union([Type.String(), Type.Null()]),
  chaseStep: Type.Union([Type.Integer(), Type.Null()]),
  device: Type.String(),
  createdAt: Ms,
  settledAt: Type.Union([Ms, Type.Null()]),
});
export type LotteryOrder = Static<typeof LotteryOrder>;

export const ChaseStep = Type.Object({
  step: Type.Integer(),
  multiple: Type.String(),
  amount: Amount,
  numero: Type.Union([Type.String(), Type.Null()]),
  orderId: Type.Union([Type.String(), Type.Null()]),
  status: Type.Enum(CHASE_STEP_STATUSES),
});

export const LotteryChase = Type.Object({
  chaseId: Type.String(),
  gameId: Type.String(),
  plan: Type.Enum(CHASE_PLANS),
  status: Type.Enum(CHASE_STATUSES),
  winningStop: Type.Boolean(),
  abandoning: Type.Boolean(),
  totalAmount: Amount,
  returnedAmount: Amount,
  steps: Type.Array(ChaseStep),
  createdAt: Ms,
});
export type LotteryChase = Static<typeof LotteryChase>;

/**
 * `GET /lgw/orders/chase` (T): the member's chases, newest first, optionally of one game and in one
 * state (`chasingStatus`, the name of the TCG search filter), paged like `/lgw/orders/today`.
 */
export const ChaseQuery = Type.Object({
  gameId: Type.Optional(IdString()),
  chasingStatus: Type.Optional(Type.Enum(CHASE_STATUSES)),
  ...pageQueryFields,
});
export type ChaseQuery = Static<typeof ChaseQuery>;

/** A chase as the member's chase list shows it: the chase, its steps and its game. */
export const ChaseListItem = Type.Object({
  ...LotteryChase.properties,
  gameCode: Type.String(),
  gameName: Type.String({ description: "In the request's language (EN when empty)" }),
  prizeMode: Type.String(),
  stepsCount: Type.Integer({ description: 'how many numeros the chase covers' }),
});
export type ChaseListItem = Static<typeof ChaseListItem>;

export const ChasePage = SizedPage(ChaseListItem);
export type ChasePage = Static<typeof ChasePage>;

export const BetPlaced = Type.Object({
  order: LotteryOrder,
  chase: Type.Union([LotteryChase, Type.Null()]),
  balance: Amount,
});
export type BetPlaced = Static<typeof BetPlaced>;

/**
 * The `value` of a refused bet: which slip (0-based, null for the cart as a whole) and why
 * (`bad-balls`, `total-mismatch`, `liability-cap`, ...), and for a liability cap the number.
 */
export const BetRefusal = Type.Object({
  slipIndex: Type.Union([Type.Integer(), Type.Null()]),
  reason: Type.String(),
  detail: Type.String(),
});
export type BetRefusal = Static<typeof BetRefusal>;

export const OrderPage = SizedPage(LotteryOrder);
export type OrderPage = Static<typeof OrderPage>;

export const TodayQuery = Type.Object({ gameId: Type.Optional(IdString()), ...pageQueryFields });

const DateText = Type.String({
  pattern: '^\\d{4}-\\d{2}-\\d{2}( \\d{2}:\\d{2}:\\d{2})?$',
  description: 'yyyy-MM-dd or yyyy-MM-dd HH:mm:ss (UTC)',
});

/** `POST /lgw/orders`: the TCG search filters. */
export const OrderSearch = Type.Object({
  startDate: Type.Optional(DateText),
  endDate: Type.Optional(DateText),
  orderStatus: Type.Optional(Type.Enum(ORDER_STATUSES)),
  gameId: Type.Optional(IdString()),
  orderNumber: Type.Optional(IdString()),
  chasingOrder: Type.Optional(Type.Boolean({ description: 'true: chase orders only, false: none' })),
  numero: Type.Optional(NumeroLabel),
  chasingStatus: Type.Optional(Type.Enum(CHASE_STATUSES)),
  ...pageQueryFields,
});
export type OrderSearch = Static<typeof OrderSearch>;

export const OrderSlip = Type.Object({
  index: Type.Integer(),
  playId: Type.Integer(),
  playCode: Type.String(),
  balls: Type.String(),
  mode: Type.String(),
  series: Type.Integer(),
  multiple: Type.String(),
  combinations: Type.String(),
  amount: Amount,
  payout: Type.Union([Amount, Type.Null()], { description: 'null until the numero is drawn' }),
});

export const OrderDetail = Type.Object({
  ...LotteryOrder.properties,
  slips: Type.Array(OrderSlip),
  numeroStatus: Type.Enum(NUMERO_STATUSES),
  result: Type.Union([LotteryResult, Type.Null()]),
  seedHash: Type.Union([Type.String(), Type.Null()]),
  seed: Type.Union([Type.String(), Type.Null()]),
  chase: Type.Union([LotteryChase, Type.Null()]),
});
export type OrderDetail = Static<typeof OrderDetail>;

/** One lottery order as a betting-record row (the betting record lists these beside game bets). */
export const LotteryBettingRecordRow = Type.Object({
  orderId: Type.String(),
  time: Ms,
  category: Type.Enum(LOTTERY_CATEGORIES),
  gameCode: Type.String(),
  gameName: Type.String(),
  roundId: Type.String({ description: 'the numero' }),
  stake: Amount,
  payout: Amount,
  status: Type.Enum(ORDER_STATUSES),
});
export type LotteryBettingRecordRow = Static<typeof LotteryBettingRecordRow>;

// ---- back office ---------------------------------------------------------------------------------

const Names = {
  nameEn: Type.String({ minLength: 1, maxLength: 64 }),
  nameMs: Type.String({ maxLength: 64 }),
  nameCn: Type.String({ maxLength: 64 }),
};

export const AdminGame = Type.Object({
  ...LotteryGame.properties,
  ...Names,
  schedule: LotterySchedule,
  utcOffsetMinutes: Type.Integer(),
  closeOffsetSeconds: Type.Integer(),
  status: Type.Enum(LOTTERY_GAME_STATUSES),
  sortOrder: Type.Integer(),
});
export type AdminGame = Static<typeof AdminGame>;

const GameSettings = {
  ...Names,
  category: Type.Enum(LOTTERY_CATEGORIES),
  accountTypeName: Type.Enum(LOTTERY_ACCOUNT_TYPES),
  schedule: LotterySchedule,
  utcOffsetMinutes: Type.Integer({ minimum: -720, maximum: 840 }),
  closeOffsetSeconds: Type.Integer({ minimum: 0, maximum: 86_400 }),
  status: Type.Enum(LOTTERY_GAME_STATUSES),
  prizeModes: Type.Array(Type.Enum(LOTTERY_PRIZE_MODES), { minItems: 1, maxItems: 4 }),
  sortOrder: Type.Integer({ minimum: 0, maximum: 100_000 }),
  isHot: Type.Boolean(),
};

export const AdminGameInput = Type.Object({
  code: Type.String({ pattern: '^[A-Za-z0-9_-]{1,32}$' }),
  family: Type.Enum(LOTTERY_FAMILIES),
  drawSource: Type.Enum(LOTTERY_DRAW_SOURCES),
  ...GameSettings,
});
export type AdminGameInput = Static<typeof AdminGameInput>;

export const AdminGameUpdate = Type.Partial(Type.Object(GameSettings), { minProperties: 1 });
export type AdminGameUpdate = Static<typeof AdminGameUpdate>;

export const AdminGames = Type.Object({ items: Type.Array(AdminGame) });

export const OddsQuery = Type.Object({
  prizeMode: Type.Optional(Type.Enum(LOTTERY_PRIZE_MODES)),
  family: Type.Optional(Type.Enum(LOTTERY_FAMILIES)),
});
export const OddsRow = Type.Object({
  prizeMode: Type.Enum(LOTTERY_PRIZE_MODES),
  playId: Type.Integer(),
  playCode: Type.String(),
  family: Type.Enum(LOTTERY_FAMILIES),
  tier: Type.String(),
  odds: Type.String(),
  defaultOdds: Type.String(),
  overridden: Type.Boolean(),
});
export const OddsTable = Type.Object({ items: Type.Array(OddsRow) });
export type OddsTable = Static<typeof OddsTable>;
export const OddsUpdate = Type.Object({
  items: Type.Array(
    Type.Object({
      prizeMode: Type.Enum(LOTTERY_PRIZE_MODES),
      playId: Type.Integer({ minimum: 1, maximum: 9999 }),
      tier: Type.String({ minLength: 1, maxLength: 32 }),
      odds: Type.Union([OddsText, Type.Null()], { description: 'null: back to the default' }),
    }),
    { minItems: 1, maxItems: 500 },
  ),
});
export type OddsUpdate = Static<typeof OddsUpdate>;

/** Limits of a game: playId 0 is the game's default, other rows override it for one play type. */
export const LimitsRow = Type.Object({
  playId: Type.Integer(),
  playCode: Type.Union([Type.String(), Type.Null()]),
  minSlip: Amount,
  maxSlip: Amount,
  maxOrder: Amount,
  numberCap: Type.String({
    description: "liability cap per number and numero (Amount); the house's most to pay",
  }),
});
export const GameLimits = Type.Object({ gameId: Type.String(), items: Type.Array(LimitsRow) });
export type GameLimits = Static<typeof GameLimits>;
export const LimitsUpdate = Type.Object({
  items: Type.Array(
    Type.Object({
      playId: Type.Integer({ minimum: 0, maximum: 9999 }),
      limits: Type.Union([
        Type.Object({
          minSlip: AmountInput,
          maxSlip: AmountInput,
          maxOrder: AmountInput,
          numberCap: AmountInput,
        }),
        Type.Null(),
      ]),
    }),
    { minItems: 1, maxItems: 100 },
  ),
});
export type LimitsUpdate = Static<typeof LimitsUpdate>;

export const ResultEntry = Type.Object({
  id: Type.String(),
  numeroId: Type.String(),
  result: LotteryResult,
  status: Type.Union([
    Type.Literal('pending'),
    Type.Literal('approved'),
    Type.Literal('rejected'),
    Type.Literal('superseded'),
  ]),
  enteredBy: Type.String(),
  enteredAt: Ms,
  decidedBy: Type.Union([Type.String(), Type.Null()]),
  decidedAt: Type.Union([Ms, Type.Null()]),
});
export type ResultEntry = Static<typeof ResultEntry>;

export const AdminNumero = Type.Object({
  id: Type.String(),
  gameId: Type.String(),
  gameCode: Type.String(),
  numero: Type.String(),
  status: Type.Enum(NUMERO_STATUSES),
  openAt: Ms,
  closeAt: Ms,
  drawAt: Ms,
  seedHash: Type.Union([Type.String(), Type.Null()]),
  seed: Type.Union([Type.String(), Type.Null()]),
  result: Type.Union([LotteryResult, Type.Null()]),
  orders: Type.Integer(),
  stake: Amount,
  payout: Amount,
  cancelReason: Type.String(),
  pendingResult: Type.Union([ResultEntry, Type.Null()]),
});
export type AdminNumero = Static<typeof AdminNumero>;

const BoPage = Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 }));
const BoPageSize = Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 }));
const BoPaged = <T extends ReturnType<typeof Type.Object>>(item: T) =>
  Type.Object({
    items: Type.Array(item),
    total: Type.Integer(),
    page: Type.Integer(),
    pageSize: Type.Integer(),
  });

export const NumeroQuery = Type.Object({
  gameId: Type.Optional(IdString()),
  status: Type.Optional(Type.Enum(NUMERO_STATUSES)),
  from: Type.Optional(
    Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'draw day, YYYY-MM-DD (UTC)' }),
  ),
  to: Type.Optional(Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'inclusive' })),
  page: BoPage,
  pageSize: BoPageSize,
});
export const AdminNumeroPage = BoPaged(AdminNumero);
export type AdminNumeroPage = Static<typeof AdminNumeroPage>;

export const AdminOrder = Type.Object({
  ...LotteryOrder.properties,
  memberId: Type.String(),
  username: Type.String(),
  isTrial: Type.Boolean(),
});
export const AdminOrderPage = BoPaged(AdminOrder);
export type AdminOrderPage = Static<typeof AdminOrderPage>;
export const BoPageQuery = Type.Object({ page: BoPage, pageSize: BoPageSize });

export const ExposureRow = Type.Object({
  key: Type.String({ description: 'playId:number' }),
  playId: Type.Integer(),
  playCode: Type.String(),
  number: Type.String(),
  liability: Amount,
  cap: Amount,
  stake: Amount,
});
export const ExposurePage = BoPaged(ExposureRow);
export type ExposurePage = Static<typeof ExposurePage>;

export const ResultEntryBody = Type.Object({
  prizes: Type.Array(
    Type.Object({
      tier: Type.String({ minLength: 1, maxLength: 16 }),
      number: Type.String({ pattern: '^[0-9]{1,6}$' }),
    }),
    { minItems: 1, maxItems: 30, description: "the official prizes in the table's order, special first" },
  ),
});
export type ResultEntryBody = Static<typeof ResultEntryBody>;

export const CancelNumeroBody = Type.Object({ reason: Type.String({ minLength: 1, maxLength: 200 }) });

export const CancelledNumero = Type.Object({ numero: AdminNumero, refunded: Type.Integer() });
export type CancelledNumero = Static<typeof CancelledNumero>;

export const PnlQuery = Type.Object({
  from: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'draw day, YYYY-MM-DD (UTC)' }),
  to: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'inclusive' }),
  gameId: Type.Optional(IdString()),
});
export const PnlRow = Type.Object({
  day: Type.String(),
  gameId: Type.String(),
  gameCode: Type.String(),
  orders: Type.Integer(),
  stake: Amount,
  payout: Amount,
  refunded: Amount,
  openStake: Amount,
  net: Amount,
});
export const PnlReport = Type.Object({
  items: Type.Array(PnlRow),
  totals: Type.Object({
    orders: Type.Integer(),
    stake: Amount,
    payout: Amount,
    refunded: Amount,
    net: Amount,
  }),
  currency: Type.String(),
});
export type PnlReport = Static<typeof PnlReport>;
