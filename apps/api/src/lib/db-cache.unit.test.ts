import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Db } from '../db/database.ts';
import { connectCacheBus, createDbCache, invalidateDbCaches } from './db-cache.ts';

const dbA = {} as Db;
const dbB = {} as Db;

afterEach(() => {
  vi.useRealTimers();
});

describe('createDbCache', () => {
  it('loads once per key within the time to live, and again after it', async () => {
    vi.useFakeTimers();
    const cache = createDbCache<number>(1_000);
    let loads = 0;
    const load = async () => ++loads;
    expect(await Promise.all([cache.get(dbA, 'k', load), cache.get(dbA, 'k', load)])).toEqual([1, 1]);
    vi.advanceTimersByTime(999);
    expect(await cache.get(dbA, 'k', load)).toBe(1);
    vi.advanceTimersByTime(2);
    expect(await cache.get(dbA, 'k', load)).toBe(2);
  });

  it('keeps databases apart and forgets everything of one database on invalidate', async () => {
    const cache = createDbCache<string>(60_000);
    await cache.get(dbA, 'k', async () => 'a1');
    await cache.get(dbB, 'k', async () => 'b1');
    cache.invalidate(dbA);
    expect(await cache.get(dbA, 'k', async () => 'a2')).toBe('a2');
    expect(await cache.get(dbB, 'k', async () => 'b2')).toBe('b1');
  });

  it('invalidates every cache of a database at once', async () => {
    const first = createDbCache<string>(60_000);
    const second = createDbCache<string>(60_000);
    await first.get(dbA, 'k', async () => 'f1');
    await second.get(dbA, 'k', async () => 's1');
    invalidateDbCaches(dbA);
    expect(await first.get(dbA, 'k', async () => 'f2')).toBe('f2');
    expect(await second.get(dbA, 'k', async () => 's2')).toBe('s2');
  });

  it('does not remember a failed load', async () => {
    const cache = createDbCache<string>(60_000);
    await expect(cache.get(dbA, 'k', async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get(dbA, 'k', async () => 'up')).toBe('up');
  });
});

describe('connectCacheBus', () => {
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

  it("clears another process's entries at once when one process invalidates (Redis pub/sub)", async () => {
    // Two server processes of one database: separate handles (so separate entries), one channel.
    const processA = {} as Db;
    const processB = {} as Db;
    const loneProcess = {} as Db;
    const channel = `lotus:test:${randomUUID()}`;
    const busA = connectCacheBus(processA, redisUrl, channel);
    const busB = connectCacheBus(processB, redisUrl, channel);
    const busLone = connectCacheBus(loneProcess, redisUrl, `${channel}:other-database`);
    try {
      await Promise.all([busA.ready, busB.ready, busLone.ready]);
      const cache = createDbCache<string>(60_000);
      await cache.get(processB, 'brand', async () => 'old');
      await cache.get(loneProcess, 'brand', async () => 'lone');
      invalidateDbCaches(processA);
      await vi.waitFor(
        async () => expect(await cache.get(processB, 'brand', async () => 'new')).toBe('new'),
        { timeout: 2_000, interval: 20 },
      );
      // Another database's processes keep theirs.
      expect(await cache.get(loneProcess, 'brand', async () => 'changed')).toBe('lone');
    } finally {
      await Promise.all([busA.close(), busB.close(), busLone.close()]);
    }
  });
});
