import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isAppError } from './app-error.ts';
import { Throttle } from './throttle.ts';

async function codeOf(promise: Promise<void>): Promise<string> {
  try {
    await promise;
    return 'ok';
  } catch (error) {
    return isAppError(error) ? error.code : 'other';
  }
}

describe.each([
  ['in process', null],
  ['in Redis', process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'],
])('credential throttles %s', (_label, redisUrl) => {
  it('counts per key and refuses once spent; processes share Redis counters', async () => {
    const rules = { loginPerAccount: { points: 2, seconds: 60 } };
    const a = new Throttle({ redisUrl, rules });
    const b = new Throttle({ redisUrl, rules });
    const key = `test|${randomUUID()}`;
    try {
      expect(await codeOf(a.consume([['loginPerAccount', key]]))).toBe('ok');
      // A second process: with Redis it sees the first one's count.
      expect(await codeOf(b.consume([['loginPerAccount', key]]))).toBe('ok');
      const third = await codeOf(a.consume([['loginPerAccount', key]]));
      if (redisUrl) expect(third).toBe('TOO_MANY_REQUESTS');
      else expect(third).toBe('ok');
      expect(await codeOf(a.consume([['loginPerAccount', key]]))).toBe('TOO_MANY_REQUESTS');
      expect(await codeOf(a.consume([['loginPerAccount', `${key}-other`]]))).toBe('ok');
      expect(await codeOf(a.consume([['smsPerPhone', key]], 'phone_too_many_requests'))).toBe('ok');
      await a.reset('loginPerAccount', key);
      await b.reset('loginPerAccount', key);
      expect(await codeOf(a.consume([['loginPerAccount', key]]))).toBe('ok');
    } finally {
      await a.close();
      await b.close();
    }
  });
});
