import {
  type FavoriteGameBody,
  type FavoriteGameResult,
  type FavoriteListQuery,
  GAME_LIST_PAGE_SIZE,
  type Game,
  type GameList,
  type GameListPage,
  type GameListQuery,
  type GameVendorLanes,
  type HotGamesQuery,
  RECENT_GAMES_LIMIT,
  RECOMMENDED_GAMES,
  type RecentGames,
  type RoomList,
  type RoomListQuery,
  type VassGameType,
} from '@lotus/contracts/games';
import type { SupportedLanguage } from '@lotus/contracts/languages';
import type { LotteryAccountType } from '@lotus/contracts/lottery';
import { formatAmount, parseAmount } from '@lotus/contracts/money';
import { GAME_CATEGORIES, type GameCategory, type GameMenus, type VendorCard } from '@lotus/contracts/system';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { createDbCache } from '../../lib/db-cache.ts';
import { pickText } from '../../lib/localised.ts';
import type { Brand } from '../brands/brand.ts';
import { type LotteryCatalogueEntry, lotteryCatalogue } from '../lottery/game.service.ts';
import {
  addFavorite,
  favoriteIds,
  favoriteIdsAmong,
  findBrandGame,
  type GameRow,
  loadCatalogue,
  recentIds,
  removeFavorite,
  roomsOf,
  type VendorRow,
} from './games.repository.ts';

/** A vendor of the lobby with its placements (category -> order there). */
export type LobbyVendor = VendorRow & { placements: Map<GameCategory, number> };

/** A listed game with what filtering and ordering need, computed once per catalogue load. */
export type LobbyGame = GameRow & {
  vendor: LobbyVendor;
  minBetMinor: bigint;
  /** Lower-cased code and names in every language, for the name search. */
  haystack: string;
  /** The effective state: a vendor under maintenance puts every game of it under maintenance. */
  effectiveStatus: 'active' | 'maintenance';
};

/** The lobby of a brand: listed vendors and games in the brand's order (category, vendor, game). */
export type Catalogue = {
  vendors: LobbyVendor[];
  games: LobbyGame[];
  byId: Map<string, LobbyGame>;
  categoryOrder: GameCategory[];
};

function isGameCategory(value: string): value is GameCategory {
  return (GAME_CATEGORIES as readonly string[]).includes(value);
}

/** The categories the brand shows, in its order (a category it does not name is not shown). */
export function categoryOrderOf(brand: Pick<Brand, 'categoryOrder'>): GameCategory[] {
  return [...new Set(brand.categoryOrder.filter(isGameCategory))];
}

/**
 * Every lobby call reads the brand's catalogue from this 2-second cache (one load for all of
 * them); catalogue changes in the back office clear it at once (invalidateDbCaches), other
 * processes within 2 s or at once with Redis. Launches never read it: they read the game fresh.
 */
const catalogueCache = createDbCache<Catalogue>(2_000);

async function buildCatalogue(db: Db, brand: Brand): Promise<Catalogue> {
  const rows = await loadCatalogue(db, brand.id);
  const categoryOrder = categoryOrderOf(brand);
  const vendors: LobbyVendor[] = rows.vendors.map((v) => ({ ...v, placements: new Map() }));
  const vendorById = new Map(vendors.map((v) => [v.id, v]));
  for (const p of rows.placements) vendorById.get(p.vendor_id)?.placements.set(p.category, p.sort_order);
  const vendorRank = new Map(vendors.map((v, i) => [v.id, i]));
  const games: LobbyGame[] = [];
  for (const g of rows.games) {
    const vendor = vendorById.get(g.vendor_id);
    // A game shows where its vendor is placed, in a category the brand shows: menus and grids agree.
    if (!vendor?.placements.has(g.category) || !categoryOrder.includes(g.category)) continue;
    games.push({
      ...g,
      vendor,
      minBetMinor: BigInt(g.min_bet),
      haystack: [g.code, g.name_en, g.name_ms, g.name_cn].join('\n').toLowerCase(),
      effectiveStatus: vendor.maintenance || g.status === 'maintenance' ? 'maintenance' : 'active',
    });
  }
  const key = (g: LobbyGame) => [
    categoryOrder.indexOf(g.category),
    g.vendor.placements.get(g.category) ?? 0,
    vendorRank.get(g.vendor_id) ?? 0,
    g.sort_order,
  ];
  games.sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    for (let i = 0; i < ka.length; i += 1) {
      const d = (ka[i] ?? 0) - (kb[i] ?? 0);
      if (d !== 0) return d;
    }
    return BigInt(a.id) < BigInt(b.id) ? -1 : BigInt(a.id) > BigInt(b.id) ? 1 : 0;
  });
  return { vendors, games, byId: new Map(games.map((g) => [g.id, g])), categoryOrder };
}

