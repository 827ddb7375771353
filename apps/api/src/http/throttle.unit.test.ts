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
    const rules = { loginPerAccountIp: { points: 2, seconds: 60 } };
    const a = new Throttle({ redisUrl, rules });
    const b = new Throttle({ redisUrl, rules });
    const key = `test|${randomUUID()}`;
    try {
      expect(await codeOf(a.consume([['loginPerAccountIp', key]]))).toBe('ok');
      // A second process: with Redis it sees the first one's count.
      expect(await codeOf(b.consume([['loginPerAccountIp', key]]))).toBe('ok');
      const third = await codeOf(a.consume([['loginPerAccountIp', key]]));
      if (redisUrl) expect(third).toBe('TOO_MANY_REQUESTS');
      else expect(third).toBe('ok');
      expect(await codeOf(a.consume([['loginPerAccountIp', key]]))).toBe('TOO_MANY_REQUESTS');
      expect(await codeOf(a.consume([['loginPerAccountIp', `${key}-other`]]))).toBe('ok');
      expect(await codeOf(a.consume([['smsPerPhone', key]], 'phone_too_many_requests'))).toBe('ok');
      await a.reset('loginPerAccountIp', key);
      await b.reset('loginPerAccountIp', key);
      expect(await codeOf(a.consume([['loginPerAccountIp', key]]))).toBe('ok');
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('counts account-wide failures without refusing, and tells when a rule is reached', async () => {
    const rules = { loginFailuresPerAccount: { points: 2, seconds: 60 } };
    const a = new Throttle({ redisUrl, rules });
    const b = new Throttle({ redisUrl, rules });
    const key = `test|${randomUUID()}`;
    try {
      expect(await a.reached('loginFailuresPerAccount', key)).toBe(false);
      await a.record('loginFailuresPerAccount', key);
      expect(await a.reached('loginFailuresPerAccount', key)).toBe(false);
      // Recording never refuses, past the points too.
      for (let i = 0; i < 3; i += 1) await a.record('loginFailuresPerAccount', key);
      expect(await a.reached('loginFailuresPerAccount', key)).toBe(true);
      if (redisUrl) expect(await b.reached('loginFailuresPerAccount', key)).toBe(true);
      expect(await a.reached('loginFailuresPerAccount', `${key}-other`)).toBe(false);
      await a.reset('loginFailuresPerAccount', key);
      expect(await a.reached('loginFailuresPerAccount', key)).toBe(false);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('gives a point back on refund (a reset mail that was not sent)', async () => {
    const rules = { passwordResetMailsPerAccount: { points: 2, seconds: 60 } };
    const a = new Throttle({ redisUrl, rules });
    const key = `test|${randomUUID()}`;
    const mail = () => codeOf(a.consume([['passwordResetMailsPerAccount', key]]));
    try {
      expect(await mail()).toBe('ok');
      expect(await mail()).toBe('ok');
      await a.refund('passwordResetMailsPerAccount', key);
      expect(await mail()).toBe('ok');
      expect(await mail()).toBe('TOO_MANY_REQUESTS');
    } finally {
      await a.close();
    }
  });
});
