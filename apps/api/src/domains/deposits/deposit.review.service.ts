import { readFile } from 'node:fs/promises';
import type {
  DepositBankAccountBody,
  DepositMethodBody,
  DepositMethodSettings,
  NewDepositMethodBody,
  OperatorDeposit,
  OperatorDepositPage,
  OperatorDepositQuery,
  PaymentGateway,
  PaymentGatewayBody,
} from '@lotus/contracts/deposits';
import { formatAmount, parseAmount } from '@lotus/contracts/money';
import type { Db } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { AppError } from '../../http/app-error.ts';
import type { UploadStore } from '../../lib/uploads/uploads.ts';
import { recordAudit } from '../operators/audit.service.ts';
import type { OperatorContext } from '../operators/operator-session.service.ts';
import { encryptSecret } from '../vendors/vendor.service.ts';
import { moneyTransaction } from '../wallet/ledger.service.ts';
import {
  type DepositRow,
  findBankAccount,
  findDeposit,
  findGatewayById,
  findMethod,
  insertBankAccount,
  insertMethod,
  listBankAccounts,
  listDeposits,
  listGateways,
  listMethods,
  type MethodInput,
  resolvePending,
  updateBankAccount,
  updateMethod,
  upsertGateway,
} from './deposit.repository.ts';
import { creditDeposit, toWireDeposit, walletOf } from './deposit.service.ts';
import { callbackPath } from './payment-gateway.service.ts';

export type Reviewer = OperatorContext & { ip: string };

function toOperatorDeposit(row: DepositRow): OperatorDeposit {
  return {
    ...toWireDeposit(row),
    memberId: row.memberId,
    username: row.username,
    methodId: row.methodId,
    gatewayTransactionId: row.gatewayTransactionId,
    reviewedBy: row.reviewedBy,
  };
}

/** An inclusive YYYY-MM-DD range as UTC instants [from, day after `to`). */
function dayRange(query: OperatorDepositQuery) {
  const from = query.from ? new Date(`${query.from}T00:00:00Z`) : undefined;
  const to = query.to ? new Date(new Date(`${query.to}T00:00:00Z`).getTime() + 86_400_000) : undefined;
  return { from, toExclusive: to };
}

export async function depositQueue(
  db: Db,
  brandId: string,
  query: OperatorDepositQuery,
): Promise<OperatorDepositPage> {
  const page = query.page ?? 1;
  const size = query.size ?? 20;
  const { items, total } = await listDeposits(
    db,
    brandId,
    {
      ...(query.status ? { status: query.status } : {}),
      ...(query.methodId ? { methodId: query.methodId } : {}),
      ...(query.username ? { username: query.username } : {}),
      ...dayRange(query),
    },
    page,
    size,
  );
  return { items: items.map(toOperatorDeposit), total, page, size };
}

export async function depositDetail(db: Db, brandId: string, id: string): Promise<OperatorDeposit> {
  const row = await findDeposit(db, brandId, id);
  if (!row) throw new AppError('deposit_not_found');
  return toOperatorDeposit(row);
}

/** The receipt image of a bank transfer of the operator's brand. */
export async function depositReceipt(db: Db, store: UploadStore, brandId: string, id: string) {
  const row = await findDeposit(db, brandId, id);
  if (!row?.receiptStoredName || !row.receiptMime) throw new AppError('deposit_not_found');
  return { bytes: await readFile(store.finalPath(row.receiptStoredName)), mime: row.receiptMime };
}

function auditState(row: DepositRow) {
  return { status: row.status, amount: formatAmount(row.amount, row.currency), memberId: row.memberId };
}

/**
 * Approves a pending deposit: the conditional transition, the one ledger credit `deposit:<id>` and
 * the audit row commit together. A second approval (also in parallel) finds nothing pending and
 * is refused with deposit_state_invalid, so the wallet is credited once.
 */
