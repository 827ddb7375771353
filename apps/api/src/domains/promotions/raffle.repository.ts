import { sql } from 'kysely';
import type { Executor } from '../../db/executor.ts';

/** SQL of raffle promotions (migration 0043): seeds, prizes with stock, one draw per ticket. */

export type PrizeRow = {
  id: string;
  position: number;
  name_en: string;
  name_ms: string;
  name_cn: string;
  /** 'money' (amount, minor units) or 'points' (points): exactly one is above zero. */
  kind: string;
  amount: string;
  points: string;
  weight: number;
  stock: number;
  remaining: number;
};

export type NewPrize = Omit<PrizeRow, 'id' | 'remaining'>;

const PRIZE_COLUMNS = [
  'id',
  'position',
  'name_en',
  'name_ms',
  'name_cn',
  'kind',
  'amount',
  'points',
  'weight',
  'stock',
  'remaining',
] as const;

export async function insertRaffle(
  db: Executor,
  row: { brandId: string; promotionId: string; serverSeed: string; seedHash: string },
): Promise<void> {
  await db
    .insertInto('promotion_raffles')
    .values({
      brand_id: row.brandId,
      promotion_id: row.promotionId,
      server_seed: row.serverSeed,
      seed_hash: row.seedHash,
    })
    .onConflict((oc) => oc.column('promotion_id').doNothing())
    .execute();
}

export function findRaffle(db: Executor, brandId: string, promotionId: string) {
  return db
    .selectFrom('promotion_raffles')
    .select(['server_seed', 'seed_hash'])
    .where('brand_id', '=', brandId)
    .where('promotion_id', '=', promotionId)
    .executeTakeFirst();
}

export async function countDraws(db: Executor, promotionId: string): Promise<number> {
  const row = await db
    .selectFrom('promotion_raffle_draws')
    .select(sql<string>`count(*)`.as('n'))
    .where('promotion_id', '=', promotionId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Replaces a raffle's prizes (only while none is drawn: the caller checks). */
export async function replacePrizes(
  db: Executor,
  brandId: string,
  promotionId: string,
  prizes: readonly NewPrize[],
): Promise<void> {
  await db.deleteFrom('promotion_raffle_prizes').where('promotion_id', '=', promotionId).execute();
  if (prizes.length === 0) return;
  await db
    .insertInto('promotion_raffle_prizes')
    .values(
      prizes.map((p) => ({
        brand_id: brandId,
        promotion_id: promotionId,
        position: p.position,
        name_en: p.name_en,
        name_ms: p.name_ms,
        name_cn: p.name_cn,
        kind: p.kind,
        amount: p.amount,
        points: p.points,
        weight: p.weight,
        stock: p.stock,
        remaining: p.stock,
      })),
    )
    .execute();
}

export async function prizesOf(
  db: Executor,
  brandId: string,
  promotionIds: readonly string[],
): Promise<Map<string, PrizeRow[]>> {
  const map = new Map<string, PrizeRow[]>();
  if (promotionIds.length === 0) return map;
  const rows = await db
    .selectFrom('promotion_raffle_prizes')
    .select([...PRIZE_COLUMNS, 'promotion_id'])
    .where('brand_id', '=', brandId)
    .where('promotion_id', 'in', [...promotionIds])
    .orderBy('promotion_id')
    .orderBy('position')
    .execute();
  for (const { promotion_id, ...row } of rows) {
    const list = map.get(promotion_id) ?? [];
    list.push(row);
    map.set(promotion_id, list);
  }
  return map;
}

/** The raffle's prizes locked in position order: draws of one raffle queue here, stock stays exact. */
export function lockPrizes(db: Executor, promotionId: string): Promise<PrizeRow[]> {
  return db
    .selectFrom('promotion_raffle_prizes')
    .select(PRIZE_COLUMNS)
    .where('promotion_id', '=', promotionId)
    .orderBy('position')
    .forUpdate()
    .execute();
}

/** Takes one from a prize's stock; false when none remains. */
export async function takePrize(db: Executor, prizeId: string): Promise<boolean> {
  const row = await db
    .updateTable('promotion_raffle_prizes')
    .set({ remaining: sql<number>`remaining - 1` })
    .where('id', '=', prizeId)
    .where('remaining', '>', 0)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertDraw(
  db: Executor,
  draw: {
    recordId: string;
    brandId: string;
    promotionId: string;
    memberId: string;
    prizeId: string;
    clientSeed: string;
    roll: string;
    available: { prizeId: string; weight: number }[];
  },
): Promise<void> {
  await db
    .insertInto('promotion_raffle_draws')
    .values({
      record_id: draw.recordId,
      brand_id: draw.brandId,
      promotion_id: draw.promotionId,
      member_id: draw.memberId,
      prize_id: draw.prizeId,
      client_seed: draw.clientSeed,
      roll: draw.roll,
      available: JSON.stringify(draw.available),
    })
    .execute();
}
