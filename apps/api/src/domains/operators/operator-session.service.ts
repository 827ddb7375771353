import type { Db } from '../../db/database.ts';
import type { Executor } from '../../db/executor.ts';
import { AppError } from '../../http/app-error.ts';
import { randomToken, sha256Hex } from '../../lib/hashing.ts';
import { findOperatorById } from './operator.repository.ts';
import type { OperatorIdentity } from './operator.ts';
import {
  findOperatorSession,
  insertOperatorSession,
  touchOperatorSession,
} from './operator-session.repository.ts';

/** Renewing on every call would write on every request; once a minute is enough for sliding expiry. */
const TOUCH_AFTER_MS = 60_000;
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{20,128}$/;

export type OperatorContext = OperatorIdentity & { sessionId: string };

/**
 * Operator sessions: opaque 32-byte tokens, stored only as SHA-256, sliding `idleMinutes` ahead on
 * use. Several sessions per operator are allowed (one per browser); deactivation ends them all.
 */
export class OperatorSessions {
  private readonly db: Db;
  private readonly idleMs: number;

  constructor(db: Db, idleMinutes: number) {
    this.db = db;
    this.idleMs = idleMinutes * 60_000;
  }

  /** Starts a session (inside the login's transaction when given) and returns its token. */
  async start(operator: OperatorIdentity, ip: string, executor: Executor = this.db): Promise<string> {
    const token = randomToken();
    await insertOperatorSession(executor, {
      tokenHash: sha256Hex(token),
      operatorId: operator.id,
      brandId: operator.brandId,
      ip,
      expiresAt: new Date(Date.now() + this.idleMs),
    });
    return token;
  }

  /** The active operator behind a token of this brand; anything else is operator_not_login. */
  async resolve(token: string, brandId: string): Promise<OperatorContext> {
    if (!TOKEN_SHAPE.test(token)) throw new AppError('operator_not_login');
    const session = await findOperatorSession(this.db, sha256Hex(token));
    const now = Date.now();
    if (!session || session.brandId !== brandId || session.revokedAt || session.expiresAt.getTime() <= now) {
      throw new AppError('operator_not_login');
    }
    const operator = await findOperatorById(this.db, brandId, session.operatorId);
    if (!operator?.active) throw new AppError('operator_not_login');
    if (now - session.lastSeenAt.getTime() > TOUCH_AFTER_MS) {
      await touchOperatorSession(this.db, session.id, new Date(now), new Date(now + this.idleMs));
    }
    return {
      id: operator.id,
      brandId: operator.brandId,
      username: operator.username,
      role: operator.role,
      mustChangePassword: operator.mustChangePassword,
      sessionId: session.id,
    };
  }
}