export async function approveDeposit(db: Db, brandId: string, reviewer: Reviewer, id: string) {
  const deposit = await findDeposit(db, brandId, id);
  if (!deposit) throw new AppError('deposit_not_found');
  const wallet = await walletOf(db, deposit);
  await moneyTransaction(db, async (trx) => {
    const credited = await creditDeposit(trx, deposit, wallet, {
      status: 'approved',
      reviewedBy: reviewer.id,
    });
    if (!credited) throw new AppError('deposit_state_invalid');
    await recordAudit(trx, {
      brandId,
      operatorId: reviewer.id,
      action: 'deposit.approve',
      targetType: 'deposit',
      targetId: deposit.id,
      before: auditState(deposit),
      after: { ...auditState(deposit), status: 'approved' },
      ip: reviewer.ip,
    });
  });
  return depositDetail(db, brandId, id);
}

/** Rejects a pending deposit with a reason (no money moves: none did while it was pending). */
export async function rejectDeposit(db: Db, brandId: string, reviewer: Reviewer, id: string, reason: string) {
  const deposit = await findDeposit(db, brandId, id);
  if (!deposit) throw new AppError('deposit_not_found');
  await db.transaction().execute(async (trx) => {
    const moved = await resolvePending(trx, brandId, id, {
      status: 'rejected',
      rejectReason: reason.trim(),
      reviewedBy: reviewer.id,
    });
    if (!moved) throw new AppError('deposit_state_invalid');
    await recordAudit(trx, {
      brandId,
      operatorId: reviewer.id,
      action: 'deposit.reject',
      targetType: 'deposit',
      targetId: deposit.id,
      before: auditState(deposit),
      after: { ...auditState(deposit), status: 'rejected', reason: reason.trim() },
      ip: reviewer.ip,
    });
  });
  return depositDetail(db, brandId, id);
}

// Method, bank account and gateway settings (admins)

function toWireGateway(g: {
  id: string;
  code: string;
  name: string;
  kind: 'demo' | 'external';
  active: boolean;
}) {
  return {
    id: g.id,
    code: g.code,
    name: g.name,
    kind: g.kind,
    active: g.active,
    callbackPath: callbackPath(g.code),
  };
}

export async function methodSettings(
  db: Db,
  brand: { id: string; currency: string },
): Promise<DepositMethodSettings> {
  const methods = await listMethods(db, brand.id, false);
  const accounts = await listBankAccounts(
    db,
    brand.id,
    methods.map((m) => m.id),
    false,
  );
  const gateways = await listGateways(db, brand.id);
  return {
    currency: brand.currency,
    methods: methods.map((m) => ({
      id: m.id,
      code: m.code,
      kind: m.kind,
      name: m.name,
      minAmount: formatAmount(m.minimumAmount, brand.currency),
      maxAmount: formatAmount(m.maximumAmount, brand.currency),
      enabled: m.enabled,
      sortOrder: m.sortOrder,
      gatewayId: m.gatewayId,
      bankAccounts: accounts
        .filter((a) => a.methodId === m.id)
        .map((a) => ({
          id: a.id,
          bankName: a.bankName,
          accountName: a.accountName,
          accountNumber: a.accountNumber,
          enabled: a.enabled,
          sortOrder: a.sortOrder,
        })),
    })),
    gateways: gateways.map(toWireGateway),
  };
}

async function methodInput(
  db: Db,
  brand: { id: string; currency: string },
  kind: MethodInput['kind'],
  body: DepositMethodBody,
): Promise<Omit<MethodInput, 'code' | 'kind'>> {
  const minimumAmount = parseAmount(body.minAmount, brand.currency);
  const maximumAmount = parseAmount(body.maxAmount, brand.currency);
  if (
    minimumAmount === null ||
    maximumAmount === null ||
    minimumAmount <= 0n ||
    maximumAmount < minimumAmount
  ) {
    throw new AppError('deposit_method_invalid');
  }
  if (body.gatewayId !== null && !(await findGatewayById(db, brand.id, body.gatewayId))) {
    throw new AppError('deposit_method_invalid');
  }
  if (kind === 'gateway' && body.gatewayId === null) throw new AppError('deposit_method_invalid');
  return {
    name: body.name.trim(),
    minimumAmount,
    maximumAmount,
    enabled: body.enabled,
    sortOrder: body.sortOrder,
    gatewayId: kind === 'bank_transfer' ? null : body.gatewayId,
  };
}

