import type { Db } from '../../db/database.ts';

export type SessionRow = {
  id: string;
  memberId: string;
  brandId: string;
  lastSeenAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
  revokedReason: string | null;
};

/** `excluded`: a time-out or self-exclusion began; `session_limit`: the member's own session limit ran out. */
export type RevokeReason = 'replaced' | 'logout' | 'password_changed' | 'excluded' | 'session_limit';

/**
 * Starts a session and ends every other active one of the member (reason `replaced`), in one
 * transaction; the partial unique index keeps one active session even under concurrent logins.
 */
export async function replaceSession(
  db: Db,
  session: {
    tokenHash: string;
    memberId: string;
    brandId: string;
    ip: string;
    device: string;
    expiresAt: Date;
  },
): Promise<void> {
  const run = async (trx: Db) => {
    // Logins of one member take turns on the member's row (the lock every member write takes first),
    // so each replaces the session before it. Without it, parallel logins raced on the one-active-
    // session index: every round had one winner, and the sixth of six parallel logins could run out
    // of retries and answer a system error.
    await trx.selectFrom('members').select('id').where('id', '=', session.memberId).forUpdate().execute();
    await trx
      .updateTable('sessions')
      .set({ revoked_at: new Date(), revoked_reason: 'replaced' })
      .where('member_id', '=', session.memberId)
      .where('revoked_at', 'is', null)
      .execute();
    await trx
      .insertInto('sessions')
      .values({
        token_hash: session.tokenHash,
        member_id: session.memberId,
        brand_id: session.brandId,
        ip: session.ip,
        device: session.device,
        expires_at: session.expiresAt,
      })
      .execute();
  };
  // Inside a caller's transaction (the login's writes) the two statements join it.
  await (db.isTransaction ? run(db) : db.transaction().execute(run));
}

export async function findSessionByTokenHash(db: Db, tokenHash: string): Promise<SessionRow | null> {
  const row = await db
    .selectFrom('sessions')
    .select(['id', 'member_id', 'brand_id', 'last_seen_at', 'expires_at', 'revoked_at', 'revoked_reason'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    memberId: row.member_id,
    brandId: row.brand_id,
    lastSeenAt: row.last_seen_at,
    expiresAt: row.expires_at,
    revokedAt: row.revoked_at,
    revokedReason: row.revoked_reason,
  };
}

export async function touchSession(db: Db, id: string, now: Date, expiresAt: Date): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ last_seen_at: now, expires_at: expiresAt })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function revokeSession(db: Db, id: string, reason: RevokeReason): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: new Date(), revoked_reason: reason })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function revokeMemberSessions(db: Db, memberId: string, reason: RevokeReason): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: new Date(), revoked_reason: reason })
    .where('member_id', '=', memberId)
    .where('revoked_at', 'is', null)
    .execute();
}
