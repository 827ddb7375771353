import type { ErrorCode } from '@lotus/contracts/errors';
import {
  LIMIT_KINDS,
  LIMIT_PERIOD_HOURS,
  LIMIT_PERIODS,
  type LimitChange,
  type LimitChangeResult,
  type LimitKind,
  type LimitPeriod,
  type LimitRefusal,
  type LimitSettings,
  type LimitsView,
  type MemberLimit,
  type MemberLimitsAdmin,
} from '@lotus/contracts/limits';
import { formatAmount, MAX_MINOR, parseAmount } from '@lotus/contracts/money';
import type { ProtectionBlock } from '@lotus/contracts/protection';
import type { Db } from '../../db/database.ts';
import type { Executor, Tx } from '../../db/executor.ts';
import { AppError } from '../../http/app-error.ts';
import { type AuditOperator, auditChange } from '../operators/audit.service.ts';
import {
  brandCurrency,
  deleteLimit,
  freesAt,
  insertChange,
  insertLimit,
  kindLimits,
  type LimitRow,
  limitSettings,
  listChanges,
  listLimits,
  lockKindLimits,
  lockLimit,
  memberInBrand,
  saveLimitSettings,
  type UsageRow,
  updateLimit,
  usageAt,
} from './limits.repository.ts';

/**
 * Responsible-gaming limits (issue 25, docs/limits.md): the member's deposit, loss and wager limits
 * over rolling windows, their changes with the brand's cooling-off, the audit of every change, and
 * the deposit path's check. The stake check is limits-stake-check.ts (the wallet's stake gate).
 */

/** The limits' clock: the cooling-off and the page's countdown read it (tests move it). */
let clock: () => Date = () => new Date();

export function limitsNow(): Date {
  return clock();
}

/** Tests only: moves the limits' clock (null: the real one again). Refused outside a Vitest run. */
export function setLimitsClockForTests(next: (() => Date) | null): void {
  if (!process.env.VITEST) throw new Error('the limits clock is moved by tests only');
  clock = next ?? (() => new Date());
}

export type LimitsBrand = { id: string; currency: string };
/** Who changes a limit: the member, or an operator (audited in the operators' log as well). */
type Actor = { kind: 'member' } | { kind: 'operator'; operator: AuditOperator; note: string };

function actorName(actor: Actor): string {
  return actor.kind === 'member' ? 'member' : `operator:${actor.operator.id}`;
}

function isKind(value: unknown): value is LimitKind {
  return typeof value === 'string' && (LIMIT_KINDS as readonly string[]).includes(value);
}

function isPeriod(value: unknown): value is LimitPeriod {
  return typeof value === 'string' && (LIMIT_PERIODS as readonly string[]).includes(value);
}

/** A limit's amount from the wire: positive, in the currency's scale, within a bigint. */
export function limitAmount(text: unknown, currency: string): bigint {
  if (typeof text !== 'string' || text.includes('\u0000')) throw new AppError('amount_invalid');
  const amount = parseAmount(text.trim(), currency);
  if (amount === null) throw new AppError('amount_invalid');
  if (amount <= 0n) throw new AppError('limit_amount_invalid');
  return amount;
}

function limitFields(body: { kind: unknown; period: unknown }): { kind: LimitKind; period: LimitPeriod } {
  if (!isKind(body.kind) || !isPeriod(body.period)) throw new AppError('request_param_err');
  return { kind: body.kind, period: body.period };
}

function usedOf(usage: UsageRow[], kind: LimitKind, period: LimitPeriod): bigint {
  const row = usage.find((u) => u.period === period);
  if (!row) return 0n;
  return kind === 'deposit' ? row.deposit : kind === 'wager' ? row.wager : row.loss;
}

