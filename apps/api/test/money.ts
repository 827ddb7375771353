import { afterEach, expect } from 'vitest';
import type { Db } from '../src/db/database.ts';
import { setLedgerFaults } from '../src/domains/wallet/ledger.service.ts';
import { reconcile } from '../src/domains/wallet/reconcile.ts';
import { undeclaredKinds } from './events.ts';
import type { TestContext } from './support.ts';

/**
 * money-rules.md test 10, after every money test: per currency the postings sum to zero, each
 * balance equals its postings, every bet of a closed round is settled or rolled back; and every
 * journal kind written is declared by a module (docs/money-facts.md). Also removes any fault hook a
 * test installed.
 */
export function reconcileAfterEach(ctx: TestContext | { db: Db }): void {
  afterEach(async () => {
    setLedgerFaults(null);
    const report = await reconcile(ctx.db);
    expect(report.problems).toEqual([]);
    expect(await undeclaredKinds(ctx.db)).toEqual([]);
  });
}

/** A real PostgreSQL error of the given SQLSTATE raised inside the current transaction. */
export function raiseSqlState(code: '40001' | '40P01'): string {
  return `do $$ begin raise exception 'injected' using errcode = '${code}'; end $$`;
}

/** A small seeded generator (mulberry32), so a failing property or fault run can be replayed. */
export function seeded(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    /** A bigint in [0, max], uniform enough over 64 bits for property tests. */
    bigint: (max: bigint) => {
      const hi = BigInt(Math.floor(next() * 2 ** 32));
      const lo = BigInt(Math.floor(next() * 2 ** 32));
      return ((hi << 32n) | lo) % (max + 1n);
    },
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
    shuffle: <T>(items: T[]): T[] => {
      const out = [...items];
      for (let i = out.length - 1; i > 0; i -= 1) {
        const j = Math.floor(next() * (i + 1));
        [out[i], out[j]] = [out[j] as T, out[i] as T];
      }
      return out;
    },
  };
}
