/**
 * The two load generators of the seamless-wallet benchmark (bench/seamless.ts): game vendors
 * calling bet then win over keep-alive HTTP, and pgbench running the same SQL (bench/pgbench).
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, globSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { signSeamlessBody } from '@lotus/api/harness';
import { Client } from 'undici';

export type LevelResult = {
  connections: number;
  seconds: number;
  /** Completed bet + win pairs per second. */
  pairsPerSecond: number;
  pairs: number;
  p50Ms: number;
  p99Ms: number;
  /** Pairs with a refused or failed call (not counted in `pairs`). */
  errors: number;
  firstError: string | null;
  /** CPU milliseconds per pair spent by the platform's server and by the load generator (HTTP only). */
  serverCpuMsPerPair?: number;
  clientCpuMsPerPair?: number;
};

/** User + system CPU time of a process in milliseconds (Linux /proc; clock ticks of 10 ms). */
function processCpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

function ownCpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return Number(sorted[Math.max(0, index)]!.toFixed(2));
}

function summarise(
  connections: number,
  seconds: number,
  latencies: number[],
  errors: number,
  firstError: string | null,
): LevelResult {
  latencies.sort((a, b) => a - b);
  return {
    connections,
    seconds,
    pairsPerSecond: Math.round(latencies.length / seconds),
    pairs: latencies.length,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    errors,
    firstError,
  };
}

export type Vendor = { merchantCode: string; code: string; secret: string; currency: string };

type Answer = { status: number; body: { success?: boolean; errorCode?: string } | null };

/**
 * One request on a vendor connection. undici's client rather than node:http's: the load generator
 * shares the machine with the server and the database, and every millisecond of CPU it spends is
 * taken from them (pgbench, the ceiling, is a C program).
 */
async function post(client: Client, path: string, headers: Record<string, string>, body: string) {
  const res = await client.request({ method: 'POST', path, headers, body });
  let parsed: Answer['body'] = null;
  try {
    parsed = (await res.body.json()) as Answer['body'];
  } catch {
    // reported through the status and a null body
  }
  return { status: res.statusCode, body: parsed } satisfies Answer;
}

/** A vendor's bet then its win for a fresh round `id`, signed over the exact body bytes. */
function betWinPair(vendor: Vendor, stake: string, win: string) {
  const call = async (client: Client, path: string, payload: Record<string, unknown>) => {
    const body = JSON.stringify({ vendor: vendor.code, ...payload });
    const answer = await post(
      client,
      path,
      {
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(body)),
        merchant: vendor.merchantCode,
        'x-vendor': vendor.code,
        'x-signature': signSeamlessBody(vendor.secret, body),
      },
      body,
    );
    if (answer.status !== 200 || answer.body?.success !== true)
      throw new Error(`${path}: HTTP ${answer.status} ${answer.body?.errorCode ?? 'unreadable answer'}`);
  };
  return async (client: Client, token: string, id: string) => {
    const round = { roundId: `r-${id}`, gameId: 'slots-1', currency: vendor.currency };
    await call(client, '/seamless/v1/bet', { token, transactionId: `b-${id}`, amount: stake, ...round });
    await call(client, '/seamless/v1/win', {
      transactionId: `w-${id}`,
      betTransactionId: `b-${id}`,
      amount: win,
      ...round,
    });
  };
}

/** One pair for each token, one after the other (opens the accounts a pair uses, in token order). */
export async function sequentialPairs(options: {
  port: number;
  vendor: Vendor;
  tokens: string[];
  stake: string;
  win: string;
}): Promise<void> {
  const client = new Client(`http://127.0.0.1:${options.port}`);
  const pair = betWinPair(options.vendor, options.stake, options.win);
  try {
    for (const [i, token] of options.tokens.entries()) await pair(client, token, `open-${i}`);
  } finally {
    await client.close();
  }
}

/**
 * `connections` vendor connections (one keep-alive socket each), each a loop of a bet then its win
 * for a fresh round, for `seconds` after `warmupSeconds` that are not recorded. Bodies are signed
 * over their exact bytes, as a vendor does. `tokens` are the players' game-launch tokens: the
 * connections take them in turn (one token: the hot-player run, every bet on one wallet).
 */