export function catalogueOf(db: Db, brand: Brand): Promise<Catalogue> {
  return catalogueCache.get(db, brand.id, () => buildCatalogue(db, brand));
}

function vendorCard(vendor: LobbyVendor): VendorCard {
  return {
    vassalage: vendor.code,
    displayName: vendor.display_name || vendor.name,
    smallIcon: vendor.small_icon,
    isHot: vendor.is_hot,
  };
}

export function toGame(
  game: LobbyGame,
  brand: Pick<Brand, 'currency'>,
  language: SupportedLanguage,
  favorites: ReadonlySet<string>,
): Game {
  return {
    id: game.id,
    code: game.code,
    gameName: pickText({ en: game.name_en, ms: game.name_ms, cn: game.name_cn }, language),
    gameCategory: game.category,
    gameType: game.game_type,
    vassalage: game.vendor.code,
    accountTypeName: game.account_type_name || game.vendor.code,
    displayName: game.vendor.display_name || game.vendor.name,
    showIcon: game.icon,
    isHot: game.is_hot,
    supportPlay: game.support_play,
    minBet: formatAmount(game.minBetMinor, brand.currency),
    lines: game.lines,
    status: game.effectiveStatus,
    isFavorite: favorites.has(game.id),
    defaultPlayType: game.default_play_type,
    isGame: game.is_game === 'VASSALAGE' ? 'VASSALAGE' : 'GAME',
    nodeName: game.node_name,
  };
}

/** Games of a page with the member's favourites marked (none for visitors). */
async function gamesOut(
  db: Db,
  brand: Brand,
  language: SupportedLanguage,
  memberId: string | null,
  games: readonly LobbyGame[],
): Promise<Game[]> {
  const favorites = memberId
    ? await favoriteIdsAmong(
        db,
        memberId,
        games.map((g) => g.id),
      )
    : new Set<string>();
  return games.map((g) => toGame(g, brand, language, favorites));
}

/** Vendors of a category that show at least one game there, in the category's order. */
function vendorsOf(catalogue: Catalogue, category: GameCategory): { vendor: LobbyVendor; games: number }[] {
  const counts = new Map<string, number>();
  for (const g of catalogue.games) {
    if (g.category === category) counts.set(g.vendor_id, (counts.get(g.vendor_id) ?? 0) + 1);
  }
  return catalogue.vendors
    .filter((v) => (counts.get(v.id) ?? 0) > 0)
    .map((v, i) => ({ v, i }))
    .sort((a, b) => (a.v.placements.get(category) ?? 0) - (b.v.placements.get(category) ?? 0) || a.i - b.i)
    .map(({ v }) => ({ vendor: v, games: counts.get(v.id) ?? 0 }));
}

/** `/lgw/games/game_menus`: every category in the brand's order with the vendors showing games there. */
export async function gameMenus(
  db: Db,
  brand: Brand,
  language: SupportedLanguage = 'EN',
): Promise<GameMenus> {
  const catalogue = await catalogueOf(db, brand);
  const lotteries = await lotteryCatalogue(db, brand.id);
  return catalogue.categoryOrder.map((gameCategory) => ({
    gameCategory,
    vendors: [
      ...vendorsOf(catalogue, gameCategory).map(({ vendor }) => vendorCard(vendor)),
      ...lotteryCards(lotteries, gameCategory, catalogue.categoryOrder, language),
    ],
  }));
}

/** The platform lottery's entries by accountTypeName, named as the member reads them. */
const LOTTERY_ENTRY_NAMES: Record<LotteryAccountType, { en: string; ms: string; cn: string }> = {
  TCG_SEA: { en: 'SEA 4D', ms: '4D Asia Tenggara', cn: '东南亚4D' },
  TCG_LOTTO_VN: { en: 'Vietnam Lottery', ms: 'Loteri Vietnam', cn: '越南彩票' },
  LOTT: { en: 'Lotus Lottery', ms: 'Loteri Lotus', cn: '莲花彩票' },
  ELOTT: { en: 'Fast Lottery', ms: 'Loteri Pantas', cn: '快速彩票' },
};

/**
 * game_menus' lottery entries (spec §2, issue 24): the platform lottery's active games of a category
 * grouped by accountTypeName (LOTT, ELOTT, TCG_LOTTO_VN, TCG_SEA), one entry each, TCG_SEA first
 * when it exists (LOTT and ELOTT start it). The LOTT category also carries the ELOTT games while
 * the brand's order has no ELOTT category, so no lottery game is left without an entry.
 */
