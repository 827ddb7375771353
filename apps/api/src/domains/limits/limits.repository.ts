import type { LimitKind, LimitPeriod } from '@lotus/contracts/limits';
import { sql } from 'kysely';
import type { Executor } from '../../db/executor.ts';

/** The limits' SQL (docs/limits.md). Usage and the stake check are the PL/pgSQL files under ./sql. */

export type LimitRow = {
  id: string;
  brandId: string;
  memberId: string;
  kind: LimitKind;
  period: LimitPeriod;
  amount: bigint;
  pendingAmount: bigint | null;
  pendingRemoval: boolean;
  pendingFrom: Date | null;
  updatedAt: Date;
};

const COLUMNS = [
  'id',
  'brand_id',
  'member_id',
  'kind',
  'period',
  'amount',
  'pending_amount',
  'pending_removal',
  'pending_from',
  'updated_at',
] as const;

function toRow(r: {
  id: string;
  brand_id: string;
  member_id: string;
  kind: LimitKind;
  period: LimitPeriod;
  amount: string;
  pending_amount: string | null;
  pending_removal: boolean;
  pending_from: Date | null;
  updated_at: Date;
}): LimitRow {
  return {
    id: r.id,
    brandId: r.brand_id,
    memberId: r.member_id,
    kind: r.kind,
    period: r.period,
    amount: BigInt(r.amount),
    pendingAmount: r.pending_amount === null ? null : BigInt(r.pending_amount),
    pendingRemoval: r.pending_removal,
    pendingFrom: r.pending_from,
    updatedAt: r.updated_at,
  };
}

export async function listLimits(db: Executor, brandId: string, memberId: string): Promise<LimitRow[]> {
  const rows = await db
    .selectFrom('member_limits')
    .select(COLUMNS)
    .where('brand_id', '=', brandId)
    .where('member_id', '=', memberId)
    .orderBy('kind')
    .orderBy('period')
    .execute();
  return rows.map(toRow);
}

/** One limit of the member, locked for the change (another member's id: none). */
export async function lockLimit(
  db: Executor,
  brandId: string,
  memberId: string,
  where: { id: string } | { kind: LimitKind; period: LimitPeriod },
): Promise<LimitRow | null> {
  let q = db
    .selectFrom('member_limits')
    .select(COLUMNS)
    .where('brand_id', '=', brandId)
    .where('member_id', '=', memberId);
  q =
    'id' in where
      ? q.where('id', '=', where.id)
      : q.where('kind', '=', where.kind).where('period', '=', where.period);
  const row = await q.forUpdate().executeTakeFirst();
  return row ? toRow(row) : null;
}

/**
 * Locks the member's limits of one kind (the deposit credit's serialisation, as the stake check
 * locks loss and wager) and answers them; none: nothing locked.
 */
export async function lockKindLimits(db: Executor, memberId: string, kind: LimitKind): Promise<LimitRow[]> {
  const rows = await db
    .selectFrom('member_limits')
    .select(COLUMNS)
    .where('member_id', '=', memberId)
    .where('kind', '=', kind)
    .orderBy('period')
    .forUpdate()
    .execute();
  return rows.map(toRow);
}

export async function kindLimits(db: Executor, memberId: string, kind: LimitKind): Promise<LimitRow[]> {
  const rows = await db
    .selectFrom('member_limits')
    .select(COLUMNS)
    .where('member_id', '=', memberId)
    .where('kind', '=', kind)
    .execute();
  return rows.map(toRow);
}

