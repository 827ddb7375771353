import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Db } from '../db/database.ts';

/**
 * A small read-through cache for data every request reads and operators rarely change (the brand
 * of a Merchant header, its customer-service channels, a vendor and its secret). Entries live
 * `ttlMs`; a change made through a write path calls `invalidateDbCaches` and is seen at once by
 * this process and, with Redis (connectCacheBus), by every other process of the database; without
 * Redis other processes see it within `ttlMs`. Keyed per database so test apps never share entries.
 * Concurrent misses for one key share a single load.
 */
const caches = new Set<{ invalidate(db: Db): void }>();
const buses = new WeakMap<Db, () => Promise<void>>();

/** How long a change waits for Redis to take its invalidation before answering all the same. */
const PUBLISH_WAIT_MS = 500;

function clearLocal(db: Db): void {
  for (const cache of caches) cache.invalidate(db);
}

/**
 * Forgets every cached entry of a database: call after writing data that a cache holds. With a
 * cache bus the returned promise resolves once Redis has taken the message (at most
 * PUBLISH_WAIT_MS): Redis writes it to every subscriber before it answers, so an operator's change
 * that awaits this is answered only after the other processes have it on their sockets, and a call
 * to another process that follows the answer sees the change. It never rejects.
 */
export function invalidateDbCaches(db: Db): Promise<void> {
  clearLocal(db);
  return buses.get(db)?.() ?? Promise.resolve();
}

export type CacheBus = {
  /** Resolves once the first subscription holds (start-up does not wait for Redis). */
  ready: Promise<void>;
  close(): Promise<void>;
};

/**
 * Shares invalidations between the server processes of one database through Redis pub/sub on
 * `channel` (one per database): each invalidation here is published, and one published by another
 * process clears this process's entries. A Redis outage only brings back the `ttlMs` delay: the
 * clients reconnect by themselves and subscribe again.
 */
export function connectCacheBus(db: Db, redisUrl: string, channel: string): CacheBus {
  const self = randomUUID();
  const options = { connectTimeout: 1000, maxRetriesPerRequest: 1 };
  const publisher = new Redis(redisUrl, options);
  const subscriber = new Redis(redisUrl, options);
  publisher.on('error', () => {});
  subscriber.on('error', () => {});
  subscriber.on('message', (_channel: string, sender: string) => {
    if (sender !== self) clearLocal(db);
  });
  let subscribed: () => void = () => {};
  const ready = new Promise<void>((resolve) => {
    subscribed = resolve;
  });
  const subscribe = () =>
    void subscriber
      .subscribe(channel)
      .then(() => subscribed())
      .catch(() => {});
  subscriber.on('ready', subscribe);
  buses.set(db, () => {
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, PUBLISH_WAIT_MS);
    });
    const published = publisher.publish(channel, self).then(
      () => {},
      () => {},
    );
    return Promise.race([published, waited]).finally(() => clearTimeout(timer));
  });
  return {
    ready,
    async close() {
      buses.delete(db);
      subscriber.off('ready', subscribe);
      await Promise.allSettled([subscriber.quit(), publisher.quit()]);
    },
  };
}
export function createDbCache<T>(ttlMs: number) {
  const stores = new WeakMap<Db, Map<string, { expires: number; value: Promise<T> }>>();
  const storeOf = (db: Db) => {
    let store = stores.get(db);
    if (!store) {
      store = new Map();
      stores.set(db, store);
    }
    return store;
  };
  const cache = {
    get(db: Db, key: string, load: () => Promise<T>): Promise<T> {
      const store = storeOf(db);
      const now = Date.now();
      const hit = store.get(key);
      if (hit && hit.expires > now) return hit.value;
      const value = load();
      store.set(key, { expires: now + ttlMs, value });
      // A failed load is not remembered.
      value.catch(() => store.delete(key));
      return value;
    },
    invalidate(db: Db): void {
      stores.get(db)?.clear();
    },
  };
  caches.add(cache);
  return cache;
}
