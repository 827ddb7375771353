/**
 * Numeros (issue 14 "Draws"): created ahead by a job from each game's schedule, with the SHA-256 of
 * a fresh random seed published from the start for platform-drawn games; closed at their close
 * time (server time); drawn by the platform with the engine's provably fair draw (the seed revealed
 * with the result), or for official-result games from the result an operator entered and a second
 * operator approved; cancelled (every order refunded) when they cannot be drawn.
 */
import { randomBytes } from 'node:crypto';
import type { SupportedLanguage } from '@lotus/contracts/languages';
import {
  type CurrentNumero,
  type DrawnNumero,
  type DrawVerification,
  type GameMenu,
  LOTTERY_RULES,
  type LotteryCategory,
  type OpenedNumeros,
  type OpenNumero,
  type PopularLotteries,
  type RecentGames,
  type ResultsHistory,
  type Trends,
} from '@lotus/contracts/lottery';
import { DRAW_ALGORITHM } from '@lotus/contracts/lottery-draw';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import {
  type Draw,
  drawDice,
  drawDigits,
  drawSea4d,
  drawVn,
  seedHash,
  seedMatchesHash,
  vnPrizes,
} from './engine/index.ts';
import { activeGames, type GameRow } from './game.repository.ts';
import {
  brandLottery,
  gameOf,
  type LotteryGameConfig,
  menuGroupOf,
  toGameConfig,
  toWireGame,
} from './game.service.ts';
import type { ResultRow } from './lottery.tables.ts';
import {
  closeDueNumeros,
  currentNumero,
  currentOf,
  drawnNumeros,
  dueForDraw,
  findNumeroByLabel,
  insertNumeros,
  lastDrawAt,
  latestDrawnOf,
  lockNumero,
  type NumeroRow,
  openNumeros,
  overdueNumeros,
  setDrawn,
} from './numero.repository.ts';
import { ordersPerGameSince, recentGameIds } from './order.repository.ts';
import { type GameTiming, slotsAfter } from './schedule.ts';
import { cancelNumero } from './settlement.service.ts';
import { toResultRow, toWireResult } from './slips.ts';

/** Numeros kept ahead: 100 of an interval game (the opened-numero list shows 100), 14 of a daily one. */
export const NUMEROS_AHEAD = { interval: 100, daily: 14 } as const;
/** A platform numero not drawn this long after its draw time is cancelled (its orders refunded). */
export const PLATFORM_DRAW_GRACE_MS = 10 * 60_000;
/** An official-result numero without an approved result this long after its draw time is cancelled. */
export const OFFICIAL_RESULT_GRACE_MS = 48 * 3_600_000;

function timingOf(
  game: Pick<LotteryGameConfig, 'schedule' | 'utcOffsetMinutes' | 'closeOffsetSeconds'>,
): GameTiming {
  return {
    schedule: game.schedule,
    utcOffsetMinutes: game.utcOffsetMinutes,
    closeOffsetSeconds: game.closeOffsetSeconds,
  };
}

/** Creates the numeros a game is missing up to its horizon (from its last one, or from now). */
export async function createNumerosFor(db: Db, row: GameRow, now: Date): Promise<number> {
  const game = toGameConfig(row);
  const ahead = game.schedule.kind === 'interval' ? NUMEROS_AHEAD.interval : NUMEROS_AHEAD.daily;
  const last = await lastDrawAt(db, game.id);
  const from = last && last > now ? last : now;
  const slots = slotsAfter(timingOf(game), from, ahead);
  const horizon = slotsAfter(timingOf(game), now, ahead).at(-1)?.drawAt ?? now;
  const wanted = slots.filter((slot) => slot.drawAt <= horizon);
  return insertNumeros(
    db,
    wanted.map((slot) => {
      const seed = game.drawSource === 'platform' ? randomBytes(32).toString('hex') : null;
      return {
        brandId: game.brandId,
        gameId: game.id,
        numero: slot.numero,
        openAt: slot.openAt,
        closeAt: slot.closeAt,
        drawAt: slot.drawAt,
        seed,
        seedHash: seed ? seedHash(seed) : null,
      };
    }),
  );
}

/** Job: numeros ahead for every active game of every brand. */
export async function createNumeros(db: Db, now: Date): Promise<number> {
  let created = 0;
  for (const row of await activeGames(db)) created += await createNumerosFor(db, row, now);
  return created;
}

/** Job: open numeros past their close time are closed. */
export function closeNumeros(db: Db, now: Date): Promise<number> {
  return closeDueNumeros(db, now);
}

