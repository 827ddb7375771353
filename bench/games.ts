/**
 * The games benchmark (issue 12), on real PostgreSQL:
 *  1. Spins per second through the whole path: 16 players each spin Lotus Garden in a loop on the
 *     house vendor (its own process and database), which bets and pays through the signed
 *     seamless-wallet API of the real platform over HTTP, into the ledger. Next to it, in the same
 *     run and alternated stretch by stretch, the seamless bet+win pair at 16 vendor connections
 *     (bench/seamless-load.ts) straight against the same platform: a spin is that pair plus the
 *     vendor's own work (its round, seeds and wallet-call records), so the pair is its ceiling.
 *  2. `/lgw/games/game_menus` and `GCSGAME_gameList` requests per second (autocannon, 32
 *     connections) next to a bare Fastify route on the same machine.
 *  3. The slot game page's initial JavaScript, compressed (apps/house-vendor/scripts/bundle-size.ts).
 * Afterwards the ledger must reconcile and every vendor round be settled.
 *
 * Issue 23: the spins and the pairs use the same minimal keep-alive HTTP client
 * (`VendorConnection`), so the load generator costs both sides the same; the benchmark reports the
 * CPU milliseconds per spin of the vendor and of the platform (Linux /proc), the vendor database's
 * transactions per spin counted by PostgreSQL itself (`pg_stat_database` of the vendor's own
 * database, read after the vendor stopped so every backend flushed its counters; each statement of
 * a spin is its own transaction, so this is the spin's round trips), the load average, and the
 * targets (spin >= 0.6 of the pair, <= 8 round trips, p99 < 50 ms). A ceiling stretch (the pairs)
 * or a spin that fails ends the run with an error line and exit code 1, never a "not met" beside
 * a dash.
 *
 * Part of `npm run bench`; alone (after `npm run build`): `npx node bench/games.ts`, which writes
 * bench/results/games.{json,md}. Environment: BENCH_GAMES_SECONDS (10) per stretch,
 * BENCH_GAMES_ROUNDS (2) stretches of each kind, BENCH_GAMES_PLAYERS (16), BENCH_SECONDS (10) for
 * the catalogue loads, BENCH_GAMES_ROLES (the platform's roles, all by default),
 * BENCH_ADMIN_DATABASE_URL.
 */
