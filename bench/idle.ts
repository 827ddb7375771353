/**
 * The idle benchmark (issue 23): the whole platform as `npm start` runs it (scripts/start.ts: the
 * API, the member site and back office it serves, the house vendor with its live tables, each on
 * the embedded database), started fresh on empty data directories, then left alone: nobody on the
 * site, no request at all. Measured over the whole process tree (Linux /proc):
 *  - the resident memory 20 s after the start answered, and again after 2 minutes;
 *  - the CPU it uses over 60 s from each of those two moments, as a share of one core.
 * Targets: under 1% of a core and under 300 MiB.
 *
 * Part of `npm run bench`; alone (after `npm run build`): `npx node bench/idle.ts`, which writes
 * bench/results/idle.{json,md}. Environment: BENCH_IDLE_WINDOW_SECONDS (60), BENCH_IDLE_EARLY_SECONDS
 * (20), BENCH_IDLE_LATE_SECONDS (120).
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_HEADERS, freePort, platformEnv, root, stop } from './platform.ts';
import { load1, writeResults } from './support.ts';

/** Every process of the tree under `pid` (itself included). */
function treePids(pid: number): number[] {
  const out = execFileSync('ps', ['-e', '-o', 'pid=,ppid='], { encoding: 'utf8' });
  const rows = out
    .trim()
    .split('\n')
    .map((l) => l.trim().split(/\s+/).map(Number) as [number, number]);
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
  return [...pids];
}

/** User + system CPU milliseconds and resident bytes of a process (0 when it is gone). */
function processStat(pid: number): { cpuMs: number; rssBytes: number } {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Fields 14 and 15 (utime, stime) in clock ticks of 10 ms; field 24 (rss) in 4 KiB pages.
    return { cpuMs: (Number(fields[11]) + Number(fields[12])) * 10, rssBytes: Number(fields[21]) * 4096 };
  } catch {
    return { cpuMs: 0, rssBytes: 0 };
  }
}

function treeStat(pid: number): { cpuMs: number; rssBytes: number; processes: number } {
  const pids = treePids(pid);
  let cpuMs = 0;
  let rssBytes = 0;
  for (const p of pids) {
    const s = processStat(p);
    cpuMs += s.cpuMs;
    rssBytes += s.rssBytes;
  }
  return { cpuMs, rssBytes, processes: pids.length };
}

export type IdleWindow = {
  /** Seconds after the start answered. */
  from: number;
  seconds: number;
  rssMiB: number;
  /** CPU over the window, as a percentage of one core. */
  cpuPercentOfCore: number;
};

export type IdleBenchResult = {
  processes: number;
  startSeconds: number;
  early: IdleWindow;
  late: IdleWindow;
  targets: { cpu: boolean; memory: boolean };
  loadAverage: { before: number; after: number };
  machine: { cpus: number; node: string };
};

const MiB = 2 ** 20;

/**
 * Until the platform answers. A first start creates and seeds both embedded databases: about 3
 * minutes on the shared 2-core machine under load, past the other benchmarks' 180 s, so 10 minutes.
 */
async function waitForStart(url: string, child: ReturnType<typeof spawn>): Promise<void> {
  const deadline = Date.now() + 600_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: process exited ${child.exitCode}`);
    const ok = await fetch(url, { headers: DEMO_HEADERS }).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await sleep(500);
  }
  throw new Error(`${url} not ready in 600 s`);
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));

export async function idleBench(): Promise<IdleBenchResult> {
  const windowSeconds = Number(process.env.BENCH_IDLE_WINDOW_SECONDS ?? 60);
  const earlyAt = Number(process.env.BENCH_IDLE_EARLY_SECONDS ?? 20);
  const lateAt = Math.max(earlyAt + windowSeconds, Number(process.env.BENCH_IDLE_LATE_SECONDS ?? 120));
  const dataDir = mkdtempSync(join(tmpdir(), 'lotus-bench-idle-'));
  const port = await freePort();
  const vendorPort = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...platformEnv(port, join(dataDir, 'platform')),
    HOUSE_VENDOR_PORT: String(vendorPort),
    HOUSE_VENDOR_HOST: '127.0.0.1',
    HOUSE_VENDOR_PLATFORM_URL: `http://127.0.0.1:${port}`,
    HOUSE_VENDOR_PUBLIC_URL: `http://127.0.0.1:${vendorPort}`,
    HOUSE_VENDOR_DATA_DIR: join(dataDir, 'house-vendor'),
  };
  delete env.HOUSE_VENDOR_DATABASE_URL;
  delete env.HOUSE_VENDOR_REDIS_URL;
  const loadBefore = load1();
  const started = performance.now();
  const child = spawn(process.execPath, [join(root, 'scripts/start.ts')], {
    cwd: root,
    env,
    stdio: 'inherit',
  });
  try {
    await waitForStart(`http://127.0.0.1:${port}/wps/system/status`, child);
    const ready = performance.now();
    const startSeconds = Number(((ready - started) / 1000).toFixed(1));
    const measure = async (from: number): Promise<IdleWindow> => {
      await sleep(ready + from * 1000 - performance.now());
      const a = treeStat(child.pid!);
      const t0 = performance.now();
      await sleep(windowSeconds * 1000);
      const b = treeStat(child.pid!);
      const elapsed = performance.now() - t0;
      return {
        from,
        seconds: windowSeconds,
        rssMiB: Math.round(a.rssBytes / MiB),
        cpuPercentOfCore: Number((((b.cpuMs - a.cpuMs) / elapsed) * 100).toFixed(2)),
      };
    };
    const early = await measure(earlyAt);
    const late = await measure(lateAt);
    const worst = Math.max(early.cpuPercentOfCore, late.cpuPercentOfCore);
    return {
      processes: treeStat(child.pid!).processes,
      startSeconds,
      early,
      late,
      targets: { cpu: worst < 1, memory: Math.max(early.rssMiB, late.rssMiB) < 300 },
      loadAverage: { before: loadBefore, after: load1() },
      machine: { cpus: cpus().length, node: process.version },
    };
  } finally {
    await stop(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function idleMarkdown(r: IdleBenchResult): string {
  const met = (ok: boolean) => (ok ? 'met' : '**not met**');
  const row = (name: string, w: IdleWindow) =>
    `| ${name} | ${w.from} s | ${w.rssMiB} MiB | ${w.cpuPercentOfCore}% (${w.seconds} s) |`;
  return [
    '## Idle: the whole platform on the embedded database, nobody on it',
    '',
    `\`scripts/start.ts\` as \`npm start\` runs it (the API serving the member site and back office, the house vendor with its live tables; ${r.processes} process${r.processes === 1 ? '' : 'es'}), on fresh data directories (its first start creates and seeds both databases: ${r.startSeconds} s), then no request at all. Resident memory of the process tree at the moment named, CPU over the ${r.early.seconds} s from it, as a share of one core.`,
    '',
    '| moment | after the start answered | resident memory | CPU |',
    '|---|---|---|---|',
    row('early', r.early),
    row('after two minutes', r.late),
    '',
    `Targets: CPU under 1% of a core (${met(r.targets.cpu)}), memory under 300 MiB (${met(r.targets.memory)}). Load average (1 min) ${r.loadAverage.before} before, ${r.loadAverage.after} after.`,
    '',
  ].join('\n');
}

if (import.meta.main) {
  const result = await idleBench();
  writeResults('idle', 'Idle benchmark', result, idleMarkdown(result));
}