/** The engine's draw of a platform game's numero from its seed. */
export function platformDraw(
  game: Pick<LotteryGameConfig, 'family' | 'code'>,
  seed: string,
  numero: string,
): Draw {
  switch (game.family) {
    case 'digits':
      return drawDigits(seed, game.code, numero);
    case 'dice':
      return drawDice(seed, game.code, numero);
    case 'vn-north':
      return drawVn(seed, game.code, numero, 'north');
    case 'vn-south':
      return drawVn(seed, game.code, numero, 'south');
    default:
      return drawSea4d(seed, game.code, numero);
  }
}

/** Draws one platform numero (under its row lock; a closed or due-open numero only). */
export async function drawNumero(db: Db, numeroId: string, now: Date): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const numero = await lockNumero(trx, numeroId);
    if (!numero || (numero.status !== 'open' && numero.status !== 'closed')) return false;
    if (numero.close_at > now || numero.draw_at > now) return false;
    const game = await trx
      .selectFrom('lottery_games')
      .selectAll()
      .where('id', '=', numero.game_id)
      .executeTakeFirstOrThrow();
    if (game.draw_source !== 'platform') return false;
    if (!numero.seed || !numero.seed_hash || !seedMatchesHash(numero.seed, numero.seed_hash)) {
      throw new Error(`lottery: numero ${numero.id} has no valid seed`);
    }
    const draw = platformDraw(toGameConfig(game), numero.seed, numero.numero);
    return setDrawn(trx, numero.id, toResultRow(draw), now);
  });
}

/** Job: every platform numero due for its draw is drawn. */
export async function drawNumeros(db: Db, now: Date): Promise<number> {
  let drawn = 0;
  for (const { id } of await dueForDraw(db, now)) if (await drawNumero(db, id, now)) drawn += 1;
  return drawn;
}

/** Job: numeros that could not be drawn in time are cancelled and refunded. */
export async function cancelOverdueNumeros(db: Db, now: Date): Promise<number> {
  let cancelled = 0;
  const overdue = await overdueNumeros(
    db,
    new Date(now.getTime() - PLATFORM_DRAW_GRACE_MS),
    new Date(now.getTime() - OFFICIAL_RESULT_GRACE_MS),
  );
  for (const { id } of overdue) {
    try {
      await cancelNumero(db, id, 'not drawn in time', now);
      cancelled += 1;
    } catch (error) {
      if (!(error instanceof AppError && error.code === 'lottery_numero_state_invalid')) throw error;
    }
  }
  return cancelled;
}

/** Checks an entered official result against the game's prize table; answers the stored result. */
export function officialResult(
  game: Pick<LotteryGameConfig, 'family'>,
  prizes: { tier: string; number: string }[],
): ResultRow {
  try {
    if (game.family === 'vn-north' || game.family === 'vn-south') {
      const region = game.family === 'vn-north' ? 'north' : 'south';
      const draw: Draw = { kind: 'vn', region, prizes };
      vnPrizes(draw, region);
      return toResultRow(draw);
    }
  } catch {
    throw new AppError('lottery_result_invalid');
  }
  throw new AppError('lottery_result_invalid');
}

// ---- members' reads ------------------------------------------------------------------------------

export function toOpenNumero(row: NumeroRow): OpenNumero {
  return {
    gameId: row.game_id,
    numero: row.numero,
    status: row.status as OpenNumero['status'],
    openAt: row.open_at.getTime(),
    closeAt: row.close_at.getTime(),
    drawAt: row.draw_at.getTime(),
    seedHash: row.seed_hash,
  };
}

/** A numero with its result; the seed only once drawn (it stays secret while bets are open). */
export function toDrawnNumero(row: NumeroRow): DrawnNumero {
  const drawn = row.status === 'drawn' || row.status === 'settled';
  return {
    gameId: row.game_id,
    numero: row.numero,
    status: row.status as DrawnNumero['status'],
    drawAt: row.draw_at.getTime(),
    result: toWireResult(row.result),
    seedHash: row.seed_hash,
    seed: drawn ? row.seed : null,
  };
}

function visible(game: LotteryGameConfig): boolean {
  return game.status === 'active';
}