function toWire(row: LimitRow, usage: UsageRow[], currency: string, now: Date): MemberLimit {
  const used = usedOf(usage, row.kind, row.period);
  const counted = used > 0n ? used : 0n;
  const remaining = row.amount > counted ? row.amount - counted : 0n;
  return {
    id: row.id,
    kind: row.kind,
    period: row.period,
    amount: formatAmount(row.amount, currency),
    pendingAmount: row.pendingAmount === null ? null : formatAmount(row.pendingAmount, currency),
    pendingRemoval: row.pendingRemoval,
    pendingFrom: row.pendingFrom ? row.pendingFrom.getTime() : null,
    confirmable: row.pendingFrom !== null && row.pendingFrom.getTime() <= now.getTime(),
    used: formatAmount(counted, currency),
    remaining: formatAmount(remaining, currency),
    updatedAt: row.updatedAt.getTime(),
  };
}

/** The member's limits, each window's usage and the brand's cooling-off (the member page). */
export async function limitsView(db: Executor, brand: LimitsBrand, memberId: string): Promise<LimitsView> {
  const now = limitsNow();
  const [rows, usage, settings] = await Promise.all([
    listLimits(db, brand.id, memberId),
    usageAt(db, brand.id, memberId, now),
    limitSettings(db, brand.id),
  ]);
  return {
    currency: brand.currency,
    limits: rows.map((r) => toWire(r, usage, brand.currency, now)),
    usage: LIMIT_KINDS.flatMap((kind) =>
      LIMIT_PERIODS.map((period) => {
        const used = usedOf(usage, kind, period);
        return { kind, period, used: formatAmount(used > 0n ? used : 0n, brand.currency) };
      }),
    ),
    coolingOffHours: settings.coolingOffHours,
    serverTime: now.getTime(),
  };
}

async function change(
  db: Db,
  brand: LimitsBrand,
  memberId: string,
  work: (trx: Tx, now: Date) => Promise<LimitChangeResult['outcome']>,
): Promise<LimitChangeResult> {
  const outcome = await db.transaction().execute((trx) => work(trx, limitsNow()));
  return { outcome, view: await limitsView(db, brand, memberId) };
}

/**
 * Sets a limit: a new limit or a lower one applies at once (a pending increase of it is dropped);
 * a higher one waits the brand's cooling-off and the member's confirmation (asking again restarts
 * the wait with the new amount); the same amount drops a pending change. Every change is audited.
 */
export async function setLimit(
  db: Db,
  brand: LimitsBrand,
  memberId: string,
  body: { kind: unknown; period: unknown; amount: unknown },
  actor: Actor = { kind: 'member' },
): Promise<LimitChangeResult> {
  const { kind, period } = limitFields(body);
  const amount = limitAmount(body.amount, brand.currency);
  return change(db, brand, memberId, async (trx, now) => {
    const audit = (action: string, oldAmount: bigint | null, newAmount: bigint | null, effectiveFrom: Date) =>
      record(trx, brand, memberId, actor, {
        kind,
        period,
        action,
        oldAmount,
        newAmount,
        effectiveFrom,
        at: now,
      });
    let row = await lockLimit(trx, brand.id, memberId, { kind, period });
    if (!row) {
      const id = await insertLimit(trx, { brandId: brand.id, memberId, kind, period, amount, at: now });
      if (id) {
        await audit(actor.kind === 'operator' ? 'operator_set' : 'set', null, amount, now);
        return 'applied';
      }
      // A parallel first set won the insert: decide against it.
      row = await lockLimit(trx, brand.id, memberId, { kind, period });
      if (!row) throw new AppError('limit_not_found');
    }
    const hasPending = row.pendingFrom !== null;
    if (amount < row.amount) {
      await updateLimit(trx, row.id, {
        amount,
        pendingAmount: null,
        pendingRemoval: false,
        pendingFrom: null,
        at: now,
      });
      await audit(actor.kind === 'operator' ? 'operator_lowered' : 'decrease', row.amount, amount, now);
      return 'applied';
    }
    if (amount === row.amount) {
      if (!hasPending) return 'unchanged';
      await updateLimit(trx, row.id, {
        pendingAmount: null,
        pendingRemoval: false,
        pendingFrom: null,
        at: now,
      });
      await audit('cancelled', row.pendingAmount, row.amount, now);
      return 'cancelled';
    }
    if (actor.kind === 'operator') throw new AppError('limit_operator_increase');
    const { coolingOffHours } = await limitSettings(trx, brand.id);
    const from = new Date(now.getTime() + coolingOffHours * 3_600_000);
    await updateLimit(trx, row.id, {
      pendingAmount: amount,
      pendingRemoval: false,
      pendingFrom: from,
      at: now,
    });
    await audit('increase_requested', row.amount, amount, from);
    return 'pending';
  });
}

