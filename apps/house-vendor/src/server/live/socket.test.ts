import { io, type Socket } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestVendor, eventually, type TestVendor } from '../testing/support.ts';
import { SOCKET_PATH } from './realtime.ts';
import { LIVE_TEST_CONFIG, type RoundView, TABLE } from './test-support.ts';

/** Realtime: two players at one table see the same phases and result, each their own winnings. */

let t: TestVendor | null = null;
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.disconnect();
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

const join = (socket: Socket, table: string) =>
  socket.timeout(5_000).emitWithAck('join', { table }) as Promise<{
    ok: boolean;
    error?: string;
    round?: RoundView;
    bets?: { kind: string; stake: string }[];
  }>;

describe('live tables over Socket.IO', () => {
  it('two clients receive the same phases and result; each gets its own settlement; rejoin resumes', async () => {
    t = await createTestVendor({ overrides: LIVE_TEST_CONFIG });
    t.stub.addPlayer('p1', 100_000n);
    t.stub.addPlayer('p2', 100_000n);
    const a = await t.open('p1', TABLE);
    const b = await t.open('p2', TABLE);
    const seenA: Seen = [];
    const seenB: Seen = [];
    const sa = connect(t.vendor.url, a.token, seenA);
    const sb = connect(t.vendor.url, b.token, seenB);
    expect((await join(sa, TABLE)).ok).toBe(true);
    expect((await join(sb, TABLE)).ok).toBe(true);
    // A round that opens after both joined: one whose betting phase both received (a round that
    // opened between the two joins reached only the first).
    const bettingIds = (seen: Seen) =>
      seen
        .filter((e) => e.event === 'phase' && (e.payload as RoundView).phase === 'betting')
        .map((e) => (e.payload as RoundView).id);
    const openedForBoth = () => bettingIds(seenA).find((id) => bettingIds(seenB).includes(id));
    await eventually(() => openedForBoth() !== undefined, 20_000);
    const opened = seenA.find((e) => e.event === 'phase' && (e.payload as RoundView).id === openedForBoth())!
      .payload as RoundView;
    const bet = await t.request('POST', `/api/live/tables/${TABLE}/bets`, a.token, {
      requestId: `sock-${Date.now()}`,
      kind: 'banker',
      stake: '1000',
    });
    expect(bet.status).toBe(200);
    await eventually(() => seenB.some((e) => e.event === 'totals'), 5_000);
    expect(seenB.find((e) => e.event === 'totals')!.payload).toMatchObject({ spots: { banker: '1000' } });
    await eventually(
      () => seenA.some((e) => e.event === 'settled') && seenB.some((e) => e.event === 'result'),
      20_000,
    );
    const resultOf = (seen: Seen) =>
      seen.find((e) => e.event === 'result' && (e.payload as RoundView).id === opened.id)
        ?.payload as RoundView;
    expect(resultOf(seenA).result).not.toBeNull();
    expect(resultOf(seenA).result).toEqual(resultOf(seenB).result);
    const phases = (seen: Seen) =>
      seen
        .filter((e) => e.event === 'phase' && (e.payload as RoundView).id === opened.id)
        .map((e) => (e.payload as RoundView).phase);
    await eventually(() => phases(seenB).includes('settled'), 10_000);
    expect(phases(seenA)).toEqual(['betting', 'closed', 'settled']);
    expect(phases(seenB)).toEqual(phases(seenA));
    // The settlement is personal: player 2 (no bet) gets none.
    expect(seenA.find((e) => e.event === 'settled')!.payload).toMatchObject({
      round: opened.id,
      status: 'settled',
    });
    expect(seenB.some((e) => e.event === 'settled')).toBe(false);

    // Reconnect: the current phase and the player's own bets.
    sa.disconnect();
    const again = connect(t.vendor.url, a.token, []);
    const rejoined = await join(again, TABLE);
    expect(rejoined.ok).toBe(true);
    expect(rejoined.round).toBeDefined();
    // Hostile joins: unknown table, another table's session, no token.
    expect(await join(again, 'live-nope')).toEqual({ ok: false, error: 'table_unknown' });
    expect(await join(again, 'live-roulette')).toEqual({ ok: false, error: 'session_invalid' });
    const anonymous = connect(t.vendor.url, 'x', []);
    expect(await join(anonymous, TABLE)).toEqual({ ok: false, error: 'session_invalid' });
  });
});
