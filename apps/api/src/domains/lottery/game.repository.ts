import type { Selectable } from 'kysely';
import type { Executor } from '../../db/executor.ts';
import type { LotteryGamesTable, LotteryLimitsTable, ScheduleRow } from './lottery.tables.ts';

/** SQL of lottery games, their odds overrides and limits; every query is brand-scoped. */

export type GameRow = Selectable<LotteryGamesTable>;

export async function listGames(db: Executor, brandId: string): Promise<GameRow[]> {
  return db
    .selectFrom('lottery_games')
    .selectAll()
    .where('brand_id', '=', brandId)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
}

/** Active games of every brand (the numero jobs run for all brands at once). */
export async function activeGames(db: Executor): Promise<GameRow[]> {
  return db.selectFrom('lottery_games').selectAll().where('status', '=', 'active').orderBy('id').execute();
}

export async function findGameById(db: Executor, gameId: string): Promise<GameRow | undefined> {
  return db.selectFrom('lottery_games').selectAll().where('id', '=', gameId).executeTakeFirst();
}

export type NewGame = {
  brandId: string;
  code: string;
  family: string;
  category: string;
  accountTypeName: string;
  nameEn: string;
  nameMs: string;
  nameCn: string;
  drawSource: string;
  schedule: ScheduleRow;
  utcOffsetMinutes: number;
  closeOffsetSeconds: number;
  status: string;
  prizeModes: string[];
  sortOrder: number;
  isHot: boolean;
};

/** Inserts a game unless the brand has its code already (null then). */
export async function insertGame(db: Executor, game: NewGame): Promise<GameRow | null> {
  const row = await db
    .insertInto('lottery_games')
    .values({
      brand_id: game.brandId,
      code: game.code,
      family: game.family,
      category: game.category,
      account_type_name: game.accountTypeName,
      name_en: game.nameEn,
      name_ms: game.nameMs,
      name_cn: game.nameCn,
      draw_source: game.drawSource,
      schedule: JSON.stringify(game.schedule),
      utc_offset_minutes: game.utcOffsetMinutes,
      close_offset_seconds: game.closeOffsetSeconds,
      status: game.status,
      prize_modes: JSON.stringify(game.prizeModes),
      sort_order: game.sortOrder,
      is_hot: game.isHot,
    })
    .onConflict((oc) => oc.columns(['brand_id', 'code']).doNothing())
    .returningAll()
    .executeTakeFirst();
  return row ?? null;
}

export type GamePatch = Partial<Omit<NewGame, 'brandId' | 'code' | 'family' | 'drawSource'>>;

export async function updateGame(
  db: Executor,
  brandId: string,
  gameId: string,
  patch: GamePatch,
): Promise<GameRow | undefined> {
  return db
    .updateTable('lottery_games')
    .set({
      ...(patch.category !== undefined ? { category: patch.category } : {}),
      ...(patch.accountTypeName !== undefined ? { account_type_name: patch.accountTypeName } : {}),
      ...(patch.nameEn !== undefined ? { name_en: patch.nameEn } : {}),
      ...(patch.nameMs !== undefined ? { name_ms: patch.nameMs } : {}),
      ...(patch.nameCn !== undefined ? { name_cn: patch.nameCn } : {}),
      ...(patch.schedule !== undefined ? { schedule: JSON.stringify(patch.schedule) } : {}),
      ...(patch.utcOffsetMinutes !== undefined ? { utc_offset_minutes: patch.utcOffsetMinutes } : {}),
      ...(patch.closeOffsetSeconds !== undefined ? { close_offset_seconds: patch.closeOffsetSeconds } : {}),
      ...(patch.status !== undefined ? { status: patch.status } : {}),
      ...(patch.prizeModes !== undefined ? { prize_modes: JSON.stringify(patch.prizeModes) } : {}),
      ...(patch.sortOrder !== undefined ? { sort_order: patch.sortOrder } : {}),
      ...(patch.isHot !== undefined ? { is_hot: patch.isHot } : {}),
      updated_at: new Date(),
    })
    .where('brand_id', '=', brandId)
    .where('id', '=', gameId)
    .returningAll()
    .executeTakeFirst();
}

export type OddsOverrideRow = { prize_mode: string; play_id: number; tier: string; odds: string };

export async function listOddsOverrides(db: Executor, brandId: string): Promise<OddsOverrideRow[]> {
  return db
    .selectFrom('lottery_odds')
    .select(['prize_mode', 'play_id', 'tier', 'odds'])
    .where('brand_id', '=', brandId)
    .execute();
}

export async function upsertOdds(
  db: Executor,
  brandId: string,
  operatorId: string,
  row: { prizeMode: string; playId: number; tier: string; odds: bigint },
): Promise<void> {
  const values = { odds: row.odds.toString(), updated_by: operatorId, updated_at: new Date() };
  await db
    .insertInto('lottery_odds')
    .values({ brand_id: brandId, prize_mode: row.prizeMode, play_id: row.playId, tier: row.tier, ...values })
    .onConflict((oc) => oc.columns(['brand_id', 'prize_mode', 'play_id', 'tier']).doUpdateSet(values))
    .execute();
}

export async function deleteOdds(
  db: Executor,
  brandId: string,
  row: { prizeMode: string; playId: number; tier: string },
): Promise<void> {
  await db
    .deleteFrom('lottery_odds')
    .where('brand_id', '=', brandId)
    .where('prize_mode', '=', row.prizeMode)
    .where('play_id', '=', row.playId)
    .where('tier', '=', row.tier)
    .execute();
}

export type LimitsRow = Selectable<LotteryLimitsTable>;

export async function listLimits(db: Executor, brandId: string): Promise<LimitsRow[]> {
  return db
    .selectFrom('lottery_limits')
    .innerJoin('lottery_games', 'lottery_games.id', 'lottery_limits.game_id')
    .select([
      'lottery_limits.game_id',
      'lottery_limits.play_id',
      'lottery_limits.min_slip',
      'lottery_limits.max_slip',
      'lottery_limits.max_order',
      'lottery_limits.number_cap',
    ])
    .where('lottery_games.brand_id', '=', brandId)
    .orderBy('lottery_limits.game_id')
    .orderBy('lottery_limits.play_id')
    .execute();
}

export async function upsertLimits(
  db: Executor,
  gameId: string,
  playId: number,
  limits: { minSlip: bigint; maxSlip: bigint; maxOrder: bigint; numberCap: bigint },
): Promise<void> {
  const values = {
    min_slip: limits.minSlip.toString(),
    max_slip: limits.maxSlip.toString(),
    max_order: limits.maxOrder.toString(),
    number_cap: limits.numberCap.toString(),
  };
  await db
    .insertInto('lottery_limits')
    .values({ game_id: gameId, play_id: playId, ...values })
    .onConflict((oc) => oc.columns(['game_id', 'play_id']).doUpdateSet(values))
    .execute();
}

export async function deleteLimits(db: Executor, gameId: string, playId: number): Promise<void> {
  await db.deleteFrom('lottery_limits').where('game_id', '=', gameId).where('play_id', '=', playId).execute();
}
