import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestVendor, eventually, type TestVendor } from '../testing/support.ts';
import { TABLE } from './test-support.ts';

/**
 * A live table nobody plays (issue 23: the five idle tables took 70% of an idle site's CPU): its
 * clock sleeps until the table's next moment (the close of betting), at most a third of the lease,
 * instead of waking four times a second to read the round again. Counted by the vendor's own
 * statements (`observeStatements`) while a round is in betting with nobody at the table.
 *
 * Before: every 250 ms a lease renewal and a read of the open round, about 24 statements in 3 s.
 */
let t: TestVendor | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

describe('a live table at rest', () => {
  it('sends its database at most a few statements in 3 s of betting, and still deals its rounds', async () => {
    const statements: string[] = [];
    t = await createTestVendor({
      overrides: {
        liveTables: [TABLE],
        liveTiming: { bettingMs: 20_000, closedMs: 100, resultMs: 100 },
        liveLeaseMs: 9_000,
      },
      observeStatements: (text) => statements.push(text),
    });
    const db = t.vendor.db;
    // The first round is open for betting (its clock has just opened it).
    await eventually(async () => {
      const open = await sql<{ n: number }>`
        select count(*)::int as n from live_rounds where table_id = ${TABLE} and phase = 'betting'`.execute(
        db,
      );
      return open.rows[0]?.n === 1;
    }, 20_000);
    const from = statements.length;
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    // Our own reads above and below are not the clock's: only what the vendor sent meanwhile counts.
    const sent = statements.slice(from);
    // At most one wake (a third of the 9 s lease: a lease renewal and a read of the round) in 3 s,
    // and a margin for a wake just before the window.
    expect(sent.length).toBeLessThanOrEqual(4);
    expect(sent.every((text) => !/insert into live_rounds/i.test(text))).toBe(true);
  });

  it('closes, reveals and opens the next round on time while nobody plays', async () => {
    t = await createTestVendor({
      overrides: {
        liveTables: [TABLE],
        liveTiming: { bettingMs: 1_000, closedMs: 100, resultMs: 100 },
        liveLeaseMs: 9_000,
      },
    });
    const db = t.vendor.db;
    // Within 3 lease-thirds' worth of time several rounds are dealt, each with its result and seed.
    await eventually(async () => {
      const done = await sql<{ n: number }>`
        select count(*)::int as n from live_rounds
        where table_id = ${TABLE} and phase = 'settled' and result is not null`.execute(db);
      return (done.rows[0]?.n ?? 0) >= 3;
    }, 15_000);
  });
});
