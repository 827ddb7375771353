import type { AffiliateStatus } from '@lotus/contracts/agents';
import { CONTACT_RULES, type ContactStatus, characterCount } from '@lotus/contracts/cs';
import { type ErrorCode, errorKey } from '@lotus/contracts/errors';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Executor } from '../db/executor.ts';
import { recordAudit } from '../domains/operators/audit.service.ts';
import { AppError } from '../http/app-error.ts';

/**
 * Helpers shared by the back office's review queues (contact requests, affiliate applications,
 * feedback): day ranges, search text, the operator's note, the list's query, and the move of a
 * submission from one status to the next.
 */

const DAY_MS = 86_400_000;

/** A `YYYY-MM-DD` day that exists (2026-02-30 is request_param_err, never a rolled-over date). */
function calendarDay(value: string, field: string): Date {
  const day = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== value) {
    throw new AppError('request_param_err', { fieldErrors: { [field]: 'errors.request_param_err' } });
  }
  return day;
}

/** A list's inclusive `from`..`to` days (UTC) as the instants [from, day after `to`). */
export function dayRange(query: { from?: string; to?: string }): { from?: Date; toExclusive?: Date } {
  const from = query.from ? calendarDay(query.from, 'from') : undefined;
  const to = query.to ? new Date(calendarDay(query.to, 'to').getTime() + DAY_MS) : undefined;
  return { ...(from ? { from } : {}), ...(to ? { toExclusive: to } : {}) };
}

/** An `ilike` pattern for text containing `search`: `%`, `_` and `\` typed are searched for, not wildcards. */
export function containsPattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** An operator's note trimmed (undefined when none was sent); over 500 characters is operator_note_invalid. */
export function operatorNote(note: string | undefined): string | undefined {
  if (note === undefined) return undefined;
  const trimmed = note.trim();
  if (characterCount(trimmed) > CONTACT_RULES.noteMaxLength) {
    throw new AppError('operator_note_invalid', { fieldErrors: { note: errorKey('operator_note_invalid') } });
  }
  return trimmed;
}

/** A queue list's paging and common filter (status, search text, day range) from its query. */
export function queueQuery<S extends string>(query: {
  status?: S | undefined;
  search?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  page?: number | undefined;
  size?: number | undefined;
}): { page: number; size: number; filter: { status?: S; search?: string; from?: Date; toExclusive?: Date } } {
  const search = query.search?.trim();
  return {
    page: query.page ?? 1,
    size: query.size ?? 20,
    filter: {
      ...(query.status ? { status: query.status } : {}),
      ...(search ? { search } : {}),
      ...dayRange(query),
    },
  };
}

/** What every submission of a queue has: who sent what, where it stands and who handled it. */
export type SubmissionRow<S extends string> = {
  id: string;
  name: string;
  message: string;
  language: string;
  status: S;
  memberId: string | null;
  username: string | null;
  note: string;
  handledBy: string | null;
  createdAt: Date;
  updatedAt: Date;
};

/** A submission's common fields as operators read them (the queue adds its own). */
export function operatorSubmission<S extends string>(row: SubmissionRow<S>) {
  return {
    id: row.id,
    name: row.name,
    message: row.message,
    language: row.language,
    status: row.status,
    memberId: row.memberId,
    username: row.username,
    note: row.note,
    handledBy: row.handledBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A submission's move from status `from` to `to`, with the note it keeps, by `operatorId`. */
export type QueueTransition<S extends string> = { from: S; to: S; note: string; operatorId: string };

/** A queue whose submissions operators move through statuses with a note (its rules and its rows). */
export type StatusQueue<S extends string> = {
  transitions: Readonly<Record<S, readonly S[]>>;
  /** Moves that must carry the operator's note. */
  noteRequired?: readonly S[];
  notFound: ErrorCode;
  stateInvalid: ErrorCode;
  /** The audit row's action and target type. */
  audit: { action: string; targetType: string };
  find: (db: Executor, brandId: string, id: string) => Promise<{ status: S; note: string } | undefined>;
  /** The conditional update: false when the row was no longer in `from`. */
  transition: (db: Executor, brandId: string, id: string, change: QueueTransition<S>) => Promise<boolean>;
  /** What the move brings about (an approved affiliate becomes an agent), in the move's transaction. */
  onMoved?: (
    trx: Executor,
    brandId: string,
    id: string,
    change: QueueTransition<S>,
    reviewer: { id: string; ip: string },
  ) => Promise<void>;
};

/**
 * Moves a submission of `queue` to `change.status` with the operator's note (the previous note
 * stays when none is sent). The conditional update, on the status read, and its audit row commit
 * together, so of two operators acting at once one applies and the other is refused.
 */
export async function moveSubmission<S extends string>(
  db: Db,
  queue: StatusQueue<S>,
  brandId: string,
  reviewer: { id: string; ip: string },
  id: string,
  change: { status: S; note?: string },
): Promise<void> {
  const note = operatorNote(change.note);
  if (queue.noteRequired?.includes(change.status) && !note) {
    throw new AppError('operator_note_invalid', { fieldErrors: { note: errorKey('operator_note_invalid') } });
  }
  const row = await queue.find(db, brandId, id);
  if (!row) throw new AppError(queue.notFound);
  if (!queue.transitions[row.status].includes(change.status)) throw new AppError(queue.stateInvalid);
  const nextNote = note ? note : row.note;
  await db.transaction().execute(async (trx) => {
    const moved = await queue.transition(trx, brandId, id, {
      from: row.status,
      to: change.status,
      note: nextNote,
      operatorId: reviewer.id,
    });
    if (!moved) throw new AppError(queue.stateInvalid);
    await queue.onMoved?.(
      trx,
      brandId,
      id,
      { from: row.status, to: change.status, note: nextNote, operatorId: reviewer.id },
      reviewer,
    );
    await recordAudit(trx, {
      brandId,
      operatorId: reviewer.id,
      action: queue.audit.action,
      targetType: queue.audit.targetType,
      targetId: id,
      before: { status: row.status, note: row.note },
      after: { status: change.status, note: nextNote },
      ip: reviewer.ip,
    });
  });
}

/** The conditional update of a queue's table: `id` moves only while it is still in `change.from`. */
export async function transitionSubmission(
  db: Executor,
  table: 'affiliate_applications' | 'contact_requests',
  brandId: string,
  id: string,
  change: QueueTransition<AffiliateStatus | ContactStatus>,
): Promise<boolean> {
  const row = await db
    .updateTable(table)
    .set({
      status: change.to,
      operator_note: change.note,
      handled_by: change.operatorId,
      updated_at: sql`now()`,
    })
    .where('brand_id', '=', brandId)
    .where('id', '=', id)
    .where('status', '=', change.from)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}
