/**
 * The money benchmark (issue 4): seamless-wallet bet-then-win round trips per second through the
 * HTTP API of the real server on real PostgreSQL, at 1, 16 and 64 vendor connections, next to the
 * raw-SQL ceiling of the same statements run by pgbench against the same database in the same run.
 * Target: at least 0.75 of the ceiling, and p99 under 25 ms at 16 connections. Plus a hot player:
 * 16 connections betting on one wallet. Afterwards the ledger must reconcile and every bet have
 * its win.
 *
 * Part of `npm run bench`; alone: `npx node bench/seamless.ts`. Environment:
 *   BENCH_SEAMLESS_SECONDS (default twice BENCH_SECONDS, or 20) measured seconds per level,
 *   BENCH_SEAMLESS_WARMUP (1) unrecorded seconds before each HTTP stretch,
 *   BENCH_SEAMLESS_STARTUP_WARMUP (5) unrecorded seconds at 16 connections once the server is up,
 *   BENCH_SEAMLESS_ROUNDS (4) HTTP and pgbench stretches alternated per level (more, shorter
 *   stretches average out the shared machine's drift: single-connection stretches were seen to
 *   swing between 150 and 650 pairs/s within minutes),
 *   BENCH_SEAMLESS_LEVELS ("1,16,64"), BENCH_SEAMLESS_HOT (16, 0 = no hot-player run),
 *   BENCH_SEAMLESS_PLAYERS (256), BENCH_SEAMLESS_PROFILE (a directory: the server runs with
 *   --cpu-prof and writes its profile there), BENCH_SEAMLESS_PGBENCH_PROTOCOL (prepared, as the
 *   server runs its bet and win since db/database.ts's preparedStatementMark; `extended` parses
 *   every statement each time), BENCH_SEAMLESS_KEEP_DB (keep the database),
 *   BENCH_ADMIN_DATABASE_URL (postgres://.../postgres).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { join } from 'node:path';
import {
  createMember,
  createVendor,
  fundMember,
  issueVendorSession,
  reconcileLedger,
  withDatabase,
} from '@lotus/api/harness';
import { currencyScale } from '@lotus/contracts/money';
import { sql } from 'kysely';
import { VENDOR_ACCOUNT_SHARDS } from '../apps/api/src/domains/vendors/seamless.service.ts';
import {
  findPgbench,
  httpBetWinLoad,
  type LevelResult,
  type LevelRun,
  levelResult,
  percentile,
  pgbenchBetWin,
  sequentialPairs,
} from './seamless-load.ts';
import { pairStatements, scriptStatementCount } from './seamless-statements.ts';
import { admin, benchDatabaseUrl } from './support.ts';

const root = join(import.meta.dirname, '..');
const SCRIPT = join(root, 'bench/pgbench/bet-win.sql');
const MERCHANT = 'DEMO';
const VENDOR_CODE = 'BENCH';
/** Each pair's stake and win: decimal strings on the wire, minor units for pgbench. */
const STAKE = { http: '1.00', minor: '100' };
const WIN = { http: '0.50', minor: '50' };
/** Every player starts with a million stakes: no bet is ever refused for the balance. */
const FUNDING = '1000000.00';
const TARGET_RATIO = 0.75;
const TARGET_P99_MS = 25;

export type SeamlessLevel = {
  connections: number;
  http: LevelResult;
  pgbench: LevelResult | null;
  /** HTTP pairs/s divided by pgbench pairs/s (null without pgbench). */
  ratio: number | null;
};

export type SeamlessBenchResult = {
  seconds: number;
  rounds: number;
  startupWarmup: number;
  warmup: number;
  players: number;
  stake: string;
  win: string;
  levels: SeamlessLevel[];
  hotPlayer: SeamlessLevel | null;
  pgbench: string | null;
  pgbenchProtocol: 'prepared' | 'extended';
  checks: {
    reconcileOk: boolean;
    reconcileProblems: number;
    bets: number;
    wins: number;
    betsWithoutWin: number;
    /** SQL statements of one pair: as the server runs them now, and in the pgbench script. */
    serverStatementsPerPair: number;
    scriptStatementsPerPair: number;
  };
  target: { ratio: number; p99MsAt16: number; met: boolean | null; notes: string[] };
};

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

async function waitForReady(port: number, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited early (${server.exitCode})`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/wps/system/status`, {
        headers: { Merchant: MERCHANT },
      });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server not ready in 60 s');
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** The production entry point on the bench database (migrations and demo seed on its first start). */
async function startPlatform(databaseUrl: string, port: number): Promise<ChildProcess> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    // The demo brand is meant here (SEED_DEMO_BRAND is off by default under production).
    SEED_DEMO_BRAND: '1',
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
  };
  delete env.REDIS_URL;
  delete env.DATA_DIR;
  const profileDir = process.env.BENCH_SEAMLESS_PROFILE;
  const flags = profileDir ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : [];
  const child = spawn(process.execPath, [...flags, join(root, 'apps/api/src/main.ts')], {
    cwd: root,
    env,
    stdio: 'inherit',
  });
  await waitForReady(port, child);
  return child;
}

