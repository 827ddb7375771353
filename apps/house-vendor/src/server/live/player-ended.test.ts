import { signSeamless } from '@lotus/server-common/signature';
import { io, type Socket } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestVendor, TEST_SECRET, type TestVendor } from '../testing/support.ts';
import { PLAYER_ENDED_PATH } from './player-ended.ts';
import { SOCKET_PATH } from './realtime.ts';
import { LIVE_TEST_CONFIG, TABLE } from './test-support.ts';

/**
 * The platform's player-ended notice (docs/exclusion.md): signed with the brand's secret, it closes
 * every socket of the player within a second and ends the player's game-page sessions; another
 * player's socket stays; a forged or foreign notice changes nothing.
 */
let t: TestVendor | null = null;
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.disconnect();
  await t?.close();
  t = null;
});

function connect(url: string, token: string): Socket {
  const socket = io(url, {
    path: SOCKET_PATH,
    auth: { token },
    transports: ['websocket'],
    reconnection: false,
  });
  sockets.push(socket);
  return socket;
}

async function notify(url: string, body: string, options: { secret?: string; merchant?: string } = {}) {
  const response = await fetch(`${url}${PLAYER_ENDED_PATH}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      merchant: options.merchant ?? 'DEMO',
      'x-signature': signSeamless(options.secret ?? TEST_SECRET, 'POST', PLAYER_ENDED_PATH, body),
    },
    body,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('the platform ends a player', () => {
  it('closes the player sockets at once and ends the sessions; others stay; forged notices do nothing', async () => {
    t = await createTestVendor({ overrides: LIVE_TEST_CONFIG });
    t.stub.addPlayer('p1', 100_000n);
    t.stub.addPlayer('p2', 100_000n);
    const a = await t.open('p1', TABLE);
    const b = await t.open('p2', TABLE);
    const sa = connect(t.vendor.url, a.token);
    const sb = connect(t.vendor.url, b.token);
    const join = (s: Socket) =>
      s.timeout(5_000).emitWithAck('join', { table: TABLE }) as Promise<{ ok: boolean }>;
    expect((await join(sa)).ok).toBe(true);
    expect((await join(sb)).ok).toBe(true);

    const body = JSON.stringify({ merchant: 'DEMO', vendor: 'HOUSE', playerId: 'p1', reason: 'excluded' });
    // Forged: another secret, another brand's header, a body the signature was not made for.
    expect((await notify(t.vendor.url, body, { secret: 'not-the-secret-0123456789' })).status).toBe(401);
    expect((await notify(t.vendor.url, body, { merchant: 'OTHER' })).status).toBe(401);
    expect(sa.connected).toBe(true);

    let endedAt = 0;
    let told = false;
    sa.on('player_ended', () => {
      told = true;
    });
    sa.on('disconnect', () => {
      endedAt = Date.now();
    });
    const sent = Date.now();
    const answer = await notify(t.vendor.url, body);
    expect(answer).toMatchObject({ status: 200, body: { ok: true, sessions: 1 } });
    while (endedAt === 0 && Date.now() - sent < 1_000) await new Promise((r) => setTimeout(r, 10));
    expect(endedAt).toBeGreaterThan(0);
    expect(endedAt - sent).toBeLessThan(1_000);
    expect(told).toBe(true);
    expect(sb.connected).toBe(true);
    // The ended session can neither rejoin nor read the table.
    const again = connect(t.vendor.url, a.token);
    await new Promise<void>((resolve) => again.on('connect', () => resolve()));
    expect(await join(again)).toMatchObject({ ok: false, error: 'session_invalid' });
    expect((await t.request('GET', `/api/live/tables/${TABLE}`, a.token)).status).toBe(401);
    expect((await t.request('GET', `/api/live/tables/${TABLE}`, b.token)).status).toBe(200);
  });
});
