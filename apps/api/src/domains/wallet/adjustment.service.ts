import type {
  AdjustmentBody,
  AdjustmentPage,
  AdjustmentRow,
  BackofficeSettings,
} from '@lotus/contracts/backoffice';
import { formatAmount, parseAmount } from '@lotus/contracts/money';
import type { Db } from '../../db/database.ts';
import type { Tx } from '../../db/executor.ts';
import { AppError } from '../../http/app-error.ts';
import { sha256Hex } from '../../lib/hashing.ts';
import type { Brand } from '../brands/brand.ts';
import { findMemberForAdmin } from '../members/member.admin.service.ts';
import { recordAudit } from '../operators/audit.service.ts';
import type { OperatorContext } from '../operators/operator-session.service.ts';
import {
  type AdjustmentRecord,
  claimDecision,
  completeDecision,
  findAdjustment,
  findAdjustmentByRequestId,
  getApprovalThreshold,
  insertAdjustment,
  listAdjustments,
  setApprovalThreshold,
} from './adjustment.repository.ts';
import { ensureAccount } from './ledger.repository.ts';
import { moneyTransaction, postEntry } from './ledger.service.ts';
import { openMemberWallet } from './wallet.service.ts';

/** Above this amount (brand currency) an adjustment waits for a second operator, unless the brand set its own. */
const DEFAULT_THRESHOLD = '1000.00';

export async function approvalThreshold(db: Db, brand: Brand): Promise<bigint> {
  return (
    (await getApprovalThreshold(db, brand.id)) ?? (parseAmount(DEFAULT_THRESHOLD, brand.currency) as bigint)
  );
}

export function adjustmentRowOf(record: AdjustmentRecord): AdjustmentRow {
  return {
    id: record.id,
    requestId: record.requestId,
    memberId: record.memberId,
    memberUsername: record.memberUsername,
    direction: record.direction,
    amount: formatAmount(record.amount, record.currency),
    currency: record.currency,
    reason: record.reason,
    status: record.status,
    requestedBy: record.requestedByUsername,
    decidedBy: record.decidedByUsername,
    createdAt: record.createdAt.toISOString(),
    decidedAt: record.decidedAt?.toISOString() ?? null,
  };
}

async function postAdjustment(
  trx: Tx,
  brand: Brand,
  record: { id: string; memberId: string; direction: string; amount: bigint },
) {
  const wallet = await ensureAccount(trx, {
    brandId: brand.id,
    kind: 'member_main',
    ownerKey: `member:${record.memberId}`,
    memberId: record.memberId,
    currency: brand.currency,
  });
  const { account: house } = await ensureAccount(trx, {
    brandId: brand.id,
    kind: 'house',
    ownerKey: '',
    currency: brand.currency,
  });
  const signed = record.direction === 'credit' ? record.amount : -record.amount;
  return postEntry(trx, {
    brandId: brand.id,
    kind: 'adjustment',
    idempotencyKey: `adjustment:${record.id}`,
    requestHash: sha256Hex(`adjustment|${record.memberId}|${signed}`),
    reference: `adjustment:${record.id}`,
    metadata: { adjustmentId: record.id },
    legs: [
      { account: house, amount: -signed },
      { account: wallet.account, amount: signed },
    ],
  });
}

/**
 * A manual credit or debit of a member's main wallet against the house account. Idempotent by the
 * client's request id (a repeat answers the first request). At or below the brand's threshold it
 * posts at once; above it the request stays pending until a second operator approves it.
 */
export async function requestAdjustment(
  db: Db,
  brand: Brand,
  operator: OperatorContext,
  ip: string,
  body: AdjustmentBody,
): Promise<AdjustmentRow> {
  const amount = parseAmount(body.amount, brand.currency);
  if (amount === null || amount <= 0n) throw new AppError('amount_invalid');
  const member = await findMemberForAdmin(db, brand.id, body.memberId);
  if (!member) throw new AppError('member_not_found');
  const same = (existing: AdjustmentRecord) =>
    existing.memberId === body.memberId &&
    existing.direction === body.direction &&
    existing.amount === amount;
  const earlier = await findAdjustmentByRequestId(db, brand.id, body.requestId);
  if (earlier) {
    if (!same(earlier)) throw new AppError('idempotency_mismatch');
    return adjustmentRowOf(earlier);
  }
  if (body.direction === 'credit') {
    await openMemberWallet(db, brand, { id: member.id, brandId: brand.id, isAgent: member.is_agent });
  }
  const threshold = await approvalThreshold(db, brand);
  const id = await moneyTransaction(db, async (trx) => {
    const inserted = await insertAdjustment(trx, {
      brandId: brand.id,
      requestId: body.requestId,
      memberId: member.id,
      direction: body.direction,
      amount,
      currency: brand.currency,
      reason: body.reason.trim(),
      requestedBy: operator.id,
    });
    if (inserted === null) return null;
    const pending = amount > threshold;
    await recordAudit(trx, {
      brandId: brand.id,
      operatorId: operator.id,
      action: pending ? 'adjustment.request' : 'adjustment.apply',
      targetType: 'member',
      targetId: member.id,
      after: {
        adjustmentId: inserted,
        direction: body.direction,
        amount: formatAmount(amount, brand.currency),
        reason: body.reason.trim(),
      },
      ip,
    });
    if (!pending) {
      await claimDecision(trx, brand.id, inserted, null);
      const posted = await postAdjustment(trx, brand, {
        id: inserted,
        memberId: member.id,
        direction: body.direction,
        amount,
      });
      await completeDecision(trx, inserted, { status: 'approved', entryId: posted.entryId });
    }
    return inserted;
  });
  const record =
    id === null
      ? await findAdjustmentByRequestId(db, brand.id, body.requestId)
      : await findAdjustment(db, brand.id, id);
  if (!record) throw new AppError('adjustment_not_found');
  if (id === null && !same(record)) throw new AppError('idempotency_mismatch');
  return adjustmentRowOf(record);
}

