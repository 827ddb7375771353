import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { dropAbandonedTestDatabases } from '@lotus/server-common/test-databases';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { prepareBrands } from './brands.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    port: number;
    databaseUrl: string;
    /** The house vendor's origin (its game pages and its verification page). */
    vendorUrl: string;
    /** The house vendor's own database (its rounds, seeds and wallet calls). */
    vendorDatabaseUrl: string;
  }
}

const root = join(import.meta.dirname, '..');
const ADMIN_URL = process.env.E2E_ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

function runNode(script: string, env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(root, script)], { cwd: root, env, stdio: 'inherit' });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${script} exited ${code}`))));
  });
}

async function waitForReady(url: string, server: ChildProcess, headers: Record<string, string> = {}) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`${url}: server exited early (${server.exitCode})`);
    try {
      const res = await fetch(url, { headers });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not become ready in 60 s`);
}

/**
 * A fresh PostgreSQL database, migrated and seeded, plus the extra brands the scenarios need; then
 * the real server (API + built web app) on a free port, trusting forwarded addresses from loopback
 * so a test can present a visitor's public IP; and the house vendor as a process of its own, on its
 * own port and its own PostgreSQL database, talking to the platform only over the signed
 * seamless-wallet API (as `npm start` runs it, but on free ports).
 */
export default async function setup(project: TestProject) {
  // What a killed run left behind (its server's and its vendor's databases) goes first.
  await dropAbandonedTestDatabases({ adminUrl: ADMIN_URL, prefixes: ['lotus_e2e'] });
  const dbName = `lotus_e2e_${randomBytes(4).toString('hex')}`;
  await admin(`CREATE DATABASE ${dbName}`);
  const databaseUrl = ADMIN_URL.replace(/\/[^/]*$/, `/${dbName}`);
  const vendorDbName = `${dbName}_vendor`;
  await admin(`CREATE DATABASE ${vendorDbName}`);
  const vendorDatabaseUrl = ADMIN_URL.replace(/\/[^/]*$/, `/${vendorDbName}`);
  const port = await freePort();
  const vendorPort = await freePort();
  const vendorUrl = `http://127.0.0.1:${vendorPort}`;
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    // The demo brand is meant here (SEED_DEMO_BRAND is off by default under production).
    SEED_DEMO_BRAND: '1',
    // And its "messages sent" page (off by default under production): demo-messages.e2e.ts.
    DEMO_MESSAGES: '1',
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    HOST: '127.0.0.1',
    TRUST_PROXY: '127.0.0.1,::1',
    LOG_LEVEL: 'warn',
    UPLOAD_DIR: join(root, '.data', `e2e-uploads-${dbName}`),
    HOUSE_VENDOR_PUBLIC_URL: vendorUrl,
  };
  await runNode('apps/api/src/cli/migrate.ts', env);
  await runNode('apps/api/src/cli/seed.ts', env);
  await prepareBrands(databaseUrl);

  const server = spawn(process.execPath, [join(root, 'e2e/server.ts')], {
    cwd: root,
    env,
    stdio: 'inherit',
  });
  await waitForReady(`http://127.0.0.1:${port}/wps/system/status`, server, { Merchant: 'DEMO' });

  const vendor = spawn(process.execPath, [join(root, 'apps/house-vendor/src/server/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      // The demo brand is meant here (SEED_DEMO_BRAND is off by default under production).
      SEED_DEMO_BRAND: '1',
      HOUSE_VENDOR_PORT: String(vendorPort),
      HOUSE_VENDOR_HOST: '127.0.0.1',
      HOUSE_VENDOR_PLATFORM_URL: `http://127.0.0.1:${port}`,
      HOUSE_VENDOR_DATABASE_URL: vendorDatabaseUrl,
      // Live tables on a short clock (live.e2e.ts, live-page.e2e.ts, live-roulette.e2e.ts; every
      // table, roulette too): 10 s to bet (two browsers
      // pressing chips and spots on a loaded machine missed a 6 s window), the result within 1.5 s.
      HOUSE_VENDOR_LIVE_BETTING_SECONDS: '10',
      HOUSE_VENDOR_LIVE_CLOSED_SECONDS: '0.5',
      HOUSE_VENDOR_LIVE_RESULT_SECONDS: '1',
      // Every scenario's browser is 127.0.0.1: the HTTP API's limits per address and per session
      // a thousand times looser (as the platform's relaxedThrottle), so the suite never meets them.
      HOUSE_VENDOR_HTTP_SESSIONS_PER_IP: '30000',
      HOUSE_VENDOR_HTTP_CALLS_PER_SESSION: '120000',
      HOUSE_VENDOR_HTTP_CALLS_PER_IP: '3000000',
      LOG_LEVEL: 'warn',
    },
    stdio: 'inherit',
  });
  await waitForReady(`${vendorUrl}/verify`, vendor);
  project.provide('port', port);
  project.provide('databaseUrl', databaseUrl);
  project.provide('vendorUrl', vendorUrl);
  project.provide('vendorDatabaseUrl', vendorDatabaseUrl);

  return async () => {
    for (const child of [vendor, server]) {
      if (child.exitCode !== null) continue;
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    await admin(`DROP DATABASE IF EXISTS ${vendorDbName} WITH (FORCE)`);
    await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  };
}
