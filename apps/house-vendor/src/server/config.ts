import path from 'node:path';
import { parseTrustProxy, type TrustProxy } from '@lotus/server-common/trust-proxy';
import { type Static, Type } from 'typebox';
import { Value } from 'typebox/value';
import type { HttpLimits } from './http/rate-limit.ts';
import type { JoinLimits } from './live/realtime.ts';
import { isLiveTableId, LIVE_TABLES } from './live/tables.ts';

/** The repository root: relative directories in the environment resolve from here. */
export const REPO_ROOT = path.resolve(import.meta.dirname, '../../../..');

/** The demo brand's signing secret; the platform's seed registers the vendor HOUSE with the same one. */
export const DEMO_BRAND_SECRET = 'house-vendor-demo-secret-not-for-production';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** Every environment variable the house vendor reads, validated once at boot. */
export const HouseVendorEnv = Type.Object({
  NODE_ENV: Type.Enum(['development', 'production', 'test'], { default: 'development' }),
  HOUSE_VENDOR_PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 8081 }),
  HOUSE_VENDOR_HOST: Type.String({ minLength: 1, default: '0.0.0.0' }),
  /**
   * Which proxies' X-Forwarded-For to believe for the client address (rate limits, logs): as the
   * platform's TRUST_PROXY (`loopback`, a list of addresses/subnets, a hop count, true, false).
   * Behind a load balancer, name it: otherwise every player counts as the balancer's one address.
   */
  HOUSE_VENDOR_TRUST_PROXY: Type.String({ default: 'loopback' }),
  /** Where the platform's seamless-wallet API answers (its origin; `/seamless/v1/...` is appended). */
  HOUSE_VENDOR_PLATFORM_URL: Type.String({ minLength: 1, default: 'http://127.0.0.1:8080' }),
  /** The code the platform knows this vendor by (the `X-Vendor` header and the body's `vendor`). */
  HOUSE_VENDOR_CODE: Type.String({ pattern: '^[A-Za-z0-9_-]{1,32}$', default: 'HOUSE' }),
  /** `MERCHANT:secret` pairs separated by commas: the brands this vendor serves and their signing secrets. */
  HOUSE_VENDOR_BRANDS: Type.String({ minLength: 1, default: `DEMO:${DEMO_BRAND_SECRET}` }),
  /** PostgreSQL connection string; when empty the embedded PGlite database under the data dir is used. */
  HOUSE_VENDOR_DATABASE_URL: Type.String({ default: '' }),
  HOUSE_VENDOR_DATABASE_POOL_SIZE: Type.Integer({ minimum: 1, maximum: 200, default: 10 }),
  HOUSE_VENDOR_DATA_DIR: Type.String({ minLength: 1, default: '.data/house-vendor' }),
  /** Origins allowed to show the game pages in a frame (CSP frame-ancestors), separated by commas or spaces. */
  HOUSE_VENDOR_FRAME_ANCESTORS: Type.String({ default: '' }),
  /** The built game pages (vite build of apps/house-vendor/web). */
  HOUSE_VENDOR_WEB_DIST: Type.String({ minLength: 1, default: 'apps/house-vendor/web/dist' }),
  /** How long one wallet call may take before it counts as unanswered (ms). */
  HOUSE_VENDOR_WALLET_TIMEOUT_MS: Type.Integer({ minimum: 100, maximum: 60_000, default: 3_000 }),
  /** Attempts of one wallet call (same transaction id) before its answer is called unknown. */
  HOUSE_VENDOR_WALLET_ATTEMPTS: Type.Integer({ minimum: 1, maximum: 10, default: 3 }),
  /** Seconds between two runs of the recovery job (it also runs at start). */
  HOUSE_VENDOR_RECOVERY_SECONDS: Type.Number({ minimum: 0.05, maximum: 3600, default: 10 }),
  /**
   * How long one process owns a round it is playing (seconds): the recovery job leaves a round alone
   * until its lease ran out, so it only finishes rounds whose process stopped or gave up.
   */
  HOUSE_VENDOR_ROUND_LEASE_SECONDS: Type.Number({ minimum: 0.05, maximum: 3600, default: 60 }),
  /** Redis for Socket.IO's adapter (several vendor processes serve one table); empty = in-process. */
  HOUSE_VENDOR_REDIS_URL: Type.String({ default: '' }),
  /** Prefix of the adapter's Redis channels (vendors sharing a Redis keep apart). */
  HOUSE_VENDOR_REDIS_KEY: Type.String({ pattern: '^[A-Za-z0-9_.:-]{1,64}$', default: 'house-vendor-live' }),
  /** Live tables whose clock this process may drive: `all`, `none` or table ids separated by commas. */
  HOUSE_VENDOR_LIVE_TABLES: Type.String({ pattern: '^[a-z0-9,-]{0,400}$', default: 'all' }),
  /** Overrides every table's betting window / closed (dealing) time / result display time (seconds). */
  HOUSE_VENDOR_LIVE_BETTING_SECONDS: Type.Optional(Type.Number({ minimum: 0.2, maximum: 600 })),
  HOUSE_VENDOR_LIVE_CLOSED_SECONDS: Type.Optional(Type.Number({ minimum: 0.05, maximum: 600 })),
  HOUSE_VENDOR_LIVE_RESULT_SECONDS: Type.Optional(Type.Number({ minimum: 0.05, maximum: 600 })),
  /** How long one process owns a table's clock (seconds) unless it renews it. */
  HOUSE_VENDOR_LIVE_LEASE_SECONDS: Type.Number({ minimum: 0.2, maximum: 600, default: 10 }),
  /** Seats of one round settled at once (each its wallet win + roundEnd). */
  HOUSE_VENDOR_LIVE_SETTLE_CONCURRENCY: Type.Integer({ minimum: 1, maximum: 256, default: 32 }),
  /** Seats per signed batch of the settlement's wallet calls (two items each: win, roundEnd). */
  HOUSE_VENDOR_LIVE_SETTLE_BATCH_SEATS: Type.Integer({ minimum: 1, maximum: 250, default: 100 }),
  /** Socket joins of the live tables allowed per minute from one client address / for one player. */
  HOUSE_VENDOR_LIVE_JOINS_PER_IP: Type.Integer({ minimum: 1, maximum: 1_000_000, default: 300 }),
  HOUSE_VENDOR_LIVE_JOINS_PER_PLAYER: Type.Integer({ minimum: 1, maximum: 10_000, default: 30 }),
  /** Launch-token exchanges (POST /api/session) allowed per minute from one client address. */
  HOUSE_VENDOR_HTTP_SESSIONS_PER_IP: Type.Integer({ minimum: 1, maximum: 1_000_000, default: 30 }),
  /** API calls allowed per 10 seconds with one session token. */
  HOUSE_VENDOR_HTTP_CALLS_PER_SESSION: Type.Integer({ minimum: 1, maximum: 1_000_000, default: 120 }),
  /** API calls of every kind allowed per minute from one client address (the ceiling). */
  HOUSE_VENDOR_HTTP_CALLS_PER_IP: Type.Integer({ minimum: 1, maximum: 10_000_000, default: 3_000 }),
  LOG_LEVEL: Type.Enum(LOG_LEVELS, { default: 'info' }),
  /** `1` says the demo is meant: only then may a production start keep the demo brand's secret. */
  SEED_DEMO_BRAND: Type.Optional(Type.Enum(['0', '1'])),
});
export type HouseVendorEnv = Static<typeof HouseVendorEnv>;

