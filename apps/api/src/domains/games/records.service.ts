import {
  type BetStatus,
  type BettingRecordPage,
  type BettingRecordQuery,
  type PersonalProfit,
  type PersonalProfitQuery,
  type PopularGamesQuery,
  type ProfitFigures,
  RANK_LIST_DAYS,
  type RankList,
  type RankListQuery,
  RECORD_LIMITS,
} from '@lotus/contracts/games';
import type { SupportedLanguage } from '@lotus/contracts/languages';
import { LOTTERY_RULES, type PopularGames } from '@lotus/contracts/lottery';
import { formatAmount } from '@lotus/contracts/money';
import { GAME_CATEGORIES, type GameCategory } from '@lotus/contracts/system';
import type { Db } from '../../db/database.ts';
import { createDbCache } from '../../lib/db-cache.ts';
import { pickText } from '../../lib/localised.ts';
import type { Brand } from '../brands/brand.ts';
import { popularLotteries } from '../lottery/numero.service.ts';
import { lotteryProfitRows } from '../lottery/records.service.ts';
import { historyRange } from '../wallet/history.service.ts';
import { catalogueOf, type LobbyGame, toGame } from './games.service.ts';
import {
  type BetFilter,
  betPage,
  betTotals,
  biggestWins,
  mostPlayed,
  type ProfitRow,
  profitRows,
} from './records.repository.ts';
import { verifyLink } from './verify-link.service.ts';

const DAY_MS = 86_400_000;

const asCategory = (value: string): GameCategory =>
  (GAME_CATEGORIES as readonly string[]).includes(value) ? (value as GameCategory) : 'RNG';

function statusOf(betState: string | null): BetStatus {
  if (betState === 'rolled_back') return 'cancelled';
  if (betState === 'open') return 'pending';
  return 'settled';
}

/** Names of a game by vendor and code from the lobby (the code itself for a game it does not list). */
function gameNameOf(
  games: readonly LobbyGame[],
  language: SupportedLanguage,
): (vendorCode: string, code: string) => string {
  const byKey = new Map(games.map((g) => [`${g.vendor.code}|${g.code}`, g]));
  return (vendorCode, code) => {
    const game = byKey.get(`${vendorCode}|${code}`);
    return game ? pickText({ en: game.name_en, ms: game.name_ms, cn: game.name_cn }, language) : code;
  };
}

function filterOf(
  brand: Brand,
  memberId: string,
  range: { from: Date; to: Date },
  query: { gameCategory?: string; vassalage?: string },
): BetFilter {
  return {
    brandId: brand.id,
    memberId,
    from: range.from,
    to: range.to,
    ...(query.gameCategory ? { category: query.gameCategory } : {}),
    ...(query.vassalage ? { vendorCode: query.vassalage } : {}),
  };
}

/**
 * The betting record (personalHistoryCopy): the member's bets across vendors in `[from, to)` (past
 * 7 days by default, at most 92), newest first, each with its stake, the wins paid on it, win/loss
 * and status; totals over the whole range (cancelled bets count neither stake nor payout).
 */
export async function bettingRecord(
  db: Db,
  brand: Brand,
  language: SupportedLanguage,
  memberId: string,
  query: BettingRecordQuery,
): Promise<BettingRecordPage> {
  const range = historyRange(query);
  const page = query.page ?? 1;
  const size = query.size ?? RECORD_LIMITS.defaultSize;
  const filter = filterOf(brand, memberId, range, query);
  const [rows, totals, catalogue] = await Promise.all([
    betPage(db, filter, page, size),
    betTotals(db, filter),
    catalogueOf(db, brand),
  ]);
  const nameOf = gameNameOf(catalogue.games, language);
  const money = (minor: bigint) => formatAmount(minor, brand.currency);
  return {
    items: rows.map((r) => {
      const stake = BigInt(r.stake);
      const payout = BigInt(r.payout);
      return {
        id: r.id,
        time: r.created_at.getTime(),
        gameCategory: asCategory(r.category),
        vassalage: r.vendor_code,
        vendorName: r.vendor_name,
        gameCode: r.game_id,
        gameName:
          r.name_en === null
            ? nameOf(r.vendor_code, r.game_id)
            : pickText({ en: r.name_en, ms: r.name_ms ?? '', cn: r.name_cn ?? '' }, language),
        roundId: r.round_id,
        transactionId: r.transaction_id,
        stake: money(BigInt(r.amount)),
        payout: money(payout),
        winLoss: money(payout - stake),
        status: statusOf(r.bet_state),
        verifyUrl: verifyLink(r.verify_url, r.round_id, r.game_id),
      };
    }),
    total: Number(totals.total),
    page,
    size,
    totals: {
      betCount: Number(totals.bets),
      stake: money(BigInt(totals.stake)),
      payout: money(BigInt(totals.payout)),
      winLoss: money(BigInt(totals.payout) - BigInt(totals.stake)),
    },
    from: range.from.getTime(),
    to: range.to.getTime(),
    currency: brand.currency,
    currencySymbol: brand.currencySymbol,
  };
}