function audit(reviewer: Reviewer, brandId: string, action: string, targetType: string, targetId: string) {
  return { brandId, operatorId: reviewer.id, action, targetType, targetId, ip: reviewer.ip };
}

export async function createMethod(
  db: Db,
  brand: { id: string; currency: string },
  reviewer: Reviewer,
  body: NewDepositMethodBody,
) {
  const input = await methodInput(db, brand, body.kind, body);
  try {
    return await db.transaction().execute(async (trx) => {
      const method = await insertMethod(trx, brand.id, { ...input, code: body.code, kind: body.kind });
      await recordAudit(trx, {
        ...audit(reviewer, brand.id, 'deposit_method.create', 'deposit_method', method.id),
        after: { ...body },
      });
      return method.id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('deposit_method_invalid', { cause: error });
    throw error;
  }
}

export async function changeMethod(
  db: Db,
  brand: { id: string; currency: string },
  reviewer: Reviewer,
  id: string,
  body: DepositMethodBody,
) {
  const before = await findMethod(db, brand.id, id);
  if (!before) throw new AppError('not_found');
  const input = await methodInput(db, brand, before.kind, body);
  await db.transaction().execute(async (trx) => {
    await updateMethod(trx, brand.id, id, input);
    await recordAudit(trx, {
      ...audit(reviewer, brand.id, 'deposit_method.update', 'deposit_method', id),
      before: {
        name: before.name,
        minAmount: formatAmount(before.minimumAmount, brand.currency),
        maxAmount: formatAmount(before.maximumAmount, brand.currency),
        enabled: before.enabled,
        sortOrder: before.sortOrder,
        gatewayId: before.gatewayId,
      },
      after: { ...body },
    });
  });
}

export async function addBankAccount(
  db: Db,
  brandId: string,
  reviewer: Reviewer,
  methodId: string,
  body: DepositBankAccountBody,
) {
  const method = await findMethod(db, brandId, methodId);
  if (method?.kind !== 'bank_transfer') throw new AppError('not_found');
  return db.transaction().execute(async (trx) => {
    const account = await insertBankAccount(trx, brandId, methodId, body);
    await recordAudit(trx, {
      ...audit(reviewer, brandId, 'deposit_bank_account.create', 'deposit_bank_account', account.id),
      after: { ...body, methodId },
    });
    return account.id;
  });
}

export async function changeBankAccount(
  db: Db,
  brandId: string,
  reviewer: Reviewer,
  id: string,
  body: DepositBankAccountBody,
) {
  const before = await findBankAccount(db, brandId, id);
  if (!before) throw new AppError('not_found');
  await db.transaction().execute(async (trx) => {
    await updateBankAccount(trx, brandId, id, body);
    await recordAudit(trx, {
      ...audit(reviewer, brandId, 'deposit_bank_account.update', 'deposit_bank_account', id),
      before: { ...before },
      after: { ...body },
    });
  });
}

/** Creates or replaces a gateway; the audit records that the secret changed, never the secret. */
export async function putGateway(
  db: Db,
  brandId: string,
  reviewer: Reviewer,
  code: string,
  body: PaymentGatewayBody,
): Promise<PaymentGateway> {
  const secretEncrypted = await encryptSecret(db, body.secret);
  const gateway = await db.transaction().execute(async (trx) => {
    const saved = await upsertGateway(trx, brandId, {
      code,
      name: body.name,
      kind: body.kind,
      active: body.active,
      secretEncrypted,
    });
    await recordAudit(trx, {
      ...audit(reviewer, brandId, 'payment_gateway.save', 'payment_gateway', saved.id),
      after: { code, name: body.name, kind: body.kind, active: body.active, secretChanged: true },
    });
    return saved;
  });
  return toWireGateway(gateway);
}
