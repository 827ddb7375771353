import { parseAmount } from '@lotus/contracts/money';
import type {
  Confirmation,
  OperatorWithdrawal,
  OperatorWithdrawalPage,
  WithdrawalStatus,
  WithdrawSettings,
  WithdrawSettingsInput,
} from '@lotus/contracts/withdrawals';
import type { Db } from '../../db/database.ts';
import type { Executor, Tx } from '../../db/executor.ts';
import { AppError } from '../../http/app-error.ts';
import { sha256Hex } from '../../lib/hashing.ts';
import { type LedgerAccount, moneyTransaction, postEntry } from '../wallet/ledger.service.ts';
import { findMainWallet, type WalletBrand } from '../wallet/wallet.service.ts';
import {
  findWithdrawal,
  findWithUsername,
  listQueue,
  type QueueFilter,
  type Transition,
  transition,
  upsertSettings,
  type WithdrawalRow,
} from './withdrawal.repository.ts';
import {
  payoutAccount,
  toWireSettings,
  toWireWithdrawal,
  withdrawalHoldAccount,
  withdrawSettingsOf,
} from './withdrawal.service.ts';

/**
 * Operators' review of withdrawals (spec §4): approve, reject with a reason (the held amount goes
 * back to the member), mark paid (the held amount leaves for the bank), and resolve a dispute or a
 * partial receipt. Each action is one conditional UPDATE on the status plus its ledger entry and
 * its audit row, all in one transaction: two operators clicking at once, or one clicking twice,
 * change the withdrawal and move its money exactly once; the other gets withdrawal_state_invalid.
 */

export type Reviewer = { id: string; brandId: string; ip: string };

/** What an audit row needs; the operators domain's recordAudit has this shape. */
export type AuditEntry = {
  brandId: string;
  operatorId: string;
  action: string;
  targetType: string;
  targetId: string;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
  ip: string;
};
export type AuditWriter = (executor: Executor, entry: AuditEntry) => Promise<unknown>;

type Brand = WalletBrand;

function snapshot(row: WithdrawalRow) {
  return {
    status: row.status,
    amount: row.amount,
    confirmation: row.confirmation,
    receivedAmount: row.received_amount,
    rejectReason: row.reject_reason,
  };
}

async function act(
  db: Db,
  audit: AuditWriter,
  reviewer: Reviewer,
  withdrawalId: string,
  action: string,
  change: Transition,
  money?: (trx: Tx, row: WithdrawalRow) => Promise<void>,
): Promise<WithdrawalRow> {
  return moneyTransaction(db, async (trx) => {
    const before = await findWithdrawal(trx, reviewer.brandId, withdrawalId);
    if (!before) throw new AppError('withdrawal_not_found');
    const row = await transition(trx, { brandId: reviewer.brandId, id: withdrawalId }, change);
    if (!row) throw new AppError('withdrawal_state_invalid');
    if (money) await money(trx, row);
    await audit(trx, {
      brandId: reviewer.brandId,
      operatorId: reviewer.id,
      action,
      targetType: 'withdrawal',
      targetId: withdrawalId,
      before: snapshot(before),
      after: snapshot(row),
      ip: reviewer.ip,
    });
    return row;
  });
}

async function memberWallet(trx: Executor, brand: Brand, memberId: string) {
  const wallet = await findMainWallet(trx, brand, memberId);
  // The hold was taken from this wallet, so it exists; a missing one is a broken invariant.
  if (!wallet) throw new Error(`withdrawal: member ${memberId} has no main wallet`);
  return wallet;
}

/**
 * The ledger entry of one step of a withdrawal (`return`, `paid`, `refund`): kind
 * `withdrawal_<step>`, idempotency key `withdrawal:<id>:<step>`, `amount` from one account to another.
 */
async function postWithdrawalStep(
  trx: Tx,
  brand: Brand,
  row: WithdrawalRow,
  step: 'return' | 'paid' | 'refund',
  amount: bigint,
  from: LedgerAccount,
  to: LedgerAccount,
) {
  const key = `withdrawal:${row.id}:${step}`;
  await postEntry(trx, {
    brandId: brand.id,
    kind: `withdrawal_${step}`,
    idempotencyKey: key,
    requestHash: sha256Hex(`${key}|${amount}`),
    reference: `withdrawal:${row.id}`,
    metadata: { memberId: row.member_id },
    legs: [
      { account: from, amount: -amount },
      { account: to, amount },
    ],
  });
}

export function approveWithdrawal(db: Db, audit: AuditWriter, reviewer: Reviewer, id: string) {
  return act(db, audit, reviewer, id, 'withdrawal.approve', {
    from: ['pending'],
    set: { status: 'approved', reviewed_by: reviewer.id, approved_at: new Date() },
  });
}

/** Rejects a pending or approved withdrawal; the held amount returns to the member once. */
export function rejectWithdrawal(
  db: Db,
  audit: AuditWriter,
  reviewer: Reviewer,
  brand: Brand,
  id: string,
  reason: string,
) {
  return act(
    db,
    audit,
    reviewer,
    id,
    'withdrawal.reject',
    {
      from: ['pending', 'approved'],
      set: {
        status: 'rejected',
        reviewed_by: reviewer.id,
        reject_reason: reason.trim(),
        rejected_at: new Date(),
      },
    },
    async (trx, row) =>
      postWithdrawalStep(
        trx,
        brand,
        row,
        'return',
        BigInt(row.amount),
        await withdrawalHoldAccount(trx, brand),
        await memberWallet(trx, brand, row.member_id),
      ),
  );
}

/**
 * Marks an approved withdrawal paid: the held amount leaves for the brand's bank payout account.
 * When the brand does not ask members to confirm, paid means received.
 */
