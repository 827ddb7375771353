import { type Kysely, sql } from 'kysely';

/**
 * Real delivery behind the outboxes (issue 24): every SMS and e-mail is a row first, and a worker
 * sends the rows of a channel that has a provider configured (SMTP, an HTTP SMS gateway). A row is
 * `kept` (no provider: the demo's, read in the back office), `pending` (due at `next_attempt_at`),
 * `sending` (claimed until `next_attempt_at`, the lease: a worker that died leaves it to be taken
 * again), `sent` or `dead` (the dead letters: a permanent refusal, or the last of the attempts).
 * `delivery_key` is the idempotency key the provider receives on every attempt of the row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table sms_outbox
      add column status text not null default 'kept'
        check (status in ('kept', 'pending', 'sending', 'sent', 'dead')),
      add column attempts integer not null default 0 check (attempts >= 0),
      add column next_attempt_at timestamptz,
      add column last_error text,
      add column sent_at timestamptz,
      add column delivery_key uuid not null default gen_random_uuid() unique`.execute(db);
  await sql`
    create index sms_outbox_due_idx on sms_outbox (next_attempt_at, id)
    where status in ('pending', 'sending')`.execute(db);
  await sql`create index sms_outbox_dead_idx on sms_outbox (brand_id, id) where status = 'dead'`.execute(db);
  await sql`
    alter table email_outbox
      add column status text not null default 'kept'
        check (status in ('kept', 'pending', 'sending', 'sent', 'dead')),
      add column attempts integer not null default 0 check (attempts >= 0),
      add column next_attempt_at timestamptz,
      add column last_error text,
      add column sent_at timestamptz,
      add column delivery_key uuid not null default gen_random_uuid() unique`.execute(db);
  await sql`
    create index email_outbox_due_idx on email_outbox (next_attempt_at, id)
    where status in ('pending', 'sending')`.execute(db);
  await sql`create index email_outbox_dead_idx on email_outbox (brand_id, id) where status = 'dead'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index sms_outbox_due_idx, sms_outbox_dead_idx, email_outbox_due_idx, email_outbox_dead_idx`.execute(
    db,
  );
  await sql`
    alter table sms_outbox
      drop column status, drop column attempts, drop column next_attempt_at, drop column last_error,
      drop column sent_at, drop column delivery_key`.execute(db);
  await sql`
    alter table email_outbox
      drop column status, drop column attempts, drop column next_attempt_at, drop column last_error,
      drop column sent_at, drop column delivery_key`.execute(db);
}
