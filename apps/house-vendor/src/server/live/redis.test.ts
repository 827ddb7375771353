import { randomBytes } from 'node:crypto';
import { connect as tcp } from 'node:net';
import { io, type Socket } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import type { HouseVendorConfig } from '../config.ts';
import { type RunningHouseVendor, startHouseVendor } from '../server.ts';
import { createTestVendor, eventually, onPostgres, type TestVendor, testConfig } from '../testing/support.ts';
import { SOCKET_PATH } from './realtime.ts';
import { type RoundView, TABLE } from './test-support.ts';

/**
 * Two vendor processes (two servers on one PostgreSQL database) serve one table through Socket.IO's
 * Redis adapter: only one drives the clock (each phase is emitted once), and a player connected to
 * either receives everything. PostgreSQL only (PGlite is one process's), with a Redis at
 * 127.0.0.1:6379 (REDIS_TEST_URL overrides): without one the file fails rather than skips.
 */

const REDIS_URL = process.env.REDIS_TEST_URL ?? 'redis://127.0.0.1:6379';

async function redisUp(): Promise<boolean> {
  const url = new URL(REDIS_URL);
  return new Promise((resolve) => {
    const socket = tcp({ host: url.hostname, port: Number(url.port || 6379) });
    socket.setTimeout(500);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

// The root vitest.config runs this file in the PostgreSQL project only; CI starts Redis (.ci/run).
if (!onPostgres) throw new Error('redis.test.ts runs on PostgreSQL (project house-vendor-postgres)');
if (!(await redisUp())) throw new Error(`redis.test.ts needs Redis at ${REDIS_URL} (REDIS_TEST_URL)`);

let t: TestVendor | null = null;
let second: RunningHouseVendor | null = null;
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.disconnect();
  await second?.close();
  second = null;
  await t?.close();
  t = null;
});

type Seen = { event: string; payload: unknown }[];

function connect(url: string, token: string, seen: Seen): Socket {
  const socket = io(url, {
    path: SOCKET_PATH,
    auth: { token },
    transports: ['websocket'],
    reconnection: false,
  });
  socket.onAny((event: string, payload: unknown) => seen.push({ event, payload }));
  sockets.push(socket);
  return socket;
}

describe('two vendor processes on Redis', () => {
  it('one drives the table, players on both receive the same phases, totals and result', async () => {
    const overrides: Partial<HouseVendorConfig> = {
      liveTables: [TABLE],
      liveTiming: { bettingMs: 5_000, closedMs: 100, resultMs: 300 },
      // Long enough that a process slowed by a loaded machine keeps driving the table: a lease taken
      // over in the middle of a round repeats a phase, which is not what this test is about.
      liveLeaseMs: 5_000,
      redisUrl: REDIS_URL,
      redisKey: `house-vendor-test-${randomBytes(6).toString('hex')}`,
    };
    t = await createTestVendor({ overrides });
    second = await startHouseVendor(testConfig(t.stub.url, overrides), {
      logger: false,
      database: t.storage.target,
      recovery: false,
    });
    t.stub.addPlayer('p1', 100_000n);
    t.stub.addPlayer('p2', 100_000n);
    const a = await t.open('p1', TABLE);
    const b = await t.open('p2', TABLE);
    const seenA: Seen = [];
    const seenB: Seen = [];
    const sa = connect(t.vendor.url, a.token, seenA);
    const sb = connect(second.url, b.token, seenB);
    expect((await sa.timeout(5_000).emitWithAck('join', { table: TABLE })).ok).toBe(true);
    expect((await sb.timeout(5_000).emitWithAck('join', { table: TABLE })).ok).toBe(true);
    const betting = (seen: Seen) =>
      seen.find(
        (e) =>
          e.event === 'phase' &&
          (e.payload as RoundView).phase === 'betting' &&
          (e.payload as RoundView).msLeft > 3_000,
      )?.payload as RoundView | undefined;
    await eventually(() => betting(seenB) !== undefined, 20_000);
    const round = betting(seenB)!;
    // Player 2 bets through the second process; player 1 (on the first) sees the totals.
    const placed = await fetch(`${second.url}/api/live/tables/${TABLE}/bets`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${b.token}` },
      body: JSON.stringify({ requestId: `redis-${Date.now()}`, kind: 'player', stake: '2000' }),
    });
    expect(placed.status, await placed.clone().text()).toBe(200);
    await eventually(() => seenA.some((e) => e.event === 'totals'), 10_000);
    await eventually(() => seenB.some((e) => e.event === 'settled'), 20_000);
    await eventually(
      () =>
        seenA.some(
          (e) =>
            e.event === 'phase' &&
            (e.payload as RoundView).id === round.id &&
            (e.payload as RoundView).phase === 'settled',
        ),
      10_000,
    );
    const phases = (seen: Seen) =>
      seen
        .filter(
          (e) => (e.event === 'phase' || e.event === 'result') && (e.payload as RoundView).id === round.id,
        )
        .map((e) => `${e.event}:${(e.payload as RoundView).phase}`);
    // Each phase once: one process drove the clock.
    expect(phases(seenA)).toEqual(['phase:betting', 'phase:closed', 'result:result', 'phase:settled']);
    expect(phases(seenB)).toEqual(phases(seenA));
    const result = (seen: Seen) =>
      (
        seen.find((e) => e.event === 'result' && (e.payload as RoundView).id === round.id)?.payload as
          | RoundView
          | undefined
      )?.result;
    expect(result(seenA)).toBeDefined();
    expect(result(seenA)).toEqual(result(seenB));
    expect(seenA.some((e) => e.event === 'settled')).toBe(false);
  });
});

describe('join limits on Redis', () => {
  it('two processes share one player’s join budget (the counters live in Redis)', async () => {
    const overrides: Partial<HouseVendorConfig> = {
      liveTables: [],
      redisUrl: REDIS_URL,
      redisKey: `house-vendor-test-${randomBytes(6).toString('hex')}`,
      liveJoinLimits: { perIp: { points: 100, seconds: 60 }, perPlayer: { points: 3, seconds: 60 } },
    };
    t = await createTestVendor({ overrides });
    second = await startHouseVendor(testConfig(t.stub.url, overrides), {
      logger: false,
      database: t.storage.target,
      recovery: false,
    });
    t.stub.addPlayer('p1', 100_000n);
    t.stub.addPlayer('p2', 100_000n);
    const a = await t.open('p1', TABLE);
    const b = await t.open('p2', TABLE);
    const onFirst = connect(t.vendor.url, a.token, []);
    const onSecond = connect(second.url, a.token, []);
    const join = (socket: Socket) =>
      socket.timeout(5_000).emitWithAck('join', { table: TABLE }) as Promise<{ ok: boolean; error?: string }>;
    expect((await join(onFirst)).ok).toBe(true);
    expect((await join(onSecond)).ok).toBe(true);
    expect((await join(onFirst)).ok).toBe(true);
    // The fourth join, through the other process, is over the player's budget.
    expect(await join(onSecond)).toMatchObject({ ok: false, error: 'too_many_requests' });
    expect(await join(onFirst)).toMatchObject({ ok: false, error: 'too_many_requests' });
    expect((await join(connect(second.url, b.token, []))).ok).toBe(true);
  });
});
