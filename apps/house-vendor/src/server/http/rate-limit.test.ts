import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { createServer, type Server, type Socket, connect as tcp } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { type HouseVendorConfig, HouseVendorConfigError, loadHouseVendorConfig } from '../config.ts';
import { createTestVendor, eventually, type TestVendor } from '../testing/support.ts';
import { DEFAULT_HTTP_LIMITS, type HttpLimits, relaxedHttpLimits } from './rate-limit.ts';

/**
 * The HTTP API's rate limits: launch-token exchanges per client address, calls per session token,
 * counters shared through Redis by several vendor processes, and a Redis outage that skips the limit
 * instead of refusing. Two client addresses on one machine: 127.0.0.1 and 127.0.0.2 (both loopback
 * on Linux). The Redis cases need a Redis at 127.0.0.1:6379 (REDIS_TEST_URL overrides).
 */

const REDIS_URL = process.env.REDIS_TEST_URL ?? 'redis://127.0.0.1:6379';
const SESSION_CALL = '/seamless/v1/session';

const vendors: TestVendor[] = [];
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const t of vendors.splice(0)) await t.close();
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

const limits = (over: Partial<HttpLimits>): HttpLimits => ({ ...relaxedHttpLimits(), ...over });

async function vendor(overrides: Partial<HouseVendorConfig>): Promise<TestVendor> {
  const t = await createTestVendor({ overrides });
  vendors.push(t);
  return t;
}

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: unknown };

