import path from 'node:path';
import { parseTrustProxy, type TrustProxy } from '@lotus/server-common/trust-proxy';
import { type Static, Type } from 'typebox';
import { Value } from 'typebox/value';
import type { PoolTimeouts } from './db/database.ts';
import type { PasswordHashing } from './lib/hashing.ts';

/** The repository root: relative directories in the environment resolve from here. */
export const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/**
 * What a server process does: `web` serves the HTTP API and the sites, `worker` runs the scheduled
 * jobs and the event consumers, `realtime` is reserved for the WebSocket tables (accepted, no work
 * yet). One process runs them all by default; a worker-only process answers only GET /health.
 */
export const ROLES = ['web', 'worker', 'realtime'] as const;
export type Role = (typeof ROLES)[number];

/** Every environment variable the server reads, validated once at boot. */
export const EnvSchema = Type.Object({
  NODE_ENV: Type.Enum(['development', 'production', 'test'], { default: 'development' }),
  PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 8080 }),
  /** Listen address: loopback unless a host is configured (`0.0.0.0` listens on every interface). */
  HOST: Type.String({ minLength: 1, default: '127.0.0.1' }),
  /**
   * `1` seeds the demo brand DEMO (published credentials) at every start, `0` never; unset: on
   * outside production, off under NODE_ENV=production.
   */
  SEED_DEMO_BRAND: Type.Optional(Type.Enum(['0', '1'])),
  /**
   * The demo's "messages sent" page (SMS codes and e-mails of the demo brand in full), only with the
   * demo brand seeded. Unset: on outside production, off under NODE_ENV=production; `1` turns it on
   * there too (a production-built demo, such as the end-to-end suite's, logs a warning), `0` off.
   */
  DEMO_MESSAGES: Type.Optional(Type.Enum(['0', '1'])),
  /** PostgreSQL connection string; when empty the embedded PGlite database under DATA_DIR is used. */
  DATABASE_URL: Type.String({ default: '' }),
  /** Connections each server process keeps to PostgreSQL (processes x this must fit max_connections). */
  DATABASE_POOL_SIZE: Type.Integer({ minimum: 1, maximum: 200, default: 10 }),
  /** Per connection: how long a statement waits for a lock, runs, or a transaction idles (ms, 0 = off). */
  DATABASE_LOCK_TIMEOUT_MS: Type.Integer({ minimum: 0, default: 2_000 }),
  DATABASE_STATEMENT_TIMEOUT_MS: Type.Integer({ minimum: 0, default: 10_000 }),
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: Type.Integer({ minimum: 0, default: 15_000 }),
  DATA_DIR: Type.String({ minLength: 1, default: '.data/pglite' }),
  /** Redis for shared rate-limit counters and cache invalidation; in-process when empty. */
  REDIS_URL: Type.String({ default: '' }),
  /**
   * Which peers may set X-Forwarded-For: `false`, `true`, a hop count (`1`), or a comma-separated list
   * of addresses, CIDRs or proxy-addr names (`loopback`, `10.0.0.0/8`).
   */
  TRUST_PROXY: Type.String({ default: 'loopback' }),
  LOG_LEVEL: Type.Enum(LOG_LEVELS, { default: 'info' }),
  UPLOAD_DIR: Type.String({ minLength: 1, default: '.data/uploads' }),
  /** Bytes one member may keep stored (avatar, receipts, proofs); over it uploads are refused. */
  UPLOAD_QUOTA_BYTES: Type.Integer({ minimum: 0, default: 20 * 1024 * 1024 }),
  WEB_DIST: Type.String({ minLength: 1, default: 'apps/web/dist' }),
  BACKOFFICE_DIST: Type.String({ minLength: 1, default: 'apps/backoffice/dist' }),
  /** argon2id cost of member passwords (OWASP defaults: 19 MiB, 2 passes, 1 lane). */
  ARGON2_MEMORY_KIB: Type.Integer({ minimum: 1024, default: 19_456 }),
  ARGON2_TIME_COST: Type.Integer({ minimum: 1, default: 2 }),
  ARGON2_PARALLELISM: Type.Integer({ minimum: 1, maximum: 16, default: 1 }),
  /** A session ends after this many minutes without a call (each call pushes the expiry ahead). */
  SESSION_IDLE_MINUTES: Type.Integer({ minimum: 1, default: 120 }),
  /** Back-office sessions (operators can move money) end sooner without a call. */
  OPERATOR_SESSION_IDLE_MINUTES: Type.Integer({ minimum: 1, maximum: 1440, default: 30 }),
  /** Comma-separated roles of the process (web, worker, realtime); `--roles=` overrides it. */
  ROLES: Type.String({ minLength: 1, default: ROLES.join(',') }),
  /** An HTTP/JSON SMS gateway (one POST per SMS, docs/delivery.md); empty = the outbox only. */
  SMS_HTTP_URL: Type.String({ default: '' }),
  /** Sent as `Authorization: Bearer <token>` when set. */
  SMS_HTTP_TOKEN: Type.String({ default: '' }),
  /** The JSON body of each POST, with `{{to}}`, `{{text}}`, `{{brandId}}`, `{{key}}` (default: all but key). */
  SMS_HTTP_TEMPLATE: Type.String({ default: '' }),
  /** An SMTP server for e-mails (`smtp://user:pass@host:587`, `smtps://...:465`); empty = the outbox. */
  SMTP_URL: Type.String({ default: '' }),
  /** The sender of every e-mail (`noreply@example.com` or `Brand <noreply@example.com>`). */
  SMTP_FROM: Type.String({ default: '' }),
  /**
   * Where browsers reach the house game vendor (its game pages are `<url>/play/<game>`): the demo
   * brand's HOUSE vendor is launched there, set at every start.
   */
  HOUSE_VENDOR_PUBLIC_URL: Type.String({
    pattern: '^https?://[^\\s/?#]+(/[^\\s?#]*)?$',
    default: 'http://localhost:8081',
  }),
});
export type Env = Static<typeof EnvSchema>;

