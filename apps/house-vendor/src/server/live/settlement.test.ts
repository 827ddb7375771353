import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { HouseVendorConfig } from '../config.ts';
import type { VendorDb } from '../db/database.ts';
import { createTestVendor, eventually, type TestVendor } from '../testing/support.ts';
import { forEachLimit } from './engine.ts';
import { BATCHES_IN_FLIGHT } from './settle-batch.ts';
import { bettingRound, roundEnded, seatsFinal, TABLE } from './test-support.ts';

/**
 * Settlement of a table with many seats: the seats' wins and roundEnds go to the platform in signed
 * batches (`liveSettleBatchSeats` seats each, BATCHES_IN_FLIGHT at once), an item the batch left
 * undecided is paid by its single call, and every bet still ends settled or rolled back exactly once,
 * also when the vendor stops in the middle of paying them and some wins were applied with their answer
 * lost (the next vendor retries them by the same transaction id).
 */

const PLAYERS = 40;
const CONCURRENCY = 6;
const BATCH_SEATS = 8;
const OVERRIDES: Partial<HouseVendorConfig> = {
  liveTables: [TABLE],
  liveTiming: { bettingMs: 10_000, closedMs: 100, resultMs: 300 },
  liveLeaseMs: 3_000,
  liveSettleConcurrency: CONCURRENCY,
  liveSettleBatchSeats: BATCH_SEATS,
  // A shared, loaded machine: the stub answers in time, but the event loop may not.
  walletTimeoutMs: 3_000,
};

let t: TestVendor | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

/** Players p0..p<n-1> with 100,000 each, their table sessions (bearer tokens). */
async function seatPlayers(v: TestVendor, n: number): Promise<string[]> {
  const tokens: string[] = [];
  for (let i = 0; i < n; i += 1) {
    v.stub.addPlayer(`p${i}`, 100_000n);
    tokens.push((await v.open(`p${i}`, TABLE)).token);
  }
  return tokens;
}

/** Every player bets once on the round in betting (two spots for every third player). */
async function everyoneBets(v: TestVendor, tokens: string[], tag: string) {
  await forEachLimit([...tokens.entries()], 8, async ([i, token]) => {
    const bets = i % 3 === 0 ? ['banker', 'tie'] : [i % 2 === 0 ? 'banker' : 'player'];
    for (const [j, kind] of bets.entries()) {
      const answer = await v.request('POST', `/api/live/tables/${TABLE}/bets`, token, {
        requestId: `${tag}-${i}-${j}`,
        kind,
        stake: String(1_000 + i * 10),
      });
      expect(answer.status).toBe(200);
    }
  });
}

/** Each player's stub balance = 100,000 - standing stakes + payouts of settled seats. */
async function ledgerReconciles(v: TestVendor, db: VendorDb, n: number) {
  const rows = await sql<{ player_id: string; staked: string; paid: string }>`
    select s.player_id,
      coalesce((select sum(b.stake) from live_bets b join live_seats x on x.id = b.seat_id
                where x.player_id = s.player_id and b.status = 'placed'), 0)::text as staked,
      coalesce(sum(s.payout) filter (where s.status = 'settled'), 0)::text as paid
    from live_seats s group by s.player_id`.execute(db);
  expect(rows.rows).toHaveLength(n);
  for (const row of rows.rows)
    expect(v.stub.players.get(row.player_id)?.balance).toBe(100_000n - BigInt(row.staked) + BigInt(row.paid));
  const transient = await sql<{ n: number }>`
    select count(*)::int as n from live_bets where status in ('placing', 'undoing', 'rolling_back')`.execute(
    db,
  );
  expect(transient.rows[0]?.n).toBe(0);
}