export function lotteryCards(
  lotteries: readonly LotteryCatalogueEntry[],
  category: GameCategory,
  categoryOrder: readonly GameCategory[],
  language: SupportedLanguage,
): VendorCard[] {
  if (category !== 'LOTT' && category !== 'ELOTT') return [];
  const categories: GameCategory[] =
    category === 'LOTT' && !categoryOrder.includes('ELOTT') ? ['LOTT', 'ELOTT'] : [category];
  const entries = new Map<LotteryAccountType, boolean>();
  for (const game of lotteries) {
    if (game.status !== 'active' || !categories.includes(game.category)) continue;
    entries.set(game.accountTypeName, (entries.get(game.accountTypeName) ?? false) || game.isHot);
  }
  const order = [...entries.keys()].sort((a, b) => Number(b === 'TCG_SEA') - Number(a === 'TCG_SEA'));
  return order.map((type) => ({
    vassalage: type,
    displayName: pickText(LOTTERY_ENTRY_NAMES[type], language),
    smallIcon: '',
    isHot: entries.get(type) ?? false,
  }));
}

/** `GCSGAME_gameVendor`: the same lanes with each vendor's game count (categories without vendors left out). */
export async function vendorLanes(db: Db, brand: Brand): Promise<GameVendorLanes> {
  const catalogue = await catalogueOf(db, brand);
  const lanes = catalogue.categoryOrder
    .map((gameCategory) => ({
      gameCategory,
      vendors: vendorsOf(catalogue, gameCategory).map(({ vendor, games }) => ({
        ...vendorCard(vendor),
        gameCount: games,
      })),
    }))
    .filter((lane) => lane.vendors.length > 0);
  return { data: { lanes } };
}

/** `GCSGAME_getVassGameType`: category -> vendor -> the finer game types of its games. */
export async function vassGameType(db: Db, brand: Brand): Promise<VassGameType> {
  const catalogue = await catalogueOf(db, brand);
  const content: Record<string, Record<string, string[]>> = {};
  for (const g of catalogue.games) {
    const byVendor = content[g.category] ?? {};
    content[g.category] = byVendor;
    const types = byVendor[g.vendor.code] ?? [];
    byVendor[g.vendor.code] = types;
    if (g.game_type && !types.includes(g.game_type)) types.push(g.game_type);
  }
  return { content };
}

const emptyToUndefined = <T extends string>(value: T | '' | undefined): T | undefined =>
  value === '' || value === undefined ? undefined : value;

/** `GCSGAME_gameList`: a page of the lobby's games matching the filters, in the brand's order. */
export async function gameList(
  db: Db,
  brand: Brand,
  language: SupportedLanguage,
  memberId: string | null,
  query: GameListQuery,
): Promise<GameListPage> {
  const catalogue = await catalogueOf(db, brand);
  const vendor = emptyToUndefined(query.vassalage);
  const category = emptyToUndefined(query.gameCategory);
  const gameType = emptyToUndefined(query.gameType);
  const needle = (query.gameName ?? '').trim().toLowerCase();
  let maxMinBet: bigint | null = null;
  if (query.minBet) {
    maxMinBet = parseAmount(query.minBet, brand.currency);
    if (maxMinBet === null) {
      throw new AppError('request_param_err', { fieldErrors: { minBet: 'errors.request_param_err' } });
    }
  }
  const matching = catalogue.games.filter(
    (g) =>
      (vendor === undefined || g.vendor.code === vendor) &&
      (category === undefined || g.category === category) &&
      (gameType === undefined || g.game_type === gameType) &&
      (query.isHot !== true || g.is_hot) &&
      (maxMinBet === null || g.minBetMinor <= maxMinBet) &&
      (query.minLineNum === undefined || g.lines >= query.minLineNum) &&
      (needle === '' || g.haystack.includes(needle)),
  );
  const pageSize = query.pageSize ?? GAME_LIST_PAGE_SIZE;
  const pageNo = query.pageNo ?? 1;
  const start = (pageNo - 1) * pageSize;
  return {
    games: await gamesOut(db, brand, language, memberId, matching.slice(start, start + pageSize)),
    pageNum: pageNo,
    totalPages: Math.ceil(matching.length / pageSize),
    total: matching.length,
  };
}

/** Hot games (the hot flag), in the brand's order, optionally of one vendor or category. */
function hotOf(catalogue: Catalogue, filter: { vendor?: string; category?: GameCategory }): LobbyGame[] {
  return catalogue.games.filter(
    (g) =>
      g.is_hot &&
      (filter.vendor === undefined || g.vendor.code === filter.vendor) &&
      (filter.category === undefined || g.category === filter.category),
  );
}

/** `GCSGAME_hotGamesV2`: the hot games (hot flag), in the brand's order. */
export async function hotGames(
  db: Db,
  brand: Brand,
  language: SupportedLanguage,
  memberId: string | null,
  query: HotGamesQuery,
): Promise<GameList> {
  const catalogue = await catalogueOf(db, brand);
  const vendor = emptyToUndefined(query.vassalage);
  const category = emptyToUndefined(query.gameCategory);
  const list = hotOf(catalogue, {
    ...(vendor ? { vendor } : {}),
    ...(category ? { category } : {}),
  }).slice(0, query.limit ?? 12);
  return { list: await gamesOut(db, brand, language, memberId, list) };
}

