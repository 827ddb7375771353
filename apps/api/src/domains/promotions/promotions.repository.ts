import { sql } from 'kysely';
import type { Executor } from '../../db/executor.ts';
import type { PromotionRulesRow } from './promotions.tables.ts';

export const PROMOTION_COLUMNS = [
  'id',
  'brand_id',
  'title_en',
  'title_ms',
  'title_cn',
  'content_en',
  'content_ms',
  'content_cn',
  'image',
  'status',
  'starts_at',
  'ends_at',
  'frequency',
  'rules',
  'reward_kind',
  'reward_amount',
  'reward_percent_bp',
  'reward_cap',
  'wagering_multiplier',
  'wagering_includes_deposit',
  'contributions',
  'max_bet',
  'expiry_days',
  'needs_approval',
  'asks_contact',
  'sort_order',
  'free_rounds_game',
  'free_rounds_stake',
  'free_rounds_count',
  'reward_points',
] as const;

export type PromotionRow = {
  id: string;
  brand_id: string;
  title_en: string;
  title_ms: string;
  title_cn: string;
  content_en: string;
  content_ms: string;
  content_cn: string;
  image: string;
  status: string;
  starts_at: Date;
  ends_at: Date;
  frequency: string;
  rules: PromotionRulesRow;
  reward_kind: string;
  reward_amount: string;
  reward_percent_bp: number;
  reward_cap: string;
  wagering_multiplier: number;
  wagering_includes_deposit: boolean;
  contributions: Record<string, number>;
  max_bet: string;
  expiry_days: number;
  needs_approval: boolean;
  asks_contact: boolean;
  sort_order: number;
  free_rounds_game: string | null;
  free_rounds_stake: string;
  free_rounds_count: number;
  reward_points: string;
};

export type PromotionValues = Omit<PromotionRow, 'id' | 'brand_id'>;

function toColumns(values: PromotionValues) {
  return {
    ...values,
    rules: JSON.stringify(values.rules),
    contributions: JSON.stringify(values.contributions),
  };
}

export function listPromotions(db: Executor, brandId: string, activeOnly: boolean): Promise<PromotionRow[]> {
  let q = db.selectFrom('promotions').select(PROMOTION_COLUMNS).where('brand_id', '=', brandId);
  if (activeOnly) q = q.where('status', '=', 'active');
  return q.orderBy('sort_order').orderBy('id', 'desc').limit(500).execute() as Promise<PromotionRow[]>;
}

export function findPromotion(db: Executor, brandId: string, id: string): Promise<PromotionRow | undefined> {
  return db
    .selectFrom('promotions')
    .select(PROMOTION_COLUMNS)
    .where('brand_id', '=', brandId)
    .where('id', '=', id)
    .executeTakeFirst() as Promise<PromotionRow | undefined>;
}

