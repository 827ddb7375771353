import { Redis } from 'ioredis';
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from 'rate-limiter-flexible';
import type { Brand } from '../domains/brands/brand.ts';
import { AppError } from './app-error.ts';

/**
 * Limits of the credential and code calls, counted per IP address, per account and address, per
 * account and per phone number (brand-scoped keys). `points` attempts per `seconds`; counters live in
 * Redis when REDIS_URL is set, so every server process shares them, otherwise in this process.
 *
 * Logins are refused (TOO_MANY_REQUESTS) per address and per (account, address) only: strangers
 * elsewhere cannot lock an account. The account-wide rules (`*FailuresPerAccount`) never refuse:
 * they count failed logins of a user name from anywhere, and once one is spent every login of that
 * name needs the image captcha (see `reached`) until its window ends or the account logs in.
 */
export type ThrottleRule = { points: number; seconds: number };

export const THROTTLE_RULES = {
  loginPerIp: { points: 30, seconds: 300 },
  loginPerAccountIp: { points: 10, seconds: 900 },
  /** Failed logins of one user name from any address; past them every login needs the captcha. */
  loginFailuresPerAccount: { points: 5, seconds: 900 },
  registerPerIp: { points: 10, seconds: 3600 },
  smsPerPhone: { points: 5, seconds: 3600 },
  smsPerIp: { points: 20, seconds: 3600 },
  captchaPerClient: { points: 1, seconds: 1 },
  humanCheckPerIp: { points: 60, seconds: 60 },
  verifyPerIp: { points: 30, seconds: 300 },
  /** Codes checked for one logged-in member (its own session: strangers cannot spend it). */
  verifyPerAccount: { points: 10, seconds: 900 },
  /**
   * Codes checked for one user name or phone from one address. Across addresses each SMS code allows
   * 5 tries (sms.service): only failed checks count per account, so strangers cannot lock its owner out.
   */
  verifyPerAccountIp: { points: 10, seconds: 900 },
  passwordResetPerIp: { points: 10, seconds: 3600 },
  /** Reset requests for one user name from one address (refused past it, whatever the outcome). */
  passwordResetPerAccountIp: { points: 5, seconds: 3600 },
  /**
   * Reset e-mails actually sent to one account, from any address (caps the owner's inbox). Its window
   * is the links' 30 minutes: when it refuses, the owner already has that many unexpired links, so a
   * stranger who knows the user name and the e-mail cannot keep the owner from resetting.
   */
  passwordResetMailsPerAccount: { points: 5, seconds: 1800 },
  passwordChangePerAccount: { points: 10, seconds: 900 },
  freePlayPerIp: { points: 20, seconds: 3600 },
  externalPerIp: { points: 30, seconds: 300 },
  fundsPasswordPerAccount: { points: 5, seconds: 900 },
  fundsPasswordPerIp: { points: 30, seconds: 900 },
  operatorLoginPerIp: { points: 20, seconds: 900 },
  operatorLoginPerAccountIp: { points: 10, seconds: 900 },
  /** Failed operator logins (password or code) of one user name from any address; then captcha. */
  operatorFailuresPerAccount: { points: 5, seconds: 900 },
  /** An operator's own password changes (each checks the current password). */
  operatorPasswordChangePerAccount: { points: 10, seconds: 900 },
  /** Every upload route (avatar, feedback, receipts, proofs): images of up to 5 MB each. */
  uploadPerMember: { points: 10, seconds: 60 },
  uploadPerIp: { points: 30, seconds: 60 },
} satisfies Record<string, ThrottleRule>;
export type ThrottleName = keyof typeof THROTTLE_RULES;
export type ThrottleRules = Record<ThrottleName, ThrottleRule>;

export class Throttle {
  private readonly limiters: Record<ThrottleName, RateLimiterAbstract>;
  private readonly rules: ThrottleRules;
  private readonly redis: Redis | null;

  constructor(options: { redisUrl: string | null; rules?: Partial<ThrottleRules> }) {
    this.redis = options.redisUrl
      ? new Redis(options.redisUrl, {
          connectTimeout: 1000,
          maxRetriesPerRequest: 1,
        })
      : null;
    // An outage falls back to the in-process limiter and is reported by /ready; without a listener
    // ioredis would print every failed reconnect as an unhandled error event.
    this.redis?.on('error', () => {});
    const rules: ThrottleRules = { ...THROTTLE_RULES, ...options.rules };
    this.rules = rules;
    const entries = (Object.keys(rules) as ThrottleName[]).map((name) => {
      const { points, seconds } = rules[name];
      const common = { keyPrefix: `lotus-th:${name}`, points, duration: seconds };
      // A Redis outage must not lock everyone out: the in-process limiter takes over meanwhile.
      const limiter = this.redis
        ? new RateLimiterRedis({
            ...common,
            storeClient: this.redis,
            insuranceLimiter: new RateLimiterMemory(common),
          })
        : new RateLimiterMemory(common);
      return [name, limiter] as const;
    });
    this.limiters = Object.fromEntries(entries) as unknown as Record<ThrottleName, RateLimiterAbstract>;
  }

  /**
   * Counts one attempt for each key; refuses with TOO_MANY_REQUESTS (or `code`) once any is spent.
   * Keys are brand-scoped by the caller (`<brandId>|<ip>`).
   */
  async consume(
    checks: [ThrottleName, string][],
    code: 'TOO_MANY_REQUESTS' | 'phone_too_many_requests' = 'TOO_MANY_REQUESTS',
  ): Promise<void> {
    for (const [name, key] of checks) {
      try {
        await this.limiters[name].consume(key);
      } catch (error) {
        if (error instanceof RateLimiterRes) throw new AppError(code, { cause: error });
        throw error;
      }
    }
  }

  /** Counts one event for `key` without ever refusing (the account-wide failure rules). */
  async record(name: ThrottleName, key: string): Promise<void> {
    await this.limiters[name].penalty(key, 1);
  }

  /** Whether `key` used up its rule's points in the current window (nothing is counted). */
  async reached(name: ThrottleName, key: string): Promise<boolean> {
    const state = await this.limiters[name].get(key);
    return (state?.consumedPoints ?? 0) >= this.rules[name].points;
  }

  /** Gives back one point of `key` (an attempt that turned out not to count, such as an unsent mail). */
  async refund(name: ThrottleName, key: string): Promise<void> {
    await this.limiters[name].reward(key, 1).catch(() => undefined);
  }

  /** Clears an account's counter after a success (a member who finally logs in starts afresh). */
  async reset(name: ThrottleName, key: string): Promise<void> {
    await this.limiters[name].delete(key).catch(() => undefined);
  }

  async close(): Promise<void> {
    if (this.redis) await this.redis.quit().catch(() => undefined);
  }
}

/** Key of a throttle counter, always inside one brand. */
export const throttleKey = (brand: Brand, ...parts: string[]) => [brand.id, ...parts].join('|').toLowerCase();
