import type { OutboxStatus } from '@lotus/contracts/backoffice';
import type { Executor } from '../../db/executor.ts';

const DELIVERY = ['status', 'attempts', 'next_attempt_at', 'last_error', 'sent_at'] as const;

/** A page of the brand's SMS outbox, newest first, optionally only the rows in one state. */
export async function smsOutboxPage(
  executor: Executor,
  brandId: string,
  page: number,
  pageSize: number,
  status?: OutboxStatus,
) {
  let base = executor.selectFrom('sms_outbox').where('brand_id', '=', brandId);
  if (status) base = base.where('status', '=', status);
  const [rows, count] = await Promise.all([
    base
      .select(['id', 'phone', 'body', 'created_at', ...DELIVERY])
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/** A page of the brand's e-mail outbox, newest first, optionally only the rows in one state. */
export async function emailOutboxPage(
  executor: Executor,
  brandId: string,
  page: number,
  pageSize: number,
  status?: OutboxStatus,
) {
  let base = executor.selectFrom('email_outbox').where('brand_id', '=', brandId);
  if (status) base = base.where('status', '=', status);
  const [rows, count] = await Promise.all([
    base
      .select(['id', 'to_address', 'subject', 'body', 'created_at', ...DELIVERY])
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/** A row's delivery state as the back office shows it. */
export function deliveryOf(row: {
  status: OutboxStatus;
  attempts: number;
  next_attempt_at: Date | null;
  last_error: string | null;
  sent_at: Date | null;
}) {
  return {
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: row.next_attempt_at?.toISOString() ?? null,
    lastError: row.last_error,
    sentAt: row.sent_at?.toISOString() ?? null,
  };
}
