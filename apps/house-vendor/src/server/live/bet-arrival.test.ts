import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { VendorDb } from '../db/database.ts';
import { createTestVendor, onPostgres, type TestVendor } from '../testing/support.ts';
import {
  placeBet as bet,
  LIVE_TEST_CONFIG,
  playerAtBetting,
  requestIds,
  roundEnded,
  seatsFinal,
  TABLE,
} from './test-support.ts';

/**
 * A bet is judged by when its request reached the vendor (issue 13): one that arrived before the
 * close and then waited for a database connection is placed; one that arrived after it is refused
 * before the wallet hears of it; the result is revealed only once every placement taken is done.
 */

/** A `closed` phase of 2 s: the grace after the close is min(2 s, closed phase). */
const GRACE = { ...LIVE_TEST_CONFIG, liveTiming: { bettingMs: 3_000, closedMs: 2_000, resultMs: 300 } };
/** Connections of the vendor's pool (PGlite: its one connection). */
const POOL = onPostgres ? 4 : 1;
let t: TestVendor | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const rid = requestIds('ba');

async function count(v: TestVendor, table: 'live_seats' | 'live_bets', roundId: string) {
  const rows = await sql<{ n: number }>`
    select count(*)::int as n from ${sql.table(table)} where round_id = ${roundId}`.execute(v.vendor.db);
  return rows.rows[0]?.n ?? -1;
}

/** p1's session id (the one `playerAtBetting` opened). */
async function sessionOfP1(db: VendorDb): Promise<string> {
  const session = await sql<{
    id: string;
  }>`select id::text as id from sessions where player_id = 'p1'`.execute(db);
  return session.rows[0]!.id;
}

/** live_place_bet called straight: p1's banker bet of 10.00 that arrived `waited` ms ago, with `grace` ms. */
const placeDirect = (db: VendorDb, session: string, waited: number, grace: number) =>
  sql<{ outcome: string }>`
    select outcome from live_place_bet(${TABLE}, 'DEMO', 'p1', ${session}::bigint, 'PHP',
      ${`seat-${rid()}`}, ${`bet-${rid()}`}, ${rid()}, 'banker', '[]'::jsonb, 1000, 100000000,
      ${waited}::float8, ${grace}::int)`.execute(db);

