/**
 * The live casino benchmark (issue 13), on real PostgreSQL and Redis: one baccarat table of the
 * house vendor with N simulated players (BENCH_LIVE_PLAYERS, 1,000), each a Socket.IO client on
 * loopback joined to the table, each betting once every round through the vendor's HTTP API (the
 * vendor bets and pays through the signed seamless-wallet API of the real platform, into the
 * ledger). Measured per vendor layout, one process, then two processes sharing the table through
 * Socket.IO's Redis adapter (half of the players connected to each, bets sent to the process the
 * player is connected to, one process driving the clock):
 *  - bet acceptance: the time of each `POST /api/live/tables/:table/bets` (wallet bet included), p50
 *    and p99; each player bets at a random moment of the first 60% of the betting window;
 *  - settlement: from the round's betting close (`closesAt`, the server's clock) to the last of the
 *    players' own `settled` events (the wallet win + roundEnd of every seat);
 *  - broadcast: for the `closed` and `settled` phase changes, each client's receipt time minus the
 *    message's `serverTime` (one machine, one clock), p50 and p99 over every client and round.
 * Afterwards the platform's ledger must reconcile and every vendor seat be final.
 *
 * The clients all live in the benchmark's own process: on a 2-core machine shared with the servers
 * the broadcast figure includes the time that process takes to read 1,000 sockets' messages.
 *
 * Part of `npm run bench`; alone (after `npm run build`): `npx node bench/live.ts`, which writes
 * bench/results/live.{json,md}. Environment: BENCH_LIVE_PLAYERS (1000), BENCH_LIVE_ROUNDS (3) per
 * layout, BENCH_LIVE_BETTING_SECONDS (20), BENCH_LIVE_PROCESSES ("1,2"), BENCH_REDIS_URL
 * (redis://127.0.0.1:6379), BENCH_ADMIN_DATABASE_URL.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { createMember, fundMember, launchGameFor, reconcileLedger, withDatabase } from '@lotus/api/harness';
import { io, type Socket } from 'socket.io-client';
import { forEachLimit } from '../apps/house-vendor/src/server/live/engine.ts';
import { freePort, stop, waitFor } from './platform.ts';
import {
  benchDatabaseUrl,
  createBenchDatabases,
  dropBenchDatabases,
  load1,
  rowsAndOpen,
  startScript,
  writeResults,
} from './support.ts';

const _root = join(import.meta.dirname, '..');

/**
 * The measured vendor processes: this checkout's, or with BENCH_VENDOR_ROOT another copy's (e.g. the
 * commit before a change, its apps/house-vendor and packages with this node_modules linked), for a
 * before/after against the same platform in one sitting.
 */
function startVendor(env: NodeJS.ProcessEnv): ChildProcess {
  const other = process.env.BENCH_VENDOR_ROOT;
  if (!other) return startScript('apps/house-vendor/src/server/main.ts', env);
  return spawn(process.execPath, [join(other, 'apps/house-vendor/src/server/main.ts')], {
    cwd: other,
    env,
    stdio: 'inherit',
  });
}
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const MERCHANT = 'DEMO';
const HEADERS = { Merchant: MERCHANT, Language: 'EN', Device: 'web' };
const TABLE = 'live-baccarat';
const STAKE = '1000';

type Stats = { count: number; p50Ms: number; p99Ms: number; maxMs: number };

export type LiveLayoutResult = {
  processes: number;
  rounds: number;
  betsPlaced: number;
  betErrors: number;
  firstBetError: string | null;
  betAcceptance: Stats;
  /** Per round: betting close -> the last player's `settled`, ms. */
  settlementMs: number[];
  /** Players whose `settled` never came (within 120 s of the close), all rounds. */
  settlementsMissing: number;
  broadcastClosed: Stats;
  broadcastSettled: Stats;
  joinMs: number;
  /** The machine's 1-minute load average when the layout started and when its last round was measured. */
  load: { start: number; end: number };
  /** Bets accepted per second while the round's bets were being sent (first send to last answer). */
  betsPerSecond: number;
};

export type LiveBenchResult = {
  players: number;
  bettingSeconds: number;
  settleConcurrency: number;
  /** Seats per signed batch of the settlement's wallet calls (win + roundEnd each). */
  settleBatchSeats: number;
  layouts: LiveLayoutResult[];
  checks: { reconcileOk: boolean; reconcileProblems: number; seats: number; seatsNotFinal: number };
  machine: { cpus: number; node: string };
};

function stats(values: number[]): Stats {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  const r = (n: number) => Math.round(n * 10) / 10;
  return { count: sorted.length, p50Ms: r(at(0.5)), p99Ms: r(at(0.99)), maxMs: r(sorted.at(-1) ?? 0) };
}