export async function markWithdrawalPaid(
  db: Db,
  audit: AuditWriter,
  reviewer: Reviewer,
  brand: Brand,
  id: string,
) {
  const { confirmationRequired } = await withdrawSettingsOf(db, brand.id);
  const now = new Date();
  return act(
    db,
    audit,
    reviewer,
    id,
    'withdrawal.pay',
    {
      from: ['approved'],
      set: confirmationRequired
        ? { status: 'paid', paid_at: now }
        : { status: 'received', paid_at: now, confirmation: 'not_required', confirmed_at: now },
    },
    async (trx, row) =>
      postWithdrawalStep(
        trx,
        brand,
        row,
        'paid',
        BigInt(row.amount),
        await withdrawalHoldAccount(trx, brand),
        await payoutAccount(trx, brand),
      ),
  );
}

/**
 * Settles a disputed ("not received") or partial withdrawal. `forced_receipt` counts it as
 * received: this platform models no security deposit, so forcing receipt returns nothing and
 * closes the dispute. `refund` returns what the member did not receive (the whole amount for a
 * dispute, the rest for a partial receipt) from the payout account to the member's wallet.
 */
export async function resolveWithdrawal(
  db: Db,
  audit: AuditWriter,
  reviewer: Reviewer,
  brand: Brand,
  id: string,
  outcome: 'forced_receipt' | 'refund',
) {
  const now = new Date();
  if (outcome === 'forced_receipt') {
    return act(db, audit, reviewer, id, 'withdrawal.force_receipt', {
      from: ['disputed', 'partial'],
      set: { status: 'received', confirmation: 'forced', resolved_at: now, reviewed_by: reviewer.id },
    });
  }
  return act(
    db,
    audit,
    reviewer,
    id,
    'withdrawal.refund',
    {
      from: ['disputed', 'partial'],
      set: { status: 'refunded', resolved_at: now, reviewed_by: reviewer.id },
    },
    async (trx, row) =>
      postWithdrawalStep(
        trx,
        brand,
        row,
        'refund',
        // What the member did not receive: all of it for a dispute, the rest for a partial receipt.
        BigInt(row.amount) - BigInt(row.received_amount ?? '0'),
        await payoutAccount(trx, brand),
        await memberWallet(trx, brand, row.member_id),
      ),
  );
}

export function toOperatorWithdrawal(
  row: WithdrawalRow & { username: string },
  autoReceiptMinutes: number,
): OperatorWithdrawal {
  return {
    ...toWireWithdrawal(row, autoReceiptMinutes),
    status: row.status as WithdrawalStatus,
    confirmation: (row.confirmation as Confirmation | null) ?? null,
    memberId: row.member_id,
    username: row.username,
    accountNumberFull: row.account_number,
    hasProof: row.proof_image !== null,
    disputeNote: row.dispute_note,
    reviewedBy: row.reviewed_by,
  };
}

export async function withdrawalQueue(
  db: Db,
  brandId: string,
  query: QueueFilter & { page?: number | undefined; size?: number | undefined },
): Promise<OperatorWithdrawalPage> {
  const page = query.page ?? 1;
  const size = query.size ?? 20;
  const [settings, list] = await Promise.all([
    withdrawSettingsOf(db, brandId),
    listQueue(db, brandId, query, { limit: size, offset: (page - 1) * size }),
  ]);
  return {
    items: list.rows.map((r) => toOperatorWithdrawal(r, settings.autoReceiptMinutes)),
    total: list.total,
    page,
    size,
  };
}

export async function operatorWithdrawal(db: Db, brandId: string, id: string): Promise<OperatorWithdrawal> {
  const [settings, row] = await Promise.all([
    withdrawSettingsOf(db, brandId),
    findWithUsername(db, brandId, id),
  ]);
  if (!row) throw new AppError('withdrawal_not_found');
  return toOperatorWithdrawal(row, settings.autoReceiptMinutes);
}

/** The stored name of a withdrawal's proof image (operators only), or not found. */
export async function proofImageOf(db: Db, brandId: string, id: string): Promise<string> {
  const row = await findWithdrawal(db, brandId, id);
  if (!row?.proof_image) throw new AppError('withdrawal_not_found');
  return row.proof_image;
}

/** Changes a brand's withdrawal settings, audited with the values before and after. */
export async function updateWithdrawSettings(
  db: Db,
  audit: AuditWriter,
  reviewer: Reviewer,
  brand: Brand,
  input: WithdrawSettingsInput,
): Promise<WithdrawSettings> {
  const minimum = parseAmount(input.minimumAmount, brand.currency);
  const maximum = parseAmount(input.maximumAmount, brand.currency);
  if (minimum === null || maximum === null || minimum <= 0n || maximum < minimum) {
    throw new AppError('amount_invalid');
  }
  const next = {
    minimumAmount: minimum,
    maximumAmount: maximum,
    dailyCountLimit: input.dailyCountLimit,
    autoReceiptMinutes: input.autoReceiptMinutes,
    confirmationRequired: input.confirmationRequired,
    maxBankCards: input.maxBankCards,
  };
  await db.transaction().execute(async (trx) => {
    const before = await withdrawSettingsOf(trx, brand.id);
    await upsertSettings(trx, brand.id, next);
    await audit(trx, {
      brandId: brand.id,
      operatorId: reviewer.id,
      action: 'withdrawal.settings',
      targetType: 'withdrawal_settings',
      targetId: brand.id,
      before: toWireSettings(before, brand),
      after: toWireSettings(next, brand),
      ip: reviewer.ip,
    });
  });
  return toWireSettings(next, brand);
}
