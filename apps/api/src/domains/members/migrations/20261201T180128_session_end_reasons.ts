import { type Kysely, sql } from 'kysely';

/**
 * Two more reasons a session ends (issue 25, docs/exclusion.md): `excluded` (the member took a
 * time-out or self-excluded) and `session_limit` (the member's own session time limit ran out).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table sessions drop constraint sessions_revoked_reason_check`.execute(db);
  await sql`alter table sessions add constraint sessions_revoked_reason_check check (revoked_reason in ('replaced', 'logout', 'password_changed', 'expired', 'excluded', 'session_limit'))`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`update sessions set revoked_reason = 'logout' where revoked_reason in ('excluded', 'session_limit')`.execute(
    db,
  );
  await sql`alter table sessions drop constraint sessions_revoked_reason_check`.execute(db);
  await sql`alter table sessions add constraint sessions_revoked_reason_check check (revoked_reason in ('replaced', 'logout', 'password_changed', 'expired'))`.execute(
    db,
  );
}
