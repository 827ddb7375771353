import type { AuditPage } from '@lotus/contracts/backoffice';
import type { Db } from '../../db/database.ts';
import type { Executor } from '../../db/executor.ts';
import { AppError } from '../../http/app-error.ts';
import { addDays, dayStart } from '../../lib/brand-time.ts';
import type { Brand } from '../brands/brand.ts';
import { listAudit, recordAudit } from './audit.repository.ts';

/**
 * The first instant of a `YYYY-MM-DD` day of the brand (midnight in its time zone) that exists:
 * 2026-02-30 or 2026-13-45 is request_param_err, never a rolled-over date nor an Invalid Date
 * reaching the database.
 */
function calendarDay(value: string, field: string, timeZone: string, plusDays = 0): Date {
  const day = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== value) {
    throw new AppError('request_param_err', { fieldErrors: { [field]: 'errors.request_param_err' } });
  }
  return dayStart(addDays(value, plusDays), timeZone);
}

export async function auditPage(
  db: Db,
  brand: Brand,
  query: {
    operatorId?: string;
    action?: string;
    from?: string;
    to?: string;
    page?: number;
    pageSize?: number;
  },
): Promise<AuditPage> {
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? 50;
  const from = query.from ? calendarDay(query.from, 'from', brand.timeZone) : undefined;
  const to = query.to ? calendarDay(query.to, 'to', brand.timeZone, 1) : undefined;
  const { rows, total } = await listAudit(db, brand.id, {
    ...(query.operatorId ? { operatorId: query.operatorId } : {}),
    ...(query.action ? { action: query.action } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
    page,
    pageSize,
  });
  return {
    items: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    total,
    page,
    pageSize,
  };
}

/** Other domains write the audit log through this (in their own transaction). */
export { recordAudit } from './audit.repository.ts';

/** Who makes a back-office change: the operator, its brand and its address. */
export type AuditOperator = { id: string; brandId: string; ip: string };

/** The audit row of `operator`'s `action` on `target`, written in the change's own transaction. */
export function auditChange(
  executor: Executor,
  operator: AuditOperator,
  action: string,
  target: { type: string; id: string },
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
) {
  return recordAudit(executor, {
    brandId: operator.brandId,
    operatorId: operator.id,
    action,
    targetType: target.type,
    targetId: target.id,
    before,
    after,
    ip: operator.ip,
  });
}