type Sum = { bets: bigint; stake: bigint; payout: bigint };
const zero = (): Sum => ({ bets: 0n, stake: 0n, payout: 0n });
function add(into: Sum, row: ProfitRow) {
  into.bets += BigInt(row.bets);
  into.stake += BigInt(row.stake);
  into.payout += BigInt(row.payout);
}

/**
 * Personal profit and loss (personalProfit): what the member's bets, wins and refunds moved in the
 * range, per local day and category, with day, category and overall totals; profit = payout - stake.
 */
export async function personalProfit(
  db: Db,
  brand: Brand,
  memberId: string,
  query: PersonalProfitQuery,
): Promise<PersonalProfit> {
  const range = historyRange(query);
  const offsetMinutes = query.offsetMinutes ?? 0;
  const filter = filterOf(brand, memberId, range, query);
  const [seamless, lottery] = await Promise.all([
    profitRows(db, { ...filter, offsetMinutes }),
    lotteryProfitRows(db, { ...filter, offsetMinutes }),
  ]);
  // One row per day and category, the vendors' bets and the lottery's orders together.
  const merged = new Map<string, ProfitRow>();
  const lotteryRows = lottery.filter(
    (r) =>
      (filter.category === undefined || r.category === filter.category) &&
      (filter.vendorCode === undefined || r.vendor_code === filter.vendorCode),
  );
  for (const row of [...seamless, ...lotteryRows]) {
    const key = `${row.day}|${row.category}`;
    const into = merged.get(key);
    if (!into) {
      merged.set(key, {
        day: row.day,
        category: row.category,
        bets: row.bets,
        stake: row.stake,
        payout: row.payout,
      });
      continue;
    }
    into.bets = (BigInt(into.bets) + BigInt(row.bets)).toString();
    into.stake = (BigInt(into.stake) + BigInt(row.stake)).toString();
    into.payout = (BigInt(into.payout) + BigInt(row.payout)).toString();
  }
  const rows = [...merged.values()].sort((a, b) =>
    a.day === b.day ? a.category.localeCompare(b.category) : a.day.localeCompare(b.day),
  );
  const figures = (s: Sum): ProfitFigures => ({
    betCount: Number(s.bets),
    stake: formatAmount(s.stake, brand.currency),
    payout: formatAmount(s.payout, brand.currency),
    profit: formatAmount(s.payout - s.stake, brand.currency),
  });
  const days = new Map<string, Sum>();
  const categories = new Map<GameCategory, Sum>();
  const totals = zero();
  for (const row of rows) {
    const category = asCategory(row.category);
    if (!days.has(row.day)) days.set(row.day, zero());
    if (!categories.has(category)) categories.set(category, zero());
    add(days.get(row.day) as Sum, row);
    add(categories.get(category) as Sum, row);
    add(totals, row);
  }
  return {
    rows: rows.map((row) => {
      const sum = zero();
      add(sum, row);
      return { day: row.day, gameCategory: asCategory(row.category), ...figures(sum) };
    }),
    days: [...days].map(([day, sum]) => ({ day, ...figures(sum) })),
    categories: GAME_CATEGORIES.filter((c) => categories.has(c)).map((gameCategory) => ({
      gameCategory,
      ...figures(categories.get(gameCategory) as Sum),
    })),
    totals: figures(totals),
    from: range.from.getTime(),
    to: range.to.getTime(),
    currency: brand.currency,
    currencySymbol: brand.currencySymbol,
  };
}