export type HouseVendorConfig = {
  nodeEnv: HouseVendorEnv['NODE_ENV'];
  port: number;
  host: string;
  /** Fastify's trustProxy (HOUSE_VENDOR_TRUST_PROXY). */
  trustProxy: TrustProxy;
  platformUrl: string;
  vendorCode: string;
  /** Merchant (brand) code -> signing secret. */
  brands: ReadonlyMap<string, string>;
  databaseUrl: string | null;
  databasePoolSize: number;
  dataDir: string;
  frameAncestors: readonly string[];
  webDist: string;
  walletTimeoutMs: number;
  walletAttempts: number;
  recoveryIntervalMs: number;
  roundLeaseMs: number;
  logLevel: HouseVendorEnv['LOG_LEVEL'];
  /** Socket.IO's Redis adapter (null: in-process only). */
  redisUrl?: string | null;
  /** Prefix of the adapter's Redis channels. */
  redisKey?: string;
  /** Tables whose clock this process may drive (null: every table; [] none). */
  liveTables?: readonly string[] | null;
  /** Timing overrides of every table (ms); unset: each table's own. */
  liveTiming?: { bettingMs?: number; closedMs?: number; resultMs?: number };
  /** How long a process owns a table's clock (ms). */
  liveLeaseMs?: number;
  /** Seats of one round settled at once (default 32). */
  liveSettleConcurrency?: number;
  /** Seats per signed batch of the settlement (default 100; at most 250: 500 items). */
  liveSettleBatchSeats?: number;
  /** Socket joins allowed per window, per client address and per player (default: 300 and 30 a minute). */
  liveJoinLimits?: JoinLimits;
  /** Rate limits of the HTTP API (default: DEFAULT_HTTP_LIMITS in http/rate-limit.ts). */
  httpLimits?: HttpLimits;
};

