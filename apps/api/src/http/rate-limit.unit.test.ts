import { randomInt } from 'node:crypto';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerErrorHandling } from './error-handler.ts';
import { registerRateLimit } from './rate-limit.ts';

/** A bare app with one limited route, counters in Redis or in process. */
async function limitedApp(redisUrl: string | null) {
  const app = Fastify({ logger: false });
  registerErrorHandling(app);
  await registerRateLimit(app, { redisUrl });
  app.get('/limited', { config: { rateLimit: { max: 2, timeWindow: 60_000 } } }, async () => ({ ok: true }));
  app.get('/free', async () => ({ ok: true }));
  await app.ready();
  return app;
}

describe.each([
  ['in process', null],
  ['in Redis', process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'],
])('rate limiting %s', (_label, redisUrl) => {
  it('answers TOO_MANY_REQUESTS in the envelope once the limit is reached, per address', async () => {
    const app = await limitedApp(redisUrl);
    // A fresh address per run: Redis counters outlive the test and are shared by parallel projects.
    const ip = `198.18.${randomInt(256)}.${randomInt(256)}`;
    const hit = (remoteAddress: string) =>
      app.inject({
        method: 'GET',
        url: '/limited',
        remoteAddress,
        headers: { merchant: 'DEMO', language: 'MS' },
      });
    try {
      expect((await hit(ip)).statusCode).toBe(200);
      expect((await hit(ip)).statusCode).toBe(200);
      const refused = await hit(ip);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ success: false, errorCode: 'TOO_MANY_REQUESTS', value: null });
      expect(refused.headers['retry-after']).toBeDefined();
      expect((await app.inject({ method: 'GET', url: '/free', remoteAddress: ip })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
