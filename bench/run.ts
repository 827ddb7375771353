/**
 * `npm run bench` (after `npm run build`): measures and writes bench/results/latest.{json,md}, and
 * the server benchmarks' own files as they write them when run alone: bench/results/seamless,
 * lottery, games and live .{json,md} (not with BENCH_ONLY=web, which measures none of them).
 *  1. The member site as a visitor gets it: every response of a cold /index load in Chromium, bytes
 *     on the wire by type (bench/page-load.ts), and Lighthouse mobile on /index, median of 3 runs
 *     (bench/lighthouse.ts); then, as an estimate from Vite's manifest, the initial JavaScript of
 *     each route group (static module graph, gzip).
 *  2. GET /wps/system/status throughput and p99 under autocannon, next to a bare Fastify route run
 *     in the same way on the same machine, as a ratio.
 *  3. Resident memory of the whole platform idle on the embedded database.
 *  4. Seamless-wallet bet + win round trips on PostgreSQL next to pgbench (bench/seamless.ts).
 *  5. Lottery orders per second at 16 members and the time to settle one numero of 100,000 orders
 *     on PostgreSQL (bench/lottery.ts).
 *  6. Games: spins per second through the house vendor at 16 players next to the seamless pair,
 *     the catalogue calls next to a bare route, the slot page's JavaScript (bench/games.ts).
 *  7. Live casino: one table with 1,000 players (BENCH_LIVE_PLAYERS) on Socket.IO betting every
 *     round: bet acceptance, close to every settlement, phase broadcast, vendor in 1 and 2
 *     processes (bench/live.ts).
 * Targets are reported next to the measurement; a benchmark never fails the test suite.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { encryptPayload, importPublicKeyPem } from '@lotus/contracts/crypto-envelope';
import autocannon from 'autocannon';
import { gamesBench, gamesMarkdown } from './games.ts';
import { idleBench, idleMarkdown } from './idle.ts';
import { lighthouseBench, lighthouseMarkdown } from './lighthouse.ts';
import { liveBench, liveMarkdown } from './live.ts';
import { lotteryBench, lotteryMarkdown } from './lottery.ts';
import { pageLoadBench, pageLoadMarkdown } from './page-load.ts';
import { freePort, startPlatform, stop, waitFor } from './platform.ts';
import { seamlessBench, seamlessMarkdown } from './seamless.ts';
import { writeResultFiles } from './support.ts';

const root = join(import.meta.dirname, '..');
const dist = join(root, 'apps/web/dist');
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);

type ManifestChunk = {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  name?: string;
};

function bundleSizes() {
  const manifestPath = join(dist, '.vite/manifest.json');
  if (!existsSync(manifestPath))
    throw new Error('no Vite manifest: run `npm run build` (build.manifest must be on)');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  const gz = new Map<string, number>();
  const size = (file: string) => {
    let n = gz.get(file);
    if (n === undefined) {
      n = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
      gz.set(file, n);
    }
    return n;
  };
  const closure = (key: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(key)) return seen;
    seen.add(key);
    for (const dep of manifest[key]?.imports ?? []) closure(dep, seen);
    return seen;
  };
  const files = (keys: Set<string>) =>
    new Set([...keys].map((k) => manifest[k]!.file).filter((f) => f.endsWith('.js')));
  const total = (set: Set<string>) => [...set].reduce((sum, f) => sum + size(f), 0);

  const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  if (!entryKey) throw new Error('no entry chunk in the manifest');
  const entryFiles = files(closure(entryKey));
  const groups: Record<string, number> = {};
  for (const [key, chunk] of Object.entries(manifest)) {
    if (!chunk.isDynamicEntry) continue;
    const name = (chunk.src ?? key)
      .replace(/^.*\/(pages|routes|features)\//, '')
      .replace(/\.(tsx?|jsx?)$/, '');
    const own = files(closure(key));
    // What navigating to this group adds on top of the entry: its chunk and imports not in the entry.
    const extra = new Set([...own].filter((f) => !entryFiles.has(f)));
    groups[name] = total(new Set([...entryFiles, ...extra]));
  }
  // The home route's own module (src/app/routes/index.tsx), not a library's index.js.
  const indexKey =
    Object.keys(groups).find((k) => k === 'index') ??
    Object.keys(groups).find((k) => !k.includes('node_modules') && /(^|\/)(index|home)(\/|$)/i.test(k));
  return {
    entryGzipBytes: total(entryFiles),
    initialIndexGzipBytes: indexKey ? groups[indexKey]! : total(entryFiles),
    indexGroup: indexKey ?? null,
    perRouteGroupGzipBytes: groups,
  };
}

/** The member site in a browser: a cold /index load's transfer, then Lighthouse, on one platform. */
async function webBench() {
  const platform = await startPlatform();
  try {
    const pageLoad = await pageLoadBench(platform.base);
    const lighthouse = await lighthouseBench(platform.base);
    return { pageLoad, lighthouse };
  } finally {
    await platform.close();
  }
}

