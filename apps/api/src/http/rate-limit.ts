import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { AppError } from './app-error.ts';

/**
 * Rate limiting is opt-in per route (`config.rateLimit: { max, timeWindow }`). Counters live in Redis
 * when REDIS_URL is set, so several server processes share them; otherwise in this process.
 * The key is brand + client address, so one brand's traffic never throttles another's.
 */
export async function registerRateLimit(app: FastifyInstance, options: { redisUrl: string | null }) {
  const redis = options.redisUrl
    ? new Redis(options.redisUrl, { connectTimeout: 1000, maxRetriesPerRequest: 1, lazyConnect: false })
    : null;
  // An outage is skipped (skipOnError below) and reported by /ready; without a listener ioredis
  // would print every failed reconnect as an unhandled error event.
  redis?.on('error', () => {});
  if (redis) app.addHook('onClose', async () => void (await redis.quit()));
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'lotus-rl:' } : {}),
    // A Redis outage must not take the site down with it; the limit is then skipped, not enforced.
    skipOnError: true,
    keyGenerator: (request) => `${String(request.headers.merchant ?? '')}|${request.ip}`,
    errorResponseBuilder: (_request, context) => {
      const error = new AppError('TOO_MANY_REQUESTS');
      return Object.assign(error, { retryAfterMs: context.ttl });
    },
  });
}