export async function insertPromotion(
  db: Executor,
  brandId: string,
  values: PromotionValues,
): Promise<string> {
  const row = await db
    .insertInto('promotions')
    .values({ brand_id: brandId, ...toColumns(values) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updatePromotion(db: Executor, brandId: string, id: string, values: PromotionValues) {
  const row = await db
    .updateTable('promotions')
    .set({ ...toColumns(values), updated_at: new Date() })
    .where('brand_id', '=', brandId)
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export const RECORD_COLUMNS = [
  'mp.id',
  'mp.brand_id',
  'mp.promotion_id',
  'mp.member_id',
  'mp.period_key',
  'mp.state',
  'mp.close_reason',
  'mp.reject_reason',
  'mp.deposit_id',
  'mp.deposit_amount',
  'mp.bonus_amount',
  'mp.reward_points',
  'mp.wagering_required',
  'mp.wagering_done',
  'mp.locked_amount',
  'mp.forfeited_amount',
  'mp.flagged_bets',
  'mp.contact_kind',
  'mp.contact_id',
  'mp.claimed_at',
  'mp.expires_at',
  'mp.created_at',
  'mp.remark',
] as const;

export type RecordRow = {
  id: string;
  brand_id: string;
  promotion_id: string;
  member_id: string;
  period_key: string;
  state: string;
  close_reason: string;
  reject_reason: string;
  deposit_id: string | null;
  deposit_amount: string;
  bonus_amount: string;
  reward_points: string;
  wagering_required: string;
  wagering_done: string;
  locked_amount: string;
  forfeited_amount: string;
  flagged_bets: number;
  contact_kind: string;
  contact_id: string;
  claimed_at: Date | null;
  expires_at: Date | null;
  created_at: Date;
  remark: string | null;
  title_en: string;
  title_ms: string;
  title_cn: string;
  max_bet: string;
  username: string;
  reward_kind: string;
  prize_en: string | null;
  prize_ms: string | null;
  prize_cn: string | null;
  prize_kind: string | null;
  prize_points: string | null;
};

function records(db: Executor) {
  return db
    .selectFrom('member_promotions as mp')
    .innerJoin('promotions as p', 'p.id', 'mp.promotion_id')
    .innerJoin('members as m', 'm.id', 'mp.member_id')
    .leftJoin('promotion_raffle_draws as rd', 'rd.record_id', 'mp.id')
    .leftJoin('promotion_raffle_prizes as rp', 'rp.id', 'rd.prize_id')
    .select(RECORD_COLUMNS)
    .select(['p.title_en', 'p.title_ms', 'p.title_cn', 'p.max_bet', 'p.reward_kind', 'm.username'])
    .select(['rp.name_en as prize_en', 'rp.name_ms as prize_ms', 'rp.name_cn as prize_cn'])
    .select(['rp.kind as prize_kind', 'rp.points as prize_points']);
}

export function memberRecords(
  db: Executor,
  brandId: string,
  memberId: string,
  state?: string,
): Promise<RecordRow[]> {
  let q = records(db).where('mp.brand_id', '=', brandId).where('mp.member_id', '=', memberId);
  if (state) q = q.where('mp.state', '=', state);
  return q.orderBy('mp.id', 'desc').limit(200).execute();
}

export function adminRecords(
  db: Executor,
  brandId: string,
  filter: { state?: string; username?: string },
): Promise<RecordRow[]> {
  let q = records(db).where('mp.brand_id', '=', brandId);
  if (filter.state) q = q.where('mp.state', '=', filter.state);
  if (filter.username) q = q.where(sql`lower(m.username)`, '=', filter.username.toLowerCase());
  return q.orderBy('mp.id', 'desc').limit(200).execute();
}

export function findRecord(db: Executor, brandId: string, id: string): Promise<RecordRow | undefined> {
  return records(db).where('mp.brand_id', '=', brandId).where('mp.id', '=', id).executeTakeFirst();
}

/** The member's records of the given promotions in their current periods. */
export function periodRecords(
  db: Executor,
  memberId: string,
  keys: { promotionId: string; periodKey: string }[],
): Promise<{ id: string; promotion_id: string; state: string }[]> {
  if (keys.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('member_promotions')
    .select(['id', 'promotion_id', 'state'])
    .where('member_id', '=', memberId)
    .where((eb) =>
      eb.or(
        keys.map((k) => eb.and([eb('promotion_id', '=', k.promotionId), eb('period_key', '=', k.periodKey)])),
      ),
    )
    .execute();
}

/** Inserts a record unless the member has one in the period (or the deposit is used): null then. */
export async function insertRecord(
  db: Executor,
  values: {
    brandId: string;
    promotionId: string;
    memberId: string;
    periodKey: string;
    state: string;
    depositId: string | null;
    depositAmount: bigint;
    bonusAmount: bigint;
    wageringRequired: bigint;
    rewardPoints?: bigint;
    remark?: string | null;
  },
): Promise<string | null> {
  const row = await db
    .insertInto('member_promotions')
    .values({
      brand_id: values.brandId,
      promotion_id: values.promotionId,
      member_id: values.memberId,
      period_key: values.periodKey,
      state: values.state,
      deposit_id: values.depositId,
      deposit_amount: values.depositAmount,
      bonus_amount: values.bonusAmount,
      wagering_required: values.wageringRequired,
      reward_points: (values.rewardPoints ?? 0n).toString(),
      locked_amount: 0n,
      remark: values.remark ?? null,
    })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

/** A conditional state move: the row when it was in one of `from`, else undefined. */
export function moveRecord(
  db: Executor,
  where: { brandId: string; id: string; memberId?: string; from: readonly string[] },
  set: Record<string, unknown>,
) {
  let q = db
    .updateTable('member_promotions')
    .set({ ...set, updated_at: new Date() })
    .where('brand_id', '=', where.brandId)
    .where('id', '=', where.id)
    .where('state', 'in', [...where.from]);
  if (where.memberId) q = q.where('member_id', '=', where.memberId);
  return q
    .returning([
      'id',
      'member_id',
      'promotion_id',
      'state',
      'bonus_amount',
      'locked_amount',
      'wagering_required',
      'reward_points',
    ])
    .executeTakeFirst();
}

export function activeWagering(db: Executor, brandId: string, memberId: string) {
  return db
    .selectFrom('member_promotions as mp')
    .innerJoin('promotions as p', 'p.id', 'mp.promotion_id')
    .select([
      'mp.id',
      'mp.locked_amount',
      'mp.claimed_at',
      'mp.wagering_required',
      'p.contributions',
      'p.max_bet',
    ])
    .where('mp.brand_id', '=', brandId)
    .where('mp.member_id', '=', memberId)
    .where('mp.state', '=', 'process')
    .orderBy('mp.id')
    .execute();
}

export function expiredWagering(db: Executor, now: Date) {
  return db
    .selectFrom('member_promotions')
    .select(['id', 'brand_id'])
    .where('state', '=', 'process')
    .where('expires_at', '<=', now)
    .orderBy('id')
    .limit(500)
    .execute();
}

/** The main wallet's balance, its row locked for the rest of the transaction. */
export async function lockedBalance(db: Executor, accountId: string): Promise<bigint> {
  const row = await db
    .selectFrom('ledger_accounts')
    .select('balance')
    .where('id', '=', accountId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  return BigInt(row.balance);
}

export async function recordWagering(
  db: Executor,
  row: {
    recordId: string;
    entryId: string;
    category: string;
    stake: bigint;
    counted: bigint;
    overMaxBet: boolean;
  },
): Promise<boolean> {
  const inserted = await db
    .insertInto('promotion_wagering_entries')
    .values({
      member_promotion_id: row.recordId,
      entry_id: row.entryId,
      category: row.category,
      stake: row.stake,
      counted: row.counted,
      over_max_bet: row.overMaxBet,
    })
    .onConflict((oc) => oc.doNothing())
    .returning('entry_id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/**
 * Adds progress to a record in process; its state and lock follow the promotions' rule
 * (sql/promotion_wagering_state.sql): signed and unlocked once the requirement is met.
 */
export async function addProgress(db: Executor, recordId: string, counted: bigint, flagged: number) {
  await sql`
    update member_promotions m set
      wagering_done = m.wagering_done + ${counted},
      flagged_bets = m.flagged_bets + ${flagged},
      (state, locked_amount) = (
        select w.o_state, w.o_locked
        from promotion_wagering_state(m.wagering_done + ${counted}, m.wagering_required, m.locked_amount) w),
      updated_at = now()
    where m.id = ${recordId} and m.state = 'process'`.execute(db);
}

/** The member's credited deposits (approved or paid) from `from` on, oldest first. */
export function creditedDeposits(db: Executor, brandId: string, memberId: string, from: Date, to: Date) {
  return db
    .selectFrom('deposits')
    .select(['id', 'amount', 'resolved_at'])
    .where('brand_id', '=', brandId)
    .where('member_id', '=', memberId)
    .where('status', 'in', ['approved', 'paid'])
    .where('resolved_at', '>=', from)
    .where('resolved_at', '<', to)
    .orderBy('resolved_at')
    .orderBy('id')
    .limit(1000)
    .execute();
}

/** How many deposits the member had credited before `before` (for the Nth-deposit rule). */
export async function depositsBefore(
  db: Executor,
  brandId: string,
  memberId: string,
  before: Date,
): Promise<number> {
  const row = await db
    .selectFrom('deposits')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('brand_id', '=', brandId)
    .where('member_id', '=', memberId)
    .where('status', 'in', ['approved', 'paid'])
    .where('resolved_at', '<', before)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function stakeSince(
  db: Executor,
  brandId: string,
  memberId: string,
  fromDay: string,
): Promise<bigint> {
  const row = await db
    .selectFrom('member_daily_turnover')
    .select(sql<string>`coalesce(sum(stake), 0)`.as('stake'))
    .where('brand_id', '=', brandId)
    .where('member_id', '=', memberId)
    .where('day', '>=', fromDay)
    .executeTakeFirstOrThrow();
  return BigInt(row.stake);
}

export async function memberSince(db: Executor, brandId: string, memberId: string): Promise<Date> {
  const row = await db
    .selectFrom('members')
    .select('created_at')
    .where('brand_id', '=', brandId)
    .where('id', '=', memberId)
    .executeTakeFirstOrThrow();
  return row.created_at;
}

export async function memberByUsername(db: Executor, brandId: string, username: string) {
  return db
    .selectFrom('members')
    .select(['id', 'username'])
    .where('brand_id', '=', brandId)
    .where(sql`lower(username)`, '=', username.toLowerCase())
    .executeTakeFirst();
}

export async function brandCurrency(
  db: Executor,
  brandId: string,
): Promise<{ id: string; currency: string }> {
  const row = await db
    .selectFrom('brands')
    .select(['id', 'currency'])
    .where('id', '=', brandId)
    .executeTakeFirstOrThrow();
  return row;
}

/** What a bet entry counted for the member's bonuses still in process (for a rollback). */
export function countedFor(db: Executor, memberId: string, betEntryId: string) {
  return db
    .selectFrom('promotion_wagering_entries as w')
    .innerJoin('member_promotions as mp', 'mp.id', 'w.member_promotion_id')
    .select(['w.member_promotion_id', 'w.counted', 'w.category'])
    .where('mp.member_id', '=', memberId)
    .where('mp.state', '=', 'process')
    .where('w.entry_id', '=', betEntryId)
    .where('w.counted', '>', '0')
    .execute();
}

/**
 * What a lottery order's stake (its `lottery_bet` or `lottery_chase_stake` entry, reference
 * `lottery:order:<id>`) counted for the member's bonuses still in process, in the brand.
 */
export function countedForLotteryOrder(db: Executor, brandId: string, memberId: string, orderId: string) {
  return db
    .selectFrom('promotion_wagering_entries as w')
    .innerJoin('member_promotions as mp', 'mp.id', 'w.member_promotion_id')
    .innerJoin('journal_entries as j', 'j.id', 'w.entry_id')
    .select(['w.member_promotion_id', 'w.counted', 'w.category'])
    .where('mp.brand_id', '=', brandId)
    .where('mp.member_id', '=', memberId)
    .where('mp.state', '=', 'process')
    .where('j.brand_id', '=', brandId)
    .where('j.reference', '=', `lottery:order:${orderId}`)
    .where('j.kind', 'in', ['lottery_bet', 'lottery_chase_stake'])
    .where('w.counted', '>', '0')
    .execute();
}

/** Takes progress back (never below zero) from a record in process. */
export async function removeProgress(db: Executor, recordId: string, counted: bigint) {
  await sql`
    update member_promotions set wagering_done = greatest(wagering_done - ${counted}, 0), updated_at = now()
    where id = ${recordId} and state = 'process'`.execute(db);
}
