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
 * Part of `npm run bench`; alone (after `npm run build`): `npx node bench/games.ts`, which writes
 * bench/results/games.{json,md}. Environment: BENCH_GAMES_SECONDS (10) per stretch,
 * BENCH_GAMES_ROUNDS (2) stretches of each kind, BENCH_GAMES_PLAYERS (16), BENCH_SECONDS (10) for
 * the catalogue loads, BENCH_ADMIN_DATABASE_URL.
 */
import { type ChildProcess, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
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
import { httpBetWinLoad, type LevelResult, type LevelRun, levelResult, loadNow } from './seamless-load.ts';
import {
  benchDatabaseUrl,
  createBenchDatabases,
  dropBenchDatabases,
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

/** One player's spins, one after another, over the vendor's HTTP API (as the game page calls it). */
async function spinLoad(
  vendorUrl: string,
  tokens: string[],
  seconds: number,
  record: boolean,
): Promise<LevelRun> {
  const latencies: number[] = [];
  let errors = 0;
  let firstError: string | null = null;
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(
    tokens.map(async (token) => {
      while (performance.now() < until) {
        const t0 = performance.now();
        try {
          const res = await fetch(`${vendorUrl}/api/spin`, {
            method: 'POST',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body: JSON.stringify({ requestId: randomBytes(12).toString('hex'), coinValue: COIN }),
          });
          const answer = (await res.json()) as { status?: string; code?: string };
          if (!res.ok || answer.status !== 'settled')
            throw new Error(`${res.status} ${JSON.stringify(answer).slice(0, 160)}`);
          if (record) latencies.push(performance.now() - t0);
        } catch (error) {
          if (record) {
            errors += 1;
            firstError ??= error instanceof Error ? error.message : String(error);
          }
        }
      }
    }),
  );
  return { seconds: (performance.now() - started) / 1000, latencies, errors, firstError, load: loadNow() };
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
    // Warm both processes' code paths before recording anything.
    await spinLoad(vendorUrl, spinTokens, 3, false);
    await pairs(3, 0);
    const spinRuns: LevelRun[] = [];
    const pairRuns: LevelRun[] = [];
    for (let r = 0; r < rounds; r += 1) {
      spinRuns.push(await spinLoad(vendorUrl, spinTokens, seconds, true));
      pairRuns.push(await pairs(seconds, 0.5));
    }
    const spins = levelResult(players, spinRuns);
    const seamlessPairs = levelResult(players, pairRuns);

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

    // Let the vendor finish its last rounds, then check both sides.
    await new Promise((r) => setTimeout(r, 1_000));
    const report = await withDatabase(databaseUrl, (db) => reconcileLedger(db));
    const vendorRows = await rowsAndOpen(vendorDatabaseUrl, 'rounds', "status <> 'settled'");

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
      spinToPairRatio: Number((spins.pairsPerSecond / Math.max(1, seamlessPairs.pairsPerSecond)).toFixed(3)),
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
    `Spins per second / pairs per second: **${r.spinToPairRatio}**. Afterwards the ledger reconciles: ${r.checks.reconcileOk ? 'yes' : `no (${r.checks.reconcileProblems} problems)`}; the vendor's ${r.checks.vendorRounds} rounds, not settled: ${r.checks.vendorRoundsNotSettled}.`,
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
  const result = await gamesBench();
  writeResults('games', 'Games benchmark', result, gamesMarkdown(result));
}
