import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from 'rate-limiter-flexible';
import { createClient } from 'redis';
import { VENDOR_ERRORS, type VendorErrorCode } from '../errors.ts';
import { quitWithin } from '../redis.ts';

/**
 * Rate limits of the game pages' HTTP API (`/api/*`), an onRequest hook so a refused call costs no
 * body parsing, no database work and no platform call. Three budgets (rate-limiter-flexible, the
 * limiter of the live tables' socket joins):
 * - `sessionsPerIp`: launch-token exchanges (`POST /api/session`) per client address. Each one makes
 *   the vendor call the platform's signed seamless API, so a flood would load the platform too.
 * - `callsPerSession`: calls bearing a session token, per token (its SHA-256, never the token itself).
 * - `callsPerIp`: every `/api/*` call per client address, authenticated or not (the ceiling).
 * Counters live in Redis when HOUSE_VENDOR_REDIS_URL is set (every vendor process shares them),
 * otherwise in this process. A Redis that cannot be reached (or does not answer within 250 ms)
 * skips the limit rather than refusing the call, as the platform's limiter does. A refusal is
 * 429 `{ error: 'too_many_requests' }` with `retry-after` in seconds.
 *
 * The client address is `request.ip`: the TCP peer (the vendor has no trust-proxy setting; the game
 * pages reach it directly).
 */

export type LimitRule = { points: number; seconds: number };

export type HttpLimits = {
  sessionsPerIp: LimitRule;
  callsPerSession: LimitRule;
  callsPerIp: LimitRule;
};

export const DEFAULT_HTTP_LIMITS: HttpLimits = {
  sessionsPerIp: { points: 30, seconds: 60 },
  callsPerSession: { points: 120, seconds: 10 },
  callsPerIp: { points: 3000, seconds: 60 },
};

/** The same windows a thousand times looser: suites whose every client is 127.0.0.1 (tests, e2e). */
export function relaxedHttpLimits(): HttpLimits {
  const out = {} as HttpLimits;
  for (const [name, rule] of Object.entries(DEFAULT_HTTP_LIMITS) as [keyof HttpLimits, LimitRule][])
    out[name] = { ...rule, points: rule.points * 1000 };
  return out;
}

/** How long one Redis round trip of the limiter may take before the limit is skipped (ms). */
const REDIS_TIMEOUT_MS = 250;

const TOO_MANY: VendorErrorCode = 'too_many_requests';

function bearer(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  return /^Bearer ([A-Za-z0-9_-]{1,128})$/.exec(header.trim())?.[1];
}

const hashed = (token: string) => createHash('sha256').update(token).digest('base64url');

export async function registerHttpRateLimit(
  app: FastifyInstance,
  options: { limits?: HttpLimits; redisUrl?: string | null; redisKey?: string },
): Promise<void> {
  const limits = options.limits ?? DEFAULT_HTTP_LIMITS;
  const prefix = `${options.redisKey ?? 'house-vendor-live'}:http`;
  const log = app.log;
  /** The Redis client, when there is one (rate-limiter-flexible takes it untyped). */
  let store: unknown = null;
  if (options.redisUrl) {
    // No offline queue: while Redis is away a count fails at once (and the limit is skipped)
    // instead of waiting for the reconnection.
    const client = createClient({ url: options.redisUrl, disableOfflineQueue: true });
    let down = false;
    client.on('error', (error) => {
      if (!down) log.warn({ err: error }, 'redis (HTTP rate limits) unavailable: limits skipped');
      down = true;
    });
    client.on('ready', () => {
      if (down) log.info('redis (HTTP rate limits) back');
      down = false;
    });
    const connecting = client.connect().catch((error: unknown) => {
      log.warn({ err: error }, 'redis (HTTP rate limits) did not connect: limits skipped');
    });
    // Starts even if Redis is late: the limits are skipped until it answers.
    await Promise.race([connecting, new Promise((resolve) => setTimeout(resolve, 2_000).unref())]);
    app.addHook('onClose', async () => {
      await quitWithin(client, 1_000);
    });
    store = client;
  }
  const limiter = (name: string, rule: LimitRule): RateLimiterAbstract => {
    const common = { keyPrefix: `${prefix}-${name}`, points: rule.points, duration: rule.seconds };
    return store
      ? new RateLimiterRedis({ ...common, storeClient: store, useRedisPackage: true })
      : new RateLimiterMemory(common);
  };
  const perIp = limiter('ip', limits.callsPerIp);
  const sessionsPerIp = limiter('session-ip', limits.sessionsPerIp);
  const perSession = limiter('token', limits.callsPerSession);

  /** Counts one call: the milliseconds to wait when refused, null when allowed (or not counted). */
  const consume = async (rule: RateLimiterAbstract, key: string): Promise<number | null> => {
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        rule.consume(key),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error('rate limit store timed out')), REDIS_TIMEOUT_MS);
        }),
      ]);
      return null;
    } catch (error) {
      if (error instanceof RateLimiterRes) return error.msBeforeNext;
      // The store cannot count right now: the call goes through uncounted.
      return null;
    } finally {
      clearTimeout(timer);
    }
  };

  const refuse = (reply: FastifyReply, ms: number) =>
    reply
      .status(VENDOR_ERRORS[TOO_MANY])
      .header('retry-after', String(Math.max(1, Math.ceil(ms / 1000))))
      .send({ error: TOO_MANY });

  app.addHook('onRequest', async (request, reply) => {
    const path = request.url.split('?', 1)[0] ?? '';
    if (!path.startsWith('/api/')) return;
    const address = request.ip || 'unknown';
    let wait = await consume(perIp, address);
    if (wait === null && request.method === 'POST' && path === '/api/session')
      wait = await consume(sessionsPerIp, address);
    const token = bearer(request);
    if (wait === null && token) wait = await consume(perSession, hashed(token));
    if (wait !== null) {
      request.log.debug({ address, path }, 'request refused: too many requests');
      return refuse(reply, wait);
    }
  });
}
