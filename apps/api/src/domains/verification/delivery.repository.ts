import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Executor } from '../../db/executor.ts';

/** The two outboxes. */
export type Channel = 'sms' | 'email';

/** A claimed outbox row: its recipient (phone or address), text, key and the attempt now made. */
export type ClaimedRow = {
  id: string;
  brand_id: string;
  recipient: string;
  subject: string | null;
  body: string;
  delivery_key: string;
  attempts: number;
};

/**
 * Claims the due rows of a channel: pending ones whose time has come and sending ones whose lease
 * ran out (their worker died), oldest due first, skipping rows another worker has locked. The claim
 * counts the attempt and sets the lease in the same statement.
 */
export async function claimDue(
  db: Db,
  channel: Channel,
  now: Date,
  settings: { leaseSeconds: number; batchSize: number },
): Promise<ClaimedRow[]> {
  const leaseUntil = new Date(now.getTime() + settings.leaseSeconds * 1000);
  const { rows } =
    channel === 'sms'
      ? await sql<ClaimedRow>`
          update sms_outbox o set status = 'sending', attempts = o.attempts + 1, next_attempt_at = ${leaseUntil}
          where o.id in (
            select id from sms_outbox
            where status in ('pending', 'sending') and next_attempt_at <= ${now}
            order by next_attempt_at, id limit ${settings.batchSize}
            for update skip locked)
          returning o.id::text as id, o.brand_id::text as brand_id, o.phone as recipient, null::text as subject,
            o.body, o.delivery_key::text as delivery_key, o.attempts`.execute(db)
      : await sql<ClaimedRow>`
          update email_outbox o set status = 'sending', attempts = o.attempts + 1, next_attempt_at = ${leaseUntil}
          where o.id in (
            select id from email_outbox
            where status in ('pending', 'sending') and next_attempt_at <= ${now}
            order by next_attempt_at, id limit ${settings.batchSize}
            for update skip locked)
          returning o.id::text as id, o.brand_id::text as brand_id, o.to_address as recipient, o.subject,
            o.body, o.delivery_key::text as delivery_key, o.attempts`.execute(db);
  return rows.map((r) => ({ ...r, attempts: Number(r.attempts) }));
}

type ClaimEnd = {
  status: 'sent' | 'pending' | 'dead';
  next_attempt_at: Date | null;
  last_error: string | null;
  sent_at?: Date;
};

/** Ends a claim with `values`, only if the claim is still the row's current one (status and attempts). */
async function endClaim(db: Executor, channel: Channel, row: ClaimedRow, values: ClaimEnd): Promise<boolean> {
  const done =
    channel === 'sms'
      ? await db
          .updateTable('sms_outbox')
          .set(values)
          .where('id', '=', row.id)
          .where('status', '=', 'sending')
          .where('attempts', '=', row.attempts)
          .executeTakeFirst()
      : await db
          .updateTable('email_outbox')
          .set(values)
          .where('id', '=', row.id)
          .where('status', '=', 'sending')
          .where('attempts', '=', row.attempts)
          .executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}

/** Records a delivered row, only if this claim is still the row's current one. */
export async function markSent(db: Db, channel: Channel, row: ClaimedRow, at: Date): Promise<boolean> {
  const values = { status: 'sent' as const, sent_at: at, next_attempt_at: null, last_error: null };
  return endClaim(db, channel, row, values);
}

/** Records a failed attempt: due again at `retryAt`, or dead. Only for the row's current claim. */
export async function markFailed(
  db: Executor,
  channel: Channel,
  row: ClaimedRow,
  outcome: { dead: boolean; retryAt: Date; error: string },
): Promise<boolean> {
  const values = {
    status: outcome.dead ? ('dead' as const) : ('pending' as const),
    next_attempt_at: outcome.dead ? null : outcome.retryAt,
    last_error: outcome.error,
  };
  return endClaim(db, channel, row, values);
}

/** An operator sends a dead letter again: pending at once, its attempts counted from zero. */
export async function requeueDead(
  db: Executor,
  channel: Channel,
  brandId: string,
  id: string,
): Promise<boolean> {
  const values = { status: 'pending' as const, attempts: 0, next_attempt_at: new Date() };
  const done =
    channel === 'sms'
      ? await db
          .updateTable('sms_outbox')
          .set(values)
          .where('id', '=', id)
          .where('brand_id', '=', brandId)
          .where('status', '=', 'dead')
          .executeTakeFirst()
      : await db
          .updateTable('email_outbox')
          .set(values)
          .where('id', '=', id)
          .where('brand_id', '=', brandId)
          .where('status', '=', 'dead')
          .executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}
