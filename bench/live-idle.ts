/**
 * The live tables at rest (issue 23): one house vendor process on its own PostgreSQL database with
 * every live table running (5), nobody seated or watching, and the CPU it uses over a stretch of
 * BENCH_IDLE_SECONDS (60) after BENCH_IDLE_WARMUP_SECONDS (20): user + system time of the process
 * from /proc/<pid>/stat (clock ticks), as a share of one core, with its resident memory and the
 * rounds the tables dealt meanwhile (their history goes on), and the same with the live tables off
 * (HOUSE_VENDOR_LIVE_TABLES=none) as the floor. Run alone: `flock /work/bench.lock npx node
 * bench/live-idle.ts`; prints a Markdown table with the load average.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort, stop, waitFor } from './platform.ts';
import { benchDatabaseUrl, createBenchDatabases, dropBenchDatabases, load1, queryOne } from './support.ts';

/**
 * The checkout whose house vendor is measured (default this one): BENCH_IDLE_ROOT=<a copy of another
 * commit's apps/house-vendor and packages, with this node_modules linked> measures that code instead,
 * for a before/after in one run.
 */
const VENDOR_ROOT = process.env.BENCH_IDLE_ROOT ?? join(import.meta.dirname, '..');

const TICKS_PER_SECOND = 100;

/** utime + stime of a process, in clock ticks (fields 14 and 15 of /proc/<pid>/stat). */
function cpuTicks(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

type IdleRun = {
  code: string;
  tables: string;
  cpuPercent: number;
  rssMiB: number;
  rounds: number;
  load: number[];
};

async function measure(tables: string | null, seconds: number, warmup: number): Promise<IdleRun> {
  const name = `lotus_bench_idle_${randomBytes(4).toString('hex')}`;
  await createBenchDatabases(name);
  const url = benchDatabaseUrl(name);
  let child: ChildProcess | null = null;
  try {
    const port = await freePort();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'production',
      SEED_DEMO_BRAND: '1',
      LOG_LEVEL: 'warn',
      HOUSE_VENDOR_PORT: String(port),
      HOUSE_VENDOR_HOST: '127.0.0.1',
      // No platform: a table nobody plays makes no wallet call.
      HOUSE_VENDOR_PLATFORM_URL: 'http://127.0.0.1:9',
      HOUSE_VENDOR_DATABASE_URL: url,
    };
    delete env.REDIS_URL;
    delete env.HOUSE_VENDOR_REDIS_URL;
    if (tables) env.HOUSE_VENDOR_LIVE_TABLES = tables;
    else delete env.HOUSE_VENDOR_LIVE_TABLES;
    child = spawn(process.execPath, [join(VENDOR_ROOT, 'apps/house-vendor/src/server/main.ts')], {
      cwd: VENDOR_ROOT,
      env,
      stdio: 'inherit',
    });
    await waitFor(`http://127.0.0.1:${port}/health`, {}, child);
    const pid = child.pid as number;
    await new Promise((resolve) => setTimeout(resolve, warmup * 1000));
    const roundsBefore = Number(
      (await queryOne<{ n: string }>(url, 'select count(*) as n from live_rounds'))?.n,
    );
    const t0 = cpuTicks(pid);
    const started = performance.now();
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
    const ticks = cpuTicks(pid) - t0;
    const elapsed = (performance.now() - started) / 1000;
    const roundsAfter = Number(
      (await queryOne<{ n: string }>(url, 'select count(*) as n from live_rounds'))?.n,
    );
    return {
      code: VENDOR_ROOT,
      tables: tables ?? 'all (5)',
      cpuPercent: Math.round((ticks / TICKS_PER_SECOND / elapsed) * 1000) / 10,
      rssMiB: rssMiB(pid),
      rounds: roundsAfter - roundsBefore,
      load: [load1()],
    };
  } finally {
    if (child) await stop(child);
    await dropBenchDatabases(name);
  }
}

if (import.meta.main) {
  const seconds = Number(process.env.BENCH_IDLE_SECONDS ?? 60);
  const warmup = Number(process.env.BENCH_IDLE_WARMUP_SECONDS ?? 20);
  const loadStart = load1();
  const runs = [await measure(null, seconds, warmup)];
  if (process.env.BENCH_IDLE_FLOOR !== '0') runs.push(await measure('none', seconds, warmup));
  const lines = [
    `## Live tables at rest (${new Date().toISOString()}, ${seconds} s after ${warmup} s, load average at start ${loadStart})`,
    '',
    '| house vendor code | live tables | house vendor CPU, % of one core | RSS MiB | rounds dealt meanwhile | load average |',
    '|---|---|---|---|---|---|',
    ...runs.map(
      (r) =>
        `| ${r.code} | ${r.tables} | ${r.cpuPercent} | ${r.rssMiB} | ${r.rounds} | ${r.load.join(' ')} |`,
    ),
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  process.exit(0);
}
