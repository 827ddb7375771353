import { sql } from 'kysely';
import pg from 'pg';
import { io } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { HouseVendorConfig } from '../config.ts';
import type { VendorDb } from '../db/database.ts';
import { VENDOR_ERRORS } from '../errors.ts';
import { createTestVendor, eventually, type TestVendor } from '../testing/support.ts';
import { SOCKET_PATH } from './realtime.ts';
import { type BetView, bettingRound, roundEnded, seatsFinal, state, TABLE } from './test-support.ts';

/**
 * The vendor's own database connection lost at hostile moments (issue 13), on real PostgreSQL only
 * (project house-vendor-postgres): a separate admin connection terminates every backend of the
 * vendor's database, as a database restart or a failover does, while many bets are in flight, while
 * the seats of a round are being paid, and while the table's clock closes, reveals and opens rounds.
 * Every bet request is answered 200 or a clean error of the catalogue, the process keeps serving,
 * and every bet the wallet debited ends settled or rolled back exactly once.
 */

const ADMIN_URL = process.env.TEST_ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const BASE: Partial<HouseVendorConfig> = {
  liveTables: [TABLE],
  liveLeaseMs: 1_000,
  // A shared, loaded machine: the stub answers in time, the event loop may not.
  walletTimeoutMs: 1_500,
};

let t: TestVendor | null = null;
let admin: pg.Client | null = null;
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);

