/**
 * The two load generators of the seamless-wallet benchmark (bench/seamless.ts): game vendors
 * calling bet then win over keep-alive HTTP, and pgbench running the same SQL (bench/pgbench).
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, globSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { signSeamlessRequest } from '@lotus/contracts/seamless-signature';
import pg from 'pg';

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
  /** The machine's 1-minute load average at the end of each stretch, lowest and highest. */
  load: { min: number; max: number };
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

/** One measured stretch of a level: every pair's latency, and what the processes spent. */
export type LevelRun = {
  seconds: number;
  latencies: number[];
  errors: number;
  firstError: string | null;
  /** CPU milliseconds of the server and of the load generator over the stretch (HTTP only). */
  serverCpuMs?: number;
  clientCpuMs?: number;
  /** The machine's 1-minute load average when the stretch ended. */
  load: number;
};

/** The machine's 1-minute load average, two decimals. */
export function loadNow(): number {
  return Math.round((loadavg()[0] ?? 0) * 100) / 100;
}

/** A level's result from its stretches (the benchmark alternates HTTP and pgbench stretches). */
export function levelResult(connections: number, runs: LevelRun[]): LevelResult {
  const latencies = runs.flatMap((r) => r.latencies).sort((a, b) => a - b);
  const seconds = runs.reduce((sum, r) => sum + r.seconds, 0);
  const result: LevelResult = {
    connections,
    seconds: Number(seconds.toFixed(2)),
    pairsPerSecond: Math.round(latencies.length / seconds),
    pairs: latencies.length,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    errors: runs.reduce((sum, r) => sum + r.errors, 0),
    firstError: runs.find((r) => r.firstError)?.firstError ?? null,
    load: {
      min: Math.min(...runs.map((r) => r.load)),
      max: Math.max(...runs.map((r) => r.load)),
    },
  };
  const perPair = (ms: number) => Number((ms / Math.max(1, result.pairs)).toFixed(2));
  if (runs.every((r) => r.serverCpuMs !== undefined && r.clientCpuMs !== undefined)) {
    result.serverCpuMsPerPair = perPair(runs.reduce((sum, r) => sum + (r.serverCpuMs ?? 0), 0));
    result.clientCpuMsPerPair = perPair(runs.reduce((sum, r) => sum + (r.clientCpuMs ?? 0), 0));
  }
  return result;
}

export type Vendor = { merchantCode: string; code: string; secret: string; currency: string };

type Answer = { status: number; body: { success?: boolean; errorCode?: string } | null };

const CRLF2 = Buffer.from('\r\n\r\n');

/**
 * One vendor connection: a keep-alive HTTP/1.1 socket carrying one request at a time, as a vendor's
 * game server calls the wallet. Deliberately minimal (a request is one write of its head and body;
 * an answer is read by its Content-Length) because the load generator shares the machine's 2 cores
 * with the server and the database, and every millisecond of CPU it spends is taken from them;
 * pgbench, the ceiling, is a C program. undici's client cost about 0.25 ms of CPU per bet + win pair
 * here, this one about half of it.
 */
export class VendorConnection {
  readonly #socket: Socket;
  #buffer: Buffer = Buffer.alloc(0);
  #waiting: { resolve: (answer: Answer) => void; reject: (error: Error) => void } | null = null;
  #failure: Error | null = null;
  readonly #ready: Promise<void>;

