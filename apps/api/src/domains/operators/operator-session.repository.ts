import type { Executor } from '../../db/executor.ts';

export type OperatorSessionRow = {
  id: string;
  operatorId: string;
  brandId: string;
  lastSeenAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
};

export async function insertOperatorSession(
  executor: Executor,
  session: { tokenHash: string; operatorId: string; brandId: string; ip: string; expiresAt: Date },
): Promise<void> {
  await executor
    .insertInto('operator_sessions')
    .values({
      token_hash: session.tokenHash,
      operator_id: session.operatorId,
      brand_id: session.brandId,
      ip: session.ip,
      expires_at: session.expiresAt,
    })
    .execute();
}

export async function findOperatorSession(
  executor: Executor,
  tokenHash: string,
): Promise<OperatorSessionRow | null> {
  const row = await executor
    .selectFrom('operator_sessions')
    .select(['id', 'operator_id', 'brand_id', 'last_seen_at', 'expires_at', 'revoked_at'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    operatorId: row.operator_id,
    brandId: row.brand_id,
    lastSeenAt: row.last_seen_at,
    expiresAt: row.expires_at,
    revokedAt: row.revoked_at,
  };
}

export async function touchOperatorSession(executor: Executor, id: string, now: Date, expiresAt: Date) {
  await executor
    .updateTable('operator_sessions')
    .set({ last_seen_at: now, expires_at: expiresAt })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function revokeOperatorSession(executor: Executor, id: string): Promise<void> {
  await executor
    .updateTable('operator_sessions')
    .set({ revoked_at: new Date() })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Ends every session of an operator (deactivated, TOTP or password reset). */
export async function revokeOperatorSessions(executor: Executor, operatorId: string): Promise<void> {
  await executor
    .updateTable('operator_sessions')
    .set({ revoked_at: new Date() })
    .where('operator_id', '=', operatorId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Ends every session of an operator but one (its own password change keeps the current browser). */
export async function revokeOtherOperatorSessions(
  executor: Executor,
  operatorId: string,
  keepSessionId: string,
): Promise<void> {
  await executor
    .updateTable('operator_sessions')
    .set({ revoked_at: new Date() })
    .where('operator_id', '=', operatorId)
    .where('id', '<>', keepSessionId)
    .where('revoked_at', 'is', null)
    .execute();
}
