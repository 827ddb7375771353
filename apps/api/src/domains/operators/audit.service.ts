import type { AuditPage } from '@lotus/contracts/backoffice';
import type { Db } from '../../db/database.ts';
import type { Brand } from '../brands/brand.ts';
import { listAudit } from './audit.repository.ts';

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
  const to = query.to ? new Date(`${query.to}T00:00:00Z`) : undefined;
  if (to) to.setUTCDate(to.getUTCDate() + 1);
  const { rows, total } = await listAudit(db, brand.id, {
    ...(query.operatorId ? { operatorId: query.operatorId } : {}),
    ...(query.action ? { action: query.action } : {}),
    ...(query.from ? { from: new Date(`${query.from}T00:00:00Z`) } : {}),
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