/** `d***r`: the first and last character of a name, never the whole of it. */
export function maskName(name: string): string {
  const chars = [...name];
  if (chars.length <= 1) return '***';
  if (chars.length === 2) return `${chars[0]}***`;
  return `${chars[0]}***${chars[chars.length - 1]}`;
}

/** The boards read many rows of the brand's days: computed at most every 30 s per process. */
const boardCache = createDbCache<unknown>(30_000);

/** `GCSGAME_getRankList`: the biggest wins of the past 7 days, names masked. */
export async function rankList(
  db: Db,
  brand: Brand,
  language: SupportedLanguage,
  query: RankListQuery,
  now = new Date(),
): Promise<RankList> {
  const category = query.gameCategory ? query.gameCategory : null;
  const limit = query.limitNum ?? 10;
  const key = `rank|${brand.id}|${category ?? ''}|${limit}|${language}`;
  return boardCache.get(db, key, async () => {
    const [rows, catalogue] = await Promise.all([
      biggestWins(db, brand.id, new Date(now.getTime() - RANK_LIST_DAYS * DAY_MS), category, limit),
      catalogueOf(db, brand),
    ]);
    const nameOf = gameNameOf(catalogue.games, language);
    return {
      list: rows.map((r, i) => ({
        rank: i + 1,
        nickname: maskName(r.nickname || r.username),
        gameName: nameOf(r.vendor_code, r.game_code),
        gameCode: r.game_code,
        vassalage: r.vendor_code,
        gameCategory: asCategory(r.category),
        winAmount: formatAmount(r.won, brand.currency),
        stake: formatAmount(r.stake, brand.currency),
        time: r.created_at.getTime(),
      })),
      currency: brand.currency,
      currencySymbol: brand.currencySymbol,
    };
  }) as Promise<RankList>;
}

/**
 * `/lgw/games/popular`: the lobby's games most played by real members in the past 7 days, then its
 * hot games, then the rest, in the brand's order; `count` of them. Beside them the lottery's popular
 * games (at most 20, of `prizeMode` when given), for every category but those of other products.
 */
export async function popularGames(
  db: Db,
  brand: Brand,
  language: SupportedLanguage,
  query: PopularGamesQuery,
  now = new Date(),
): Promise<PopularGames> {
  const count = query.count ?? 20;
  const category = query.gameCategory ? query.gameCategory : null;
  const [played, catalogue] = await Promise.all([
    boardCache.get(db, `popular|${brand.id}`, () =>
      mostPlayed(db, brand.id, new Date(now.getTime() - RANK_LIST_DAYS * DAY_MS), 200),
    ) as Promise<Awaited<ReturnType<typeof mostPlayed>>>,
    catalogueOf(db, brand),
  ]);
  const inCategory = catalogue.games.filter((g) => category === null || g.category === category);
  const byKey = new Map(inCategory.map((g) => [`${g.vendor_id}|${g.code}`, g]));
  const chosen = new Set<LobbyGame>();
  for (const p of played) {
    const game = byKey.get(`${p.vendor_id}|${p.game_code}`);
    if (game) chosen.add(game);
  }
  for (const g of inCategory) if (g.is_hot) chosen.add(g);
  for (const g of inCategory) chosen.add(g);
  const lotteries =
    category === null || category === 'LOTT' || category === 'ELOTT'
      ? await popularLotteries(
          db,
          brand.id,
          {
            count: Math.min(count, LOTTERY_RULES.popularCount),
            prizeMode: query.prizeMode,
            ...(category ? { category } : {}),
          },
          language,
          now,
        )
      : { games: [] };
  return {
    list: [...chosen].slice(0, count).map((g) => toGame(g, brand, language, new Set())),
    lotteries: lotteries.games,
  };
}
