import type { SupportedLanguage } from '@lotus/contracts/languages';
import {
  type GamePlays,
  LOTTERY_PRIZE_MODES,
  type LotteryAccountType,
  type LotteryCategory,
  type LotteryFamily,
  type LotteryGame,
  type LotteryPrizeMode,
} from '@lotus/contracts/lottery';
import { formatAmount } from '@lotus/contracts/money';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { createDbCache, invalidateDbCaches } from '../../lib/db-cache.ts';
import { ensureAccount, type LedgerAccount } from '../wallet/ledger.service.ts';
import { DEFAULT_UNIT_STAKES, PLAY_TYPES, type PlayType, type PrizeMode } from './engine/index.ts';
import { type GameRow, type LimitsRow, listGames, listLimits, listOddsOverrides } from './game.repository.ts';
import type { OddsSnapshot, ScheduleRow } from './lottery.tables.ts';

/**
 * A brand's lottery configuration as the order and settlement code reads it: its games, odds
 * overrides per prize mode and limits, read through a 2-second per-process cache (cleared at once
 * by the back office's writes, within 2 s in other processes).
 */
export type LotteryGameConfig = {
  id: string;
  brandId: string;
  code: string;
  family: LotteryFamily;
  category: LotteryCategory;
  accountTypeName: LotteryAccountType;
  names: { en: string; ms: string; cn: string };
  drawSource: 'platform' | 'official';
  schedule: ScheduleRow;
  utcOffsetMinutes: number;
  closeOffsetSeconds: number;
  status: 'active' | 'suspended';
  prizeModes: LotteryPrizeMode[];
  sortOrder: number;
  isHot: boolean;
};

export type Limits = { minSlip: bigint; maxSlip: bigint; maxOrder: bigint; numberCap: bigint };

/** Limits of a game without a row of its own: 0.02 to 10,000.00 a slip, 50,000.00 an order, 1,000,000.00 per number. */
export const DEFAULT_LIMITS: Limits = {
  minSlip: 2n,
  maxSlip: 1_000_000n,
  maxOrder: 5_000_000n,
  numberCap: 100_000_000n,
};

export type BrandLottery = {
  games: Map<string, LotteryGameConfig>;
  /** Odds overrides (basis points) by `prizeMode|playId|tier`. */
  odds: Map<string, bigint>;
  /** gameId -> playId (0 = the game's default) -> limits. */
  limits: Map<string, Map<number, Limits>>;
};

export function toGameConfig(row: GameRow): LotteryGameConfig {
  return {
    id: row.id,
    brandId: row.brand_id,
    code: row.code,
    family: row.family as LotteryFamily,
    category: row.category as LotteryCategory,
    accountTypeName: row.account_type_name as LotteryAccountType,
    names: { en: row.name_en, ms: row.name_ms, cn: row.name_cn },
    drawSource: row.draw_source as 'platform' | 'official',
    schedule: row.schedule,
    utcOffsetMinutes: row.utc_offset_minutes,
    closeOffsetSeconds: row.close_offset_seconds,
    status: row.status as 'active' | 'suspended',
    prizeModes: row.prize_modes as LotteryPrizeMode[],
    sortOrder: row.sort_order,
    isHot: row.is_hot,
  };
}

const oddsKey = (prizeMode: string, playId: number, tier: string) => `${prizeMode}|${playId}|${tier}`;

function toLimits(row: LimitsRow): Limits {
  return {
    minSlip: BigInt(row.min_slip),
    maxSlip: BigInt(row.max_slip),
    maxOrder: BigInt(row.max_order),
    numberCap: BigInt(row.number_cap),
  };
}

const configCache = createDbCache<BrandLottery>(2_000);

async function loadBrandLottery(db: Db, brandId: string): Promise<BrandLottery> {
  const [games, overrides, limits] = await Promise.all([
    listGames(db, brandId),
    listOddsOverrides(db, brandId),
    listLimits(db, brandId),
  ]);
  const byGame = new Map<string, Map<number, Limits>>();
  for (const row of limits) {
    const rows = byGame.get(row.game_id) ?? new Map<number, Limits>();
    rows.set(row.play_id, toLimits(row));
    byGame.set(row.game_id, rows);
  }
  return {
    games: new Map(games.map((row) => [row.id, toGameConfig(row)])),
    odds: new Map(overrides.map((o) => [oddsKey(o.prize_mode, o.play_id, o.tier), BigInt(o.odds)])),
    limits: byGame,
  };
}

