import { io, type Socket } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestVendor, eventually, type TestVendor } from '../testing/support.ts';
import { SOCKET_PATH } from './realtime.ts';
import {
  placeBet as bet,
  bettingRound,
  LIVE_TEST_CONFIG,
  type RoundView,
  requestIds,
  TABLE,
} from './test-support.ts';

/**
 * The live tables' socket attacked from outside (hostile.test.ts: the HTTP calls): joins without or
 * with forged or other tables' tokens, to unknown tables or with junk, a join flood, and what a
 * player may receive. Every refusal answers a code of the vendor's catalogue (errors.ts) and changes
 * nothing.
 */

/** A betting window long enough for many requests on a loaded machine. */
const LONG = { ...LIVE_TEST_CONFIG, liveTiming: { bettingMs: 8_000, closedMs: 100, resultMs: 300 } };

let t: TestVendor | null = null;
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.disconnect();
  await t?.close();
  t = null;
});

const rid = requestIds('hx');

/** Every wallet money call the stub received (bets, wins, rollbacks). */
const moneyCalls = (v: TestVendor) =>
  v.stub.received.filter((c) =>
    ['/seamless/v1/bet', '/seamless/v1/win', '/seamless/v1/rollback'].includes(c.path),
  ).length;

type Seen = { event: string; payload: unknown }[];

function connect(url: string, token: unknown, seen: Seen = []): Socket {
  const socket = io(url, {
    path: SOCKET_PATH,
    auth: token === undefined ? {} : { token },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  socket.onAny((event: string, payload: unknown) => seen.push({ event, payload }));
  sockets.push(socket);
  return socket;
}

type Ack = { ok: boolean; error?: string; round?: RoundView | null };
const join = (socket: Socket, input: unknown) =>
  socket.timeout(5_000).emitWithAck('join', input) as Promise<Ack>;

describe('hostile sockets', () => {
  it('joins without, with forged or with other-table tokens, to unknown tables or with junk are refused', async () => {
    t = await createTestVendor({ overrides: LONG });
    t.stub.addPlayer('p1', 100_000n);
    const a = (await t.open('p1', TABLE)).token;
    for (const token of [undefined, 'A'.repeat(43), 42, { token: a }, [a], `${a}\u0000`]) {
      const socket = connect(t.vendor.url, token);
      expect(await join(socket, { table: TABLE }), JSON.stringify(token)).toEqual({
        ok: false,
        error: 'session_invalid',
      });
    }
    const socket = connect(t.vendor.url, a);
    for (const input of [
      { table: 'live-nope' },
      { table: 'x'.repeat(41) },
      { table: 'live\u0000' },
      null,
      42,
      [TABLE],
      {},
    ])
      expect(await join(socket, input), JSON.stringify(input)).toEqual({ ok: false, error: 'table_unknown' });
    expect(await join(socket, { table: 'live-roulette' })).toEqual({ ok: false, error: 'session_invalid' });
    // Junk without an acknowledgement, unknown events, a flood of leaves: the socket still works.
    socket.emit('join', { table: TABLE });
    socket.emit('join');
    for (let i = 0; i < 500; i += 1) {
      socket.emit('leave');
      socket.emit('bet', { kind: 'banker', stake: '1000' });
      socket.emit('settled', { payout: '1000000' });
    }
    expect((await join(socket, { table: TABLE })).ok).toBe(true);
    expect(moneyCalls(t)).toBe(0);
    // A payload past the socket's buffer cuts the sender only.
    const huge = connect(t.vendor.url, a);
    expect((await join(huge, { table: TABLE })).ok).toBe(true);
    const cut = new Promise<string>((resolve) => huge.once('disconnect', resolve));
    huge.emit('join', { table: TABLE, pad: 'x'.repeat(100_000) });
    expect(await cut).toBe('transport close');
    expect(socket.connected).toBe(true);
    expect((await join(socket, { table: TABLE })).ok).toBe(true);
  });

  it('a join flood from one socket is answered too_many_requests, then cut', async () => {
    t = await createTestVendor({
      overrides: {
        liveTables: [],
        liveJoinLimits: { perIp: { points: 20, seconds: 60 }, perPlayer: { points: 20, seconds: 60 } },
      },
    });
    t.stub.addPlayer('p1', 100_000n);
    const a = (await t.open('p1', TABLE)).token;
    const socket = connect(t.vendor.url, a);
    const cut = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    const answers = await Promise.allSettled(
      Array.from({ length: 60 }, () => join(socket, { table: TABLE })),
    );
    const acks = answers.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    expect(acks.filter((x) => x.ok).length).toBeLessThanOrEqual(20);
    expect(acks.some((x) => x.error === 'too_many_requests')).toBe(true);
    for (const ack of acks) if (!ack.ok) expect(ack.error).toBe('too_many_requests');
    expect(await cut).toBe('io server disconnect');
  });

  it("a player never receives another player's own bets or winnings, only the table's totals", async () => {
    t = await createTestVendor({ overrides: LIVE_TEST_CONFIG });
    for (const p of ['p1', 'p2', 'p3']) t.stub.addPlayer(p, 100_000n);
    const tokens = await Promise.all(['p1', 'p2', 'p3'].map(async (p) => (await t!.open(p, TABLE)).token));
    const seen: Seen[] = [[], [], []];
    const socks = tokens.map((token, i) => connect(t!.vendor.url, token, seen[i]));
    for (const s of socks) expect((await join(s, { table: TABLE })).ok).toBe(true);
    const round = await bettingRound(t, tokens[0]!, 700);
    const b1 = await bet(t, tokens[0]!, { requestId: rid(), kind: 'banker', stake: '1000' });
    const b2 = await bet(t, tokens[1]!, { requestId: rid(), kind: 'player', stake: '2000' });
    expect(b1.status).toBe(200);
    expect(b2.status).toBe(200);
    // A third player holding p1's session id and table cannot join p1's room by naming it.
    socks[2]!.emit('join', { table: TABLE, player: 'p1', brand: 'DEMO', room: `player:${TABLE}:DEMO:p1` });
    await eventually(
      () => seen[0]!.some((e) => e.event === 'settled') && seen[1]!.some((e) => e.event === 'settled'),
      20_000,
    );
    await eventually(
      () =>
        seen[2]!.some(
          (e) =>
            e.event === 'phase' &&
            (e.payload as RoundView).id === round.id &&
            (e.payload as RoundView).phase === 'settled',
        ),
      20_000,
    );
    const text = (s: Seen) => JSON.stringify(s);
    const secrets = (i: 0 | 1) => {
      const answer = i === 0 ? b1 : b2;
      const mine = seen[i]!.find((e) => e.event === 'settled')!.payload as { bets: { id: string }[] };
      expect(mine.bets.map((b) => b.id)).toEqual([answer.body.bet.id]);
      return [answer.body.bet.id, `nick-p${i + 1}`, `"p${i + 1}"`];
    };
    for (const secret of secrets(0)) {
      expect(text(seen[1]!)).not.toContain(secret);
      expect(text(seen[2]!)).not.toContain(secret);
    }
    for (const secret of secrets(1)) {
      expect(text(seen[0]!)).not.toContain(secret);
      expect(text(seen[2]!)).not.toContain(secret);
    }
    expect(seen[2]!.some((e) => e.event === 'settled')).toBe(false);
    const events = new Set(seen[2]!.map((e) => e.event));
    for (const event of events) expect(['phase', 'totals', 'result', 'shoe']).toContain(event);
    expect(seen[2]!.some((e) => e.event === 'totals')).toBe(true);
  });
});