/** `/lgw/vn/games/game_menu`: the brand's active games by menu group, in the brand's order. */
export async function gameMenu(db: Db, brandId: string, language: SupportedLanguage): Promise<GameMenu> {
  const config = await brandLottery(db, brandId);
  const groups = new Map<string, GameMenu['groups'][number]>();
  const games = [...config.games.values()].filter(visible).sort((a, b) => a.sortOrder - b.sortOrder);
  for (const game of games) {
    const group = menuGroupOf(game);
    const entry = groups.get(group) ?? { group, games: [] };
    entry.games.push(toWireGame(game, language));
    groups.set(group, entry);
  }
  return { groups: [...groups.values()] };
}

/** `/lgw/vn/games/game_menu/recent`: the games the member ordered on lately (10 at most). */
export async function recentGames(
  db: Db,
  brandId: string,
  memberId: string,
  language: SupportedLanguage,
): Promise<RecentGames> {
  const config = await brandLottery(db, brandId);
  const ids = await recentGameIds(db, brandId, memberId, 10);
  return {
    games: ids
      .map((id) => config.games.get(id))
      .filter((g): g is LotteryGameConfig => g !== undefined && visible(g))
      .map((g) => toWireGame(g, language)),
  };
}

/**
 * Popular lotteries (spec §7 `/lgw/games/popular`, count 20, prizeMode): the brand's active games
 * by orders in the last 24 hours, then hot, then the brand's order, each with its current numero
 * and latest result; `/lgw/games/popular` (games domain) serves them beside the vendors' games.
 */
export async function popularLotteries(
  db: Db,
  brandId: string,
  query: { count?: number | undefined; prizeMode?: string | undefined; category?: LotteryCategory },
  language: SupportedLanguage,
  now: Date = new Date(),
): Promise<PopularLotteries> {
  const config = await brandLottery(db, brandId);
  const mode = query.prizeMode?.toUpperCase();
  const counts = await ordersPerGameSince(db, brandId, new Date(now.getTime() - 86_400_000));
  const games = [...config.games.values()]
    .filter(
      (g) =>
        visible(g) &&
        (!mode || (g.prizeModes as string[]).includes(mode)) &&
        (!query.category || g.category === query.category),
    )
    .sort(
      (a, b) =>
        (counts.get(b.id) ?? 0) - (counts.get(a.id) ?? 0) ||
        Number(b.isHot) - Number(a.isHot) ||
        a.sortOrder - b.sortOrder,
    )
    .slice(0, query.count ?? LOTTERY_RULES.popularCount);
  const ids = games.map((g) => g.id);
  const [current, latest] = await Promise.all([currentOf(db, ids, now), latestDrawnOf(db, ids)]);
  const currentBy = new Map(current.map((n) => [n.game_id, n]));
  const latestBy = new Map(latest.map((n) => [n.game_id, n]));
  return {
    games: games.map((g) => {
      const open = currentBy.get(g.id);
      const drawn = latestBy.get(g.id);
      return {
        ...toWireGame(g, language),
        orders24h: counts.get(g.id) ?? 0,
        current: open ? toOpenNumero(open) : null,
        latest: drawn ? toDrawnNumero(drawn) : null,
      };
    }),
  };
}

/** `/lgw/vn/numeros/opened/game`: the game's numeros still taking bets, the current one first. */
export async function openedNumeros(
  db: Db,
  brandId: string,
  gameId: string,
  count: number,
  now: Date = new Date(),
): Promise<OpenedNumeros> {
  await gameOf(db, brandId, gameId);
  const rows = await openNumeros(db, gameId, now, count);
  return { serverTime: now.getTime(), numeros: rows.map(toOpenNumero) };
}

/** `/lotto/lgw/games/opened/numero`: the betting page's header: current numero and last result. */
export async function currentNumeroOf(
  db: Db,
  brandId: string,
  gameId: string,
  language: SupportedLanguage,
  now: Date = new Date(),
): Promise<CurrentNumero> {
  const game = await gameOf(db, brandId, gameId);
  const [current, previous] = await Promise.all([
    currentNumero(db, gameId, now),
    drawnNumeros(db, gameId, 1),
  ]);
  return {
    serverTime: now.getTime(),
    game: toWireGame(game, language),
    current: current ? toOpenNumero(current) : null,
    previous: previous[0] ? toDrawnNumero(previous[0]) : null,
  };
}

/** The game's latest results, newest first. */
export async function resultsHistory(
  db: Db,
  brandId: string,
  gameId: string,
  count: number,
): Promise<ResultsHistory> {
  await gameOf(db, brandId, gameId);
  return { items: (await drawnNumeros(db, gameId, count)).map(toDrawnNumero) };
}

