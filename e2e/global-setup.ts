import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { prepareBrands } from './brands.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    port: number;
    databaseUrl: string;
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

async function waitForReady(port: number, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited early (${server.exitCode})`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/wps/system/status`, {
        headers: { Merchant: 'DEMO' },
      });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server did not become ready in 60 s');
}

/**
 * A fresh PostgreSQL database, migrated and seeded, plus the extra brands the scenarios need; then
 * the real server (API + built web app) on a free port, trusting forwarded addresses from loopback
 * so a test can present a visitor's public IP.
 */
export default async function setup(project: TestProject) {
  const dbName = `lotus_e2e_${randomBytes(4).toString('hex')}`;
  await admin(`CREATE DATABASE ${dbName}`);
  const databaseUrl = ADMIN_URL.replace(/\/[^/]*$/, `/${dbName}`);
  const port = await freePort();
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    HOST: '127.0.0.1',
    TRUST_PROXY: '127.0.0.1,::1',
    LOG_LEVEL: 'warn',
    UPLOAD_DIR: join(root, '.data', `e2e-uploads-${dbName}`),
  };
  await runNode('apps/api/src/cli/migrate.ts', env);
  await runNode('apps/api/src/cli/seed.ts', env);
  await prepareBrands(databaseUrl);

  const server = spawn(process.execPath, [join(root, 'e2e/server.ts')], {
    cwd: root,
    env,
    stdio: 'inherit',
  });
  await waitForReady(port, server);
  project.provide('port', port);
  project.provide('databaseUrl', databaseUrl);

  return async () => {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  };
}