type Prepared = {
  vendor: { merchantCode: string; code: string; secret: string; currency: string };
  tokens: string[];
  variables: Record<string, string>;
};

/**
 * Opens the vendor's accounts (one per shard of its players) with a pair for each of the first
 * players in turn, so that no measured call creates one.
 */
async function openVendorAccounts(port: number, prepared: Prepared): Promise<void> {
  const opening = prepared.tokens.slice(0, VENDOR_ACCOUNT_SHARDS);
  await sequentialPairs({ port, vendor: prepared.vendor, tokens: opening, stake: STAKE.http, win: WIN.http });
}

/**
 * A vendor and `players` funded members, each with a game-launch token; the pgbench script finds a
 * player's session (and through it the token's hash) by their consecutive ids.
 */
async function prepare(databaseUrl: string, players: number): Promise<Prepared> {
  return withDatabase(databaseUrl, async (db) => {
    const vendor = await createVendor(db, { merchantCode: MERCHANT, code: VENDOR_CODE });
    const brand = await db
      .selectFrom('brands')
      .select(['id', 'currency'])
      .where('merchant_code', '=', MERCHANT)
      .executeTakeFirstOrThrow();
    const tokens: string[] = [];
    for (let i = 0; i < players; i += 1) {
      const username = `benchp${String(i).padStart(4, '0')}`;
      const member = await createMember(db, { merchantCode: MERCHANT, username, password: 'Bench1234' });
      await fundMember(db, { merchantCode: MERCHANT, username, amount: FUNDING });
      tokens.push((await issueVendorSession(db, member.id, VENDOR_CODE, 'slots-1')).token);
    }
    const rows = await db
      .selectFrom('vendor_sessions')
      .select('id as session')
      .where('vendor_id', '=', vendor.id)
      .orderBy('id')
      .execute();
    const first = rows[0];
    const consecutive =
      first !== undefined &&
      rows.length === players &&
      rows.every((r, i) => BigInt(r.session) === BigInt(first.session) + BigInt(i));
    if (!consecutive) throw new Error('bench sessions are not consecutive');
    return {
      vendor: { merchantCode: MERCHANT, code: vendor.code, secret: vendor.secret, currency: brand.currency },
      tokens,
      variables: {
        brand: brand.id,
        vendor: vendor.id,
        currency: brand.currency,
        s0: first.session,
        stake: STAKE.minor,
        win: WIN.minor,
        vendor_code: vendor.code,
        scale: String(currencyScale(brand.currency)),
      },
    };
  });
}

async function checks(
  databaseUrl: string,
  vendorId: string,
): Promise<Omit<SeamlessBenchResult['checks'], 'serverStatementsPerPair' | 'scriptStatementsPerPair'>> {
  return withDatabase(databaseUrl, async (db) => {
    const report = await reconcileLedger(db);
    const counts = await db
      .selectFrom('seamless_transactions')
      .select([
        sql<string>`count(*) filter (where kind = 'bet')`.as('bets'),
        sql<string>`count(*) filter (where kind = 'win')`.as('wins'),
        sql<string>`count(*) filter (where kind = 'bet' and bet_state <> 'won')`.as('open'),
      ])
      .where('vendor_id', '=', vendorId)
      .executeTakeFirstOrThrow();
    return {
      reconcileOk: report.ok && report.problems.length === 0,
      reconcileProblems: report.problems.length,
      bets: Number(counts.bets),
      wins: Number(counts.wins),
      betsWithoutWin: Number(counts.open),
    };
  });
}

const ratioOf = (http: LevelResult, ceiling: LevelResult | null) =>
  ceiling && ceiling.pairsPerSecond > 0
    ? Number((http.pairsPerSecond / ceiling.pairsPerSecond).toFixed(3))
    : null;

function numberList(text: string): number[] {
  return text
    .split(',')
    .map((s) => Number(s.trim()))
    .filter((n) => Number.isInteger(n) && n > 0);
}

