import { CONTACT_RULES, characterCount } from '@lotus/contracts/cs';
import { errorKey } from '@lotus/contracts/errors';
import { AppError } from '../http/app-error.ts';

/**
 * Helpers shared by the back office's review queues (contact requests, affiliate applications,
 * feedback): day ranges, search text and the operator's note.
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