beforeAll(() => {
  process.on('unhandledRejection', onUnhandled);
});
afterAll(() => {
  process.off('unhandledRejection', onUnhandled);
});
beforeEach(async () => {
  unhandled.length = 0;
  admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
});
afterEach(async () => {
  await admin?.end();
  admin = null;
  await t?.close();
  t = null;
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let counter = 0;
const rid = () => {
  counter += 1;
  return `dbl-${Date.now()}-${counter}`;
};

const databaseOf = (v: TestVendor) => {
  const target = v.storage.target;
  if (!('databaseUrl' in target)) throw new Error('PostgreSQL only');
  return new URL(target.databaseUrl).pathname.slice(1);
};

/** Terminates every connection of the vendor's database (the admin's own is on another database). */
async function killConnections(v: TestVendor): Promise<number> {
  const killed = await admin!.query(
    'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
    [databaseOf(v)],
  );
  return killed.rowCount ?? 0;
}

/** Terminates every connection of the vendor's database but `except`'s. */
async function killConnectionsBut(v: TestVendor, except: number): Promise<number> {
  const killed = await admin!.query(
    'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid() and pid <> $2',
    [databaseOf(v), except],
  );
  return killed.rowCount ?? 0;
}

/** Kills the vendor's connections every `every` ms until `until()` holds or `ms` passed; answers the backends ended. */
async function keepKilling(v: TestVendor, ms: number, every: number, until: () => boolean = () => false) {
  const end = Date.now() + ms;
  let killed = 0;
  while (Date.now() < end && !until()) {
    killed += await killConnections(v);
    await sleep(every);
  }
  return killed;
}

const bet = (v: TestVendor, token: string, body: unknown) =>
  v.request<{ bet?: BetView; error?: string }>('POST', `/api/live/tables/${TABLE}/bets`, token, body);

/** 200, or `{ error: code }` of the catalogue with the code's status; nothing else in the body. */
function expectCleanAnswer(answer: { status: number; body: unknown }) {
  const text = JSON.stringify(answer.body);
  if (answer.status === 200) return;
  expect(Object.keys(answer.body as object), text).toEqual(['error']);
  const code = (answer.body as { error: string }).error;
  expect(Object.keys(VENDOR_ERRORS), text).toContain(code);
  expect(answer.status, text).toBe(VENDOR_ERRORS[code as keyof typeof VENDOR_ERRORS]);
  expect(text).not.toMatch(/terminat|administrator|postgres|select|insert|update|live_|stack|\.ts|57P01/i);
}

/** Each player's stub balance = start - stakes standing + payouts of settled seats; no transient bet. */
async function ledgerReconciles(v: TestVendor, players: string[], start: bigint) {
  const db: VendorDb = v.vendor.db;
  for (const player of players) {
    const row = (
      await sql<{ staked: string; paid: string }>`
        select
          coalesce((select sum(b.stake) from live_bets b join live_seats s on s.id = b.seat_id
                    where s.player_id = ${player} and b.status = 'placed'), 0)::text as staked,
          coalesce((select sum(payout) from live_seats
                    where player_id = ${player} and status = 'settled'), 0)::text as paid`.execute(db)
    ).rows[0]!;
    expect(v.stub.players.get(player)!.balance, player).toBe(start - BigInt(row.staked) + BigInt(row.paid));
  }
  const counts = (
    await sql<{ transient: number; placed: number; refunded: number; settled: number; seats: number }>`
      select
        (select count(*)::int from live_bets where status in ('placing', 'undoing', 'rolling_back')) as transient,
        (select count(*)::int from live_bets where status = 'placed') as placed,
        (select count(*)::int from live_bets where status in ('rolled_back', 'undone') and error_code is null) as refunded,
        (select count(*)::int from live_seats where status = 'settled') as settled,
        (select count(*)::int from live_seats where status not in ('settled', 'cancelled')) as seats`.execute(
      db,
    )
  ).rows[0]!;
  expect(counts.transient).toBe(0);
  expect(counts.seats).toBe(0);
  // Every debit the wallet applied stands (placed) or was refunded once; every settled seat was paid once.
  expect(v.stub.applied.rollbacks).toBe(counts.refunded);
  expect(v.stub.applied.bets).toBe(counts.placed + counts.refunded);
  expect(v.stub.applied.wins).toBe(counts.settled);
}

/** Players p0..p<n-1> with `balance` each; their table sessions (bearer tokens). */
async function seatPlayers(v: TestVendor, n: number, balance: bigint): Promise<string[]> {
  const tokens: string[] = [];
  for (let i = 0; i < n; i += 1) {
    v.stub.addPlayer(`p${i}`, balance);
    tokens.push((await v.open(`p${i}`, TABLE)).token);
  }
  return tokens;
}

const KINDS = ['banker', 'player', 'tie', 'banker-pair', 'player-pair'];

describe('live tables: the vendor loses its database connections', () => {
  it('while many bets are in flight: each answered 200 or a clean error, the vendor serves again, every debit settled or rolled back once', async () => {
    t = await createTestVendor({
      overrides: { ...BASE, liveTiming: { bettingMs: 8_000, closedMs: 100, resultMs: 300 } },
      recovery: true,
    });
    const v = t;
    const tokens = await seatPlayers(v, 6, 1_000_000n);
    const players = tokens.map((_, i) => `p${i}`);
    const round = await bettingRound(v, tokens[0]!, 6_000);
    // Each wallet call takes a while: some bets are at the wallet, some wait for a connection, some
    // are writing the wallet's answer when their connection goes.
    v.stub.latencyMs = 15;
    const requests = tokens.flatMap((token, i) =>
      KINDS.map((kind, j) => ({
        token,
        body: { requestId: rid(), kind, stake: String(1_000 + i * 100 + j) },
      })),
    );
    let answered = 0;
    const answers = Promise.all(
      requests.map(async (r) => {
        const answer = await bet(v, r.token, r.body);
        answered += 1;
        return answer;
      }),
    );
    // Three losses of every connection (a database restart, a failover) while the requests run:
    // once bets have reached the wallet, then twice more 150 ms apart.
    await eventually(() => v.stub.calls('/seamless/v1/bet').length >= 3, 10_000);
    let killed = 0;
    for (let k = 0; k < 3 && answered < requests.length; k += 1) {
      killed += await killConnections(v);
      await sleep(150);
    }
    const all = await answers;
    expect(killed).toBeGreaterThan(0);
    for (const answer of all) expectCleanAnswer(answer);
    // Bets went through before, between and after the kills.
    expect(all.some((a) => a.status === 200)).toBe(true);

    // The same process serves again: the table's state, and a bet on the same round.
    expect((await state(v, tokens[0]!)).round?.id).toBe(round.id);
    const again = await bet(v, tokens[1]!, { requestId: rid(), kind: 'banker', stake: '5000' });
    expect(again.status, JSON.stringify(again.body)).toBe(200);

    expect((await roundEnded(v, tokens[0]!, round.id)).phase).toBe('settled');
    await seatsFinal(v);
    await ledgerReconciles(v, players, 1_000_000n);
    expect(unhandled).toEqual([]);
  });

  it.each([
    {
      moment: 'its wallet answer is being written',
      // The answer's write (live_bets, live_seats) waits; nothing else of the bet touches them then.
      lock: 'lock table live_bets in share mode',
      waiting: '%update live_bets%',
    },
    {
      moment: 'the table state answered with it is being read',
      // The answer is written (live_bets, live_seats); the state's read of the round waits.
      lock: 'lock table live_rounds in access exclusive mode',
      waiting: '%json_agg%',
    },
  ])(
    'a bet the wallet debited loses its connection while $moment: answered 200 placed, and paid',
    async ({ lock, waiting }) => {
      t = await createTestVendor({
        overrides: { ...BASE, liveTiming: { bettingMs: 8_000, closedMs: 100, resultMs: 300 } },
        recovery: true,
      });
      const v = t;
      const tokens = await seatPlayers(v, 3, 100_000n);
      const players = ['p0', 'p1', 'p2'];
      const round = await bettingRound(v, tokens[0]!, 6_000);
      const target = v.storage.target as { databaseUrl: string };
      const locker = new pg.Client({ connectionString: target.databaseUrl });
      await locker.connect();
      try {
        const lockerPid = (await locker.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!
          .pid;
        // The three bets reach the wallet (which takes 400 ms) ...
        v.stub.latencyMs = 400;
        const answers = Promise.all(
          tokens.map((token, i) =>
            bet(v, token, { requestId: rid(), kind: 'banker', stake: String(1_000 + i) }),
          ),
        );
        await eventually(() => (v.stub.inFlight.get('/seamless/v1/bet') ?? 0) === 3, 10_000);
        // ... and what follows their answers waits behind a lock, in flight on its connection, when
        // every connection of the vendor is terminated.
        await locker.query('begin');
        await locker.query(lock);
        await eventually(async () => {
          const blocked = await admin!.query(
            "select count(*)::int as n from pg_stat_activity where datname = $1 and wait_event_type = 'Lock' and query like $2",
            [databaseOf(v), waiting],
          );
          return blocked.rows[0].n >= 3;
        }, 10_000);
        expect(v.stub.applied.bets).toBe(3);
        expect(await killConnectionsBut(v, lockerPid)).toBeGreaterThanOrEqual(3);
        await locker.query('commit');
        v.stub.latencyMs = 0;
        const all = await answers;
        for (const answer of all) {
          expect(answer.status, JSON.stringify(answer.body)).toBe(200);
          expect(answer.body.bet?.status).toBe('placed');
        }
      } finally {
        await locker.end();
      }
      expect((await roundEnded(v, tokens[0]!, round.id)).phase).toBe('settled');
      await seatsFinal(v);
      expect(v.stub.applied).toMatchObject({ bets: 3, wins: 3, rollbacks: 0, roundEnds: 3 });
      await ledgerReconciles(v, players, 100_000n);
      expect(unhandled).toEqual([]);
    },
  );

  it('while the seats of a round are being paid: every seat settled exactly once, no double and no missing win', async () => {
    t = await createTestVendor({
      overrides: {
        ...BASE,
        walletTimeoutMs: 3_000,
        liveTiming: { bettingMs: 5_000, closedMs: 100, resultMs: 300 },
        liveSettleConcurrency: 3,
        // One seat per signed batch (two batches in flight), so the settlement lasts long enough
        // to be killed in its middle: with the default 100 seats, the 12 seats are one request.
        liveSettleBatchSeats: 1,
      },
      recovery: true,
    });
    const v = t;
    const n = 12;
    const tokens = await seatPlayers(v, n, 100_000n);
    const players = tokens.map((_, i) => `p${i}`);
    const round = await bettingRound(v, tokens[0]!, 3_500);
    for (const [i, token] of tokens.entries()) {
      const answer = await bet(v, token, {
        requestId: rid(),
        kind: i % 2 === 0 ? 'banker' : 'player',
        stake: String(1_000 + i * 10),
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    }
    // A slow wallet: each request takes 250 ms, so the settlement of 12 seats, a batch per seat and
    // two at a time, lasts a couple of seconds; the connections are killed all along.
    await eventually(() => v.stub.applied.wins === 0 && v.stub.calls('/seamless/v1/bet').length === n);
    v.stub.latencyMs = 250;
    await eventually(() => v.stub.calls('/seamless/v1/win').length > 0, 20_000);
    const killed = await keepKilling(v, 15_000, 120, () => v.stub.applied.roundEnds >= n);
    expect(killed).toBeGreaterThan(0);
    // Killed in the middle: some seats had been paid, others not yet.
    expect(v.stub.calls('/seamless/v1/win').length).toBeGreaterThan(1);
    v.stub.latencyMs = 0;

    expect((await roundEnded(v, tokens[0]!, round.id)).phase).toBe('settled');
    await seatsFinal(v);
    const seats = await sql<{ status: string; n: number }>`
      select status, count(*)::int as n from live_seats where round_id = ${round.id} group by status`.execute(
      v.vendor.db,
    );
    expect(seats.rows).toEqual([{ status: 'settled', n }]);
    expect(v.stub.applied).toMatchObject({ bets: n, wins: n, roundEnds: n, rollbacks: 0 });
    // One win transaction per seat (retries repeat the seat's id, never a new one).
    const winIds = new Set(v.stub.calls('/seamless/v1/win').map((c) => String(c.body.transactionId)));
    expect(winIds.size).toBe(n);
    await ledgerReconciles(v, players, 100_000n);
    expect(unhandled).toEqual([]);
  });

  it('while the clock closes, reveals and opens rounds: the table keeps running and the next rounds work', async () => {
    t = await createTestVendor({
      overrides: { ...BASE, liveTiming: { bettingMs: 1_500, closedMs: 100, resultMs: 300 } },
      recovery: true,
    });
    const v = t;
    const tokens = await seatPlayers(v, 2, 100_000n);
    const players = ['p0', 'p1'];
    const round = await bettingRound(v, tokens[0]!, 1_000);
    expect((await bet(v, tokens[0]!, { requestId: rid(), kind: 'banker', stake: '1000' })).status).toBe(200);
    expect((await bet(v, tokens[1]!, { requestId: rid(), kind: 'player', stake: '2000' })).status).toBe(200);
    const view = await state(v, tokens[0]!);
    expect(view.round?.id).toBe(round.id);
    // From just before the close until past the next round's opening (closed 100 ms, result shown
    // 300 ms): every step of the clock meets a lost connection, many times over.
    await sleep(Math.max(0, view.round!.msLeft - 150));
    const killed = await keepKilling(v, 1_500, 20);
    expect(killed).toBeGreaterThan(0);

    const ended = await roundEnded(v, tokens[0]!, round.id);
    expect(ended.phase).toBe('settled');
    expect(ended.result).not.toBeNull();
    // The next rounds open, take bets and settle.
    let last = round.number;
    for (let k = 0; k < 2; k += 1) {
      let next = await bettingRound(v, tokens[0]!, 700);
      if (next.number <= last) {
        await roundEnded(v, tokens[0]!, next.id);
        next = await bettingRound(v, tokens[0]!, 700);
      }
      expect(next.number).toBeGreaterThan(last);
      last = next.number;
      const answer = await bet(v, tokens[k]!, { requestId: rid(), kind: 'tie', stake: '500' });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect((await roundEnded(v, tokens[0]!, next.id)).phase).toBe('settled');
    }
    await seatsFinal(v);
    await ledgerReconciles(v, players, 100_000n);
    expect(unhandled).toEqual([]);
  });
  it('while its database is gone: every call answers 503 service_unavailable, no money moves, and the same process serves again when it is back', async () => {
    t = await createTestVendor({
      overrides: { ...BASE, liveTiming: { bettingMs: 8_000, closedMs: 100, resultMs: 300 } },
      recovery: true,
    });
    const v = t;
    const tokens = await seatPlayers(v, 2, 100_000n);
    v.stub.addPlayer('slots', 100_000n);
    const slots = await v.open('slots');
    await bettingRound(v, tokens[0]!, 1_000);
    const applied = { ...v.stub.applied };
    const name = databaseOf(v);
    const away = `${name}_away`;
    // The database goes away (as a server being replaced does): nobody may connect, every
    // connection is cut, and its name no longer answers.
    await admin!.query(`alter database "${name}" allow_connections false`);
    try {
      await eventually(async () => {
        await killConnections(v);
        return admin!.query(`alter database "${name}" rename to "${away}"`).then(
          () => true,
          () => false,
        );
      }, 10_000);
      const answers = [
        await bet(v, tokens[0]!, { requestId: rid(), kind: 'banker', stake: '1000' }),
        await v.request('POST', `/api/live/tables/${TABLE}/rebet`, tokens[1]!, { requestId: rid() }),
        await v.request('GET', `/api/live/tables/${TABLE}`, tokens[1]!),
        await v.request('GET', `/api/live/tables/${TABLE}/history`),
        await v.request('GET', '/api/state', slots.token),
        await v.request('POST', '/api/spin', slots.token, { requestId: rid(), coinValue: 10 }),
      ];
      for (const answer of answers) {
        expect(answer.status, JSON.stringify(answer.body)).toBe(503);
        expect(answer.body).toEqual({ error: 'service_unavailable' });
        expectCleanAnswer(answer);
      }
      // The table's socket refuses a join with the same code (the page joins again later).
      const socket = io(v.vendor.url, {
        path: SOCKET_PATH,
        auth: { token: tokens[0]! },
        transports: ['websocket'],
        reconnection: false,
      });
      try {
        const ack = (await socket.timeout(5_000).emitWithAck('join', { table: TABLE })) as unknown;
        expect(ack).toEqual({ ok: false, error: 'service_unavailable' });
      } finally {
        socket.disconnect();
      }
      expect(v.stub.applied).toEqual(applied);
    } finally {
      await admin!.query(`alter database "${away}" rename to "${name}"`).catch(() => {});
      await admin!.query(`alter database "${name}" allow_connections true`);
    }

    // Back: the same process serves the table, takes a bet and pays the round.
    const round = await bettingRound(v, tokens[0]!, 1_000);
    const again = await bet(v, tokens[0]!, { requestId: rid(), kind: 'banker', stake: '1000' });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect((await v.request('GET', '/api/state', slots.token)).status).toBe(200);
    expect((await roundEnded(v, tokens[0]!, round.id)).phase).toBe('settled');
    await seatsFinal(v);
    await ledgerReconciles(v, ['p0', 'p1'], 100_000n);
    expect(unhandled).toEqual([]);
  });
});