export async function seamlessBench(): Promise<SeamlessBenchResult> {
  const seconds = Number(
    process.env.BENCH_SEAMLESS_SECONDS ??
      (process.env.BENCH_SECONDS ? 2 * Number(process.env.BENCH_SECONDS) : 20),
  );
  const warmupSeconds = Number(process.env.BENCH_SEAMLESS_WARMUP ?? 1);
  const startupWarmup = Number(process.env.BENCH_SEAMLESS_STARTUP_WARMUP ?? 5);
  const rounds = Math.max(1, Number(process.env.BENCH_SEAMLESS_ROUNDS ?? 4));
  const levels = numberList(process.env.BENCH_SEAMLESS_LEVELS ?? '1,16,64');
  const hot = Number(process.env.BENCH_SEAMLESS_HOT ?? 16);
  const players = Number(process.env.BENCH_SEAMLESS_PLAYERS ?? 256);
  const pgbench = findPgbench();
  const protocol = process.env.BENCH_SEAMLESS_PGBENCH_PROTOCOL === 'extended' ? 'extended' : 'prepared';

  const dbName = `lotus_bench_${randomBytes(4).toString('hex')}`;
  await admin(`CREATE DATABASE ${dbName}`);
  const databaseUrl = benchDatabaseUrl(`${dbName}`);
  try {
    const port = await freePort();
    const server = await startPlatform(databaseUrl, port);
    const notes: string[] = [];
    const results: SeamlessLevel[] = [];
    let hotPlayer: SeamlessLevel | null = null;
    let prepared: Prepared;
    try {
      prepared = await prepare(databaseUrl, players);
      await openVendorAccounts(port, prepared);
      prepared.variables.shards = String(VENDOR_ACCOUNT_SHARDS);
      const http = (connections: number, tokens: string[], stretch: number, warmup: number) =>
        httpBetWinLoad({
          port,
          serverPid: server.pid!,
          vendor: prepared.vendor,
          tokens,
          connections,
          seconds: stretch,
          warmupSeconds: warmup,
          stake: STAKE.http,
          win: WIN.http,
        });
      // A server that has run a while, as in production: its code compiled by V8's optimising
      // tiers before anything is recorded (at one connection, a second of warm-up is not enough).
      await http(16, prepared.tokens, startupWarmup, 0);

      // The ceiling: the same statements on the same database while the (idle) server waits.
      // A failed pgbench stretch (too many connections for the server, say) is reported, not fatal.
      const ceiling = async (clients: number, hotPlayer: boolean, stretch: number) => {
        if (!pgbench) return null;
        try {
          return await pgbenchBetWin({
            pgbench,
            databaseUrl,
            script: SCRIPT,
            clients,
            protocol,
            seconds: stretch,
            variables: { ...prepared.variables, players: hotPlayer ? '1' : String(players) },
          });
        } catch (error) {
          notes.push(
            `pgbench at ${clients} clients: ${error instanceof Error ? error.message : String(error)}`,
          );
          return null;
        }
      };
      // Each level alternates HTTP and pgbench stretches, so that both see the same machine: on a
      // shared virtual machine the speed drifts by tens of percent within minutes.
      const level = async (
        connections: number,
        tokens: string[],
        hotPlayer: boolean,
      ): Promise<SeamlessLevel> => {
        const stretch = seconds / rounds;
        const httpRuns: LevelRun[] = [];
        const sqlRuns: LevelRun[] = [];
        for (let round = 0; round < rounds; round += 1) {
          const httpRun = await http(connections, tokens, stretch, warmupSeconds);
          httpRuns.push(httpRun);
          const run = await ceiling(connections, hotPlayer, stretch);
          if (run) sqlRuns.push(run);
          const rate = (r: LevelRun | null) => {
            if (!r) return '-';
            const sorted = [...r.latencies].sort((x, y) => x - y);
            const p = (q: number) => percentile(sorted, q);
            return `${Math.round(r.latencies.length / r.seconds)} pairs/s (p50 ${p(50)}, p90 ${p(90)}, p99 ${p(99)} ms)`;
          };
          process.stderr.write(
            `seamless ${connections}${hotPlayer ? ' hot' : ''} round ${round + 1}: HTTP ${rate(httpRun)}, pgbench ${rate(run)}\n`,
          );
        }
        const httpResult = levelResult(connections, httpRuns);
        const sqlResult = sqlRuns.length === rounds ? levelResult(connections, sqlRuns) : null;
        return { connections, http: httpResult, pgbench: sqlResult, ratio: ratioOf(httpResult, sqlResult) };
      };
      for (const connections of levels) results.push(await level(connections, prepared.tokens, false));
      if (hot > 0) hotPlayer = await level(hot, prepared.tokens.slice(0, 1), true);
    } finally {
      await stop(server);
    }

    // Last, as it adds a vendor and a member: is the script still the server's SQL?
    const verified = {
      ...(await checks(databaseUrl, prepared.variables.vendor!)),
      serverStatementsPerPair: (await pairStatements(databaseUrl)).filter((l) => !l.startsWith('--')).length,
      scriptStatementsPerPair: scriptStatementCount(SCRIPT),
    };
    if (verified.serverStatementsPerPair !== verified.scriptStatementsPerPair)
      notes.push(
        `the server now runs ${verified.serverStatementsPerPair} statements per pair, bench/pgbench/bet-win.sql ${verified.scriptStatementsPerPair}: update the script (bench/seamless-statements.ts lists them)`,
      );
    if (!pgbench) notes.push('pgbench not found: no ceiling measured');
    const at16 = results.find((l) => l.connections === 16);
    if (!at16) notes.push('no 16-connection level: the p99 target is not judged');
    for (const level of [...results, ...(hotPlayer ? [hotPlayer] : [])]) {
      if (level.http.errors > 0) notes.push(`${level.connections} connections: ${level.http.firstError}`);
    }
    if (!verified.reconcileOk)
      notes.push(`the ledger does not reconcile (${verified.reconcileProblems} problems)`);
    if (verified.bets !== verified.wins || verified.betsWithoutWin > 0)
      notes.push(
        `bets ${verified.bets}, wins ${verified.wins}, bets without a win ${verified.betsWithoutWin}`,
      );
    const ratiosMet = results.every((l) => l.ratio !== null && l.ratio >= TARGET_RATIO);
    const met = pgbench && at16 ? ratiosMet && at16.http.p99Ms < TARGET_P99_MS && verified.reconcileOk : null;
    return {
      seconds,
      rounds,
      startupWarmup,
      warmup: warmupSeconds,
      players,
      stake: STAKE.http,
      win: WIN.http,
      levels: results,
      hotPlayer,
      pgbench,
      pgbenchProtocol: protocol,
      checks: verified,
      target: { ratio: TARGET_RATIO, p99MsAt16: TARGET_P99_MS, met, notes },
    };
  } finally {
    if (!process.env.BENCH_SEAMLESS_KEEP_DB) await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  }
}