/** Why a decision did not apply: unknown, the requester deciding, or already decided. */
async function refusal(db: Db, brand: Brand, operator: OperatorContext, id: string): Promise<AppError> {
  const record = await findAdjustment(db, brand.id, id);
  if (!record) return new AppError('adjustment_not_found');
  if (record.status === 'pending' && record.requestedBy === operator.id)
    return new AppError('adjustment_same_operator');
  return new AppError('adjustment_state_invalid');
}

/** SQLSTATE of a bigint sum beyond 2^63 - 1. */
const NUMERIC_OUT_OF_RANGE = '22003';

/** Approves a pending request: the conditional transition and the ledger entry commit together, once. */
export async function approveAdjustment(
  db: Db,
  brand: Brand,
  operator: OperatorContext,
  ip: string,
  id: string,
): Promise<AdjustmentRow> {
  const approve = moneyTransaction(db, async (trx) => {
    if (!(await claimDecision(trx, brand.id, id, operator.id))) return false;
    const record = await findAdjustment(trx, brand.id, id);
    if (!record) return false;
    const posted = await postAdjustment(trx, brand, record);
    await completeDecision(trx, id, { status: 'approved', entryId: posted.entryId });
    await recordAudit(trx, {
      brandId: brand.id,
      operatorId: operator.id,
      action: 'adjustment.approve',
      targetType: 'adjustment',
      targetId: id,
      before: { status: 'pending' },
      after: { status: 'approved', entryId: posted.entryId },
      ip,
    });
    return true;
  });
  // A credit that would take the balance past what the ledger holds (bigint) rolls back whole: the
  // request stays pending, to be rejected, and the answer is amount_invalid rather than a 500.
  const applied = await approve.catch((error: unknown) => {
    if ((error as { code?: unknown }).code === NUMERIC_OUT_OF_RANGE) {
      throw new AppError('amount_invalid', { cause: error });
    }
    throw error;
  });
  if (!applied) throw await refusal(db, brand, operator, id);
  const record = await findAdjustment(db, brand.id, id);
  if (!record) throw new AppError('adjustment_not_found');
  return adjustmentRowOf(record);
}

export async function rejectAdjustment(
  db: Db,
  brand: Brand,
  operator: OperatorContext,
  ip: string,
  id: string,
  note: string,
): Promise<AdjustmentRow> {
  const applied = await db.transaction().execute(async (trx) => {
    if (!(await claimDecision(trx, brand.id, id, operator.id))) return false;
    await completeDecision(trx, id, { status: 'rejected', note });
    await recordAudit(trx, {
      brandId: brand.id,
      operatorId: operator.id,
      action: 'adjustment.reject',
      targetType: 'adjustment',
      targetId: id,
      before: { status: 'pending' },
      after: { status: 'rejected', note },
      ip,
    });
    return true;
  });
  if (!applied) throw await refusal(db, brand, operator, id);
  const record = await findAdjustment(db, brand.id, id);
  if (!record) throw new AppError('adjustment_not_found');
  return adjustmentRowOf(record);
}

export async function adjustmentPage(
  db: Db,
  brand: Brand,
  query: { status?: string; page?: number; pageSize?: number },
): Promise<AdjustmentPage> {
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? 20;
  const { rows, total } = await listAdjustments(db, brand.id, {
    ...(query.status ? { status: query.status } : {}),
    page,
    pageSize,
  });
  return { items: rows.map(adjustmentRowOf), total, page, pageSize };
}

export async function backofficeSettings(db: Db, brand: Brand): Promise<BackofficeSettings> {
  return { adjustmentApprovalThreshold: formatAmount(await approvalThreshold(db, brand), brand.currency) };
}

export async function updateBackofficeSettings(
  db: Db,
  brand: Brand,
  operator: OperatorContext,
  ip: string,
  thresholdInput: string,
): Promise<BackofficeSettings> {
  const threshold = parseAmount(thresholdInput, brand.currency);
  if (threshold === null || threshold < 0n) throw new AppError('amount_invalid');
  const before = await backofficeSettings(db, brand);
  await db.transaction().execute(async (trx) => {
    await setApprovalThreshold(trx, brand.id, threshold);
    await recordAudit(trx, {
      brandId: brand.id,
      operatorId: operator.id,
      action: 'backoffice.settings',
      targetType: 'brand',
      targetId: brand.id,
      before,
      after: { adjustmentApprovalThreshold: formatAmount(threshold, brand.currency) },
      ip,
    });
  });
  return backofficeSettings(db, brand);
}