  constructor(port: number) {
    this.#socket = connect({ port, host: '127.0.0.1', noDelay: true });
    this.#ready = new Promise((resolve, reject) => {
      this.#socket.once('connect', () => resolve());
      this.#socket.once('error', reject);
    });
    this.#socket.on('data', (chunk: Buffer) => {
      this.#buffer = this.#buffer.length === 0 ? chunk : Buffer.concat([this.#buffer, chunk]);
      this.#answer();
    });
    const fail = (error: Error) => {
      this.#failure = error;
      const waiting = this.#waiting;
      this.#waiting = null;
      waiting?.reject(error);
    };
    this.#socket.on('error', fail);
    this.#socket.on('close', () => fail(new Error('connection closed by the server')));
  }

  /** Completes the waiting request once its whole answer (head and Content-Length bytes) arrived. */
  #answer(): void {
    const headEnd = this.#buffer.indexOf(CRLF2);
    if (headEnd < 0 || !this.#waiting) return;
    const head = this.#buffer.toString('latin1', 0, headEnd);
    const length = /\r\ncontent-length:\s*(\d+)/i.exec(head)?.[1];
    if (length === undefined) {
      this.#waiting.reject(new Error('answer without Content-Length'));
      this.#waiting = null;
      return;
    }
    const end = headEnd + 4 + Number(length);
    if (this.#buffer.length < end) return;
    const text = this.#buffer.toString('utf8', headEnd + 4, end);
    this.#buffer = this.#buffer.subarray(end);
    let body: Answer['body'] = null;
    try {
      body = JSON.parse(text) as Answer['body'];
    } catch {
      // reported through the status and a null body
    }
    const waiting = this.#waiting;
    this.#waiting = null;
    waiting.resolve({ status: Number(head.slice(9, 12)), body });
  }

  async post(path: string, headers: string, body: string): Promise<Answer> {
    await this.#ready;
    if (this.#failure) throw this.#failure;
    return new Promise((resolve, reject) => {
      this.#waiting = { resolve, reject };
      this.#socket.write(
        `POST ${path} HTTP/1.1\r\nhost: 127.0.0.1\r\n${headers}content-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      );
    });
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      if (this.#socket.destroyed) return resolve();
      this.#socket.once('close', () => resolve());
      this.#socket.end();
    });
  }
}

/** A vendor's bet then its win for a fresh round `id`, signed over the method, path and exact body bytes. */
function betWinPair(vendor: Vendor, stake: string, win: string) {
  const fixedHeaders = `content-type: application/json\r\nmerchant: ${vendor.merchantCode}\r\nx-vendor: ${vendor.code}\r\n`;
  const call = async (connection: VendorConnection, path: string, payload: Record<string, unknown>) => {
    const body = JSON.stringify({ vendor: vendor.code, ...payload });
    const signature = await signSeamlessRequest(vendor.secret, 'POST', path, body);
    const answer = await connection.post(path, `${fixedHeaders}x-signature: ${signature}\r\n`, body);
    if (answer.status !== 200 || answer.body?.success !== true)
      throw new Error(`${path}: HTTP ${answer.status} ${answer.body?.errorCode ?? 'unreadable answer'}`);
  };
  return async (connection: VendorConnection, token: string, id: string) => {
    const round = { roundId: `r-${id}`, gameId: 'slots-1', currency: vendor.currency };
    await call(connection, '/seamless/v1/bet', { token, transactionId: `b-${id}`, amount: stake, ...round });
    await call(connection, '/seamless/v1/win', {
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
  const connection = new VendorConnection(options.port);
  const pair = betWinPair(options.vendor, options.stake, options.win);
  try {
    for (const [i, token] of options.tokens.entries()) await pair(connection, token, `open-${i}`);
  } finally {
    await connection.close();
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
}): Promise<LevelRun> {
  const { vendor, tokens, connections } = options;
  // One keep-alive connection per vendor connection.
  const clients = Array.from({ length: connections }, () => new VendorConnection(options.port));
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
    return {
      seconds: elapsed,
      latencies,
      errors,
      firstError,
      serverCpuMs: processCpuMs(options.serverPid) - cpuBefore.server,
      clientCpuMs: ownCpuMs() - cpuBefore.client,
      load: loadNow(),
    };
  } finally {
    await Promise.all(clients.map((c) => c.close()));
  }
}

/**
 * Database transactions (commits and rollbacks) and rows written (inserted, updated, deleted),
 * PostgreSQL's pg_stat_database, on `url`'s database while `run` ran. A backend publishes its
 * counts when it goes idle, at most a second later: both readings wait that long. The reading's own
 * transaction is taken off.
 */
export async function transactionsDuring<T>(
  url: string,
  run: () => Promise<T>,
): Promise<{ result: T; transactions: number; rowsWritten: number }> {
  const read = async () => {
    await new Promise((r) => setTimeout(r, 1_200));
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query<{ n: string; w: string }>(
        `select (xact_commit + xact_rollback)::text as n, (tup_inserted + tup_updated + tup_deleted)::text as w
           from pg_stat_database where datname = current_database()`,
      );
      return { n: Number(rows[0]?.n ?? 0), w: Number(rows[0]?.w ?? 0) };
    } finally {
      await client.end();
    }
  };
  const before = await read();
  const result = await run();
  const after = await read();
  return { result, transactions: after.n - before.n - 1, rowsWritten: after.w - before.w };
}

/**
 * One stuck wallet (issue 23): while another connection holds `stuck`'s wallet row, `connections`
 * vendor connections loop bets for that player (each answered wallet_busy, or after the lock goes,
 * taken), and one more connection bets for the `others` in turn, one after the other: the others'
 * bet latencies are what the platform owes everyone else. `holdSeconds` the lock's length.
 */
export async function stuckWalletRun(options: {
  port: number;
  vendor: Vendor;
  stuck: string;
  others: string[];
  connections: number;
  holdSeconds: number;
  stake: string;
  lockWallet: (seconds: number, locked: () => void) => Promise<void>;
}): Promise<{ otherLatencies: number[]; otherErrors: number; stuckAnswers: Record<string, number> }> {
  const { vendor } = options;
  const fixedHeaders = `content-type: application/json\r\nmerchant: ${vendor.merchantCode}\r\nx-vendor: ${vendor.code}\r\n`;
  const tag = randomBytes(4).toString('hex');
  let n = 0;
  const bet = async (connection: VendorConnection, token: string) => {
    n += 1;
    const body = JSON.stringify({
      vendor: vendor.code,
      token,
      transactionId: `s-${tag}-${n}`,
      roundId: `sr-${tag}-${n}`,
      gameId: 'slots-1',
      amount: options.stake,
      currency: vendor.currency,
    });
    const signature = await signSeamlessRequest(vendor.secret, 'POST', '/seamless/v1/bet', body);
    return connection.post('/seamless/v1/bet', `${fixedHeaders}x-signature: ${signature}\r\n`, body);
  };
  const stuckClients = Array.from({ length: options.connections }, () => new VendorConnection(options.port));
  const other = new VendorConnection(options.port);
  const stuckAnswers: Record<string, number> = {};
  const otherLatencies: number[] = [];
  let otherErrors = 0;
  let holding = true;
  try {
    let locked = () => {};
    const isLocked = new Promise<void>((resolve) => {
      locked = resolve;
    });
    const holder = options.lockWallet(options.holdSeconds, locked).finally(() => {
      holding = false;
    });
    await isLocked;
    const hammer = stuckClients.map(async (connection) => {
      while (holding) {
        const answer = await bet(connection, options.stuck);
        const key = `${answer.status} ${answer.body?.errorCode || 'ok'}`;
        stuckAnswers[key] = (stuckAnswers[key] ?? 0) + 1;
      }
    });
    // Let the stuck player's calls pile up first, then bet for the others while the lock holds.
    await new Promise((r) => setTimeout(r, 200));
    let turn = 0;
    while (holding) {
      const started = performance.now();
      const answer = await bet(other, options.others[turn % options.others.length]!);
      turn += 1;
      // Counted even when the lock went meanwhile: a bet that waited for it is the finding.
      if (answer.status === 200 && answer.body?.success === true)
        otherLatencies.push(performance.now() - started);
      else otherErrors += 1;
      await new Promise((r) => setTimeout(r, 20));
    }
    await Promise.all([holder, ...hammer]);
    return { otherLatencies, otherErrors, stuckAnswers };
  } finally {
    await Promise.all([...stuckClients, other].map((c) => c.close()));
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
}): Promise<LevelRun> {
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
      String(Math.max(1, Math.round(options.seconds))),
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
    // The measured time without the connections' start (pgbench's own tps figure uses the same).
    const tps = Number(/tps = ([\d.]+) \(without initial connection time\)/.exec(output)?.[1] ?? 0);
    const seconds = tps > 0 ? latencies.length / tps : options.seconds;
    if (failed > 0 || latencies.length === 0)
      throw new Error(
        `pgbench (${options.script}, ${options.clients} clients): ${failed} failed transactions, ${latencies.length} completed`,
      );
    return { seconds, latencies, errors: 0, firstError: null, load: loadNow() };
  } finally {
    rmSync(logDir, { recursive: true, force: true });
  }
}
