import { randomUUID } from 'node:crypto';
import { type Challenge, createChallenge, randomInt } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { verify } from 'altcha-lib/frameworks/shared';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { ServerKeyring } from '../security/server-keys.ts';

/**
 * Self-hosted proof of work (ALTCHA v2, PBKDF2/SHA-256, no third-party service) before registration
 * and before an SMS is sent. The browser's `altcha` widget solves the challenge of
 * GET /wps/system/humanCheck and sends its base64 payload as `humanCheck`. Each solved challenge is
 * accepted once (replay protection in the database, shared by every process) and expires after 10
 * minutes. Difficulty: the counter the client must find is drawn from [counterMin, counterMax].
 */
export type HumanCheckCost = { cost: number; counterMin: number; counterMax: number };
export const PRODUCTION_HUMAN_CHECK: HumanCheckCost = { cost: 100, counterMin: 2_000, counterMax: 6_000 };
const TTL_SECONDS = 600;

export class HumanCheck {
  private readonly db: Db;
  private readonly keyring: ServerKeyring;
  private readonly difficulty: HumanCheckCost;

  constructor(db: Db, keyring: ServerKeyring, difficulty: HumanCheckCost) {
    this.db = db;
    this.keyring = keyring;
    this.difficulty = difficulty;
  }

  async challenge(): Promise<Challenge> {
    const keys = await this.keyring.get();
    // Now and then, forget used challenges that expired (they can no longer verify anyway).
    if (Math.random() < 0.01) await this.prune();
    return createChallenge({
      algorithm: 'PBKDF2/SHA-256',
      cost: this.difficulty.cost,
      counter: randomInt(this.difficulty.counterMax, this.difficulty.counterMin),
      deriveKey,
      data: { challengeId: randomUUID() },
      expiresAt: Math.floor(Date.now() / 1000) + TTL_SECONDS,
      hmacSignatureSecret: keys.humanCheckKey,
      hmacKeySignatureSecret: `${keys.humanCheckKey}:key`,
    });
  }

  /** Accepts a solved, unexpired, never-used payload; anything else is captcha_check_failed. */
  async verify(payload: string | undefined): Promise<void> {
    if (!payload) throw new AppError('captcha_check_failed');
    const keys = await this.keyring.get();
    const db = this.db;
    const result = await verify(payload, deriveKey, keys.humanCheckKey, `${keys.humanCheckKey}:key`, {
      get: () => false,
      set: () => undefined,
      setIfAbsent: async (challengeId: string) => {
        const inserted = await db
          .insertInto('human_checks_used')
          .values({ challenge_id: challengeId, expires_at: new Date(Date.now() + TTL_SECONDS * 1000) })
          .onConflict((oc) => oc.column('challenge_id').doNothing())
          .returning('challenge_id')
          .executeTakeFirst();
        return inserted !== undefined;
      },
    });
    if (result.error !== null) throw new AppError('captcha_check_failed', { cause: new Error(result.error) });
  }

  async prune(): Promise<void> {
    await this.db.deleteFrom('human_checks_used').where('expires_at', '<', new Date()).execute();
  }
}
