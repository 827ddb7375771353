import { setTimeout as sleep } from 'node:timers/promises';
import { errorMessage } from '@lotus/contracts/errors';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { createSeededPostgresDatabase, template } from '../../test/database.ts';
import { TEST_ADMIN_URL } from '../../test/settings.ts';
import { headers, setupTestApp } from '../../test/support.ts';
import { memberWithFunds, type SignedIn } from '../../test/withdrawals.ts';
import { buildApp } from '../app.ts';
import { createDatabase, type Db } from '../db/database.ts';
import { toAppError } from './error-handler.ts';

const onPostgres = process.env.TEST_DB === 'postgres';
const ADMIN_URL = TEST_ADMIN_URL;

const ctx = setupTestApp();

async function adminQuery(text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    return await client.query(text, values);
  } finally {
    await client.end();
  }
}

/** An app on its own database, without test tables in the way (the probes need nothing else). */
async function appOn(db: Db, redisUrl: string | null = null): Promise<FastifyInstance> {
  const app = await buildApp({
    config: {
      trustProxy: false,
      logLevel: 'silent',
      uploadDir: ctx.uploadDir,
      webDist: ctx.uploadDir,
      redisUrl,
    },
    db,
    logger: false,
  });
  await app.ready();
  return app;
}

describe('GET /health and GET /ready', () => {
  it('answer 200 without a Merchant header while the database and Redis are fine, never cached', async () => {
    const health = await ctx.app.inject({ method: 'GET', url: '/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    const ready = await ctx.app.inject({ method: 'GET', url: '/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ ready: true, database: 'ok', redis: 'not_configured' });
    expect(ready.headers['cache-control']).toBe('no-store');
  });

  it('/ready answers 503 when the database is unreachable (closed port), /health still 200', async () => {
    const db = await createDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:1/nowhere', poolSize: 2 });
    const app = await appOn(db);
    try {
      const ready = await app.inject({ method: 'GET', url: '/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ ready: false, database: 'unreachable', redis: 'not_configured' });
      expect(ready.body).not.toMatch(/ECONN|127\.0\.0\.1|nowhere/);
      expect((await app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
      // An API call answers the catalogue's 503, in the caller's language, with no internals.
      const call = await app.inject({
        method: 'GET',
        url: '/wps/system/status',
        headers: headers('DEMO', 'MS'),
      });
      expect(call.statusCode).toBe(503);
      expect(call.json()).toMatchObject({
        success: false,
        errorCode: 'service_unavailable',
        message: errorMessage('service_unavailable', 'MS'),
      });
      expect(call.body).not.toMatch(/ECONN|127\.0\.0\.1|nowhere|stack/);
    } finally {
      await app.close();
      await db.destroy();
    }
  });

  it('/ready answers 503 when Redis is configured but unreachable', async () => {
    const app = await appOn(ctx.db, 'redis://127.0.0.1:1');
    try {
      const ready = await app.inject({ method: 'GET', url: '/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ ready: false, database: 'ok', redis: 'unreachable' });
    } finally {
      await app.close();
    }
  });
});

describe('database failover', () => {
  let member: SignedIn;
  beforeAll(async () => {
    member = await memberWithFunds(ctx, { funds: 10_000n });
  });

  it('maps a connection lost under a query to 503 service_unavailable (both databases)', () => {
    const terminated = Object.assign(new Error('terminating connection due to administrator command'), {
      code: '57P01',
    });
    expect(toAppError(terminated).code).toBe('service_unavailable');
    expect(toAppError(new Error('Connection terminated unexpectedly')).code).toBe('service_unavailable');
    expect(toAppError(Object.assign(new Error('connect'), { code: 'ECONNREFUSED' })).code).toBe(
      'service_unavailable',
    );
    // A fault of the statement itself stays a 500.
    expect(toAppError(Object.assign(new Error('syntax'), { code: '42601' })).code).toBe('system_error');
  });

  it('survives its connections being terminated under load, several times, and serves 200 afterwards', async () => {
    if (!onPostgres) {
      // PGlite runs inside the process: there is no connection to lose. The mapping test above holds.
      expect((await ctx.app.inject({ method: 'GET', url: '/ready' })).statusCode).toBe(200);
      return;
    }
    const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(ctx.db);
    const database = rows[0]?.name;
    const statuses = new Map<number, number>();
    const authed = { ...headers(), authorization: member.token };
    for (let round = 0; round < 5; round += 1) {
      const load = Array.from({ length: 40 }, (_, i) =>
        ctx.app.inject({
          method: 'GET',
          url: i % 2 === 0 ? '/wps/member/info' : '/wps/v2/wallets/balance',
          headers: authed,
        }),
      );
      await sleep(5);
      await adminQuery(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [database],
      );
      for (const res of await Promise.all(load)) {
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        if (res.statusCode !== 200) {
          expect(res.statusCode).toBe(503);
          expect(res.json().errorCode).toBe('service_unavailable');
        }
      }
    }
    // Every request answered 200 or 503; the process is still here and serves normally again.
    expect([...statuses.keys()].every((s) => s === 200 || s === 503)).toBe(true);
    for (let i = 0; i < 20; i += 1) {
      const res = await ctx.app.inject({ method: 'GET', url: '/wps/member/info', headers: authed });
      expect(res.statusCode).toBe(200);
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/ready' })).statusCode).toBe(200);
  });

  it('answers 503 while its database is gone and recovers by itself when it is back', async () => {
    if (!onPostgres) {
      expect((await ctx.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
      return;
    }
    const created = await createSeededPostgresDatabase();
    const name = created.url.slice(created.url.lastIndexOf('/') + 1);
    const db = await createDatabase({ databaseUrl: created.url, poolSize: 4 });
    const app = await appOn(db);
    try {
      const status = () => app.inject({ method: 'GET', url: '/wps/system/status', headers: headers() });
      expect((await status()).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/ready' })).statusCode).toBe(200);

      await created.drop();
      const down = await app.inject({ method: 'GET', url: '/ready' });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toMatchObject({ database: 'unreachable' });
      const refused = await app.inject({
        method: 'GET',
        url: '/wps/member/info',
        headers: { ...headers(), authorization: 'x'.repeat(40) },
      });
      expect(refused.statusCode).toBe(503);
      expect(refused.json().errorCode).toBe('service_unavailable');

      // The database comes back (same name, fresh data): no restart of the app is needed.
      await adminQuery(`CREATE DATABASE ${name} TEMPLATE ${template()}`);
      expect((await app.inject({ method: 'GET', url: '/ready' })).statusCode).toBe(200);
      expect((await status()).statusCode).toBe(200);
    } finally {
      await app.close();
      await db.destroy();
      await created.drop();
    }
  });
});
