import { type Kysely, sql } from 'kysely';

/**
 * A reset link's e-mail (issue 24): `email_outbox_id` is the outbox row that carries the link;
 * `revoked_at` is set when that e-mail ends dead-lettered (the link reached nobody, or may have
 * reached someone after the provider lost its answers), so the link is withdrawn and refused with
 * `reset_link_withdrawn`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table password_reset_tokens
      add column email_outbox_id bigint references email_outbox (id) on delete set null,
      add column revoked_at timestamptz`.execute(db);
  await sql`
    create index password_reset_tokens_email_idx on password_reset_tokens (email_outbox_id)
    where email_outbox_id is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index password_reset_tokens_email_idx`.execute(db);
  await sql`alter table password_reset_tokens drop column email_outbox_id, drop column revoked_at`.execute(
    db,
  );
}
