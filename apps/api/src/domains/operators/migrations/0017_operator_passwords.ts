import { type Kysely, sql } from 'kysely';

/**
 * Operator passwords (issue 10): `must_change_password` is set when an admin resets an operator's
 * password (a temporary one, shown to the admin once); until the operator chooses a new one, every
 * back-office call but `me`, logout and the password change answers operator_password_change_required.
 * `password_changed_at` records the last change. The lock columns of 0004 go: a failed login no longer
 * locks an operator (login throttles are counters per address and per user name, http/throttle.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table operators
    add column must_change_password boolean not null default false,
    add column password_changed_at timestamptz,
    drop column failed_attempts,
    drop column locked_until`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table operators
    drop column must_change_password,
    drop column password_changed_at,
    add column failed_attempts integer not null default 0 check (failed_attempts >= 0),
    add column locked_until timestamptz`.execute(db);
}
