import {
  RISK_SIGNAL_TRANSITIONS,
  type RiskSignal,
  type RiskSignalKind,
  type RiskSignalPage,
  type RiskSignalStatus,
} from '@lotus/contracts/kyc';
import { formatAmount } from '@lotus/contracts/money';
import type { Db } from '../../db/database.ts';
import type { Executor } from '../../db/executor.ts';
import { AppError } from '../../http/app-error.ts';
import { operatorNote } from '../../lib/review-queue.ts';
import { type AuditOperator, auditChange } from '../operators/audit.service.ts';
import {
  findSignal,
  insertSignal,
  nightSessions,
  type RiskSignalRow,
  risingLosses,
  signalPage,
  transitionSignal,
} from './risk.repository.ts';

/** A week's loss above this many times the 4-week average raises `rising_losses`. */
export const RISING_LOSS_FACTOR = 2;
/** Night logins (00:00-05:00, brand time) on this many nights of a week raise `night_sessions`. */
export const NIGHT_SESSION_NIGHTS = 3;

/** The ISO week of a UTC day (`2026-W49`): the period of the job's weekly signals. */
export function isoWeek(date: Date): string {
  const d = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  const weekday = d.getUTCDay() || 7;
  d.setUTCDate(d.getUTCDate() + 4 - weekday);
  const yearStart = Date.UTC(d.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((d.getTime() - yearStart) / 86_400_000 + 1) / 7);
  return `${d.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

/**
 * Raises a risk signal for an operator's follow-up: one per member, kind and period (a repeat is
 * ignored), so any domain may call it for its own events (the limits domain for `limit_hit`, with
 * the day or the limit's window as the period). Answers whether the signal is new.
 */
export function raiseRiskSignal(
  db: Executor,
  signal: {
    brandId: string;
    memberId: string;
    kind: RiskSignalKind;
    period: string;
    detail?: Record<string, string | number>;
  },
): Promise<boolean> {
  return insertSignal(db, { ...signal, detail: signal.detail ?? {} });
}

/**
 * The job `kyc_risk_signals`: computes rising losses (the wallet's daily turnover) and night
 * sessions (login attempts in the brand's time zone) and raises their signals for the current ISO
 * week. Idempotent: a re-run in the same week raises nothing new. Answers how many were raised.
 */
export async function computeRiskSignals(db: Db, now: Date): Promise<number> {
  const period = isoWeek(now);
  const today = now.toISOString().slice(0, 10);
  let raised = 0;
  for (const row of await risingLosses(db, today, RISING_LOSS_FACTOR)) {
    if (
      await insertSignal(db, {
        brandId: row.brand_id,
        memberId: row.member_id,
        kind: 'rising_losses',
        period,
        detail: {
          weekLoss: formatAmount(row.week_loss, row.currency),
          averageLoss: formatAmount(row.average_loss, row.currency),
          currency: row.currency,
          factor: RISING_LOSS_FACTOR,
        },
      })
    ) {
      raised += 1;
    }
  }
  for (const row of await nightSessions(db, now, NIGHT_SESSION_NIGHTS)) {
    if (
      await insertSignal(db, {
        brandId: row.brand_id,
        memberId: row.member_id,
        kind: 'night_sessions',
        period,
        detail: { nights: Number(row.nights) },
      })
    ) {
      raised += 1;
    }
  }
  return raised;
}

function wire(row: RiskSignalRow): RiskSignal {
  return {
    ...row,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function riskSignalQueue(
  db: Db,
  brandId: string,
  query: { status?: RiskSignalStatus; page?: number; size?: number },
): Promise<RiskSignalPage> {
  const page = query.page ?? 1;
  const size = query.size ?? 20;
  const { rows, total } = await signalPage(db, brandId, query.status, page, size);
  return { items: rows.map(wire), total, page, size };
}

/**
 * An operator's follow-up of a signal: open -> contacted -> closed (or open -> closed) with a note
 * of the interaction (the previous note stays when none is given); conditional on the status read,
 * audited in the same transaction.
 */
export async function moveRiskSignal(
  db: Db,
  operator: AuditOperator,
  id: string,
  change: { status: RiskSignalStatus; note?: string },
): Promise<RiskSignal> {
  const note = operatorNote(change.note);
  const row = await findSignal(db, operator.brandId, id);
  if (!row) throw new AppError('risk_signal_not_found');
  if (!RISK_SIGNAL_TRANSITIONS[row.status].includes(change.status))
    throw new AppError('risk_signal_state_invalid');
  const nextNote = note ? note : row.note;
  await db.transaction().execute(async (trx) => {
    const moved = await transitionSignal(trx, operator.brandId, id, {
      from: row.status,
      to: change.status,
      note: nextNote,
      operatorId: operator.id,
    });
    if (!moved) throw new AppError('risk_signal_state_invalid');
    await auditChange(
      trx,
      operator,
      'risk_signal.status',
      { type: 'risk_signal', id },
      { status: row.status, note: row.note },
      { status: change.status, note: nextNote },
    );
  });
  const after = await findSignal(db, operator.brandId, id);
  if (!after) throw new AppError('risk_signal_not_found');
  return wire(after);
}