type Round = { id: string; phase: string; closesAt: string; serverTime: string; msLeft: number };
type Player = { token: string; url: string; socket: Socket; settled: Map<string, number> };

/** One layout: `processes` vendor processes on one database (and Redis when more than one). */
async function layout(options: {
  processes: number;
  rounds: number;
  bettingSeconds: number;
  tokens: string[];
  vendorEnv: (port: number) => NodeJS.ProcessEnv;
}): Promise<LiveLayoutResult> {
  const children: ChildProcess[] = [];
  const players: Player[] = [];
  const loadStart = load1();
  try {
    const urls: string[] = [];
    for (let i = 0; i < options.processes; i += 1) {
      const port = await freePort();
      const child = startVendor(options.vendorEnv(port));
      children.push(child);
      const url = `http://127.0.0.1:${port}`;
      await waitFor(`${url}/health`, {}, child);
      urls.push(url);
    }
    const broadcast = { closed: [] as number[], settled: [] as number[] };
    const rounds = new Map<string, Round>();
    const joinStarted = performance.now();
    await forEachLimit([...options.tokens.entries()], 50, async ([i, token]) => {
      const url = urls[i % urls.length]!;
      const socket = io(url, {
        path: '/live/socket.io',
        auth: { token },
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
      });
      const player: Player = { token, url, socket, settled: new Map() };
      socket.on('phase', (round: Round) => {
        const lag = Date.now() - Date.parse(round.serverTime);
        if (round.phase === 'closed') broadcast.closed.push(lag);
        if (round.phase === 'settled') broadcast.settled.push(lag);
        if (i === 0) rounds.set(`${round.id}:${round.phase}`, round);
      });
      socket.on('settled', (payload: { round: string }) => player.settled.set(payload.round, Date.now()));
      const ack = (await socket.timeout(30_000).emitWithAck('join', { table: TABLE })) as {
        ok: boolean;
        error?: string;
      };
      if (!ack.ok) throw new Error(`join refused: ${ack.error}`);
      players.push(player);
    });
    const joinMs = Math.round(performance.now() - joinStarted);
    // Only what happens from the next round on is measured.
    broadcast.closed.length = 0;
    broadcast.settled.length = 0;

    const latencies: number[] = [];
    let sendingMs = 0;
    let betErrors = 0;
    let firstBetError: string | null = null;
    const settlementMs: number[] = [];
    let settlementsMissing = 0;
    const seen = new Set<string>();
    const nextBetting = async (): Promise<Round> => {
      const deadline = Date.now() + 180_000;
      while (Date.now() < deadline) {
        for (const [key, round] of rounds)
          if (key.endsWith(':betting') && !seen.has(round.id) && round.msLeft > 2_000) {
            seen.add(round.id);
            return round;
          }
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error('no betting round in 180 s');
    };
    // Rounds already open when the players joined are skipped.
    for (const [key, round] of rounds) if (key.endsWith(':betting')) seen.add(round.id);
    for (let r = 0; r < options.rounds; r += 1) {
      const round = await nextBetting();
      const windowMs = Math.max(0, Date.parse(round.closesAt) - Date.now()) * 0.6;
      const errorsBefore = betErrors;
      const sendStart = performance.now();
      await Promise.all(
        players.map(async (player, i) => {
          await new Promise((resolve) => setTimeout(resolve, Math.random() * windowMs));
          const t0 = performance.now();
          try {
            const res = await fetch(`${player.url}/api/live/tables/${TABLE}/bets`, {
              method: 'POST',
              headers: { authorization: `Bearer ${player.token}`, 'content-type': 'application/json' },
              body: JSON.stringify({
                requestId: `b${r}-${i}-${randomBytes(4).toString('hex')}`,
                kind: i % 2 === 0 ? 'banker' : 'player',
                stake: STAKE,
              }),
            });
            const body = await res.text();
            if (!res.ok) throw new Error(`${res.status} ${body.slice(0, 120)}`);
            latencies.push(performance.now() - t0);
          } catch (error) {
            betErrors += 1;
            firstBetError ??= error instanceof Error ? error.message : String(error);
          }
        }),
      );
      sendingMs += performance.now() - sendStart;
      // Every player's settlement of this round, or 120 s after the close.
      const closesAt = Date.parse(round.closesAt);
      const bettors = players.length - (betErrors - errorsBefore);
      await new Promise<void>((resolve) => {
        const check = () => {
          const done = players.filter((p) => p.settled.has(round.id)).length;
          if (done >= bettors || Date.now() > closesAt + 120_000) return resolve();
          setTimeout(check, 50);
        };
        check();
      });
      const times = players.flatMap((p) => {
        const at = p.settled.get(round.id);
        return at === undefined ? [] : [at];
      });
      settlementsMissing += Math.max(0, bettors - times.length);
      settlementMs.push(times.length > 0 ? Math.max(...times) - closesAt : Number.NaN);
      // The round's `settled` phase reaches every client before the next one is measured.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
    return {
      processes: options.processes,
      rounds: options.rounds,
      betsPlaced: latencies.length,
      betErrors,
      firstBetError,
      betAcceptance: stats(latencies),
      settlementMs,
      settlementsMissing,
      broadcastClosed: stats(broadcast.closed),
      broadcastSettled: stats(broadcast.settled),
      joinMs,
      load: { start: loadStart, end: load1() },
      betsPerSecond: Math.round((latencies.length / Math.max(1, sendingMs)) * 1000 * 10) / 10,
    };
  } finally {
    for (const player of players) player.socket.disconnect();
    for (const child of children.reverse()) await stop(child);
  }
}

export async function liveBench(): Promise<LiveBenchResult> {
  const playerCount = Number(process.env.BENCH_LIVE_PLAYERS ?? 1000);
  const rounds = Math.max(1, Number(process.env.BENCH_LIVE_ROUNDS ?? 3));
  const bettingSeconds = Number(process.env.BENCH_LIVE_BETTING_SECONDS ?? 20);
  const layouts = (process.env.BENCH_LIVE_PROCESSES ?? '1,2').split(',').map(Number);
  const settleConcurrency = Number(process.env.HOUSE_VENDOR_LIVE_SETTLE_CONCURRENCY ?? 32);
  const settleBatchSeats = Number(process.env.HOUSE_VENDOR_LIVE_SETTLE_BATCH_SEATS ?? 100);
  const tag = randomBytes(4).toString('hex');
  const dbName = `lotus_bench_live_${tag}`;
  await createBenchDatabases(dbName, `${dbName}_vendor`);
  const databaseUrl = benchDatabaseUrl(`${dbName}`);
  const vendorDatabaseUrl = benchDatabaseUrl(`${dbName}_vendor`);
  const children: ChildProcess[] = [];
  try {
    const port = await freePort();
    const vendorPort = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'production',
      SEED_DEMO_BRAND: '1',
      LOG_LEVEL: 'warn',
    };
    delete env.REDIS_URL;
    delete env.DATA_DIR;
    const platform = startScript('apps/api/src/main.ts', {
      ...env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      HOUSE_VENDOR_PUBLIC_URL: `http://127.0.0.1:${vendorPort}`,
    });
    children.push(platform);
    await waitFor(`${base}/wps/system/status`, HEADERS, platform);
    const vendorEnv =
      (processes: number) =>
      (vendorPortOf: number): NodeJS.ProcessEnv => ({
        ...env,
        HOUSE_VENDOR_PORT: String(vendorPortOf),
        HOUSE_VENDOR_HOST: '127.0.0.1',
        HOUSE_VENDOR_PLATFORM_URL: base,
        HOUSE_VENDOR_DATABASE_URL: vendorDatabaseUrl,
        HOUSE_VENDOR_DATABASE_POOL_SIZE: '20',
        HOUSE_VENDOR_LIVE_TABLES: TABLE,
        HOUSE_VENDOR_LIVE_BETTING_SECONDS: String(bettingSeconds),
        HOUSE_VENDOR_LIVE_CLOSED_SECONDS: '1',
        HOUSE_VENDOR_LIVE_RESULT_SECONDS: '2',
        HOUSE_VENDOR_LIVE_SETTLE_CONCURRENCY: String(settleConcurrency),
        HOUSE_VENDOR_LIVE_SETTLE_BATCH_SEATS: String(settleBatchSeats),
        // Every simulated player comes from 127.0.0.1: the per-address join limit is lifted.
        HOUSE_VENDOR_LIVE_JOINS_PER_IP: '1000000',
        // ... and so are the HTTP API's per-address limits (1,000 session exchanges, then every bet).
        HOUSE_VENDOR_HTTP_SESSIONS_PER_IP: '1000000',
        HOUSE_VENDOR_HTTP_CALLS_PER_IP: '10000000',
        ...(processes > 1
          ? { HOUSE_VENDOR_REDIS_URL: REDIS_URL, HOUSE_VENDOR_REDIS_KEY: `bench-live-${tag}` }
          : {}),
      });

    // The players: members of the demo brand, funded, each launched into the table through the
    // platform's launch service and the launch token exchanged at once (it is short-lived) at a
    // vendor process for its session.
    const sessionVendor = startScript('apps/house-vendor/src/server/main.ts', {
      ...vendorEnv(1)(vendorPort),
      HOUSE_VENDOR_LIVE_TABLES: 'none',
    });
    children.push(sessionVendor);
    const vendorUrl = `http://127.0.0.1:${vendorPort}`;
    await waitFor(`${vendorUrl}/health`, {}, sessionVendor);
    const tokens: string[] = [];
    await withDatabase(databaseUrl, async (db) => {
      await forEachLimit(
        Array.from({ length: playerCount }, (_, i) => i),
        8,
        async (i) => {
          const username = `benchl${String(i).padStart(4, '0')}`;
          await createMember(db, { merchantCode: MERCHANT, username, password: 'Bench1234' });
          await fundMember(db, { merchantCode: MERCHANT, username, amount: '100000.00' });
          const launch = await launchGameFor(db, {
            merchantCode: MERCHANT,
            username,
            vendorCode: 'HOUSE',
            gameCode: TABLE,
          });
          const res = await fetch(`${vendorUrl}/api/session`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              merchant: MERCHANT,
              launchToken: new URL(launch).searchParams.get('launch'),
              game: TABLE,
            }),
          });
          const answer = (await res.json()) as { token?: string };
          if (!answer.token) throw new Error(`vendor session refused: ${JSON.stringify(answer)}`);
          tokens[i] = answer.token;
        },
      );
    });
    await stop(sessionVendor);

    const results: LiveLayoutResult[] = [];
    for (const processes of layouts)
      results.push(
        await layout({ processes, rounds, bettingSeconds, tokens, vendorEnv: vendorEnv(processes) }),
      );

    // Both sides afterwards: the ledger reconciles, every seat is final (the last vendor stopped
    // after its last round settled; a seat left open would be the recovery job's).
    const report = await withDatabase(databaseUrl, (db) => reconcileLedger(db));
    const vendorRows = await rowsAndOpen(
      vendorDatabaseUrl,
      'live_seats',
      "status not in ('settled', 'cancelled')",
    );
    return {
      players: playerCount,
      bettingSeconds,
      settleConcurrency,
      settleBatchSeats,
      layouts: results,
      checks: {
        reconcileOk: report.ok && report.problems.length === 0,
        reconcileProblems: report.problems.length,
        seats: vendorRows.all,
        seatsNotFinal: vendorRows.open,
      },
      machine: { cpus: cpus().length, node: process.version },
    };
  } finally {
    for (const child of children.reverse()) await stop(child);
    await dropBenchDatabases(dbName, `${dbName}_vendor`);
  }
}