export function brandLottery(db: Db, brandId: string): Promise<BrandLottery> {
  return configCache.get(db, brandId, () => loadBrandLottery(db, brandId));
}

/** After a back-office write: every process reads the configuration afresh. */
export function lotteryConfigChanged(db: Db): void {
  invalidateDbCaches(db);
}

/** The game of a brand (another brand's id is simply not found). */
export async function gameOf(db: Db, brandId: string, gameId: string): Promise<LotteryGameConfig> {
  const game = (await brandLottery(db, brandId)).games.get(gameId);
  if (!game) throw new AppError('lottery_game_not_found');
  return game;
}

/** The odds of a play type in a prize mode: the brand's override, else the engine's default. */
export function oddsOf(
  config: BrandLottery,
  prizeMode: PrizeMode,
  playType: PlayType,
): Record<string, bigint> {
  const out: Record<string, bigint> = {};
  for (const [tier, odds] of Object.entries(playType.odds[prizeMode])) {
    out[tier] = config.odds.get(oddsKey(prizeMode, playType.id, tier)) ?? odds;
  }
  return out;
}

/** The odds snapshot an order keeps for its play types. */
export function oddsSnapshot(
  config: BrandLottery,
  prizeMode: PrizeMode,
  playTypes: PlayType[],
): OddsSnapshot {
  const out: OddsSnapshot = {};
  for (const playType of playTypes) {
    out[String(playType.id)] = Object.fromEntries(
      Object.entries(oddsOf(config, prizeMode, playType)).map(([tier, odds]) => [tier, odds.toString()]),
    );
  }
  return out;
}

export function limitsOf(config: BrandLottery, gameId: string, playId: number): Limits {
  const rows = config.limits.get(gameId);
  return rows?.get(playId) ?? rows?.get(0) ?? DEFAULT_LIMITS;
}

/**
 * The play types of a game in a prize mode as the betting page shows them (issue 14, member web):
 * each with its odds per tier (the brand's override, else the engine's) and its stake limits, the
 * stake units and the game's limit per order. The prize modes offered are the game's that the
 * brand also offers; without `prizeModeText` the first of them.
 */
export async function gamePlays(
  db: Db,
  brand: { id: string; currency: string; prizeModes: string[] },
  gameId: string,
  prizeModeText?: string,
): Promise<GamePlays> {
  const config = await brandLottery(db, brand.id);
  const game = config.games.get(gameId);
  if (!game) throw new AppError('lottery_game_not_found');
  if (game.status !== 'active') throw new AppError('lottery_game_unavailable');
  const brandModes = brand.prizeModes.map((m) => m.toUpperCase());
  const offered = game.prizeModes.filter((mode) => brandModes.includes(mode));
  const prizeMode = prizeModeText === undefined ? offered[0] : prizeModeOf(prizeModeText);
  if (!prizeMode || !offered.includes(prizeMode)) throw new AppError('lottery_prize_mode_invalid');
  const amount = (minor: bigint) => formatAmount(minor, brand.currency);
  return {
    gameId: game.id,
    family: game.family,
    prizeMode,
    prizeModes: offered,
    currency: brand.currency,
    units: Object.entries(DEFAULT_UNIT_STAKES).map(([mode, unit]) => ({ mode, amount: amount(unit) })),
    maxOrder: amount(limitsOf(config, game.id, 0).maxOrder),
    plays: PLAY_TYPES.filter((playType) => playType.family === game.family).map((playType) => {
      const limits = limitsOf(config, game.id, playType.id);
      return {
        playId: playType.id,
        playCode: playType.code,
        odds: Object.entries(oddsOf(config, prizeMode, playType)).map(([tier, odds]) => ({
          tier,
          odds: odds.toString(),
        })),
        minSlip: amount(limits.minSlip),
        maxSlip: amount(limits.maxSlip),
      };
    }),
  };
}

/** The wire spelling of a prize mode (the brand config says `Lott`, `Elott`) to the engine's. */
export function prizeModeOf(text: string): LotteryPrizeMode | null {
  const upper = text.toUpperCase();
  return (LOTTERY_PRIZE_MODES as readonly string[]).includes(upper) ? (upper as LotteryPrizeMode) : null;
}

export function nameIn(names: { en: string; ms: string; cn: string }, language: SupportedLanguage): string {
  const text = language === 'MS' ? names.ms : language === 'CN' ? names.cn : names.en;
  return text || names.en;
}