import { type ChildProcess, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import {
  createMember,
  createVendor,
  fundMember,
  issueVendorSession,
  launchGameFor,
  reconcileLedger,
  withDatabase,
} from '@lotus/api/harness';
import autocannon from 'autocannon';
import { lotusGarden } from '../apps/house-vendor/src/slots/games/index.ts';
import { freePort, stop, waitFor } from './platform.ts';
import {
  httpBetWinLoad,
  type LevelResult,
  type LevelRun,
  levelResult,
  loadNow,
  VendorConnection,
} from './seamless-load.ts';
import {
  benchDatabaseUrl,
  createBenchDatabases,
  dropBenchDatabases,
  load1,
  queryOne,
  rowsAndOpen,
  startScript,
  writeResults,
} from './support.ts';

const root = join(import.meta.dirname, '..');
const MERCHANT = 'DEMO';
const HEADERS = { Merchant: MERCHANT, Language: 'EN', Device: 'web' };
const GAME = lotusGarden.id;
const COIN = lotusGarden.coinValues[0]!;

export type CatalogueRun = {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
};

export type GamesBenchResult = {
  players: number;
  seconds: number;
  rounds: number;
  game: string;
  stakeMinor: string;
  spins: LevelResult;
  seamlessPairs: LevelResult;
  /** Spins per second divided by seamless bet+win pairs per second (same run, same connections). */
  spinToPairRatio: number;
  /** CPU milliseconds per spin (vendor, platform) and per pair (platform), over the measured stretches. */
  cpu: { vendorMsPerSpin: number; platformMsPerSpin: number; platformMsPerPair: number };
  /**
   * The vendor database's transactions per spin, from PostgreSQL's pg_stat_database (each statement
   * of a paid spin is its own transaction: its round trips), over the measured spin stretches.
   */
  vendorRoundTripsPerSpin: number;
  targets: { ratio: boolean; roundTrips: boolean; p99: boolean };
  loadAverage: { before: number; after: number };
  catalogue: {
    connections: number;
    seconds: number;
    gameMenus: CatalogueRun;
    gameList: CatalogueRun;
    bare: CatalogueRun;
  };
  slotPageJs: string;
  checks: {
    reconcileOk: boolean;
    reconcileProblems: number;
    vendorRounds: number;
    vendorRoundsNotSettled: number;
  };
  machine: { cpus: number; node: string };
};

/** User + system CPU time of a process in milliseconds (Linux /proc; clock ticks of 10 ms). */
function processCpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * One player's spins, one after another, over the vendor's HTTP API (as the game page calls it),
 * each player on its own keep-alive connection of the same minimal client the pairs use.
 */
async function spinLoad(
  vendorPort: number,
  tokens: string[],
  seconds: number,
  record: boolean,
  pids: { vendor: number; platform: number },
): Promise<LevelRun & { vendorCpuMs: number }> {
  const latencies: number[] = [];
  let errors = 0;
  let firstError: string | null = null;
  const connections = tokens.map(() => new VendorConnection(vendorPort));
  const cpuBefore = { vendor: processCpuMs(pids.vendor), platform: processCpuMs(pids.platform) };
  const started = performance.now();
  const until = started + seconds * 1000;
  try {
    await Promise.all(
      tokens.map(async (token, i) => {
        const connection = connections[i]!;
        const headers = `authorization: Bearer ${token}\r\ncontent-type: application/json\r\n`;
        while (performance.now() < until) {
          const t0 = performance.now();
          try {
            const body = JSON.stringify({ requestId: randomBytes(12).toString('hex'), coinValue: COIN });
            const res = await connection.post('/api/spin', headers, body);
            const answer = res.body as { status?: string } | null;
            if (res.status !== 200 || answer?.status !== 'settled')
              throw new Error(`${res.status} ${JSON.stringify(answer).slice(0, 160)}`);
            if (record) latencies.push(performance.now() - t0);
          } catch (error) {
            if (record) {
              errors += 1;
              firstError ??= error instanceof Error ? error.message : String(error);
            }
            // A broken connection stays broken: stop this player rather than spin on errors.
            if (String(error).includes('connection')) return;
          }
        }
      }),
    );
  } finally {
    await Promise.all(connections.map((c) => c.close()));
  }
  return {
    seconds: (performance.now() - started) / 1000,
    latencies,
    errors,
    firstError,
    serverCpuMs: processCpuMs(pids.platform) - cpuBefore.platform,
    clientCpuMs: 0,
    vendorCpuMs: processCpuMs(pids.vendor) - cpuBefore.vendor,
    load: loadNow(),
  };
}

/** The vendor database's transactions so far (PostgreSQL's own count) and its rounds. */
async function vendorDbCounts(url: string): Promise<{ transactions: number; rounds: number }> {
  const row = await queryOne<{ transactions: string; rounds: string }>(
    url,
    `select (xact_commit + xact_rollback)::text as transactions, (select count(*) from rounds)::text as rounds
       from pg_stat_database where datname = current_database()`,
  );
  return { transactions: Number(row?.transactions ?? 0), rounds: Number(row?.rounds ?? 0) };
}

/** Ends the run with one clear line and exit code 1 (a ceiling that failed is no measurement). */
export class BenchFailed extends Error {
  override name = 'BenchFailed';
}

async function catalogueLoad(url: string, seconds: number): Promise<CatalogueRun> {
  const result = await autocannon({
    url,
    headers: HEADERS,
    connections: 32,
    pipelining: 1,
    duration: seconds,
  });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

export async function gamesBench(): Promise<GamesBenchResult> {
  const seconds = Number(process.env.BENCH_GAMES_SECONDS ?? 10);
  const rounds = Math.max(1, Number(process.env.BENCH_GAMES_ROUNDS ?? 2));
  const players = Number(process.env.BENCH_GAMES_PLAYERS ?? 16);
  const catalogueSeconds = Number(process.env.BENCH_SECONDS ?? 10);
  const tag = randomBytes(4).toString('hex');
  const dbName = `lotus_bench_games_${tag}`;
  await createBenchDatabases(dbName, `${dbName}_vendor`);
  const databaseUrl = benchDatabaseUrl(`${dbName}`);
  const vendorDatabaseUrl = benchDatabaseUrl(`${dbName}_vendor`);
  const children: ChildProcess[] = [];
  try {
    const port = await freePort();
    const vendorPort = await freePort();
    const barePort = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const vendorUrl = `http://127.0.0.1:${vendorPort}`;
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
      // Every role, as one production process runs (the event consumers too); BENCH_GAMES_ROLES
      // narrows it (e.g. `web,realtime`, to see what the consumers cost a spin and a pair).
      ROLES: process.env.BENCH_GAMES_ROLES ?? 'web,worker,realtime',
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      HOUSE_VENDOR_PUBLIC_URL: vendorUrl,
    });
    children.push(platform);
    await waitFor(`${base}/wps/system/status`, HEADERS, platform);
    const vendor = startScript('apps/house-vendor/src/server/main.ts', {
      ...env,
      HOUSE_VENDOR_PORT: String(vendorPort),
      HOUSE_VENDOR_HOST: '127.0.0.1',
      HOUSE_VENDOR_PLATFORM_URL: base,
      HOUSE_VENDOR_DATABASE_URL: vendorDatabaseUrl,
      // Every bench player spins from 127.0.0.1 as fast as answers come: the HTTP API's limits lifted.
      HOUSE_VENDOR_HTTP_SESSIONS_PER_IP: '1000000',
      HOUSE_VENDOR_HTTP_CALLS_PER_SESSION: '1000000',
      HOUSE_VENDOR_HTTP_CALLS_PER_IP: '10000000',
      // The spins alone: the live tables (measured by bench/live.ts) would deal their rounds beside
      // them, and their statements would count as the spins' in pg_stat_database.
      HOUSE_VENDOR_LIVE_TABLES: 'none',
    });
    children.push(vendor);
    await waitFor(`${vendorUrl}/verify`, {}, vendor);
    const bare = startScript('bench/bare-server.ts', { ...process.env, PORT: String(barePort) });
    children.push(bare);
    await waitFor(`http://127.0.0.1:${barePort}/bare`, {}, bare);

    // Players: each launched into Lotus Garden through the platform's launch service, the launch
    // token exchanged at the vendor for its session; and the same number of seamless sessions of a
    // bench vendor for the bet+win pairs.
    const prepared = await withDatabase(databaseUrl, async (db) => {
      const launches: string[] = [];
      const pairTokens: string[] = [];
      const pairVendor = await createVendor(db, { merchantCode: MERCHANT, code: 'BENCHG' });
      for (let i = 0; i < players; i += 1) {
        const username = `benchg${String(i).padStart(3, '0')}`;
        const member = await createMember(db, { merchantCode: MERCHANT, username, password: 'Bench1234' });
        await fundMember(db, { merchantCode: MERCHANT, username, amount: '1000000.00' });
        launches.push(
          await launchGameFor(db, { merchantCode: MERCHANT, username, vendorCode: 'HOUSE', gameCode: GAME }),
        );
        pairTokens.push((await issueVendorSession(db, member.id, 'BENCHG', 'slots-1')).token);
      }
      const brand = await db
        .selectFrom('brands')
        .select('currency')
        .where('merchant_code', '=', MERCHANT)
        .executeTakeFirstOrThrow();
      return {
        launches,
        pairTokens,
        pairVendor: {
          merchantCode: MERCHANT,
          code: pairVendor.code,
          secret: pairVendor.secret,
          currency: brand.currency,
        },
      };
    });
    const spinTokens: string[] = [];
    for (const launch of prepared.launches) {
      const url = new URL(launch);
      const res = await fetch(`${vendorUrl}/api/session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ merchant: MERCHANT, launchToken: url.searchParams.get('launch'), game: GAME }),
      });
      const answer = (await res.json()) as { token?: string };
      if (!answer.token) throw new Error(`vendor session refused: ${JSON.stringify(answer)}`);
      spinTokens.push(answer.token);
    }

    const pairs = (stretch: number, warmup: number) =>
      httpBetWinLoad({
        port,
        serverPid: platform.pid!,
        vendor: prepared.pairVendor,
        tokens: prepared.pairTokens,
        connections: players,
        seconds: stretch,
        warmupSeconds: warmup,
        stake: '1.00',
        win: '0.50',
      });
    const pids = { vendor: vendor.pid!, platform: platform.pid! };
    const loadBefore = load1();
    // Warm both processes' code paths before recording anything.
    await spinLoad(vendorPort, spinTokens, 3, false, pids);
    await pairs(3, 0);
    const warmed = performance.now();

    // The catalogue loads touch only the platform; meanwhile the vendor's idle database backends
    // flush their statistics (PostgreSQL does so after 10 s idle), so the count below is exact.
    const catalogue = {
      connections: 32,
      seconds: catalogueSeconds,
      gameMenus: await catalogueLoad(`${base}/lgw/games/game_menus`, catalogueSeconds),
      gameList: await catalogueLoad(
        `${base}/wps/relay/GCSGAME_gameList?gameCategory=RNG&pageNo=1&pageSize=24`,
        catalogueSeconds,
      ),
      bare: await catalogueLoad(`http://127.0.0.1:${barePort}/bare`, catalogueSeconds),
    };
    const idleFor = 11_000 - (performance.now() - warmed);
    if (idleFor > 0) await new Promise((r) => setTimeout(r, idleFor));
    const before = await vendorDbCounts(vendorDatabaseUrl);

    const spinRuns: Array<LevelRun & { vendorCpuMs: number }> = [];
    const pairRuns: LevelRun[] = [];
    for (let r = 0; r < rounds; r += 1) {
      spinRuns.push(await spinLoad(vendorPort, spinTokens, seconds, true, pids));
      pairRuns.push(await pairs(seconds, 0.5));
    }
    const loadAfter = load1();
    const spins = levelResult(players, spinRuns);
    const seamlessPairs = levelResult(players, pairRuns);
    if (seamlessPairs.pairs === 0 || seamlessPairs.errors > 0)
      throw new BenchFailed(
        `the ceiling failed: ${seamlessPairs.pairs} seamless pairs, ${seamlessPairs.errors} errors (${seamlessPairs.firstError})`,
      );
    if (spins.pairs === 0 || spins.errors > 0)
      throw new BenchFailed(
        `spins failed: ${spins.pairs} spins, ${spins.errors} errors (${spins.firstError})`,
      );

    // The vendor stops (its database backends exit and flush their counters), then both sides are
    // checked.
    await new Promise((r) => setTimeout(r, 1_000));
    await stop(vendor);
    children.splice(children.indexOf(vendor), 1);
    await new Promise((r) => setTimeout(r, 500));
    const after = await vendorDbCounts(vendorDatabaseUrl);
    const spun = after.rounds - before.rounds;
    // The count read at `before` is a transaction of its own, counted after it.
    const vendorRoundTripsPerSpin = Number(
      ((after.transactions - before.transactions - 1) / spun).toFixed(2),
    );
    const report = await withDatabase(databaseUrl, (db) => reconcileLedger(db));
    const vendorRows = await rowsAndOpen(vendorDatabaseUrl, 'rounds', "status <> 'settled'");
    const vendorCpu = spinRuns.reduce((sum, run) => sum + run.vendorCpuMs, 0);
    const platformCpu = spinRuns.reduce((sum, run) => sum + (run.serverCpuMs ?? 0), 0);
    const spinToPairRatio = Number((spins.pairsPerSecond / seamlessPairs.pairsPerSecond).toFixed(3));

    const slotPageJs = execFileSync(
      process.execPath,
      [join(root, 'apps/house-vendor/scripts/bundle-size.ts')],
      {
        cwd: root,
        encoding: 'utf8',
      },
    ).trim();
    return {
      players,
      seconds,
      rounds,
      game: GAME,
      stakeMinor: String(COIN * lotusGarden.costCoins),
      spins,
      seamlessPairs,
      spinToPairRatio,
      cpu: {
        vendorMsPerSpin: Number((vendorCpu / spins.pairs).toFixed(2)),
        platformMsPerSpin: Number((platformCpu / spins.pairs).toFixed(2)),
        platformMsPerPair: seamlessPairs.serverCpuMsPerPair ?? 0,
      },
      vendorRoundTripsPerSpin,
      targets: {
        ratio: spinToPairRatio >= 0.6,
        roundTrips: vendorRoundTripsPerSpin <= 8,
        p99: spins.p99Ms < 50,
      },
      loadAverage: { before: loadBefore, after: loadAfter },
      catalogue,
      slotPageJs,
      checks: {
        reconcileOk: report.ok && report.problems.length === 0,
        reconcileProblems: report.problems.length,
        vendorRounds: vendorRows.all,
        vendorRoundsNotSettled: vendorRows.open,
      },
      machine: { cpus: cpus().length, node: process.version },
    };
  } finally {
    for (const child of children.reverse()) await stop(child);
    await dropBenchDatabases(dbName, `${dbName}_vendor`);
  }
}

/** The results as a Markdown section of bench/results/latest.md (and games.md when run alone). */
export function gamesMarkdown(r: GamesBenchResult): string {
  const row = (name: string, l: LevelResult) =>
    `| ${name} | ${l.connections} | ${l.pairsPerSecond} | ${l.pairs} | ${l.p50Ms} | ${l.p99Ms} | ${l.errors}${l.firstError ? ` (${l.firstError})` : ''} |`;
  const met = (ok: boolean) => (ok ? 'met' : '**not met**');
  const cat = (name: string, c: CatalogueRun) =>
    `| ${name} | ${c.requestsPerSecond} | ${c.p50Ms} | ${c.p99Ms} | ${c.non2xx} | ${c.errors} |`;
  return [
    '## Games: spins through the house vendor, the catalogue, the slot page',
    '',
    `${r.players} players each spin ${r.game} (stake ${r.stakeMinor} minor units) in a loop on the house vendor (its own process and PostgreSQL database), which bets and pays through the signed seamless-wallet API of the platform (its own process, PostgreSQL) over HTTP. Alternated with it, stretch by stretch (${r.rounds} x ${r.seconds} s each), the seamless bet+win pair at the same number of vendor connections straight against the platform: the ceiling of a spin, which is that pair plus the vendor's own round, seed and wallet-call records.`,
    '',
    '| path | players / connections | per second | count | p50 ms | p99 ms | errors |',
    '|---|---|---|---|---|---|---|',
    row('spin (vendor -> seamless API -> ledger)', r.spins),
    row('seamless bet+win pair', r.seamlessPairs),
    '',
    `Spins per second / pairs per second: **${r.spinToPairRatio}** (target at least 0.6: ${met(r.targets.ratio)}); spin p99 ${r.spins.p99Ms} ms (target under 50 ms: ${met(r.targets.p99)}); the vendor database's transactions per spin, counted by PostgreSQL (pg_stat_database): **${r.vendorRoundTripsPerSpin}** (target at most 8: ${met(r.targets.roundTrips)}). CPU per spin: vendor ${r.cpu.vendorMsPerSpin} ms, platform ${r.cpu.platformMsPerSpin} ms; per pair: platform ${r.cpu.platformMsPerPair} ms. Load average (1 min) ${r.loadAverage.before} before, ${r.loadAverage.after} after the stretches.`,
    '',
    `Afterwards the ledger reconciles: ${r.checks.reconcileOk ? 'yes' : `no (${r.checks.reconcileProblems} problems)`}; the vendor's ${r.checks.vendorRounds} rounds, not settled: ${r.checks.vendorRoundsNotSettled}.`,
    '',
    `Catalogue calls under autocannon (${r.catalogue.connections} connections, ${r.catalogue.seconds} s each; the demo brand's catalogue, PostgreSQL):`,
    '',
    '| target | req/s | p50 ms | p99 ms | non-2xx | errors |',
    '|---|---|---|---|---|---|',
    cat('GET /lgw/games/game_menus', r.catalogue.gameMenus),
    cat('GET /wps/relay/GCSGAME_gameList (slots, page of 24)', r.catalogue.gameList),
    cat('bare Fastify route', r.catalogue.bare),
    '',
    `Ratios to the bare route: game_menus ${(r.catalogue.gameMenus.requestsPerSecond / Math.max(1, r.catalogue.bare.requestsPerSecond)).toFixed(3)}, gameList ${(r.catalogue.gameList.requestsPerSecond / Math.max(1, r.catalogue.bare.requestsPerSecond)).toFixed(3)}.`,
    '',
    "The slot game page's JavaScript as the vendor serves it (target: at most 300 KB compressed before the first spin):",
    '',
    r.slotPageJs,
    '',
  ].join('\n');
}

if (import.meta.main) {
  try {
    const result = await gamesBench();
    writeResults('games', 'Games benchmark', result, gamesMarkdown(result));
  } catch (error) {
    if (!(error instanceof BenchFailed)) throw error;
    process.stderr.write(`GAMES BENCHMARK FAILED: ${error.message}\n`);
    process.exitCode = 1;
  }
}