/** The values a result counts for, per group (trend charts). */
function trendValues(result: ResultRow): Map<string, string[]> {
  const out = new Map<string, string[]>();
  if (result.kind === 'digits') {
    result.digits.forEach((digit, i) => {
      out.set(`position-${i}`, [String(digit)]);
    });
    out.set('sum', [String(result.digits.reduce((a, b) => a + b, 0))]);
  } else if (result.kind === 'dice') {
    out.set('face', result.dice.map(String));
    out.set('sum', [String(result.dice.reduce((a, b) => a + b, 0))]);
  } else if (result.kind === 'vn') {
    out.set(
      'lo',
      result.prizes.map((p) => p.number.slice(-2)),
    );
    out.set('de', [(result.prizes[0]?.number ?? '').slice(-2)]);
  } else {
    for (let i = 0; i < 4; i++)
      out.set(
        `position-${i}`,
        result.prizes.map((p) => p.number.charAt(i)),
      );
  }
  return out;
}

const TREND_DOMAINS: Record<string, (group: string) => string[]> = {
  digits: (group) =>
    group === 'sum'
      ? Array.from({ length: 46 }, (_, i) => String(i))
      : Array.from({ length: 10 }, (_, i) => String(i)),
  dice: (group) =>
    group === 'sum' ? Array.from({ length: 16 }, (_, i) => String(i + 3)) : ['1', '2', '3', '4', '5', '6'],
  vn: () => Array.from({ length: 100 }, (_, i) => String(i).padStart(2, '0')),
  sea4d: () => Array.from({ length: 10 }, (_, i) => String(i)),
};

/**
 * Hot/cold numbers and missing counts over the game's last `count` results: per group, each value's
 * count (a VN ending counts every prize it ends) and how many draws ago it last came.
 */
export async function trends(db: Db, brandId: string, gameId: string, count: number): Promise<Trends> {
  const game = await gameOf(db, brandId, gameId);
  const rows = (await drawnNumeros(db, gameId, count)).filter((r) => r.result !== null);
  const kind = game.family === 'vn-north' || game.family === 'vn-south' ? 'vn' : game.family;
  const domainOf = TREND_DOMAINS[kind] ?? TREND_DOMAINS.sea4d;
  const stats = new Map<string, Map<string, { count: number; missing: number }>>();
  rows.forEach((row, age) => {
    for (const [group, values] of trendValues(row.result as ResultRow)) {
      let table = stats.get(group);
      if (!table) {
        table = new Map(
          (domainOf as (g: string) => string[])(group).map((v) => [v, { count: 0, missing: rows.length }]),
        );
        stats.set(group, table);
      }
      for (const value of values) {
        const entry = table.get(value) ?? { count: 0, missing: rows.length };
        entry.count += 1;
        if (entry.missing > age) entry.missing = age;
        table.set(value, entry);
      }
    }
  });
  return {
    gameId,
    draws: rows.length,
    groups: [...stats.entries()].map(([group, table]) => {
      const values = [...table.entries()].map(([value, s]) => ({
        value,
        count: s.count,
        missing: s.missing,
      }));
      const byCount = [...values].sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
      return {
        group,
        values,
        hot: byCount.slice(0, 5).map((v) => v.value),
        cold: byCount
          .slice(-5)
          .reverse()
          .map((v) => v.value),
      };
    }),
  };
}

/** The verification of a numero: its seed, hash and result, and the server's own recomputation. */
export async function verifyDraw(
  db: Db,
  brandId: string,
  gameId: string,
  label: string,
): Promise<DrawVerification> {
  const game = await gameOf(db, brandId, gameId);
  const numero = await findNumeroByLabel(db, gameId, label);
  if (!numero) throw new AppError('lottery_numero_not_found');
  const drawn = numero.status === 'drawn' || numero.status === 'settled';
  const seed = drawn ? numero.seed : null;
  let verified = false;
  if (seed && numero.seed_hash && numero.result && seedMatchesHash(seed, numero.seed_hash)) {
    const again = toWireResult(toResultRow(platformDraw(game, seed, numero.numero)));
    verified = JSON.stringify(again) === JSON.stringify(toWireResult(numero.result));
  }
  return {
    gameCode: game.code,
    family: game.family,
    numero: numero.numero,
    status: numero.status as DrawVerification['status'],
    seedHash: numero.seed_hash,
    seed,
    result: toWireResult(numero.result),
    verified,
    algorithm: DRAW_ALGORITHM,
  };
}