export function toWireGame(game: LotteryGameConfig, language: SupportedLanguage): LotteryGame {
  return {
    gameId: game.id,
    code: game.code,
    name: nameIn(game.names, language),
    family: game.family,
    category: game.category,
    accountTypeName: game.accountTypeName,
    drawSource: game.drawSource,
    intervalSeconds: game.schedule.kind === 'interval' ? game.schedule.seconds : null,
    prizeModes: game.prizeModes,
    isHot: game.isHot,
  };
}

/** The menu group a game is listed under. */
export function menuGroupOf(game: LotteryGameConfig): string {
  return game.family === 'digits' ? 'fast' : game.family;
}

// ---- ledger accounts of the lottery ---------------------------------------------------------------

/**
 * Real stakes are spread over this many house accounts (kind `house`, owner `lottery:<member % n>`):
 * every order updates its house account and holds its row lock until commit, so one account would
 * make all of a brand's members queue on one row. The lottery's position is the sum of them. An
 * order remembers its account, so wins and refunds go back there whatever the count becomes.
 */
export const LOTTERY_HOUSE_SHARDS = 16n;

const knownAccounts = new WeakMap<Db, Map<string, LedgerAccount>>();

async function knownAccount(
  db: Db,
  ref: {
    brandId: string;
    kind: 'house' | 'lottery_hold';
    ownerKey: string;
    currency: string;
    memberId?: string;
  },
): Promise<LedgerAccount> {
  const key = `${ref.brandId}|${ref.kind}|${ref.ownerKey}|${ref.currency}`;
  let accounts = knownAccounts.get(db);
  if (!accounts) {
    accounts = new Map();
    knownAccounts.set(db, accounts);
  }
  const hit = accounts.get(key);
  if (hit) return hit;
  // Outside any transaction: the account is committed before an order refers to it.
  const { account } = await ensureAccount(db, ref);
  if (accounts.size > 10_000) accounts.clear();
  accounts.set(key, account);
  return account;
}

/** Where a member's stakes go: a real house shard, or the brand's demo house for trial accounts. */
export function lotteryHouseAccount(
  db: Db,
  brand: { id: string; currency: string },
  memberId: string,
  trial: boolean,
): Promise<LedgerAccount> {
  return knownAccount(db, {
    brandId: brand.id,
    kind: 'house',
    ownerKey: trial ? 'lottery:demo' : `lottery:${BigInt(memberId) % LOTTERY_HOUSE_SHARDS}`,
    currency: brand.currency,
  });
}

/** The member's chase hold: stakes of a chase's future numeros, until placed or returned. */
export function lotteryHoldAccount(
  db: Db,
  brand: { id: string; currency: string },
  memberId: string,
): Promise<LedgerAccount> {
  return knownAccount(db, {
    brandId: brand.id,
    kind: 'lottery_hold',
    ownerKey: `member:${memberId}`,
    memberId,
    currency: brand.currency,
  });
}

/** A lottery game as the games catalogue lists it (published for the games domain). */
export type LotteryCatalogueEntry = {
  gameId: string;
  code: string;
  names: { en: string; ms: string; cn: string };
  family: LotteryFamily;
  /** The bottom-nav category: LOTT or ELOTT. */
  category: LotteryCategory;
  /** TCG_SEA starts /seaLottery, TCG_LOTTO_VN /vnlottery, LOTT and ELOTT /lottery (spec §4). */
  accountTypeName: LotteryAccountType;
  /** The first play type of the game's family (`defaultPlayType` of the catalogue). */
  defaultPlayType: number;
  status: 'active' | 'suspended';
  isHot: boolean;
  sortOrder: number;
};

const FIRST_PLAY: Record<LotteryFamily, number> = {
  digits: 101,
  dice: 201,
  'vn-north': 301,
  'vn-south': 401,
  sea4d: 501,
};

/** Every lottery game of a brand, in the brand's order, for the games catalogue's entries. */
export async function lotteryCatalogue(db: Db, brandId: string): Promise<LotteryCatalogueEntry[]> {
  const config = await brandLottery(db, brandId);
  return [...config.games.values()]
    .sort((a, b) => a.sortOrder - b.sortOrder)
    .map((game) => ({
      gameId: game.id,
      code: game.code,
      names: game.names,
      family: game.family,
      category: game.category,
      accountTypeName: game.accountTypeName,
      defaultPlayType: FIRST_PLAY[game.family],
      status: game.status,
      isHot: game.isHot,
      sortOrder: game.sortOrder,
    }));
}