/** Asks to remove a limit: it stays in force through the cooling-off, then needs the confirmation. */
export async function requestRemoval(
  db: Db,
  brand: LimitsBrand,
  memberId: string,
  id: string,
): Promise<LimitChangeResult> {
  return change(db, brand, memberId, async (trx, now) => {
    const row = await lockOwnLimit(trx, brand.id, memberId, id);
    const { coolingOffHours } = await limitSettings(trx, brand.id);
    const from = new Date(now.getTime() + coolingOffHours * 3_600_000);
    await updateLimit(trx, row.id, { pendingAmount: null, pendingRemoval: true, pendingFrom: from, at: now });
    await record(
      trx,
      brand,
      memberId,
      { kind: 'member' },
      {
        kind: row.kind,
        period: row.period,
        action: 'removal_requested',
        oldAmount: row.amount,
        newAmount: null,
        effectiveFrom: from,
        at: now,
      },
    );
    return 'pending';
  });
}

/** The member's own limit `id`, locked for the change; another member's or none: limit_not_found. */
async function lockOwnLimit(trx: Tx, brandId: string, memberId: string, id: string): Promise<LimitRow> {
  const row = await lockLimit(trx, brandId, memberId, { id });
  if (!row) throw new AppError('limit_not_found');
  return row;
}

/** Confirms a pending increase or removal once its cooling-off has ended. */
export async function confirmPending(
  db: Db,
  brand: LimitsBrand,
  memberId: string,
  id: string,
): Promise<LimitChangeResult> {
  return change(db, brand, memberId, async (trx, now) => {
    const row = await lockOwnLimit(trx, brand.id, memberId, id);
    if (!row.pendingFrom) throw new AppError('limit_no_pending_change');
    if (row.pendingFrom.getTime() > now.getTime()) throw new AppError('limit_cooling_off');
    const base = { kind: row.kind, period: row.period, oldAmount: row.amount, effectiveFrom: now, at: now };
    if (row.pendingRemoval) {
      await deleteLimit(trx, row.id);
      await record(
        trx,
        brand,
        memberId,
        { kind: 'member' },
        { ...base, action: 'removal_confirmed', newAmount: null },
      );
      return 'removed';
    }
    const amount = row.pendingAmount ?? row.amount;
    await updateLimit(trx, row.id, {
      amount,
      pendingAmount: null,
      pendingRemoval: false,
      pendingFrom: null,
      at: now,
    });
    await record(
      trx,
      brand,
      memberId,
      { kind: 'member' },
      { ...base, action: 'increase_confirmed', newAmount: amount },
    );
    return 'applied';
  });
}

/** Drops a pending increase or removal: the limit stays as it is. */
export async function cancelPending(
  db: Db,
  brand: LimitsBrand,
  memberId: string,
  id: string,
): Promise<LimitChangeResult> {
  return change(db, brand, memberId, async (trx, now) => {
    const row = await lockOwnLimit(trx, brand.id, memberId, id);
    if (!row.pendingFrom) throw new AppError('limit_no_pending_change');
    await updateLimit(trx, row.id, {
      pendingAmount: null,
      pendingRemoval: false,
      pendingFrom: null,
      at: now,
    });
    await record(
      trx,
      brand,
      memberId,
      { kind: 'member' },
      {
        kind: row.kind,
        period: row.period,
        action: 'cancelled',
        oldAmount: row.pendingAmount,
        newAmount: row.amount,
        effectiveFrom: now,
        at: now,
      },
    );
    return 'cancelled';
  });
}