/**
 * Games to offer instead of one under maintenance: active ones of the same category (hot first),
 * then of any category, never the game itself.
 */
export async function recommendedGames(
  db: Db,
  brand: Brand,
  language: SupportedLanguage,
  memberId: string | null,
  instead: { gameId: string; category: GameCategory },
): Promise<Game[]> {
  const catalogue = await catalogueOf(db, brand);
  const candidates = catalogue.games.filter((g) => g.id !== instead.gameId && g.effectiveStatus === 'active');
  const rank = (g: LobbyGame) => (g.category === instead.category ? 0 : 2) + (g.is_hot ? 0 : 1);
  const chosen = candidates
    .map((g, i) => ({ g, i }))
    .sort((a, b) => rank(a.g) - rank(b.g) || a.i - b.i)
    .slice(0, RECOMMENDED_GAMES)
    .map(({ g }) => g);
  return gamesOut(db, brand, language, memberId, chosen);
}

/** `MCSFE_getFavoriteGames`: adds or removes a favourite; only games of the member's brand. */
export async function changeFavorite(
  db: Db,
  brand: Brand,
  memberId: string,
  body: FavoriteGameBody,
): Promise<FavoriteGameResult> {
  if (!(await findBrandGame(db, brand.id, body.gameId))) throw new AppError('game_not_found');
  if (body.action === 'add') await addFavorite(db, brand.id, memberId, body.gameId);
  else await removeFavorite(db, memberId, body.gameId);
  return { gameId: body.gameId, favorite: body.action === 'add' };
}

/** `MCSFE_getFavoriteGamesList`: the member's favourites the lobby still shows, newest first. */
export async function favoriteList(
  db: Db,
  brand: Brand,
  language: SupportedLanguage,
  memberId: string,
  query: FavoriteListQuery,
): Promise<GameListPage> {
  const catalogue = await catalogueOf(db, brand);
  const category = emptyToUndefined(query.gameCategory);
  const ids = await favoriteIds(db, memberId);
  const games = ids.flatMap((id) => {
    const game = catalogue.byId.get(id);
    return game && (category === undefined || game.category === category) ? [game] : [];
  });
  const pageSize = query.pageSize ?? GAME_LIST_PAGE_SIZE;
  const pageNo = query.pageNo ?? 1;
  const start = (pageNo - 1) * pageSize;
  const page = games.slice(start, start + pageSize);
  return {
    games: page.map((g) => toGame(g, brand, language, new Set(ids))),
    pageNum: pageNo,
    totalPages: Math.ceil(games.length / pageSize),
    total: games.length,
  };
}

/** `GCS_recentGame`: the member's last launched games the lobby still shows, newest first. */
export async function recentGames(
  db: Db,
  brand: Brand,
  language: SupportedLanguage,
  memberId: string,
): Promise<RecentGames> {
  const catalogue = await catalogueOf(db, brand);
  const ids = await recentIds(db, memberId, RECENT_GAMES_LIMIT);
  const games = ids.flatMap((id) => {
    const game = catalogue.byId.get(id);
    return game ? [game] : [];
  });
  return { games: await gamesOut(db, brand, language, memberId, games) };
}

/** `GLS2_roomList`: rooms of the lobby's games, optionally of one vendor or game. */
export async function roomList(
  db: Db,
  brand: Brand,
  language: SupportedLanguage,
  query: RoomListQuery,
): Promise<RoomList> {
  const catalogue = await catalogueOf(db, brand);
  const vendor = emptyToUndefined(query.vassalage);
  const code = emptyToUndefined(query.gameId);
  const games = catalogue.games.filter(
    (g) => (vendor === undefined || g.vendor.code === vendor) && (code === undefined || g.code === code),
  );
  const rooms = await roomsOf(
    db,
    brand.id,
    games.map((g) => g.id),
  );
  return {
    rooms: rooms.flatMap((r) => {
      const game = catalogue.byId.get(r.game_id);
      if (!game) return [];
      return [
        {
          roomId: r.id,
          code: r.code,
          gameId: game.code,
          vassalage: game.vendor.code,
          name: pickText({ en: r.name_en, ms: r.name_ms, cn: r.name_cn }, language),
          minBet: formatAmount(r.min_bet, brand.currency),
          maxBet: formatAmount(r.max_bet, brand.currency),
          status:
            game.effectiveStatus === 'maintenance' || r.status === 'maintenance' ? 'maintenance' : 'active',
        },
      ];
    }),
  };
}