export type Config = {
  nodeEnv: Env['NODE_ENV'];
  port: number;
  host: string;
  databaseUrl: string | null;
  databasePoolSize: number;
  databaseTimeouts: PoolTimeouts;
  dataDir: string;
  redisUrl: string | null;
  trustProxy: TrustProxy;
  logLevel: Env['LOG_LEVEL'];
  uploadDir: string;
  uploadQuotaBytes: number;
  webDist: string;
  /** The built back office, served under /backoffice/. */
  backofficeDist: string;
  passwordHashing: PasswordHashing;
  sessionIdleMinutes: number;
  operatorSessionIdleMinutes: number;
  roles: readonly Role[];
  /** An HTTP SMS gateway (url and bearer token); null keeps the outbox provider. */
  smsHttp: { url: string; token: string; template?: string } | null;
  /** An SMTP server and the sender of e-mails; null keeps the outbox provider. */
  smtp: { url: string; from: string } | null;
  /** HOUSE_VENDOR_PUBLIC_URL without a trailing slash. */
  houseVendorPublicUrl: string;
  /** Whether the demo brand is seeded at start (SEED_DEMO_BRAND, by default off in production). */
  seedDemoBrand: boolean;
  /** The demo's "messages sent" page is served (only ever for the demo brand; DEMO_MESSAGES). */
  demoMessages: boolean;
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** `web,worker`: the roles in the canonical order, each once; ConfigError for an empty or unknown one. */
export function parseRoles(raw: string): Role[] {
  const named = raw.split(',').map((s) => s.trim());
  const unknown = named.filter((name) => !(ROLES as readonly string[]).includes(name));
  if (unknown.length > 0 || named.length === 0) {
    throw new ConfigError(`Invalid roles "${raw}": expected a comma-separated list of ${ROLES.join(', ')}`);
  }
  return ROLES.filter((role) => named.includes(role));
}

/** The value of `--roles=...` (or `--roles ...`) among command-line arguments, if given. */
export function rolesArgument(argv: readonly string[]): string | undefined {
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] ?? '';
    if (arg.startsWith('--roles=')) return arg.slice('--roles='.length);
    if (arg === '--roles') return argv[i + 1] ?? '';
  }
  return undefined;
}

const MAILBOX = /^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/;

/**
 * SMS_HTTP_URL an http: or https: URL; SMS_HTTP_TEMPLATE, when set, a JSON object or array placing
 * {{to}} and {{text}}. Answers the problems found (empty when none).
 */
export function smsHttpProblems(url: string, template: string): string[] {
  const problems: string[] = [];
  if (url === '') {
    if (template !== '') problems.push('SMS_HTTP_URL: required when SMS_HTTP_TEMPLATE is set');
    return problems;
  }
  let parsed: URL | null = null;
  try {
    parsed = new URL(url);
  } catch {
    problems.push('SMS_HTTP_URL: not a URL');
  }
  if (parsed && !['http:', 'https:'].includes(parsed.protocol)) {
    problems.push('SMS_HTTP_URL: the scheme must be http: or https:');
  }
  if (template !== '') {
    try {
      const body: unknown = JSON.parse(template);
      if (!body || typeof body !== 'object') problems.push('SMS_HTTP_TEMPLATE: not a JSON object or array');
      else if (!template.includes('{{to}}') || !template.includes('{{text}}')) {
        problems.push('SMS_HTTP_TEMPLATE: must place {{to}} and {{text}}');
      }
    } catch {
      problems.push('SMS_HTTP_TEMPLATE: not JSON');
    }
  }
  return problems;
}

/**
 * SMTP_URL and SMTP_FROM together or not at all: an smtp: or smtps: URL with a host, and a sender
 * address, bare or as `Name <address>`. Answers the problems found (empty when none).
 */
