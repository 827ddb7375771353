/**
 * Starting and stopping the built platform for the benchmarks: `scripts/start.ts` on a free port
 * of 127.0.0.1 with a fresh embedded database (NODE_ENV=production, no PostgreSQL, no Redis).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const root = join(import.meta.dirname, '..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

export async function waitFor(
  url: string,
  headers: Record<string, string>,
  child: ChildProcess,
): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: process exited ${child.exitCode}`);
    try {
      if ((await fetch(url, { headers })).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} not ready in 180 s`);
}

export function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

export const DEMO_HEADERS = { Merchant: 'DEMO', Language: 'EN', Device: 'web' };

export function platformEnv(port: number, dataDir: string): NodeJS.ProcessEnv {
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
  return env;
}

export type RunningPlatform = { base: string; child: ChildProcess; close: () => Promise<void> };

/** The built platform (run `npm run build` first) on a fresh database, seeded with the demo brand. */
export async function startPlatform(): Promise<RunningPlatform> {
  const dataDir = mkdtempSync(join(tmpdir(), 'lotus-bench-web-'));
  const port = await freePort();
  const child = spawn(process.execPath, [join(root, 'scripts/start.ts')], {
    cwd: root,
    env: platformEnv(port, dataDir),
    stdio: 'inherit',
  });
  const base = `http://127.0.0.1:${port}`;
  const close = async () => {
    await stop(child);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitFor(`${base}/wps/system/status`, DEMO_HEADERS, child);
  } catch (error) {
    await close();
    throw error;
  }
  return { base, child, close };
}

/** Debian's Chromium and the flags that keep it off the network and quiet (as in the e2e suite). */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
