import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import { Type } from 'typebox';
import type { Db } from '../db/database.ts';

/** How long /ready waits for each dependency before calling it unreachable. */
export const READY_TIMEOUT_MS = 2000;

const Check = Type.Union([Type.Literal('ok'), Type.Literal('unreachable'), Type.Literal('not_configured')]);
const Ready = Type.Object({
  ready: Type.Boolean(),
  database: Check,
  redis: Check,
});

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Probes for load balancers and orchestrators, outside the brand scope (no Merchant header):
 * - `GET /health`: the process is alive and serving (touches nothing else); restart it when this fails;
 * - `GET /ready`: the database answers `select 1` and Redis (when REDIS_URL is set) answers PING,
 *   each within READY_TIMEOUT_MS; 503 otherwise, so the balancer sends no traffic meanwhile.
 * Answers name only which dependency is unreachable, never an address or an error text.
 */
export function registerHealth(app: FastifyInstance, options: { db: Db; redisUrl: string | null }) {
  const redis = options.redisUrl
    ? new Redis(options.redisUrl, {
        lazyConnect: true,
        connectTimeout: READY_TIMEOUT_MS,
        maxRetriesPerRequest: 1,
        enableOfflineQueue: true,
      })
    : null;
  redis?.on('error', () => {});
  if (redis)
    app.addHook('onClose', () =>
      redis.quit().then(
        () => undefined,
        () => undefined,
      ),
    );

  const noStore = { 'cache-control': 'no-store' };
  app.get(
    '/health',
    {
      schema: {
        tags: ['probes'],
        summary: 'Liveness: the process is up (no database call)',
        response: { 200: Type.Object({ status: Type.Literal('ok') }) },
      },
    },
    async (_request, reply) => reply.headers(noStore).send({ status: 'ok' as const }),
  );
  app.get(
    '/ready',
    {
      schema: {
        tags: ['probes'],
        summary: 'Readiness: database and Redis reachable (503 when either is not)',
        response: { 200: Ready, 503: Ready },
      },
    },
    async (_request, reply) => {
      const [database, cache] = await Promise.all([
        within(sql`select 1`.execute(options.db), READY_TIMEOUT_MS).then(
          () => 'ok' as const,
          () => 'unreachable' as const,
        ),
        redis
          ? within(redis.ping(), READY_TIMEOUT_MS).then(
              () => 'ok' as const,
              () => 'unreachable' as const,
            )
          : Promise.resolve('not_configured' as const),
      ]);
      const ready = database === 'ok' && cache !== 'unreachable';
      return reply
        .status(ready ? 200 : 503)
        .headers(noStore)
        .send({ ready, database, redis: cache });
    },
  );
}