function liveTablesOf(raw: string): string[] | null {
  const list = raw
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  if (list.length === 1 && list[0] === 'all') return null;
  if (list.length === 1 && list[0] === 'none') return [];
  const unknown = list.filter((id) => !isLiveTableId(id));
  if (unknown.length > 0)
    throw new HouseVendorConfigError(
      `HOUSE_VENDOR_LIVE_TABLES: unknown table ${unknown.join(', ')} (all, none or ${LIVE_TABLES.map((t) => t.id).join(', ')})`,
    );
  return list;
}

const ms = (seconds: number | undefined) => (seconds === undefined ? undefined : Math.round(seconds * 1000));

export class HouseVendorConfigError extends Error {
  override name = 'HouseVendorConfigError';
}

/** `DEMO:secret,OTHER:secret2` -> map; the secret may itself contain colons. */
export function parseBrands(raw: string): Map<string, string> {
  const brands = new Map<string, string>();
  for (const part of raw.split(',')) {
    const entry = part.trim();
    if (entry === '') continue;
    const colon = entry.indexOf(':');
    const merchant = colon > 0 ? entry.slice(0, colon).trim() : '';
    const secret = colon > 0 ? entry.slice(colon + 1).trim() : '';
    if (!/^[A-Za-z0-9_-]{1,32}$/.test(merchant) || secret.length < 16) {
      throw new HouseVendorConfigError(
        `HOUSE_VENDOR_BRANDS: "${merchant || entry.slice(0, 12)}" needs the form MERCHANT:secret with a secret of at least 16 characters`,
      );
    }
    if (brands.has(merchant))
      throw new HouseVendorConfigError(`HOUSE_VENDOR_BRANDS: ${merchant} is listed twice`);
    brands.set(merchant, secret);
  }
  if (brands.size === 0) throw new HouseVendorConfigError('HOUSE_VENDOR_BRANDS: no brand');
  return brands;
}

