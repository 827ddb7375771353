import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { VendorDb } from '../db/database.ts';
import { startHouseVendor } from '../server.ts';
import { StubPlatform } from '../testing/stub-platform.ts';
import {
  createTestStorage,
  createTestVendor,
  eventually,
  TEST_SECRET,
  type TestStorage,
  type TestVendor,
  testConfig,
} from '../testing/support.ts';
import { bettingRound, LIVE_TEST_CONFIG, roundEnded, seatsFinal } from './test-support.ts';

/**
 * Failures of the live tables: a wallet that stops answering in the middle of settlement, a bet whose
 * answer is lost, a vendor stopped while a round is open (resumed, or cancelled when it stood still
 * too long), and a vendor process killed with SIGKILL. Afterwards every bet is settled or rolled back
 * exactly once: the stub's balance of each player equals its start - standing stakes + payouts.
 */

const TABLE = 'live-baccarat';
let t: TestVendor | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

let n = 0;
const rid = () => {
  n += 1;
  return `rec-${Date.now()}-${n}`;
};

/** start + what the vendor's records say moved: - stakes standing + payouts of settled seats. */
async function expectedBalance(db: VendorDb, playerId: string, start: bigint): Promise<bigint> {
  const staked = await sql<{ s: string }>`
    select coalesce(sum(b.stake), 0)::text as s from live_bets b join live_seats s on s.id = b.seat_id
    where s.player_id = ${playerId} and b.status = 'placed'`.execute(db);
  const paid = await sql<{ s: string }>`
    select coalesce(sum(payout), 0)::text as s from live_seats
    where player_id = ${playerId} and status = 'settled'`.execute(db);
  return start - BigInt(staked.rows[0]?.s ?? '0') + BigInt(paid.rows[0]?.s ?? '0');
}

async function noTransientBets(db: VendorDb) {
  const rows = await sql<{ n: number }>`
    select count(*)::int as n from live_bets where status in ('placing', 'undoing', 'rolling_back')`.execute(
    db,
  );
  expect(rows.rows[0]?.n).toBe(0);
}

async function placeBet(url: string, token: string, kind: string, stake: string) {
  const response = await fetch(`${url}/api/live/tables/${TABLE}/bets`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ requestId: rid(), kind, stake }),
  });
  return { status: response.status, body: (await response.json()) as { error?: string } };
}

describe('live tables: failures', () => {
  it('a wallet down in the middle of settlement: after recovery each win is paid exactly once', async () => {
    t = await createTestVendor({ overrides: LIVE_TEST_CONFIG });
    t.stub.addPlayer('p1', 100_000n);
    t.stub.addPlayer('p2', 100_000n);
    const a = await t.open('p1', TABLE);
    const b = await t.open('p2', TABLE);
    const round = await bettingRound(t, a.token);
    let down = true;
    // The first win is applied but its answer is lost; then the wallet drops every win.
    t.stub.fault = (call, nth) =>
      call.path === '/seamless/v1/win' && down ? (nth === 1 ? 'lose-reply' : 'drop') : 'ok';
    expect((await placeBet(t.vendor.url, a.token, 'banker', '2000')).status).toBe(200);
    expect((await placeBet(t.vendor.url, b.token, 'player', '2000')).status).toBe(200);
    expect((await placeBet(t.vendor.url, b.token, 'tie', '100')).status).toBe(200);
    await eventually(() => t!.stub.calls('/seamless/v1/win').length >= 2, 20_000);
    // The table moves on: the round ends for the table, its seats wait for the wallet.
    await roundEnded(t, a.token, round.id);
    const open = await sql<{ n: number }>`
      select count(*)::int as n from live_seats where status = 'paying'`.execute(t.vendor.db);
    expect(open.rows[0]?.n).toBe(2);
    down = false;
    await eventually(async () => {
      await t!.vendor.recoverNow();
      const left = await sql<{ n: number }>`
        select count(*)::int as n from live_seats where status <> 'settled'`.execute(t!.vendor.db);
      return left.rows[0]?.n === 0;
    }, 20_000);
    expect(t.stub.applied.wins).toBe(2);
    expect(t.stub.applied.roundEnds).toBe(2);
    await noTransientBets(t.vendor.db);
    expect(t.stub.players.get('p1')!.balance).toBe(await expectedBalance(t.vendor.db, 'p1', 100_000n));
    expect(t.stub.players.get('p2')!.balance).toBe(await expectedBalance(t.vendor.db, 'p2', 100_000n));
  });

  it('a bet whose answer is lost is rolled back once; the player is told it is unconfirmed', async () => {
    t = await createTestVendor({ overrides: LIVE_TEST_CONFIG });
    t.stub.addPlayer('p1', 100_000n);
    const a = await t.open('p1', TABLE);
    const round = await bettingRound(t, a.token, 1_000);
    t.stub.fault = (call) => (call.path === '/seamless/v1/bet' ? 'lose-reply' : 'ok');
    const lost = await placeBet(t.vendor.url, a.token, 'banker', '1000');
    expect(lost).toMatchObject({ status: 503, body: { error: 'bet_unconfirmed' } });
    t.stub.fault = () => 'ok';
    expect((await placeBet(t.vendor.url, a.token, 'player', '500')).status).toBe(200);
    await roundEnded(t, a.token, round.id);
    await seatsFinal(t);
    expect(t.stub.applied.rollbacks).toBe(1);
    await noTransientBets(t.vendor.db);
    expect(t.stub.players.get('p1')!.balance).toBe(await expectedBalance(t.vendor.db, 'p1', 100_000n));
  });

  it('a vendor stopped during betting: the next one resumes the round and settles it', async () => {
    t = await createTestVendor({ overrides: LIVE_TEST_CONFIG, persistent: true });
    t.stub.addPlayer('p1', 100_000n);
    const a = await t.open('p1', TABLE);
    const round = await bettingRound(t, a.token, 800);
    expect((await placeBet(t.vendor.url, a.token, 'banker', '1000')).status).toBe(200);
    await t.restart(undefined, true);
    const ended = await roundEnded(t, a.token, round.id);
    expect(ended.phase).toBe('settled');
    await seatsFinal(t);
    expect(t.stub.applied).toMatchObject({ bets: 1, wins: 1, rollbacks: 0, roundEnds: 1 });
    expect(t.stub.players.get('p1')!.balance).toBe(await expectedBalance(t.vendor.db, 'p1', 100_000n));
  });

  it('a round whose clock stood still too long is cancelled and every bet rolled back once', async () => {
    t = await createTestVendor({ overrides: LIVE_TEST_CONFIG, persistent: true });
    t.stub.addPlayer('p1', 100_000n);
    t.stub.addPlayer('p2', 100_000n);
    const a = await t.open('p1', TABLE);
    const b = await t.open('p2', TABLE);
    const round = await bettingRound(t, a.token, 800);
    expect((await placeBet(t.vendor.url, a.token, 'banker', '1000')).status).toBe(200);
    expect((await placeBet(t.vendor.url, b.token, 'tie', '300')).status).toBe(200);
    await t.vendor.close();
    // Down for longer than betting + closed + two leases: nobody saw a result.
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    await t.restart(undefined, true);
    const ended = await roundEnded(t, a.token, round.id);
    expect(ended.phase).toBe('cancelled');
    expect(ended.result).toBeNull();
    await seatsFinal(t);
    expect(t.stub.applied).toMatchObject({ bets: 2, wins: 0, rollbacks: 2 });
    expect(t.stub.players.get('p1')!.balance).toBe(100_000n);
    expect(t.stub.players.get('p2')!.balance).toBe(100_000n);
    await noTransientBets(t.vendor.db);
  });
});