async function record(
  trx: Executor,
  brand: LimitsBrand,
  memberId: string,
  actor: Actor,
  c: {
    kind: LimitKind;
    period: LimitPeriod;
    action: string;
    oldAmount: bigint | null;
    newAmount: bigint | null;
    effectiveFrom: Date;
    at: Date;
  },
): Promise<void> {
  await insertChange(trx, {
    brandId: brand.id,
    memberId,
    ...c,
    actor: actorName(actor),
    note: actor.kind === 'operator' ? actor.note : '',
  });
  if (actor.kind === 'operator') {
    await auditChange(
      trx,
      actor.operator,
      `member_limit.${c.action}`,
      { type: 'member', id: memberId },
      { kind: c.kind, period: c.period, amount: c.oldAmount?.toString() ?? null },
      { kind: c.kind, period: c.period, amount: c.newAmount?.toString() ?? null, note: actor.note },
    );
  }
}

/** Back office: a member's limits, usage and the audit of their changes. */
export async function memberLimitsAdmin(
  db: Db,
  brand: LimitsBrand,
  memberId: string,
): Promise<MemberLimitsAdmin> {
  if (!(await memberInBrand(db, brand.id, memberId))) throw new AppError('member_not_found');
  const view = await limitsView(db, brand, memberId);
  const changes = await listChanges(db, brand.id, memberId);
  return {
    view,
    changes: changes.map(
      (c): LimitChange => ({
        id: c.id,
        kind: c.kind as LimitKind,
        period: c.period as LimitPeriod,
        action: c.action,
        oldAmount: c.old_amount === null ? null : formatAmount(c.old_amount, brand.currency),
        newAmount: c.new_amount === null ? null : formatAmount(c.new_amount, brand.currency),
        effectiveFrom: c.effective_from.getTime(),
        actor: c.actor,
        createdAt: c.created_at.getTime(),
      }),
    ),
  };
}

/**
 * Back office, on the member's request: an operator sets a new limit or lowers one (at once,
 * audited with the operator and the note); raising or removing is the member's own, with its
 * cooling-off (limit_operator_increase).
 */
export async function operatorSetLimit(
  db: Db,
  brand: LimitsBrand,
  operator: AuditOperator,
  memberId: string,
  body: { kind: unknown; period: unknown; amount: unknown; note: string },
): Promise<MemberLimitsAdmin> {
  if (!(await memberInBrand(db, brand.id, memberId))) throw new AppError('member_not_found');
  await setLimit(db, brand, memberId, body, { kind: 'operator', operator, note: body.note.trim() });
  return memberLimitsAdmin(db, brand, memberId);
}

/** The refusal of `amount` by the member's tightest limit of `kind` (null: every limit allows it). */
async function refusalOf(
  db: Executor,
  brand: LimitsBrand,
  memberId: string,
  kind: LimitKind,
  limits: LimitRow[],
  amount: bigint,
): Promise<{ code: ErrorCode; detail: LimitRefusal } | null> {
  if (limits.length === 0) return null;
  const now = new Date();
  const usage = await usageAt(db, brand.id, memberId, now);
  let worst: { row: LimitRow; used: bigint; over: bigint } | null = null;
  for (const row of limits) {
    const used = usedOf(usage, kind, row.period);
    const over = used + amount - row.amount;
    if (over > 0n && (!worst || over > worst.over)) worst = { row, used, over };
  }
  if (!worst) return null;
  return refusal(db, brand, memberId, worst.row, worst.used, amount, now);
}

/**
 * The refusal code of each limit, one catalogue code per kind and window (the PL/pgSQL twin,
 * limits_stake_check.sql, builds the same names).
 */
const LIMIT_REFUSAL_CODES = {
  loss: { day: 'limit_loss_day', week: 'limit_loss_week', month: 'limit_loss_month' },
  wager: { day: 'limit_wager_day', week: 'limit_wager_week', month: 'limit_wager_month' },
  deposit: { day: 'limit_deposit_day', week: 'limit_deposit_week', month: 'limit_deposit_month' },
} as const satisfies Record<LimitKind, Record<LimitPeriod, ErrorCode>>;