export async function insertLimit(
  db: Executor,
  input: {
    brandId: string;
    memberId: string;
    kind: LimitKind;
    period: LimitPeriod;
    amount: bigint;
    at: Date;
  },
): Promise<string | null> {
  const row = await db
    .insertInto('member_limits')
    .values({
      brand_id: input.brandId,
      member_id: input.memberId,
      kind: input.kind,
      period: input.period,
      amount: input.amount,
      created_at: input.at,
      updated_at: input.at,
    })
    .onConflict((oc) => oc.columns(['member_id', 'kind', 'period']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

export async function updateLimit(
  db: Executor,
  id: string,
  set: {
    amount?: bigint;
    pendingAmount: bigint | null;
    pendingRemoval: boolean;
    pendingFrom: Date | null;
    at: Date;
  },
): Promise<void> {
  await db
    .updateTable('member_limits')
    .set({
      ...(set.amount !== undefined ? { amount: set.amount } : {}),
      pending_amount: set.pendingAmount,
      pending_removal: set.pendingRemoval,
      pending_from: set.pendingFrom,
      updated_at: set.at,
    })
    .where('id', '=', id)
    .execute();
}

export async function deleteLimit(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('member_limits').where('id', '=', id).execute();
}

export type ChangeInput = {
  brandId: string;
  memberId: string;
  kind: LimitKind;
  period: LimitPeriod;
  action: string;
  oldAmount: bigint | null;
  newAmount: bigint | null;
  effectiveFrom: Date;
  actor: string;
  note?: string;
  at: Date;
};

export async function insertChange(db: Executor, c: ChangeInput): Promise<void> {
  await db
    .insertInto('member_limit_changes')
    .values({
      brand_id: c.brandId,
      member_id: c.memberId,
      kind: c.kind,
      period: c.period,
      action: c.action,
      old_amount: c.oldAmount,
      new_amount: c.newAmount,
      effective_from: c.effectiveFrom,
      actor: c.actor,
      note: c.note ?? '',
      created_at: c.at,
    })
    .execute();
}

export async function listChanges(db: Executor, brandId: string, memberId: string, limit = 50) {
  const rows = await db
    .selectFrom('member_limit_changes')
    .select([
      'id',
      'kind',
      'period',
      'action',
      'old_amount',
      'new_amount',
      'effective_from',
      'actor',
      'created_at',
    ])
    .where('brand_id', '=', brandId)
    .where('member_id', '=', memberId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows;
}

export async function limitSettings(db: Executor, brandId: string) {
  const row = await db
    .selectFrom('limit_settings')
    .select(['cooling_off_hours', 'bonus_counts_as_win'])
    .where('brand_id', '=', brandId)
    .executeTakeFirst();
  return {
    coolingOffHours: row?.cooling_off_hours ?? 24,
    bonusCountsAsWin: row?.bonus_counts_as_win ?? false,
  };
}

export async function saveLimitSettings(
  db: Executor,
  brandId: string,
  s: { coolingOffHours: number; bonusCountsAsWin: boolean },
): Promise<void> {
  await db
    .insertInto('limit_settings')
    .values({
      brand_id: brandId,
      cooling_off_hours: s.coolingOffHours,
      bonus_counts_as_win: s.bonusCountsAsWin,
    })
    .onConflict((oc) =>
      oc.column('brand_id').doUpdateSet({
        cooling_off_hours: s.coolingOffHours,
        bonus_counts_as_win: s.bonusCountsAsWin,
        updated_at: new Date(),
      }),
    )
    .execute();
}

export type UsageRow = { period: LimitPeriod; deposit: bigint; wager: bigint; loss: bigint };

/** Each window's usage at `at` (limits_usage.sql). */
export async function usageAt(
  db: Executor,
  brandId: string,
  memberId: string,
  at: Date,
): Promise<UsageRow[]> {
  const { rows } = await sql<{ o_period: LimitPeriod; o_deposit: string; o_wager: string; o_loss: string }>`
    select o_period, o_deposit::text, o_wager::text, o_loss::text
      from limits_usage(${brandId}::bigint, ${memberId}::bigint, ${at}::timestamptz)`.execute(db);
  return rows.map((r) => ({
    period: r.o_period,
    deposit: BigInt(r.o_deposit),
    wager: BigInt(r.o_wager),
    loss: BigInt(r.o_loss),
  }));
}

/** When `need` of the window's usage will have left it (limits_frees_at.sql); null: never. */
export async function freesAt(
  db: Executor,
  input: { brandId: string; memberId: string; kind: LimitKind; hours: number; need: bigint; at: Date },
): Promise<Date | null> {
  const { rows } = await sql<{ at: Date | null }>`
    select limits_frees_at(${input.brandId}::bigint, ${input.memberId}::bigint, ${input.kind}, ${input.hours}::int,
                           ${input.need.toString()}::numeric, ${input.at}::timestamptz) as at`.execute(db);
  return rows[0]?.at ?? null;
}

/** The members among `memberIds` with a loss or wager limit: the TypeScript gate's one lookup. */
export async function membersWithStakeLimits(db: Executor, memberIds: readonly string[]): Promise<string[]> {
  if (memberIds.length === 0) return [];
  const rows = await db
    .selectFrom('member_limits')
    .select('member_id')
    .distinct()
    .where('member_id', 'in', memberIds)
    .where('kind', 'in', ['loss', 'wager'])
    .execute();
  return rows.map((r) => r.member_id);
}

/** limits_stake_check.sql: locks the member's loss and wager limits and answers its refusal or null. */
export async function stakeCheck(
  db: Executor,
  ask: { brandId: string; memberId: string; amount: bigint; kind: string },
): Promise<Record<string, unknown> | null> {
  const { rows } = await sql<{ refusal: Record<string, unknown> | null }>`
    select limits_stake_check(${ask.brandId}::bigint, ${ask.memberId}::bigint, ${ask.amount.toString()}::bigint,
                              ${ask.kind}) as refusal`.execute(db);
  return rows[0]?.refusal ?? null;
}

/** The member exists in the brand (the back office names members by id). */
export async function memberInBrand(db: Executor, brandId: string, memberId: string): Promise<boolean> {
  const row = await db
    .selectFrom('members')
    .select('id')
    .where('brand_id', '=', brandId)
    .where('id', '=', memberId)
    .executeTakeFirst();
  return row !== undefined;
}

/** The brand's currency (a refusal's amounts are written in it). */
export async function brandCurrency(
  db: Executor,
  brandId: string,
): Promise<{ id: string; currency: string }> {
  const row = await db.selectFrom('brands').select('currency').where('id', '=', brandId).executeTakeFirst();
  if (!row) throw new Error(`no brand ${brandId}`);
  return { id: brandId, currency: row.currency };
}