describe('live bets judged by their arrival', () => {
  it('a bet that arrived before the close but reached the database after it (every connection busy) is placed and paid', async () => {
    t = await createTestVendor({ overrides: GRACE });
    const { token, round } = await playerAtBetting(t, 1_500, 100_000n);
    const { db } = t.vendor;
    // Every connection of the vendor's pool held by a transaction: the bet's request waits for one.
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let closedInside!: () => void;
    const closeDone = new Promise<void>((resolve) => {
      closedInside = resolve;
    });
    const holders = Array.from({ length: POOL }, (_, i) =>
      db.transaction().execute(async (tx) => {
        await sql`select 1`.execute(tx);
        if (i === 0) {
          await sleep(300);
          // The request is in; now the round closes (committed when the holders let go).
          await sql`update live_rounds set closes_at = clock_timestamp(), phase = 'closed' where id = ${round.id}`.execute(
            tx,
          );
          closedInside();
        }
        await released;
      }),
    );
    await sleep(50);
    const sent = bet(t, token, { requestId: rid(), kind: 'banker', stake: '1000' });
    await closeDone;
    // The bet waits 500 ms after the close, inside the grace of 2 s.
    await sleep(500);
    release();
    await Promise.all(holders);
    const answer = await sent;
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.bet.status).toBe('placed');
    const placedAt = await sql<{ late_ms: number }>`
      select (extract(epoch from (b.created_at - r.closes_at)) * 1000)::float8 as late_ms
      from live_bets b join live_rounds r on r.id = b.round_id where b.round_id = ${round.id}`.execute(db);
    // It really reached the database after the close.
    expect(placedAt.rows[0]!.late_ms).toBeGreaterThan(300);
    expect(t.stub.calls('/seamless/v1/bet')).toHaveLength(1);
    await seatsFinal(t);
    const seat = await sql<{
      status: string;
    }>`select status from live_seats where round_id = ${round.id}`.execute(db);
    expect(seat.rows.map((r) => r.status)).toEqual(['settled']);
    expect(t.stub.calls('/seamless/v1/win')).toHaveLength(1);
  });

  it('a bet that arrives after the close is refused inside the grace too: no seat, no bet, no wallet call', async () => {
    t = await createTestVendor({ overrides: GRACE });
    const { token, round } = await playerAtBetting(t, 1_500, 100_000n);
    const { db } = t.vendor;
    // Closed 200 ms ago: the result is not out yet (grace of 2 s), but the request arrives now.
    await sql`update live_rounds set closes_at = clock_timestamp() - interval '200 milliseconds', phase = 'closed'
              where id = ${round.id}`.execute(db);
    const late = await bet(t, token, { requestId: rid(), kind: 'banker', stake: '1000' });
    expect(late.status).toBe(409);
    expect(late.body.error).toBe('bet_late');
    expect(await count(t, 'live_seats', round.id)).toBe(0);
    expect(await count(t, 'live_bets', round.id)).toBe(0);
    expect(t.stub.calls('/seamless/v1/bet')).toHaveLength(0);
    expect(t.stub.players.get('p1')!.balance).toBe(100_000n);
  });

  it('a waiting time beyond the grace is refused, and the function refuses a negative wait or a grace over 2 s', async () => {
    t = await createTestVendor({ overrides: GRACE });
    const { round } = await playerAtBetting(t, 1_500, 100_000n);
    const { db } = t.vendor;
    const session = await sessionOfP1(db);
    const call = (waited: number, grace: number) => placeDirect(db, session, waited, grace);
    // Closed 2.5 s ago: even a request that arrived long before is past the grace of 2 s.
    await sql`update live_rounds set closes_at = clock_timestamp() - interval '2500 milliseconds', phase = 'closed'
              where id = ${round.id}`.execute(db);
    expect((await call(10_000, 2_000)).rows[0]!.outcome).toBe('late');
    await expect(call(-1, 2_000)).rejects.toThrow(/bad arrival/);
    await expect(call(10_000, 60_000)).rejects.toThrow(/bad arrival/);
    expect(await count(t, 'live_bets', round.id)).toBe(0);
    expect(t.stub.calls('/seamless/v1/bet')).toHaveLength(0);
  });

  it('the result is not revealed while a placement taken in the grace is still in progress', async () => {
    t = await createTestVendor({ overrides: GRACE });
    const { token, round } = await playerAtBetting(t, 1_500, 100_000n);
    const { db } = t.vendor;
    const session = await sessionOfP1(db);
    // Closed 1.9 s ago; the grace ends in 100 ms and then the clock reveals the result. Opened long
    // before: the bet below arrived (2.5 s ago) while the round was betting.
    await sql`update live_rounds set closes_at = clock_timestamp() - interval '1900 milliseconds', phase = 'closed',
                created_at = clock_timestamp() - interval '10 seconds'
              where id = ${round.id}`.execute(db);
    const seen = await db.transaction().execute(async (tx) => {
      const placed = await placeDirect(tx, session, 2_500, 2_000);
      expect(placed.rows[0]!.outcome).toBe('fresh');
      // The placement's transaction stays open well past the grace: the clock tries to reveal.
      await sleep(1_200);
      const phase = await sql<{ phase: string; result: unknown }>`
        select phase, result from live_rounds where id = ${round.id}`.execute(tx);
      return phase.rows[0];
    });
    expect(seen).toEqual({ phase: 'closed', result: null });
    // Once it committed, the round goes on with the bet in it (left to roll back: no wallet call was made).
    await seatsFinal(t);
    await roundEnded(t, token, round.id);
    const after = await sql<{ phase: string; placed_before: boolean }>`
      select r.phase, (b.created_at < r.result_at) as placed_before
      from live_rounds r join live_bets b on b.round_id = r.id where r.id = ${round.id}`.execute(db);
    expect(after.rows).toEqual([{ phase: 'settled', placed_before: true }]);
  });
});
