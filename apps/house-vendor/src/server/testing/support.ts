import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  createTestPostgresDatabase,
  DEFAULT_ADMIN_URL,
  readPgliteSnapshot,
} from '@lotus/server-common/test-databases';
import { inject } from 'vitest';
import type { HouseVendorConfig } from '../config.ts';
import type { StatementObserver, VendorDatabaseTarget } from '../db/database.ts';
import { relaxedHttpLimits } from '../http/rate-limit.ts';
import { type RunningHouseVendor, startHouseVendor } from '../server.ts';
import { StubPlatform } from './stub-platform.ts';

/**
 * The vendor's server tests run twice: on embedded PGlite (project house-vendor-pglite) and on real
 * PostgreSQL (project house-vendor-postgres, HOUSE_VENDOR_TEST_DB=postgres), where each test vendor
 * gets a copy of the run's migrated template database on 127.0.0.1:5432, dropped afterwards.
 */

const ADMIN_URL = process.env.TEST_ADMIN_DATABASE_URL ?? DEFAULT_ADMIN_URL;
export const onPostgres = process.env.HOUSE_VENDOR_TEST_DB === 'postgres';
export const TEST_SECRET = 'test-secret-0123456789abcdef';

/** Storage that outlives one vendor process (a restart test starts a second one on it). */
export type TestStorage = { target: VendorDatabaseTarget; drop: () => Promise<void> };

/** The run's migrated vendor database (testing/global-setup.ts): a template name or a snapshot file. */
function template(): string {
  const value = inject('vendorDatabaseTemplate');
  if (!value)
    throw new Error(
      'The vendor server tests run in the projects house-vendor-pglite and house-vendor-postgres',
    );
  return value;
}

/**
 * A migrated vendor database of the test: on PostgreSQL a copy of the run's template (dropped by
 * `drop`), on PGlite the run's snapshot loaded in memory, or into a directory of its own when it must
 * outlive a restart (`persistent`). `empty`: a database that has never been migrated (the migrator's
 * own tests).
 */
export async function createTestStorage(
  options: { persistent?: boolean; empty?: boolean } = {},
): Promise<TestStorage> {
  if (onPostgres) {
    const database = await createTestPostgresDatabase({
      adminUrl: ADMIN_URL,
      prefix: 'house_vendor_test',
      ...(options.empty ? {} : { template: template() }),
    });
    return { target: { databaseUrl: database.url, poolSize: 4 }, drop: database.drop };
  }
  const loaded = options.empty ? {} : { loadDataDir: await readPgliteSnapshot(template()) };
  if (!options.persistent) return { target: { memory: true, ...loaded }, drop: async () => {} };
  const dir = await mkdtemp(path.join(tmpdir(), 'house-vendor-'));
  return { target: { dataDir: dir, ...loaded }, drop: () => rm(dir, { recursive: true, force: true }) };
}

export function testConfig(
  platformUrl: string,
  overrides: Partial<HouseVendorConfig> = {},
): HouseVendorConfig {
  return {
    nodeEnv: 'test',
    port: 0,
    host: '127.0.0.1',
    trustProxy: false,
    platformUrl,
    vendorCode: 'HOUSE',
    brands: new Map([['DEMO', TEST_SECRET]]),
    databaseUrl: null,
    databasePoolSize: 4,
    dataDir: '',
    frameAncestors: ['http://localhost:8080', 'http://127.0.0.1:8080'],
    webDist: path.join(tmpdir(), 'house-vendor-no-dist'),
    walletTimeoutMs: 400,
    walletAttempts: 3,
    recoveryIntervalMs: 100,
    roundLeaseMs: 300,
    logLevel: 'silent',
    redisUrl: null,
    // No table clock unless a test asks for one (the slots' tests stay quiet).
    liveTables: [],
    liveTiming: { bettingMs: 1_000, closedMs: 200, resultMs: 200 },
    liveLeaseMs: 1_000,
    // Every test client is 127.0.0.1: the HTTP limits a thousand times looser unless a test sets them.
    httpLimits: relaxedHttpLimits(),
    ...overrides,
  };
}

export type TestVendor = {
  stub: StubPlatform;
  vendor: RunningHouseVendor;
  storage: TestStorage;
  /** Opens a game session as the page does; answers the page's bearer token and the session answer. */
  open(
    playerId: string,
    game?: string,
    mode?: 'real' | 'demo' | 'free',
  ): Promise<{ token: string; body: SessionAnswer }>;
  request<T = unknown>(
    method: 'GET' | 'POST',
    url: string,
    token?: string,
    body?: unknown,
  ): Promise<{ status: number; body: T }>;
  restart(overrides?: Partial<HouseVendorConfig>, recovery?: boolean): Promise<RunningHouseVendor>;
  close(): Promise<void>;
};

export type SessionAnswer = {
  token: string;
  session: { mode: string; game: string; currency: string; currencyLabel: string; scale: number };
  balance: string | null;
  fairness: { serverSeedHash: string; clientSeed: string; nonce: number };
  freeRounds: { grantId: string; stake: string; remaining: number; expiresAt: string }[];
};

export async function createTestVendor(
  options: {
    overrides?: Partial<HouseVendorConfig>;
    recovery?: boolean;
    persistent?: boolean;
    /** Told every statement the vendor sends its database (round-trip counts). */
    observeStatements?: StatementObserver;
  } = {},
): Promise<TestVendor> {
  const stub = await new StubPlatform({ brands: { DEMO: TEST_SECRET } }).start();
  const storage = await createTestStorage({ persistent: options.persistent ?? false });
  const start = (overrides: Partial<HouseVendorConfig> = {}, recovery = options.recovery ?? false) =>
    startHouseVendor(testConfig(stub.url, { ...options.overrides, ...overrides }), {
      logger: false,
      database: storage.target,
      recovery,
      ...(options.observeStatements ? { observeStatements: options.observeStatements } : {}),
    });
  const t: TestVendor = {
    stub,
    storage,
    vendor: await start(),
    async request(method, url, token, body) {
      const response = await fetch(`${t.vendor.url}${url}`, {
        method,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        ...(body !== undefined ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
      });
      const text = await response.text();
      return { status: response.status, body: (text ? JSON.parse(text) : null) as never };
    },
    async open(playerId, game = 'lotus-garden', mode = 'real') {
      const launchToken = stub.launch(playerId, game, mode);
      const answer = await t.request<SessionAnswer>('POST', '/api/session', undefined, {
        merchant: 'DEMO',
        launchToken,
        game,
      });
      if (answer.status !== 200) throw new Error(`session: ${answer.status} ${JSON.stringify(answer.body)}`);
      return { token: answer.body.token, body: answer.body };
    },
    async restart(overrides, recovery) {
      await t.vendor.close();
      t.vendor = await start(overrides, recovery);
      return t.vendor;
    },
    async close() {
      await t.vendor.close();
      await stub.stop();
      await storage.drop();
    },
  };
  return t;
}

/** Polls until `check` holds (or fails after `ms`). */
export async function eventually(check: () => Promise<boolean> | boolean, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
