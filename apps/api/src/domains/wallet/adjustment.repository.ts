import type { Executor } from '../../db/executor.ts';

export type AdjustmentRecord = {
  id: string;
  requestId: string;
  memberId: string;
  memberUsername: string;
  direction: 'credit' | 'debit';
  amount: bigint;
  currency: string;
  reason: string;
  status: 'pending' | 'approved' | 'rejected';
  requestedBy: string;
  requestedByUsername: string;
  decidedBy: string | null;
  decidedByUsername: string | null;
  createdAt: Date;
  decidedAt: Date | null;
};

function select(executor: Executor, brandId: string) {
  return executor
    .selectFrom('adjustment_requests as a')
    .innerJoin('members as m', 'm.id', 'a.member_id')
    .innerJoin('operators as r', 'r.id', 'a.requested_by')
    .leftJoin('operators as d', 'd.id', 'a.decided_by')
    .where('a.brand_id', '=', brandId)
    .select([
      'a.id',
      'a.request_id',
      'a.member_id',
      'm.username as member_username',
      'a.direction',
      'a.amount',
      'a.currency',
      'a.reason',
      'a.status',
      'a.requested_by',
      'r.username as requested_by_username',
      'a.decided_by',
      'd.username as decided_by_username',
      'a.created_at',
      'a.decided_at',
    ]);
}

type Row = Awaited<ReturnType<ReturnType<typeof select>['executeTakeFirstOrThrow']>>;

function toRecord(row: Row): AdjustmentRecord {
  return {
    id: row.id,
    requestId: row.request_id,
    memberId: row.member_id,
    memberUsername: row.member_username,
    direction: row.direction as AdjustmentRecord['direction'],
    amount: BigInt(row.amount),
    currency: row.currency,
    reason: row.reason,
    status: row.status as AdjustmentRecord['status'],
    requestedBy: row.requested_by,
    requestedByUsername: row.requested_by_username,
    decidedBy: row.decided_by,
    decidedByUsername: row.decided_by_username,
    createdAt: row.created_at,
    decidedAt: row.decided_at,
  };
}

export async function findAdjustment(executor: Executor, brandId: string, id: string) {
  const row = await select(executor, brandId).where('a.id', '=', id).executeTakeFirst();
  return row ? toRecord(row) : null;
}

export async function findAdjustmentByRequestId(executor: Executor, brandId: string, requestId: string) {
  const row = await select(executor, brandId).where('a.request_id', '=', requestId).executeTakeFirst();
  return row ? toRecord(row) : null;
}

export async function listAdjustments(
  executor: Executor,
  brandId: string,
  filter: { status?: string; page: number; pageSize: number },
) {
  let query = select(executor, brandId);
  let count = executor
    .selectFrom('adjustment_requests')
    .where('brand_id', '=', brandId)
    .select((eb) => eb.fn.countAll<string>().as('total'));
  if (filter.status) {
    query = query.where('a.status', '=', filter.status);
    count = count.where('status', '=', filter.status);
  }
  const [rows, total] = await Promise.all([
    query
      .orderBy('a.created_at', 'desc')
      .orderBy('a.id', 'desc')
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize)
      .execute(),
    count.executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map(toRecord), total: Number(total.total) };
}

/** Inserts a request unless its request id exists (then null: the caller returns the first one). */
export async function insertAdjustment(
  executor: Executor,
  input: {
    brandId: string;
    requestId: string;
    memberId: string;
    direction: 'credit' | 'debit';
    amount: bigint;
    currency: string;
    reason: string;
    requestedBy: string;
  },
): Promise<string | null> {
  const row = await executor
    .insertInto('adjustment_requests')
    .values({
      brand_id: input.brandId,
      request_id: input.requestId,
      member_id: input.memberId,
      direction: input.direction,
      amount: input.amount,
      currency: input.currency,
      reason: input.reason,
      status: 'pending',
      requested_by: input.requestedBy,
    })
    .onConflict((oc) => oc.columns(['brand_id', 'request_id']).doNothing())
    .returning(['id'])
    .executeTakeFirst();
  return row?.id ?? null;
}

/**
 * The decision's conditional transition: only a pending request that nobody decided yet, and only by
 * an operator other than its requester (null `decider` = below the threshold, applied at once).
 * Returns false when another decision came first.
 */
export async function claimDecision(
  executor: Executor,
  brandId: string,
  id: string,
  decider: string | null,
): Promise<boolean> {
  let query = executor
    .updateTable('adjustment_requests')
    .set({ decided_by: decider, decided_at: new Date() })
    .where('brand_id', '=', brandId)
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where('decided_at', 'is', null);
  if (decider !== null) query = query.where('requested_by', '<>', decider);
  const row = await query.returning(['id']).executeTakeFirst();
  return row !== undefined;
}

export async function completeDecision(
  executor: Executor,
  id: string,
  outcome: { status: 'approved'; entryId: string } | { status: 'rejected'; note: string },
): Promise<void> {
  await executor
    .updateTable('adjustment_requests')
    .set(
      outcome.status === 'approved'
        ? { status: 'approved', entry_id: outcome.entryId }
        : { status: 'rejected', decision_note: outcome.note },
    )
    .where('id', '=', id)
    .execute();
}

export async function getApprovalThreshold(executor: Executor, brandId: string): Promise<bigint | null> {
  const row = await executor
    .selectFrom('backoffice_settings')
    .select('adjustment_approval_threshold')
    .where('brand_id', '=', brandId)
    .executeTakeFirst();
  return row ? BigInt(row.adjustment_approval_threshold) : null;
}

export async function setApprovalThreshold(
  executor: Executor,
  brandId: string,
  threshold: bigint,
): Promise<void> {
  await executor
    .insertInto('backoffice_settings')
    .values({ brand_id: brandId, adjustment_approval_threshold: threshold })
    .onConflict((oc) => oc.column('brand_id').doUpdateSet({ adjustment_approval_threshold: threshold }))
    .execute();
}