async function load(
  url: string,
  headers: Record<string, string>,
  options: { connections?: number; method?: 'GET' | 'POST'; body?: string } = {},
) {
  const result = await autocannon({
    url,
    headers,
    connections: options.connections ?? 32,
    pipelining: 1,
    duration: DURATION,
    ...(options.method ? { method: options.method } : {}),
    ...(options.body ? { body: options.body } : {}),
  });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

/** Resident memory of a process and all its descendants, in bytes (Linux /proc). */
function treeRss(pid: number): number {
  const out = execFileSync('ps', ['-e', '-o', 'pid=,ppid=,rss='], { encoding: 'utf8' });
  const rows = out
    .trim()
    .split('\n')
    .map((l) => l.trim().split(/\s+/).map(Number) as [number, number, number]);
  const pids = new Set([pid]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const [p, pp] of rows) {
      if (pids.has(pp) && !pids.has(p)) {
        pids.add(p);
        grew = true;
      }
    }
  }
  return rows.filter(([p]) => pids.has(p)).reduce((sum, [, , rss]) => sum + rss * 1024, 0);
}

async function platformBench() {
  const dataDir = mkdtempSync(join(tmpdir(), 'lotus-bench-'));
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    // The demo brand is meant here (SEED_DEMO_BRAND is off by default under production).
    SEED_DEMO_BRAND: '1',
  };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  const headers = { Merchant: 'DEMO', Language: 'EN', Device: 'web' };
  const statusUrl = `http://127.0.0.1:${port}/wps/system/status`;
  const start = async () => {
    const child = spawn(process.execPath, [join(root, 'scripts/start.ts')], {
      cwd: root,
      env,
      stdio: 'inherit',
    });
    await waitFor(statusUrl, headers, child);
    return child;
  };
  const idleRss = async (child: ChildProcess) => {
    // Idle: after start-up and one page load, with no traffic for a while.
    await fetch(`http://127.0.0.1:${port}/index`, { headers: { Accept: 'text/html' } });
    await new Promise((r) => setTimeout(r, 5_000));
    return treeRss(child.pid!);
  };
  // The first start creates and seeds the embedded database; the platform's everyday state is a
  // restart on existing data, which is what the target applies to. Both are reported.
  const first = await start();
  const firstStartRssBytes = await idleRss(first);
  await stop(first);
  const platform = await start();
  try {
    const idleRssBytes = await idleRss(platform);

    const barePort = await freePort();
    const bare = spawn(process.execPath, [join(root, 'bench/bare-server.ts')], {
      cwd: root,
      env: { ...process.env, PORT: String(barePort) },
      stdio: 'inherit',
    });
    try {
      await waitFor(`http://127.0.0.1:${barePort}/bare`, {}, bare);
      const bareRun = await load(`http://127.0.0.1:${barePort}/bare`, {});
      const statusRun = await load(statusUrl, headers);
      return {
        idleMemory: {
          rssBytes: idleRssBytes,
          rssMiB: Math.round(idleRssBytes / 2 ** 20),
          firstStartRssMiB: Math.round(firstStartRssBytes / 2 ** 20),
          targetMiB: 400,
        },
        status: {
          connections: 32,
          seconds: DURATION,
          status: statusRun,
          bareFastify: bareRun,
          throughputRatio: Number((statusRun.requestsPerSecond / bareRun.requestsPerSecond).toFixed(3)),
        },
      };
    } finally {
      await stop(bare);
    }
  } finally {
    await stop(platform);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * Accounts: login throughput with argon2id at the production cost (the server's defaults), and
 * GET /wps/member/info with a valid token, next to the status call in the same run. The server is
 * the e2e one (real server, credential throttles loosened so one address may log in repeatedly).
 */
async function accountsBench() {
  const dataDir = mkdtempSync(join(tmpdir(), 'lotus-bench-accounts-'));
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    // The demo brand is meant here (SEED_DEMO_BRAND is off by default under production).
    SEED_DEMO_BRAND: '1',
  };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  const base = `http://127.0.0.1:${port}`;
  const headers = { Merchant: 'DEMO', Language: 'EN', Device: 'web' };
  const server = spawn(process.execPath, [join(root, 'e2e/server.ts')], { cwd: root, env, stdio: 'inherit' });
  try {
    await waitFor(`${base}/wps/system/status`, headers, server);
    const keyAnswer = (await (await fetch(`${base}/wps/system/publicKey`, { headers })).json()) as {
      value: { publicKey: string };
    };
    const key = await importPublicKeyPem(keyAnswer.value.publicKey);
    const sealedLogin = async (username: string, password: string) => {
      const sealed = await encryptPayload(key, { type: 'username', username, password });
      return {
        headers: { ...headers, ...sealed.headers, 'Content-Type': 'application/json' },
        body: JSON.stringify(sealed.body),
      };
    };
    // The info load uses the agent's session; the login load logs the member in over and over
    // (each login replaces the member's previous session, as in production).
    const agent = await sealedLogin('demoagent', 'Agent123');
    const agentAnswer = (await (
      await fetch(`${base}/wps/session/login`, { method: 'POST', headers: agent.headers, body: agent.body })
    ).json()) as { value: { token: string } | null; errorCode: string };
    if (!agentAnswer.value) throw new Error(`bench login failed: ${agentAnswer.errorCode}`);
    const token = agentAnswer.value.token;
    const member = await sealedLogin('demoplayer', 'Player123');
    // The load replays this sealed request; it must be a successful login, not a handled refusal.
    const check = (await (
      await fetch(`${base}/wps/session/login`, { method: 'POST', headers: member.headers, body: member.body })
    ).json()) as { success: boolean; errorCode: string };
    if (!check.success) throw new Error(`bench member login refused: ${check.errorCode}`);

    const status = await load(`${base}/wps/system/status`, headers);
    const memberInfo = await load(`${base}/wps/member/info`, { ...headers, Authorization: token });
    const login = await load(`${base}/wps/session/login`, member.headers, {
      connections: 4,
      method: 'POST',
      body: member.body,
    });
    return { status, memberInfo, login, argon2: 'argon2id m=19456 KiB, t=2, p=1 (server defaults)' };
  } finally {
    await stop(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const outDir = join(root, 'bench/results');
mkdirSync(outDir, { recursive: true });
const date = new Date().toISOString();
const web = { date, bundle: bundleSizes(), ...(await webBench()) };
type ServerResults = {
  serverDate: string;
  machine: { cpus: number; node: string };
  idleMemory: Awaited<ReturnType<typeof platformBench>>['idleMemory'];
  status: Awaited<ReturnType<typeof platformBench>>['status'];
  accounts: Awaited<ReturnType<typeof accountsBench>>;
  /** Absent when carried over from results of the seamless benchmark's earlier form. */
  seamless?: Awaited<ReturnType<typeof seamlessBench>>;
  /** Absent in results written before the lottery benchmark existed. */
  lottery?: Awaited<ReturnType<typeof lotteryBench>>;
  /** Absent in results written before the games benchmark existed. */
  games?: Awaited<ReturnType<typeof gamesBench>>;
  /** Absent in results written before the live casino benchmark existed. */
  live?: Awaited<ReturnType<typeof liveBench>>;
  /** Absent in results written before the idle benchmark existed. */
  idle?: Awaited<ReturnType<typeof idleBench>>;
};
/**
 * BENCH_ONLY=web measures the member site only (page load, Lighthouse, bundle estimate) and keeps
 * the server measurements of the previous latest.json, with their own date: a full run takes
 * minutes of both cores.
 */
async function serverResults(): Promise<ServerResults> {
  const previousPath = join(outDir, 'latest.json');
  if (process.env.BENCH_ONLY === 'web' && existsSync(previousPath)) {
    const previous = JSON.parse(readFileSync(previousPath, 'utf8')) as ServerResults & { date: string };
    return {
      serverDate: previous.serverDate ?? previous.date,
      machine: previous.machine,
      idleMemory: previous.idleMemory,
      status: previous.status,
      accounts: previous.accounts,
      // Results of the seamless benchmark before issue 23 had no minimal ceiling: not carried over.
      ...('transactionsPerPair' in (previous.seamless ?? {}) ? { seamless: previous.seamless } : {}),
      ...(previous.lottery ? { lottery: previous.lottery } : {}),
      ...(previous.games ? { games: previous.games } : {}),
      ...(previous.live ? { live: previous.live } : {}),
      ...(previous.idle ? { idle: previous.idle } : {}),
    };
  }
  return {
    serverDate: date,
    machine: { cpus: (await import('node:os')).cpus().length, node: process.version },
    ...(await platformBench()),
    accounts: await accountsBench(),
    seamless: await seamlessBench(),
    lottery: await lotteryBench(),
    games: await gamesBench(),
    live: await liveBench(),
    idle: await idleBench(),
  };
}
const results = { ...web, ...(await serverResults()) };
writeFileSync(join(outDir, 'latest.json'), `${JSON.stringify(results, null, 2)}\n`);
if (results.serverDate === date) {
  const machine = results.machine;
  if (results.seamless)
    writeResultFiles(
      'seamless',
      'Seamless wallet benchmark',
      { machine, ...results.seamless },
      seamlessMarkdown(results.seamless),
    );
  if (results.lottery)
    writeResultFiles('lottery', 'Lottery benchmark', results.lottery, lotteryMarkdown(results.lottery));
  if (results.games)
    writeResultFiles('games', 'Games benchmark', results.games, gamesMarkdown(results.games));
  if (results.live)
    writeResultFiles('live', 'Live casino benchmark', results.live, liveMarkdown(results.live));
  if (results.idle) writeResultFiles('idle', 'Idle benchmark', results.idle, idleMarkdown(results.idle));
}
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const md = [
  `# Benchmark results (${results.date}, ${results.machine.cpus} cores, Node ${results.machine.node})`,
  '',
  ...(results.serverDate === results.date
    ? []
    : [
        `Member-site sections measured ${results.date}; server sections (load, memory, seamless wallet) carried over from the run of ${results.serverDate} (\`BENCH_ONLY=web\`).`,
        '',
      ]),
  pageLoadMarkdown(results.pageLoad),
  lighthouseMarkdown(results.lighthouse),
  '## Initial JavaScript per route group (estimate from the module graph, gzip)',
  '',
  `The static imports of each route group in Vite's manifest, gzipped at level 9: an estimate that leaves out what the page loads lazily at start (the cold-load measurement above is what a visitor transfers). /index: ${kb(results.bundle.initialIndexGzipBytes)} (entry alone ${kb(results.bundle.entryGzipBytes)}).`,
  '',
  '| route group | initial JS (gzip) |',
  '|---|---|',
  ...Object.entries(results.bundle.perRouteGroupGzipBytes)
    .sort()
    .map(([k, v]) => `| ${k} | ${kb(v)} |`),
  '',
  '## GET /wps/system/status under load',
  '',
  `autocannon, ${results.status.connections} connections, ${results.status.seconds} s each, same machine, same run.`,
  '',
  '| target | req/s | p50 ms | p99 ms | non-2xx | errors |',
  '|---|---|---|---|---|---|',
  `| /wps/system/status | ${results.status.status.requestsPerSecond} | ${results.status.status.p50Ms} | ${results.status.status.p99Ms} | ${results.status.status.non2xx} | ${results.status.status.errors} |`,
  `| bare Fastify route | ${results.status.bareFastify.requestsPerSecond} | ${results.status.bareFastify.p50Ms} | ${results.status.bareFastify.p99Ms} | ${results.status.bareFastify.non2xx} | ${results.status.bareFastify.errors} |`,
  '',
  `Throughput ratio status / bare: **${results.status.throughputRatio}**`,
  '',
  '## Accounts: login and member info under load (same run, embedded database)',
  '',
  `Login with ${results.accounts.argon2}, 4 connections; the other rows 32 connections.`,
  '',
  '| target | req/s | p50 ms | p99 ms | non-2xx | errors |',
  '|---|---|---|---|---|---|',
  ...(
    [
      ['POST /wps/session/login', results.accounts.login],
      ['GET /wps/member/info (valid token)', results.accounts.memberInfo],
      ['GET /wps/system/status', results.accounts.status],
    ] as const
  ).map(
    ([name, r]) =>
      `| ${name} | ${r.requestsPerSecond} | ${r.p50Ms} | ${r.p99Ms} | ${r.non2xx} | ${r.errors} |`,
  ),
  '',
  '## Idle memory of the whole platform (embedded database)',
  '',
  `Resident set of the process tree on existing data: **${results.idleMemory.rssMiB} MiB** (target at most 400 MiB);`,
  `on the very first start, which also creates and seeds the database: ${results.idleMemory.firstStartRssMiB} MiB.`,
  '',
  ...(results.seamless ? [seamlessMarkdown(results.seamless)] : []),
  ...(results.lottery ? [lotteryMarkdown(results.lottery)] : []),
  ...(results.games ? [gamesMarkdown(results.games)] : []),
  ...(results.live ? [liveMarkdown(results.live)] : []),
  ...(results.idle ? [idleMarkdown(results.idle)] : []),
].join('\n');
writeFileSync(join(outDir, 'latest.md'), md);
process.stdout.write(`${md}\n`);
