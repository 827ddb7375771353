import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { CsChannel, FooterLink, RegistrationRules } from '@lotus/contracts/content';
import type { CustomerServiceItem, WhitelabelMenu } from '@lotus/contracts/system';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSeededPostgresDatabase } from '../../../test/database.ts';
import { createOperator, operatorLogin, uniqueName } from '../../../test/operators.ts';
import { TEST_PASSWORD_HASHING } from '../../../test/settings.ts';
import { headers, type TestContext } from '../../../test/support.ts';
import { buildApp } from '../../app.ts';
import { createDatabase, type Db } from '../../db/database.ts';

/**
 * Content changes seen at once by ANOTHER server process (issue 24): two apps, each with its own
 * connection pool and its own cache entries, on one PostgreSQL database and one Redis (as two
 * `npm start` processes behind a balancer). An edit through app A is what app B serves on the very
 * next call, although B had the old value cached (brand, customer-service channels, registration
 * rules: 2-3 s caches). A third app without Redis proves the caches are real: it still serves the
 * old value. PostgreSQL and Redis only (excluded from api-pglite in vitest.config.ts).
 */
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

let drop: () => Promise<void> = async () => {};
let uploadDir = '';
const dbs: Db[] = [];
const apps: FastifyInstance[] = [];
let a: Process;
let b: Process;
let lone: Process;
let token = '';

type Process = TestContext & { origin: string };

async function appOn(url: string, redisUrl: string | null): Promise<Process> {
  const db = await createDatabase({ databaseUrl: url, poolSize: 4 });
  dbs.push(db);
  const app = await buildApp({
    config: {
      trustProxy: false,
      logLevel: 'silent',
      uploadDir,
      webDist: path.join(uploadDir, 'no-web-build'),
      redisUrl,
      passwordHashing: TEST_PASSWORD_HASHING,
    },
    db,
    logger: false,
  });
  apps.push(app);
  // Over real HTTP, as a browser reaches a process: its request and the Redis message both arrive
  // on sockets (app.inject would run the handler without the event loop ever reading Redis).
  const origin = await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, db, uploadDir, origin };
}

beforeAll(async () => {
  uploadDir = await mkdtemp(path.join(tmpdir(), 'lotus-cache-bus-'));
  const copy = await createSeededPostgresDatabase();
  drop = copy.drop;
  a = await appOn(copy.url, REDIS_URL);
  b = await appOn(copy.url, REDIS_URL);
  lone = await appOn(copy.url, null);
  // Both processes hold their subscription before the first change is published.
  const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(a.db);
  const channel = `lotus:db-cache:${rows[0]?.name ?? ''}`;
  const probe = new Redis(REDIS_URL);
  try {
    for (let i = 0; i < 100; i++) {
      const [, count] = (await probe.pubsub('NUMSUB', channel)) as [string, number];
      if (Number(count) >= 2) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    probe.disconnect();
  }
  const username = uniqueName('bus');
  await createOperator(a.db, { merchantCode: 'DEMO', username, password: 'Secret123', role: 'admin' });
  token = await operatorLogin(a, { merchantCode: 'DEMO', username, password: 'Secret123' });
});

afterAll(async () => {
  for (const app of apps) await app.close();
  for (const db of dbs) await db.destroy();
  await drop();
  if (uploadDir) await rm(uploadDir, { recursive: true, force: true });
});

type Envelope<T> = { success: boolean; value: T; errorCode: string };

async function http<T>(to: Process, method: 'GET' | 'PUT', url: string, payload?: object) {
  const res = await fetch(`${to.origin}${url}`, {
    method,
    headers: {
      ...headers(),
      connection: 'close',
      ...(payload ? { 'content-type': 'application/json', authorization: token } : {}),
    },
    ...(payload ? { body: JSON.stringify(payload) } : {}),
  });
  return (await res.json()) as Envelope<T>;
}

const get = async <T>(to: Process, url: string) => {
  const body = await http<T>(to, 'GET', url);
  expect(body.success).toBe(true);
  return body.value;
};
const put = (url: string, payload: object) => http(a, 'PUT', url, payload);

const footerKeys = async (to: Process) =>
  (await get<WhitelabelMenu>(to, '/wps/system/whitelabel')).footerLinks.map((l) => l.key);

describe('content caches across two server processes (PostgreSQL + Redis)', () => {
  it('footer links changed through app A are served by app B on its next call', async () => {
    const before = await footerKeys(b);
    expect(await footerKeys(lone)).toEqual(before);
    const links: FooterLink[] = [
      { key: 'bus-news', path: '/help?page=about', label: { en: 'News', ms: '', cn: '' } },
    ];
    expect((await put('/bo/v1/content/footer-links', { links })).success).toBe(true);
    expect(await footerKeys(b)).toEqual(['bus-news']);
    // The process without Redis keeps its cached brand until the entry's 2 s are over.
    expect(await footerKeys(lone)).toEqual(before);
  });

  it('customer-service channels and registration rules likewise', async () => {
    const types = async (to: Process) =>
      (await get<CustomerServiceItem[]>(to, '/wps/system/customerService?type=3')).map((c) => c.csType);
    const maxLength = async (to: Process) =>
      (await get<RegistrationRules>(to, '/wps/system/setting/register')).fields.username?.maxLength;
    const typesBefore = await types(b);
    const lengthBefore = await maxLength(b);
    expect(typesBefore).toContain('WHATSAPP');
    await types(lone);
    await maxLength(lone);

    const channels: CsChannel[] = [
      {
        csType: 'TELEGRAM',
        url: 'https://t.me/lotus',
        qrCodeUrl: '',
        label: { en: 'Telegram', ms: '', cn: '' },
      },
    ];
    expect((await put('/bo/v1/content/cs-channels', { channels })).success).toBe(true);
    const rule = {
      enabled: true,
      required: true,
      acceptedPattern: '*',
      patternId: 1,
      minLength: 6,
      maxLength: 9,
    };
    expect((await put('/bo/v1/content/registration', { fields: { username: rule } })).success).toBe(true);

    expect(await types(b)).toEqual(['TELEGRAM']);
    expect(await maxLength(b)).toBe(9);
    expect(lengthBefore).not.toBe(9);
    expect(await types(lone)).toEqual(typesBefore);
  });
});