export async function httpBetWinLoad(options: {
  port: number;
  serverPid: number;
  vendor: Vendor;
  tokens: string[];
  connections: number;
  seconds: number;
  warmupSeconds: number;
  stake: string;
  win: string;
}): Promise<LevelResult> {
  const { vendor, tokens, connections } = options;
  // One keep-alive connection per vendor connection.
  const clients = Array.from({ length: connections }, () => new Client(`http://127.0.0.1:${options.port}`));
  const tag = randomBytes(4).toString('hex');
  const latencies: number[] = [];
  let errors = 0;
  let firstError: string | null = null;
  let recording = false;
  const pair = betWinPair(vendor, options.stake, options.win);
  const worker = async (index: number, until: number) => {
    let n = 0;
    let turn = index;
    while (performance.now() < until) {
      const token = tokens[turn % tokens.length]!;
      turn += connections;
      n += 1;
      const started = performance.now();
      try {
        await pair(clients[index]!, token, `${tag}-${index}-${n}`);
        if (recording) latencies.push(performance.now() - started);
      } catch (error) {
        if (recording) {
          errors += 1;
          firstError ??= String(error instanceof Error ? error.message : error);
        }
      }
    }
  };
  try {
    const warmupEnd = performance.now() + options.warmupSeconds * 1000;
    await Promise.all(Array.from({ length: connections }, (_, i) => worker(i, warmupEnd)));
    recording = true;
    const started = performance.now();
    const cpuBefore = { server: processCpuMs(options.serverPid), client: ownCpuMs() };
    const end = started + options.seconds * 1000;
    await Promise.all(Array.from({ length: connections }, (_, i) => worker(i, end)));
    const elapsed = (performance.now() - started) / 1000;
    const serverCpu = processCpuMs(options.serverPid) - cpuBefore.server;
    const clientCpu = ownCpuMs() - cpuBefore.client;
    const result = summarise(connections, elapsed, latencies, errors, firstError);
    const perPair = (ms: number) => Number((ms / Math.max(1, result.pairs)).toFixed(2));
    return { ...result, serverCpuMsPerPair: perPair(serverCpu), clientCpuMsPerPair: perPair(clientCpu) };
  } finally {
    await Promise.all(clients.map((c) => c.close()));
  }
}

/** pgbench of this machine's PostgreSQL (it ships with the server package), or null. */
export function findPgbench(): string | null {
  if (process.env.PGBENCH && existsSync(process.env.PGBENCH)) return process.env.PGBENCH;
  const found = globSync('/usr/lib/postgresql/*/bin/pgbench').sort();
  return found.at(-1) ?? null;
}

/**
 * Runs bench/pgbench/bet-win.sql with `clients` connections for `seconds` (no vacuum: the script
 * uses the platform's own tables) and reads every pair's latency from its log.
 */
export async function pgbenchBetWin(options: {
  pgbench: string;
  databaseUrl: string;
  script: string;
  clients: number;
  seconds: number;
  /** `prepared` (parsed once per connection) or `extended` (parsed every time, as node-pg does). */
  protocol: 'prepared' | 'extended';
  variables: Record<string, string>;
}): Promise<LevelResult> {
  const logDir = mkdtempSync(join(tmpdir(), 'lotus-pgbench-'));
  try {
    const args = [
      '-n',
      '-M',
      options.protocol,
      '-c',
      String(options.clients),
      '-j',
      String(Math.min(options.clients, 2)),
      '-T',
      String(options.seconds),
      '-f',
      options.script,
      '-l',
      '--log-prefix',
      join(logDir, 'pair'),
      ...Object.entries(options.variables).flatMap(([k, v]) => ['-D', `${k}=${v}`]),
      options.databaseUrl,
    ];
    const output = await new Promise<string>((resolve, reject) => {
      execFile(options.pgbench, args, { maxBuffer: 16 * 2 ** 20 }, (error, stdout, stderr) => {
        if (error) reject(new Error(`pgbench failed: ${stderr || error.message}`));
        else resolve(`${stdout}\n${stderr}`);
      });
    });
    // Log lines: client_id transaction_no latency_us script_no epoch_s epoch_us
    const latencies: number[] = [];
    for (const file of readdirSync(logDir)) {
      for (const line of readFileSync(join(logDir, file), 'utf8').split('\n')) {
        const latency = line.split(' ')[2];
        if (latency && /^\d+$/.test(latency)) latencies.push(Number(latency) / 1000);
      }
    }
    const failed = Number(/number of failed transactions: (\d+)/.exec(output)?.[1] ?? 0);
    const result = summarise(options.clients, options.seconds, latencies, failed, null);
    const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(output)?.[1];
    return tps ? { ...result, pairsPerSecond: Math.round(Number(tps)) } : result;
  } finally {
    rmSync(logDir, { recursive: true, force: true });
  }
}