export function smtpProblems(url: string, from: string): string[] {
  if (url === '' && from === '') return [];
  const problems: string[] = [];
  if (url === '') problems.push('SMTP_URL: required when SMTP_FROM is set');
  else {
    let parsed: URL | null = null;
    try {
      parsed = new URL(url);
    } catch {
      problems.push('SMTP_URL: not a URL (expected smtp://user:pass@host:587 or smtps://...)');
    }
    if (parsed && !['smtp:', 'smtps:'].includes(parsed.protocol)) {
      problems.push('SMTP_URL: the scheme must be smtp: or smtps:');
    } else if (parsed && parsed.hostname === '') problems.push('SMTP_URL: no host');
  }
  const address = /<([^<>]*)>\s*$/.exec(from)?.[1] ?? from;
  if (from === '') problems.push('SMTP_FROM: required when SMTP_URL is set');
  else if (!MAILBOX.test(address.trim())) problems.push('SMTP_FROM: not an e-mail address');
  return problems;
}

/** Reads and validates the environment; throws ConfigError listing every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const known: Record<string, string> = {};
  for (const key of Object.keys(EnvSchema.properties)) {
    const v = env[key];
    if (v !== undefined && v !== '') known[key] = v;
  }
  const converted = Value.Default(EnvSchema, Value.Convert(EnvSchema, known));
  if (!Value.Check(EnvSchema, converted)) {
    const problems = [...Value.Errors(EnvSchema, converted)].map(
      (e) => `${e.instancePath.slice(1) || '(env)'}: ${e.message}`,
    );
    throw new ConfigError(`Invalid environment: ${problems.join('; ')}`);
  }
  const e = converted as Env;
  const smtp = smtpProblems(e.SMTP_URL.trim(), e.SMTP_FROM.trim());
  if (smtp.length > 0) throw new ConfigError(`Invalid environment: ${smtp.join('; ')}`);
  const sms = smsHttpProblems(e.SMS_HTTP_URL.trim(), e.SMS_HTTP_TEMPLATE.trim());
  if (sms.length > 0) throw new ConfigError(`Invalid environment: ${sms.join('; ')}`);
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL || null,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    databaseTimeouts: {
      lockMs: e.DATABASE_LOCK_TIMEOUT_MS,
      statementMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
      idleInTransactionMs: e.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
    },
    dataDir: path.resolve(REPO_ROOT, e.DATA_DIR),
    redisUrl: e.REDIS_URL || null,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    logLevel: e.LOG_LEVEL,
    uploadDir: path.resolve(REPO_ROOT, e.UPLOAD_DIR),
    uploadQuotaBytes: e.UPLOAD_QUOTA_BYTES,
    webDist: path.resolve(REPO_ROOT, e.WEB_DIST),
    backofficeDist: path.resolve(REPO_ROOT, e.BACKOFFICE_DIST),
    passwordHashing: {
      memoryCost: e.ARGON2_MEMORY_KIB,
      timeCost: e.ARGON2_TIME_COST,
      parallelism: e.ARGON2_PARALLELISM,
    },
    sessionIdleMinutes: e.SESSION_IDLE_MINUTES,
    operatorSessionIdleMinutes: e.OPERATOR_SESSION_IDLE_MINUTES,
    roles: parseRoles(e.ROLES),
    smsHttp: e.SMS_HTTP_URL.trim()
      ? {
          url: e.SMS_HTTP_URL.trim(),
          token: e.SMS_HTTP_TOKEN,
          ...(e.SMS_HTTP_TEMPLATE.trim() ? { template: e.SMS_HTTP_TEMPLATE.trim() } : {}),
        }
      : null,
    smtp: e.SMTP_URL.trim() ? { url: e.SMTP_URL.trim(), from: e.SMTP_FROM.trim() } : null,
    houseVendorPublicUrl: e.HOUSE_VENDOR_PUBLIC_URL.replace(/\/+$/, ''),
    seedDemoBrand: e.SEED_DEMO_BRAND === undefined ? e.NODE_ENV !== 'production' : e.SEED_DEMO_BRAND === '1',
    demoMessages: demoMessagesOn(e),
  };
}

/** The merchant code of the demo brand the seed makes (SEED_DEMO_BRAND). */
export const DEMO_MERCHANT_CODE = 'DEMO';

/** DEMO_MESSAGES: never without the demo brand; by default only outside production. */
function demoMessagesOn(e: Pick<Env, 'NODE_ENV' | 'SEED_DEMO_BRAND' | 'DEMO_MESSAGES'>): boolean {
  const seeded = e.SEED_DEMO_BRAND === undefined ? e.NODE_ENV !== 'production' : e.SEED_DEMO_BRAND === '1';
  if (!seeded) return false;
  return e.DEMO_MESSAGES === undefined ? e.NODE_ENV !== 'production' : e.DEMO_MESSAGES === '1';
}

/** The warning a production start logs when the demo brand (published credentials) is seeded. */
export function demoBrandWarning(
  config: Pick<Config, 'nodeEnv' | 'seedDemoBrand'> & Partial<Pick<Config, 'demoMessages'>>,
): string | null {
  if (config.nodeEnv !== 'production' || !config.seedDemoBrand) return null;
  return (
    'SEED_DEMO_BRAND=1 under NODE_ENV=production: the demo brand DEMO and its published credentials ' +
    '(demoadmin / Admin123, the house vendor demo secret) are seeded; never on a real site' +
    (config.demoMessages
      ? '. DEMO_MESSAGES=1: its SMS codes and e-mails are shown in full in its back office'
      : '')
  );
}