/** The results as a Markdown section of bench/results/latest.md. */
export function seamlessMarkdown(r: SeamlessBenchResult): string {
  const row = (name: string, l: SeamlessLevel) => {
    const c = l.pgbench;
    return `| ${name} | ${l.http.pairsPerSecond} | ${l.http.p50Ms} | ${l.http.p99Ms} | ${l.http.errors} | ${l.http.serverCpuMsPerPair ?? '-'} | ${l.http.clientCpuMsPerPair ?? '-'} | ${c ? c.pairsPerSecond : '-'} | ${c ? c.p50Ms : '-'} | ${c ? c.p99Ms : '-'} | ${l.ratio ?? '-'} |`;
  };
  const verdict = r.target.met === null ? 'not judged' : r.target.met ? '**met**' : '**not met**';
  return [
    '## Seamless wallet: bet + win round trips on PostgreSQL',
    '',
    `Each vendor connection loops a signed bet then its win (stake ${r.stake}, win ${r.win}) over keep-alive HTTP to the real server on a fresh PostgreSQL database, ${r.players} funded players spread over the connections, ${r.seconds} s per level. The ceiling is pgbench running the same SQL statements in the same transactions (bench/pgbench/bet-win.sql, pgbench -M ${r.pgbenchProtocol}) with as many clients (one connection each; the server goes through its pool of 10, apps/api/src/db/database.ts), against the same database while the server idles. Each level alternates ${r.rounds} HTTP and ${r.rounds} pgbench stretches of ${r.seconds / r.rounds} s (both see the same machine; a shared VM's speed drifts within minutes); the server first runs ${r.startupWarmup} s unrecorded (V8 compiles its hot code), each HTTP stretch ${r.warmup} s more. The load generator is a minimal keep-alive HTTP/1.1 client (bench/seamless-load.ts), as pgbench is a C program: both share the machine's cores with the server and the database.`,
    '',
    '| connections | HTTP pairs/s | p50 ms | p99 ms | errors | server CPU ms/pair | client CPU ms/pair | pgbench pairs/s | p50 ms | p99 ms | ratio |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
    ...r.levels.map((l) => row(String(l.connections), l)),
    ...(r.hotPlayer ? [row(`${r.hotPlayer.connections}, one hot player`, r.hotPlayer)] : []),
    '',
    `Target: ratio at least ${r.target.ratio} at every level and p99 under ${r.target.p99MsAt16} ms at 16 connections: ${verdict}.`,
    `After the run: ledger reconciles: ${r.checks.reconcileOk ? 'yes' : `no (${r.checks.reconcileProblems} problems)`}; bets ${r.checks.bets}, wins ${r.checks.wins}, bets without a win ${r.checks.betsWithoutWin} (HTTP and pgbench together); SQL statements per pair: server ${r.checks.serverStatementsPerPair}, pgbench script ${r.checks.scriptStatementsPerPair}.`,
    ...r.target.notes.map((n) => `- ${n}`),
    '',
  ].join('\n');
}

if (import.meta.main) {
  const result = await seamlessBench();
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n\n${seamlessMarkdown(result)}`);
}
