import type { Db } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { AppError } from '../../http/app-error.ts';
import { randomToken, sha256Hex } from '../../lib/hashing.ts';
import { findMemberById } from './member.repository.ts';
import type { Member } from './member.ts';
import {
  findSessionByTokenHash,
  type RevokeReason,
  replaceSession,
  revokeMemberSessions,
  revokeSession,
  touchSession,
} from './session.repository.ts';

/** Runs `work` again (up to 5 times) when it lost a race on a unique index. */
export async function retryOnUniqueViolation<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 5) throw error;
    }
  }
}

export type AuthContext = { member: Member; sessionId: string };

/** Renewing on every call would write on every request; once a minute is enough for sliding expiry. */
const TOUCH_AFTER_MS = 60_000;
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{20,128}$/;

/**
 * Opaque session tokens: 32 random bytes given to the browser once, stored only as SHA-256.
 * Sessions slide: each use pushes the expiry `idleMinutes` ahead. One active session per member.
 */
export class SessionService {
  private readonly db: Db;
  private readonly idleMs: number;

  constructor(db: Db, idleMinutes: number) {
    this.db = db;
    this.idleMs = idleMinutes * 60_000;
  }

  async start(member: Member, client: { ip: string; device: string }): Promise<string> {
    // Two logins of one member at the same instant: the loser of the one-active-session index
    // tries again, and its new session then replaces the winner's.
    return retryOnUniqueViolation(() => this.startIn(this.db, member, client));
  }

  /**
   * A new session written with `db` (a caller's transaction): no retry here, a unique violation
   * aborts the caller's transaction, which retries as a whole (`retryOnUniqueViolation`).
   */
  async startIn(db: Db, member: Member, client: { ip: string; device: string }): Promise<string> {
    const token = randomToken();
    await replaceSession(db, {
      tokenHash: sha256Hex(token),
      memberId: member.id,
      brandId: member.brandId,
      ip: client.ip,
      device: client.device,
      expiresAt: new Date(Date.now() + this.idleMs),
    });
    return token;
  }

  /** The member behind a token of this brand, or the 401 code that explains why not. */
  async resolve(token: string, brandId: string): Promise<AuthContext> {
    if (!TOKEN_SHAPE.test(token)) throw new AppError('user.or.token.invalid');
    const session = await findSessionByTokenHash(this.db, sha256Hex(token));
    if (!session || session.brandId !== brandId) throw new AppError('user.or.token.invalid');
    if (session.revokedAt) {
      throw new AppError(
        session.revokedReason === 'replaced' ? 'login.not.session' : 'user.or.token.invalid',
      );
    }
    const now = Date.now();
    if (session.expiresAt.getTime() <= now) throw new AppError('user.or.token.invalid');
    const member = await findMemberById(this.db, brandId, session.memberId);
    if (member?.status !== 'ACTIVE') throw new AppError('user.or.token.invalid');
    if (now - session.lastSeenAt.getTime() > TOUCH_AFTER_MS) {
      await touchSession(this.db, session.id, new Date(now), new Date(now + this.idleMs));
    }
    return { member, sessionId: session.id };
  }

  end(sessionId: string, reason: RevokeReason): Promise<void> {
    return revokeSession(this.db, sessionId, reason);
  }

  endAll(memberId: string, reason: RevokeReason): Promise<void> {
    return revokeMemberSessions(this.db, memberId, reason);
  }
}

/**
 * Published for the exclusion domain (time-outs, self-exclusion, session limits): ends every active
 * session of the member, with `db` (a caller's transaction joins it).
 */
export function endMemberSessions(db: Db, memberId: string, reason: RevokeReason): Promise<void> {
  return revokeMemberSessions(db, memberId, reason);
}