/** One call from a chosen local address (node:http, so the TCP peer the vendor sees is that one). */
function send(
  url: string,
  options: { method?: 'GET' | 'POST'; from?: string; token?: string; body?: unknown; forwardedFor?: string },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    const req = httpRequest(
      url,
      {
        method: options.method ?? 'GET',
        localAddress: options.from ?? '127.0.0.1',
        agent: false,
        headers: {
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          ...(options.forwardedFor ? { 'x-forwarded-for': options.forwardedFor } : {}),
          ...(payload ? { 'content-type': 'application/json' } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: text ? JSON.parse(text) : null,
          });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** A launch-token exchange as the page does it, for a player the stub platform knows. */
function exchange(
  t: TestVendor,
  from = '127.0.0.1',
  player = `p-${randomBytes(4).toString('hex')}`,
  forwardedFor?: string,
) {
  if (!t.stub.players.has(player)) t.stub.addPlayer(player, 100_000n);
  return send(`${t.vendor.url}/api/session`, {
    method: 'POST',
    from,
    ...(forwardedFor ? { forwardedFor } : {}),
    body: { merchant: 'DEMO', launchToken: t.stub.launch(player, 'lotus-garden'), game: 'lotus-garden' },
  });
}

function expectRefused(answer: Answer, maxSeconds: number) {
  expect(answer.status).toBe(429);
  expect(answer.body).toEqual({ error: 'too_many_requests' });
  const retryAfter = Number(answer.headers['retry-after']);
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(maxSeconds);
}

describe('rate limits of the HTTP API', () => {
  it('counts the client a trusted proxy forwarded, and ignores X-Forwarded-For from anyone else', async () => {
    expect(loadHouseVendorConfig({}).trustProxy).toEqual(['loopback']);
    expect(loadHouseVendorConfig({ HOUSE_VENDOR_TRUST_PROXY: '10.0.0.0/8, 10.1.2.3' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '10.1.2.3',
    ]);
    const two = limits({ sessionsPerIp: { points: 2, seconds: 60 } });
    // Behind a load balancer on loopback: each player counts as the address it forwarded.
    const behind = await vendor({ trustProxy: ['loopback'], httpLimits: two });
    for (const client of ['203.0.113.1', '203.0.113.2'])
      for (let i = 0; i < 2; i += 1)
        expect((await exchange(behind, '127.0.0.1', undefined, client)).status, client).toBe(200);
    expectRefused(await exchange(behind, '127.0.0.1', undefined, '203.0.113.1'), 60);
    // No trusted proxy: a forged X-Forwarded-For does not buy a fresh budget.
    const direct = await vendor({ trustProxy: false, httpLimits: two });
    expect((await exchange(direct, '127.0.0.1', undefined, '198.51.100.1')).status).toBe(200);
    expect((await exchange(direct, '127.0.0.1', undefined, '198.51.100.2')).status).toBe(200);
    expectRefused(await exchange(direct, '127.0.0.1', undefined, '198.51.100.3'), 60);
  });

  it('reads its numbers from the environment, with the defaults the README explains', () => {
    expect(loadHouseVendorConfig({}).httpLimits).toEqual(DEFAULT_HTTP_LIMITS);
    expect(DEFAULT_HTTP_LIMITS).toEqual({
      sessionsPerIp: { points: 30, seconds: 60 },
      callsPerSession: { points: 120, seconds: 10 },
      callsPerIp: { points: 3000, seconds: 60 },
    });
    expect(
      loadHouseVendorConfig({
        HOUSE_VENDOR_HTTP_SESSIONS_PER_IP: '5',
        HOUSE_VENDOR_HTTP_CALLS_PER_SESSION: '6',
        HOUSE_VENDOR_HTTP_CALLS_PER_IP: '7',
      }).httpLimits,
    ).toEqual({
      sessionsPerIp: { points: 5, seconds: 60 },
      callsPerSession: { points: 6, seconds: 10 },
      callsPerIp: { points: 7, seconds: 60 },
    });
    expect(() => loadHouseVendorConfig({ HOUSE_VENDOR_HTTP_SESSIONS_PER_IP: '0' })).toThrow(
      HouseVendorConfigError,
    );
  });

  it('refuses the 31st launch exchange of an address in a minute, without calling the platform', async () => {
    const t = await vendor({ httpLimits: limits({ sessionsPerIp: { points: 30, seconds: 60 } }) });
    for (let i = 0; i < 30; i += 1) expect((await exchange(t)).status).toBe(200);
    expect(t.stub.calls(SESSION_CALL)).toHaveLength(30);

    const refused = await exchange(t);
    expectRefused(refused, 60);
    expect(t.stub.calls(SESSION_CALL)).toHaveLength(30);

    // Another address keeps its own budget.
    const other = await exchange(t, '127.0.0.2');
    expect(other.status).toBe(200);
    expect(t.stub.calls(SESSION_CALL)).toHaveLength(31);
  });

  it("refuses a session past its budget while another player's session goes on", async () => {
    const t = await vendor({ httpLimits: limits({ callsPerSession: { points: 5, seconds: 60 } }) });
    t.stub.addPlayer('alice', 100_000n);
    t.stub.addPlayer('bob', 100_000n);
    const alice = (await t.open('alice')).token;
    const bob = (await t.open('bob')).token;
    for (let i = 0; i < 5; i += 1)
      expect((await send(`${t.vendor.url}/api/state`, { token: alice })).status).toBe(200);
    const refused = await send(`${t.vendor.url}/api/state`, { token: alice });
    expectRefused(refused, 60);
    // Spins and the live table's calls share the same budget.
    expectRefused(
      await send(`${t.vendor.url}/api/spin`, {
        method: 'POST',
        token: alice,
        body: { requestId: 'r-1', coinValue: 1 },
      }),
      60,
    );
    expect((await send(`${t.vendor.url}/api/state`, { token: bob })).status).toBe(200);
    expect((await send(`${t.vendor.url}/api/fairness`, { token: bob })).status).toBe(200);
  });

  it('caps every call of an address, the pages and the game files excepted', async () => {
    const t = await vendor({ httpLimits: limits({ callsPerIp: { points: 3, seconds: 60 } }) });
    for (let i = 0; i < 3; i += 1)
      expect((await send(`${t.vendor.url}/api/live/tables`, {})).status).toBe(200);
    expectRefused(await send(`${t.vendor.url}/api/live/tables`, {}), 60);
    expectRefused(await send(`${t.vendor.url}/api/state`, { token: 'x'.repeat(40) }), 60);
    expect((await send(`${t.vendor.url}/api/live/tables`, { from: '127.0.0.2' })).status).toBe(200);
    // Outside /api/ nothing is counted.
    expect((await send(`${t.vendor.url}/health`, {})).status).not.toBe(429);
  });
});

describe('rate limits on Redis', () => {
  it('two vendor processes share one budget', async () => {
    const overrides: Partial<HouseVendorConfig> = {
      redisUrl: REDIS_URL,
      redisKey: `house-vendor-test-${randomBytes(6).toString('hex')}`,
      httpLimits: limits({ sessionsPerIp: { points: 3, seconds: 60 } }),
    };
    const a = await vendor(overrides);
    const b = await vendor(overrides);
    expect((await exchange(a)).status).toBe(200);
    expect((await exchange(a)).status).toBe(200);
    expect((await exchange(b)).status).toBe(200);
    expectRefused(await exchange(b), 60);
    expectRefused(await exchange(a), 60);
    expect(b.stub.calls(SESSION_CALL)).toHaveLength(1);
    expect((await exchange(b, '127.0.0.2')).status).toBe(200);
  });

  it('a Redis that is down refuses nothing', async () => {
    // Redis behind a TCP relay the test can cut (and restore, so the vendor closes cleanly).
    const target = new URL(REDIS_URL);
    const open = new Set<Socket>();
    const relay: Server = createServer((client) => {
      const upstream = tcp({ host: target.hostname, port: Number(target.port || 6379) });
      open.add(client).add(upstream);
      client.pipe(upstream).pipe(client);
      const drop = () => {
        client.destroy();
        upstream.destroy();
        open.delete(client);
        open.delete(upstream);
      };
      client.on('error', drop).on('close', drop);
      upstream.on('error', drop).on('close', drop);
    });
    await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
    const port = (relay.address() as { port: number }).port;
    const cut = async () => {
      await new Promise<void>((resolve) => {
        relay.close(() => resolve());
        for (const socket of open) socket.destroy();
      });
    };
    const restore = () => new Promise<void>((resolve) => relay.listen(port, '127.0.0.1', resolve));
    cleanups.push(async () => {
      if (!relay.listening) await restore();
    });

    const t = await vendor({
      redisUrl: `redis://127.0.0.1:${port}`,
      redisKey: `house-vendor-test-${randomBytes(6).toString('hex')}`,
      httpLimits: limits({ sessionsPerIp: { points: 2, seconds: 60 } }),
    });
    expect((await exchange(t)).status).toBe(200);
    expect((await exchange(t)).status).toBe(200);
    expectRefused(await exchange(t), 60);

    await cut();
    await new Promise((resolve) => setTimeout(resolve, 200));
    for (let i = 0; i < 5; i += 1) expect((await exchange(t)).status).toBe(200);
    // Back: the counters in Redis apply again (the window of the first calls still runs).
    await restore();
    await eventually(async () => (await exchange(t)).status === 429, 20_000);
    expectRefused(await exchange(t), 60);
  });
});