/** The results as a Markdown section of bench/results/latest.md (and live.md when run alone). */
export function liveMarkdown(r: LiveBenchResult): string {
  const s = (x: Stats) => `${x.p50Ms} / ${x.p99Ms}`;
  const secs = (ms: number[]) => ms.map((m) => (Number.isNaN(m) ? 'n/a' : (m / 1000).toFixed(2))).join(', ');
  return [
    '## Live casino: one table, many players',
    '',
    `${r.players} simulated players at one baccarat table of the house vendor (PostgreSQL, its own database), each a Socket.IO client on loopback (WebSocket) and each betting ${STAKE} minor units once every round through the vendor's HTTP API, at a random moment of the first 60% of a ${r.bettingSeconds} s betting window; the vendor bets and pays each player through the signed seamless-wallet API of the platform (its own process, PostgreSQL) over HTTP. Settlement: the seats' database steps ${r.settleConcurrency} at a time, their wallet win + roundEnd in signed batches of ${r.settleBatchSeats} seats (/seamless/v1/batch, 2 in flight). Two processes: one database, Socket.IO's Redis adapter, half of the players on each, one process driving the clock and settling. The clients run in the benchmark's own process on the same 2 cores, and the machine was shared with other work during the run: the figures are an order of magnitude, not a capacity.`,
    '',
    '| vendor processes | rounds | bets accepted | bet errors | bet acceptance p50 / p99 ms | close -> every player settled, s (per round) | settlements missing | phase `closed` broadcast p50 / p99 ms | phase `settled` broadcast p50 / p99 ms | join of all players, ms | bets/s while betting | load average start / end |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...r.layouts.map(
      (l) =>
        `| ${l.processes} | ${l.rounds} | ${l.betsPlaced} | ${l.betErrors}${l.firstBetError ? ` (${l.firstBetError})` : ''} | ${s(l.betAcceptance)} | ${secs(l.settlementMs)} | ${l.settlementsMissing} | ${s(l.broadcastClosed)} | ${s(l.broadcastSettled)} | ${l.joinMs} | ${l.betsPerSecond} | ${l.load.start} / ${l.load.end} |`,
    ),
    '',
    `Afterwards the platform's ledger reconciles: ${r.checks.reconcileOk ? 'yes' : `no (${r.checks.reconcileProblems} problems)`}; the vendor's ${r.checks.seats} seats, not final: ${r.checks.seatsNotFinal}.`,
    '',
  ].join('\n');
}

if (import.meta.main) {
  const result = await liveBench();
  writeResults('live', 'Live casino benchmark', result, liveMarkdown(result));
  process.exit(0);
}
