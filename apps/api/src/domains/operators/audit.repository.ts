import type { Executor } from '../../db/executor.ts';

export type AuditRecord = {
  brandId: string;
  /** Null only for events without a known operator (a login attempt on an unknown username). */
  operatorId: string | null;
  action: string;
  targetType?: string;
  targetId?: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  ip?: string;
};

/**
 * Appends one row to the audit log. Call it with the transaction that makes the change, so the
 * change and its record commit or roll back together.
 */
export async function recordAudit(executor: Executor, record: AuditRecord): Promise<void> {
  await executor
    .insertInto('audit_log')
    .values({
      brand_id: record.brandId,
      operator_id: record.operatorId,
      action: record.action,
      target_type: record.targetType ?? '',
      target_id: record.targetId ?? '',
      before: record.before === undefined || record.before === null ? null : JSON.stringify(record.before),
      after: record.after === undefined || record.after === null ? null : JSON.stringify(record.after),
      ip: record.ip ?? '',
    })
    .execute();
}

export type AuditRow = {
  id: string;
  operatorId: string | null;
  operatorUsername: string | null;
  action: string;
  targetType: string;
  targetId: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  ip: string;
  createdAt: Date;
};

export type AuditFilter = {
  operatorId?: string;
  action?: string;
  from?: Date;
  to?: Date;
  page: number;
  pageSize: number;
};

/** A page of a brand's audit log, newest first, with the total count of the filter. */
export async function listAudit(
  executor: Executor,
  brandId: string,
  filter: AuditFilter,
): Promise<{ rows: AuditRow[]; total: number }> {
  let query = executor.selectFrom('audit_log').where('audit_log.brand_id', '=', brandId);
  if (filter.operatorId) query = query.where('audit_log.operator_id', '=', filter.operatorId);
  if (filter.action) query = query.where('audit_log.action', '=', filter.action);
  if (filter.from) query = query.where('audit_log.created_at', '>=', filter.from);
  if (filter.to) query = query.where('audit_log.created_at', '<', filter.to);
  const [rows, count] = await Promise.all([
    query
      .leftJoin('operators', 'operators.id', 'audit_log.operator_id')
      .select([
        'audit_log.id',
        'audit_log.operator_id',
        'operators.username',
        'audit_log.action',
        'audit_log.target_type',
        'audit_log.target_id',
        'audit_log.before',
        'audit_log.after',
        'audit_log.ip',
        'audit_log.created_at',
      ])
      .orderBy('audit_log.created_at', 'desc')
      .orderBy('audit_log.id', 'desc')
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize)
      .execute(),
    query.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return {
    total: Number(count.total),
    rows: rows.map((row) => ({
      id: row.id,
      operatorId: row.operator_id,
      operatorUsername: row.username,
      action: row.action,
      targetType: row.target_type,
      targetId: row.target_id,
      before: row.before,
      after: row.after,
      ip: row.ip,
      createdAt: row.created_at,
    })),
  };
}
