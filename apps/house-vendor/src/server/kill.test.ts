import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startHouseVendor } from './server.ts';
import { StubPlatform } from './testing/stub-platform.ts';
import {
  createTestStorage,
  eventually,
  TEST_SECRET,
  type TestStorage,
  testConfig,
} from './testing/support.ts';

/**
 * The hard crash: the vendor runs as its own process (src/server/main.ts, configured by the
 * environment like in production), is killed with SIGKILL between the bet and the win, and a new
 * vendor on the same storage finishes the round exactly once.
 */

const MAIN = path.resolve(import.meta.dirname, 'main.ts');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

let child: ChildProcess | null = null;
let stub: StubPlatform | null = null;
let storage: TestStorage | null = null;
afterEach(async () => {
  child?.kill('SIGKILL');
  await stub?.stop();
  await storage?.drop();
  child = null;
  stub = null;
  storage = null;
});

describe('a vendor process killed with SIGKILL', () => {
  it('between the bet and the win: the next vendor pays the win and ends the round exactly once', async () => {
    stub = await new StubPlatform({ brands: { DEMO: TEST_SECRET } }).start();
    const platform = stub;
    storage = await createTestStorage({ persistent: true });
    const port = await freePort();
    const target = storage.target;
    const env = {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      HOUSE_VENDOR_PORT: String(port),
      HOUSE_VENDOR_HOST: '127.0.0.1',
      HOUSE_VENDOR_PLATFORM_URL: platform.url,
      HOUSE_VENDOR_BRANDS: `DEMO:${TEST_SECRET}`,
      HOUSE_VENDOR_WALLET_TIMEOUT_MS: '10000',
      HOUSE_VENDOR_ROUND_LEASE_SECONDS: '0.3',
      ...('databaseUrl' in target ? { HOUSE_VENDOR_DATABASE_URL: target.databaseUrl } : {}),
      ...('dataDir' in target ? { HOUSE_VENDOR_DATA_DIR: target.dataDir } : {}),
    };
    const proc = spawn(process.execPath, [MAIN], { env, stdio: 'ignore' });
    child = proc;
    const url = `http://127.0.0.1:${port}`;
    await eventually(async () => (await fetch(`${url}/health`).catch(() => null))?.ok === true, 30_000);

    platform.addPlayer('killed', 100_000n);
    const launchToken = platform.launch('killed', 'lotus-garden');
    const session = (await (
      await fetch(`${url}/api/session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ merchant: 'DEMO', launchToken, game: 'lotus-garden' }),
      })
    ).json()) as { token: string };
    platform.fault = (call) => (call.path === '/seamless/v1/win' ? 'hang' : 'ok');
    void fetch(`${url}/api/spin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${session.token}` },
      body: JSON.stringify({ requestId: randomUUID(), coinValue: 5 }),
    }).catch(() => null);
    await eventually(() => platform.calls('/seamless/v1/win').length > 0);
    proc.kill('SIGKILL');
    await new Promise((resolve) => proc.once('exit', resolve));
    expect(platform.applied).toMatchObject({ bets: 1, wins: 0 });

    platform.fault = () => 'ok';
    const next = await startHouseVendor(testConfig(platform.url), { logger: false, database: target });
    try {
      await eventually(async () => {
        const rows = await next.db.selectFrom('rounds').select('status').execute();
        return rows.length === 1 && rows[0]!.status === 'settled';
      });
      const [row] = await next.db.selectFrom('rounds').selectAll().execute();
      expect(platform.applied).toMatchObject({ bets: 1, wins: 1, rollbacks: 0, roundEnds: 1 });
      expect(platform.players.get('killed')!.balance).toBe(100_000n - 100n + BigInt(row!.payout!));
      const calls = await next.db
        .selectFrom('wallet_calls')
        .select(['call', 'http_status'])
        .where('round_id', '=', row!.id)
        .execute();
      expect(calls.filter((c) => c.call === 'win' && c.http_status === 200)).toHaveLength(1);
      expect(row!.outcome).not.toBeNull();
    } finally {
      await next.close();
    }
  });
});