describe('live settlement of many seats', () => {
  it('pays the seats of a round in signed batches, at most two at once, an undecided item by its single call, each exactly once', async () => {
    t = await createTestVendor({ overrides: OVERRIDES });
    const tokens = await seatPlayers(t, PLAYERS);
    const round = await bettingRound(t, tokens[0]!, 7_000);
    await everyoneBets(t, tokens, 'many');
    // Each wallet call takes a while, as on a busy platform; the third win item answers wallet_busy
    // (not applied): that seat is paid by its single call, with the same transaction id.
    t.stub.latencyMs = 40;
    t.stub.fault = (call, nth) =>
      call.path === '/seamless/v1/win' && call.batched && nth === 3 ? 'busy' : 'ok';
    expect((await roundEnded(t, tokens[0]!, round.id)).phase).toBe('settled');
    await seatsFinal(t);
    const batches = t.stub.calls('/seamless/v1/batch');
    expect(batches.length).toBe(PLAYERS / BATCH_SEATS);
    for (const batch of batches) expect(batch.signatureValid).toBe(true);
    expect(t.stub.peakInFlight.get('/seamless/v1/batch')).toBe(BATCHES_IN_FLIGHT);
    const wins = t.stub.calls('/seamless/v1/win');
    expect(wins.filter((c) => c.batched)).toHaveLength(PLAYERS);
    const single = wins.filter((c) => !c.batched);
    expect(single).toHaveLength(1);
    expect(single[0]?.body.transactionId).toBe(wins[2]?.body.transactionId);
    expect(t.stub.calls('/seamless/v1/roundEnd').filter((c) => !c.batched)).toHaveLength(1);
    expect(t.stub.applied).toMatchObject({ wins: PLAYERS, roundEnds: PLAYERS, rollbacks: 0 });
    const seats = await sql<{ status: string; n: number }>`
      select status, count(*)::int as n from live_seats where round_id = ${round.id} group by status`.execute(
      t.vendor.db,
    );
    expect(seats.rows).toEqual([{ status: 'settled', n: PLAYERS }]);
    // Every item of a decided batch is recorded as its own wallet call of its seat.
    const recorded = await sql<{ call: string; n: number }>`
      select call, count(*)::int as n from wallet_calls where call in ('win', 'roundEnd')
      group by call order by call`.execute(t.vendor.db);
    expect(recorded.rows).toEqual([
      { call: 'roundEnd', n: PLAYERS + 1 },
      { call: 'win', n: PLAYERS + 1 },
    ]);
    await ledgerReconciles(t, t.vendor.db, PLAYERS);
  });

  it('a vendor stopped in the middle of paying many seats: the next one pays each exactly once', async () => {
    t = await createTestVendor({ overrides: OVERRIDES, persistent: true });
    const tokens = await seatPlayers(t, PLAYERS);
    const round = await bettingRound(t, tokens[0]!, 7_000);
    await everyoneBets(t, tokens, 'crash');
    // Wins 1..15 answered, every fifth applied with its answer lost; from the 16th on the wallet
    // hangs: the vendor stops (its calls in flight abandoned, as in a crash) while paying.
    t.stub.fault = (call, nth) =>
      call.path !== '/seamless/v1/win' ? 'ok' : nth > 15 ? 'hang' : nth % 5 === 0 ? 'lose-reply' : 'ok';
    await eventually(() => t!.stub.calls('/seamless/v1/win').length > 15, 30_000);
    await t.vendor.close();
    // Stopped in the middle: some wins applied, not all.
    const applied = t.stub.applied.wins;
    expect(applied).toBeGreaterThan(0);
    expect(applied).toBeLessThan(PLAYERS);
    t.stub.fault = () => 'ok';
    await t.restart(undefined, true);
    await eventually(async () => {
      const left = await sql<{ n: number }>`
        select count(*)::int as n from live_seats where status not in ('settled', 'cancelled')`.execute(
        t!.vendor.db,
      );
      // The round turns settled on the table loop's next pass after its last seat is final.
      const phase = await sql<{
        phase: string;
      }>`select phase from live_rounds where id = ${round.id}`.execute(t!.vendor.db);
      return left.rows[0]?.n === 0 && phase.rows[0]?.phase === 'settled';
    }, 60_000);
    // Retried wins (the lost answers, the abandoned calls) were applied once each.
    expect(t.stub.calls('/seamless/v1/win').length).toBeGreaterThan(PLAYERS);
    expect(t.stub.applied).toMatchObject({ bets: PLAYERS + Math.ceil(PLAYERS / 3), wins: PLAYERS });
    expect(t.stub.applied.roundEnds).toBe(PLAYERS);
    await ledgerReconciles(t, t.vendor.db, PLAYERS);
  });
});

describe('forEachLimit', () => {
  it('runs every item once, at most `limit` at once, and waits for the last', async () => {
    let running = 0;
    let peak = 0;
    const done: number[] = [];
    await forEachLimit(
      Array.from({ length: 25 }, (_, i) => i),
      4,
      async (i) => {
        running += 1;
        peak = Math.max(peak, running);
        await new Promise((resolve) => setTimeout(resolve, (i % 3) * 5));
        done.push(i);
        running -= 1;
      },
    );
    expect(peak).toBe(4);
    expect(done.sort((a, b) => a - b)).toEqual(Array.from({ length: 25 }, (_, i) => i));
    await forEachLimit([], 4, async () => {
      throw new Error('never');
    });
  });
});
