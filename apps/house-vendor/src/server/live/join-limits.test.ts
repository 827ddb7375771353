import { io, type Socket } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { loadHouseVendorConfig } from '../config.ts';
import { createTestVendor, eventually, type TestVendor } from '../testing/support.ts';
import { type JoinLimits, SOCKET_PATH } from './realtime.ts';
import { TABLE } from './test-support.ts';

/**
 * Socket joins are rate limited per client address and per player (in-process here; the Redis-backed
 * counters shared by two processes are in redis.test.ts). A flood from one address is refused before
 * its session is looked up, with a clear `too_many_requests` answer and `join_refused` event, and a
 * socket that keeps flooding is disconnected.
 */

let t: TestVendor | null = null;
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.disconnect();
  await t?.close();
  t = null;
});

type Ack = { ok: boolean; error?: string; retryAfterMs?: number };

function connect(url: string, token: string, refused: Ack[] = []): Socket {
  const socket = io(url, {
    path: SOCKET_PATH,
    auth: { token },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  socket.on('join_refused', (payload: Ack) => refused.push(payload));
  sockets.push(socket);
  return socket;
}

const join = (socket: Socket, table = TABLE) =>
  socket.timeout(5_000).emitWithAck('join', { table }) as Promise<Ack>;

async function vendorWith(limits: JoinLimits) {
  // No table clock: a join answers the table's state without a round.
  return createTestVendor({ overrides: { liveTables: [], liveJoinLimits: limits } });
}

describe('live socket joins: rate limits', () => {
  it('a flood of joins from one address is refused with too_many_requests, then disconnected', async () => {
    t = await vendorWith({ perIp: { points: 5, seconds: 60 }, perPlayer: { points: 100, seconds: 60 } });
    t.stub.addPlayer('p1', 100_000n);
    const a = await t.open('p1', TABLE);
    const refused: Ack[] = [];
    const socket = connect(t.vendor.url, a.token, refused);
    const answers: Ack[] = [];
    for (let i = 0; i < 5; i += 1) answers.push(await join(socket));
    expect(answers.every((answer) => answer.ok)).toBe(true);
    // The flood: joins sent all at once, past the address's budget.
    const disconnected = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    const flood = await Promise.allSettled(Array.from({ length: 12 }, () => join(socket)));
    const acks = flood.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    expect(acks.length).toBeGreaterThanOrEqual(9);
    for (const ack of acks) {
      expect(ack).toMatchObject({ ok: false, error: 'too_many_requests' });
      expect(ack.retryAfterMs).toBeGreaterThan(0);
      expect(ack.retryAfterMs).toBeLessThanOrEqual(60_000);
    }
    await eventually(() => refused.length >= 9, 5_000);
    expect(refused[0]).toMatchObject({ ok: false, error: 'too_many_requests' });
    // Ten refusals and the socket is cut by the server.
    expect(await disconnected).toBe('io server disconnect');
    // The address is refused before any session lookup: a garbage token gets the same answer.
    const stranger = connect(t.vendor.url, 'garbage');
    expect(await join(stranger)).toMatchObject({ ok: false, error: 'too_many_requests' });
    // And before the table is even read: an unknown table too.
    expect(await join(stranger, 'live-nope')).toMatchObject({ ok: false, error: 'too_many_requests' });
  });

  it('one player is limited across all their sockets; another player at the same address is not', async () => {
    t = await vendorWith({ perIp: { points: 100, seconds: 60 }, perPlayer: { points: 3, seconds: 60 } });
    t.stub.addPlayer('p1', 100_000n);
    t.stub.addPlayer('p2', 100_000n);
    const a = await t.open('p1', TABLE);
    const b = await t.open('p2', TABLE);
    const first = connect(t.vendor.url, a.token);
    const second = connect(t.vendor.url, a.token);
    expect((await join(first)).ok).toBe(true);
    expect((await join(second)).ok).toBe(true);
    expect((await join(first)).ok).toBe(true);
    expect(await join(second)).toMatchObject({ ok: false, error: 'too_many_requests' });
    expect(await join(first)).toMatchObject({ ok: false, error: 'too_many_requests' });
    const other = connect(t.vendor.url, b.token);
    expect(await join(other)).toMatchObject({ ok: true, round: null });
    // A refused join leaves the socket where it was: the first socket still gets the table's events.
    expect(first.connected).toBe(true);
  });

  it('reads the limits from the environment (per minute) and refuses nonsense', () => {
    expect(loadHouseVendorConfig({}).liveJoinLimits).toEqual({
      perIp: { points: 300, seconds: 60 },
      perPlayer: { points: 30, seconds: 60 },
    });
    expect(
      loadHouseVendorConfig({
        HOUSE_VENDOR_LIVE_JOINS_PER_IP: '5000',
        HOUSE_VENDOR_LIVE_JOINS_PER_PLAYER: '10',
      }).liveJoinLimits,
    ).toEqual({ perIp: { points: 5000, seconds: 60 }, perPlayer: { points: 10, seconds: 60 } });
    expect(() => loadHouseVendorConfig({ HOUSE_VENDOR_LIVE_JOINS_PER_IP: '0' })).toThrow();
    expect(() => loadHouseVendorConfig({ HOUSE_VENDOR_LIVE_JOINS_PER_PLAYER: 'many' })).toThrow();
  });
});