function origin(raw: string, name: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new HouseVendorConfigError(`${name}: "${raw}" is not a URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new HouseVendorConfigError(`${name}: "${raw}" must be http or https`);
  return url.origin;
}

/**
 * Who may frame the game pages. Given: each entry must be an http(s) origin (never `*`). Not given:
 * the platform's origin, and for a loopback platform both of its names (the demo brand is served on
 * `localhost` and `127.0.0.1`).
 */
export function parseFrameAncestors(raw: string, platformUrl: string): string[] {
  const given = raw
    .split(/[\s,]+/)
    .map((s) => s.trim())
    .filter((s) => s !== '');
  if (given.length > 0) {
    return given.map((entry) => {
      if (entry.includes('*'))
        throw new HouseVendorConfigError('HOUSE_VENDOR_FRAME_ANCESTORS: wildcards are not allowed');
      return origin(entry, 'HOUSE_VENDOR_FRAME_ANCESTORS');
    });
  }
  const platform = new URL(origin(platformUrl, 'HOUSE_VENDOR_PLATFORM_URL'));
  const out = new Set([platform.origin]);
  if (platform.hostname === '127.0.0.1' || platform.hostname === 'localhost') {
    for (const host of ['127.0.0.1', 'localhost']) {
      const twin = new URL(platform.origin);
      twin.hostname = host;
      out.add(twin.origin);
    }
  }
  return [...out];
}

/** Reads and validates the environment; throws HouseVendorConfigError listing every bad variable. */
export function loadHouseVendorConfig(
  env: Record<string, string | undefined> = process.env,
): HouseVendorConfig {
  const known: Record<string, string> = {};
  for (const key of Object.keys(HouseVendorEnv.properties)) {
    const v = env[key];
    if (v !== undefined && v !== '') known[key] = v;
  }
  const converted = Value.Default(HouseVendorEnv, Value.Convert(HouseVendorEnv, known));
  if (!Value.Check(HouseVendorEnv, converted)) {
    const problems = [...Value.Errors(HouseVendorEnv, converted)].map(
      (e) => `${e.instancePath.slice(1) || '(env)'}: ${e.message}`,
    );
    throw new HouseVendorConfigError(`Invalid house vendor environment: ${problems.join('; ')}`);
  }
  const e = converted as HouseVendorEnv;
  const platformUrl = origin(e.HOUSE_VENDOR_PLATFORM_URL, 'HOUSE_VENDOR_PLATFORM_URL');
  const brands = parseBrands(e.HOUSE_VENDOR_BRANDS);
  if (
    e.NODE_ENV === 'production' &&
    e.SEED_DEMO_BRAND !== '1' &&
    [...brands.values()].includes(DEMO_BRAND_SECRET)
  ) {
    throw new HouseVendorConfigError(
      'HOUSE_VENDOR_BRANDS holds the published demo signing secret under NODE_ENV=production: ' +
        "configure each brand's own secret, or set SEED_DEMO_BRAND=1 if this is meant to be the demo",
    );
  }
  return {
    nodeEnv: e.NODE_ENV,
    port: e.HOUSE_VENDOR_PORT,
    host: e.HOUSE_VENDOR_HOST,
    trustProxy: parseTrustProxy(e.HOUSE_VENDOR_TRUST_PROXY),
    platformUrl,
    vendorCode: e.HOUSE_VENDOR_CODE,
    brands,
    databaseUrl: e.HOUSE_VENDOR_DATABASE_URL || null,
    databasePoolSize: e.HOUSE_VENDOR_DATABASE_POOL_SIZE,
    dataDir: path.resolve(REPO_ROOT, e.HOUSE_VENDOR_DATA_DIR),
    frameAncestors: parseFrameAncestors(e.HOUSE_VENDOR_FRAME_ANCESTORS, platformUrl),
    webDist: path.resolve(REPO_ROOT, e.HOUSE_VENDOR_WEB_DIST),
    walletTimeoutMs: e.HOUSE_VENDOR_WALLET_TIMEOUT_MS,
    walletAttempts: e.HOUSE_VENDOR_WALLET_ATTEMPTS,
    recoveryIntervalMs: Math.round(e.HOUSE_VENDOR_RECOVERY_SECONDS * 1000),
    roundLeaseMs: Math.round(e.HOUSE_VENDOR_ROUND_LEASE_SECONDS * 1000),
    logLevel: e.LOG_LEVEL,
    redisUrl: e.HOUSE_VENDOR_REDIS_URL || null,
    redisKey: e.HOUSE_VENDOR_REDIS_KEY,
    liveTables: liveTablesOf(e.HOUSE_VENDOR_LIVE_TABLES),
    liveTiming: {
      ...(ms(e.HOUSE_VENDOR_LIVE_BETTING_SECONDS) !== undefined
        ? { bettingMs: ms(e.HOUSE_VENDOR_LIVE_BETTING_SECONDS) }
        : {}),
      ...(ms(e.HOUSE_VENDOR_LIVE_CLOSED_SECONDS) !== undefined
        ? { closedMs: ms(e.HOUSE_VENDOR_LIVE_CLOSED_SECONDS) }
        : {}),
      ...(ms(e.HOUSE_VENDOR_LIVE_RESULT_SECONDS) !== undefined
        ? { resultMs: ms(e.HOUSE_VENDOR_LIVE_RESULT_SECONDS) }
        : {}),
    },
    liveLeaseMs: Math.round(e.HOUSE_VENDOR_LIVE_LEASE_SECONDS * 1000),
    liveSettleConcurrency: e.HOUSE_VENDOR_LIVE_SETTLE_CONCURRENCY,
    liveSettleBatchSeats: e.HOUSE_VENDOR_LIVE_SETTLE_BATCH_SEATS,
    liveJoinLimits: {
      perIp: { points: e.HOUSE_VENDOR_LIVE_JOINS_PER_IP, seconds: 60 },
      perPlayer: { points: e.HOUSE_VENDOR_LIVE_JOINS_PER_PLAYER, seconds: 60 },
    },
    httpLimits: {
      sessionsPerIp: { points: e.HOUSE_VENDOR_HTTP_SESSIONS_PER_IP, seconds: 60 },
      callsPerSession: { points: e.HOUSE_VENDOR_HTTP_CALLS_PER_SESSION, seconds: 10 },
      callsPerIp: { points: e.HOUSE_VENDOR_HTTP_CALLS_PER_IP, seconds: 60 },
    },
  };
}