const MAIN = path.resolve(import.meta.dirname, '../main.ts');

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

describe('a live vendor process killed with SIGKILL', () => {
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

  it('while its win hangs: the next vendor settles every seat exactly once', async () => {
    stub = await new StubPlatform({ brands: { DEMO: TEST_SECRET } }).start();
    const platform = stub;
    storage = await createTestStorage({ persistent: true });
    const target = storage.target;
    const port = await freePort();
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
      HOUSE_VENDOR_LIVE_TABLES: TABLE,
      HOUSE_VENDOR_LIVE_BETTING_SECONDS: '2',
      HOUSE_VENDOR_LIVE_CLOSED_SECONDS: '0.1',
      HOUSE_VENDOR_LIVE_RESULT_SECONDS: '0.3',
      HOUSE_VENDOR_LIVE_LEASE_SECONDS: '1',
      ...('databaseUrl' in target ? { HOUSE_VENDOR_DATABASE_URL: target.databaseUrl } : {}),
      ...('dataDir' in target ? { HOUSE_VENDOR_DATA_DIR: target.dataDir } : {}),
    };
    const proc = spawn(process.execPath, [MAIN], { env, stdio: 'ignore' });
    child = proc;
    const url = `http://127.0.0.1:${port}`;
    await eventually(async () => (await fetch(`${url}/health`).catch(() => null))?.ok === true, 30_000);
    platform.addPlayer('k1', 100_000n);
    platform.addPlayer('k2', 100_000n);
    const open = async (player: string) => {
      const launchToken = platform.launch(player, TABLE);
      const answer = await fetch(`${url}/api/session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ merchant: 'DEMO', launchToken, game: TABLE }),
      });
      return ((await answer.json()) as { token: string }).token;
    };
    const k1 = await open('k1');
    const k2 = await open('k2');
    await eventually(async () => {
      const answer = await fetch(`${url}/api/live/tables/${TABLE}`, {
        headers: { authorization: `Bearer ${k1}` },
      });
      const body = (await answer.json()) as { round: { phase: string; msLeft: number } | null };
      return body.round?.phase === 'betting' && body.round.msLeft > 800;
    }, 30_000);
    platform.fault = (call) => (call.path === '/seamless/v1/win' ? 'hang' : 'ok');
    expect((await placeBet(url, k1, 'banker', '1000')).status).toBe(200);
    expect((await placeBet(url, k2, 'player', '2000')).status).toBe(200);
    await eventually(() => platform.calls('/seamless/v1/win').length > 0, 20_000);
    proc.kill('SIGKILL');
    await new Promise((resolve) => proc.once('exit', resolve));
    expect(platform.applied).toMatchObject({ bets: 2, wins: 0 });

    platform.fault = () => 'ok';
    const next = await startHouseVendor(testConfig(platform.url, LIVE_TEST_CONFIG), {
      logger: false,
      database: target,
    });
    try {
      await eventually(async () => {
        const left = await sql<{ n: number }>`
          select count(*)::int as n from live_seats where status not in ('settled', 'cancelled')`.execute(
          next.db,
        );
        return left.rows[0]?.n === 0;
      }, 30_000);
      expect(platform.applied).toMatchObject({ bets: 2, wins: 2, rollbacks: 0, roundEnds: 2 });
      expect(platform.players.get('k1')!.balance).toBe(await expectedBalance(next.db, 'k1', 100_000n));
      expect(platform.players.get('k2')!.balance).toBe(await expectedBalance(next.db, 'k2', 100_000n));
      await noTransientBets(next.db);
    } finally {
      await next.close();
    }
  });
});