async function refusal(
  db: Executor,
  brand: LimitsBrand,
  memberId: string,
  row: LimitRow,
  used: bigint,
  amount: bigint,
  now: Date,
): Promise<{ code: ErrorCode; detail: LimitRefusal }> {
  const code = LIMIT_REFUSAL_CODES[row.kind][row.period];
  const counted = used > 0n ? used : 0n;
  const frees =
    amount > row.amount
      ? null
      : await freesAt(db, {
          brandId: brand.id,
          memberId,
          kind: row.kind,
          hours: LIMIT_PERIOD_HOURS[row.period],
          need: used + amount - row.amount,
          at: now,
        });
  return {
    code,
    detail: {
      kind: row.kind,
      period: row.period,
      limit: formatAmount(row.amount, brand.currency),
      used: formatAmount(counted, brand.currency),
      remaining: formatAmount(row.amount > counted ? row.amount - counted : 0n, brand.currency),
      freesAt: frees ? frees.getTime() : null,
    },
  };
}

/**
 * The deposit limit (docs/limits.md, "Deposits"). `at: 'request'`: a deposit asked for (gateway,
 * QR, bank transfer) is refused early when it would break a limit now; nothing is locked, the credit
 * checks again. `at: 'credit'`: inside the credit's transaction (an operator's approval, a gateway's
 * callback, a transfer received from an upline or agent), the member's deposit limits are locked
 * first, so parallel credits pass one at a time, and a credit that would break a limit throws
 * limit_deposit_<period> (the transaction rolls back; a deposit stays pending). Amount > 0.
 */
export async function checkDepositLimit(
  db: Executor,
  brand: LimitsBrand,
  memberId: string,
  amount: bigint,
  at: 'request' | 'credit',
): Promise<void> {
  const limits =
    at === 'credit'
      ? await lockKindLimits(db, memberId, 'deposit')
      : await kindLimits(db, memberId, 'deposit');
  const refused = await refusalOf(
    db,
    brand,
    memberId,
    'deposit',
    limits,
    amount > MAX_MINOR ? MAX_MINOR : amount,
  );
  if (refused) throw new AppError(refused.code, { detail: refused.detail });
}

/** The brand's limit rules (docs/limits.md). */
export function brandLimitSettings(db: Executor, brandId: string): Promise<LimitSettings> {
  return limitSettings(db, brandId);
}

/** Admin: changes the brand's cooling-off (24 hours at least) and bonus rule, audited. */
export async function updateBrandLimitSettings(
  db: Db,
  operator: AuditOperator,
  next: LimitSettings,
): Promise<LimitSettings> {
  if (!Number.isInteger(next.coolingOffHours) || next.coolingOffHours < 24 || next.coolingOffHours > 8760) {
    throw new AppError('request_param_err');
  }
  return db.transaction().execute(async (trx) => {
    const before = await limitSettings(trx, operator.brandId);
    await saveLimitSettings(trx, operator.brandId, next);
    await auditChange(
      trx,
      operator,
      'limit_settings.update',
      { type: 'brand', id: operator.brandId },
      before,
      next,
    );
    return limitSettings(trx, operator.brandId);
  });
}

/**
 * The limits' section of the member's "why am I blocked" page (registered with the exclusion
 * domain's registerBlockSection): every limit in force, what is left of it in its window and since
 * when it applies; a limit has no end of its own (`until` null) until the member changes it.
 */
export async function limitBlocks(
  db: Executor,
  brandId: string,
  memberId: string,
): Promise<ProtectionBlock[]> {
  const brand = await brandCurrency(db, brandId);
  const view = await limitsView(db, brand, memberId);
  return view.limits.map((l) => ({
    kind: `limit_${l.kind}_${l.period}`,
    since: new Date(l.updatedAt).toISOString(),
    until: null,
    value: l.remaining,
    limit: l.amount,
  }));
}
