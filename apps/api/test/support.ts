import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { Config } from '../src/config.ts';
import type { Db } from '../src/db/database.ts';
import type { Database } from '../src/db/schema.ts';
import { brandTemplate } from '../src/db/seed/demo-brand.ts';
import { type BrandContent, createBrandWithContent } from '../src/db/seed.ts';
import type { Brand } from '../src/domains/brands/brand.ts';
import type { ThrottleRules } from '../src/http/throttle.ts';
import type { RateLimits } from '../src/http/types.ts';
import { createTestDatabase, type TestDatabase } from './database.ts';
import { TEST_PASSWORD_HASHING } from './settings.ts';

export { createPostgresDatabase, createSeededPostgresDatabase, createTestDatabase } from './database.ts';
export { TEST_ADMIN_URL, TEST_PASSWORD_HASHING } from './settings.ts';

export type TestContext = {
  app: FastifyInstance;
  db: Db;
  uploadDir: string;
};

export type TestAppOptions = {
  rateLimits?: Partial<RateLimits>;
  webDist?: string;
  /** A built back office to serve under /backoffice/ (none by default). */
  backofficeDist?: string;
  throttle?: Partial<ThrottleRules>;
  sessionIdleMinutes?: number;
  /** Bytes each member may keep stored (the production default is 20 MB). */
  uploadQuotaBytes?: number;
  /**
   * Configuration of the app: providers (SMTP, SMS gateway) make the outboxes' new rows pending,
   * for the delivery worker the test runs (kept, the demo's, by default); `demoMessages` serves
   * the demo's "messages sent" page (off by default, as in production).
   */
  config?: Partial<Pick<Config, 'smtp' | 'smsHttp' | 'demoMessages'>>;
};

/** Every test captcha reads `xxxx`. */
export const TEST_CAPTCHA_LETTER = 'x';
/** A proof of work that takes a few iterations. */
export const TEST_HUMAN_CHECK = { cost: 1, counterMin: 1, counterMax: 20 };

/**
 * One app per test file on a migrated and seeded database (the demo brand DEMO exists).
 * Call at the top of a test file; the returned object is filled in beforeAll.
 */
export function setupTestApp(options: TestAppOptions = {}): TestContext {
  const ctx = {} as TestContext;
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    database = await createTestDatabase();
    ctx.db = database.db;
    ctx.uploadDir = await mkdtemp(path.join(tmpdir(), 'lotus-uploads-'));
    ctx.app = await buildApp({
      config: {
        trustProxy: ['127.0.0.1', '::1'],
        logLevel: 'silent',
        uploadDir: ctx.uploadDir,
        webDist: options.webDist ?? path.join(ctx.uploadDir, 'no-web-build'),
        ...(options.backofficeDist ? { backofficeDist: options.backofficeDist } : {}),
        redisUrl: null,
        passwordHashing: TEST_PASSWORD_HASHING,
        sessionIdleMinutes: options.sessionIdleMinutes ?? 120,
        ...(options.uploadQuotaBytes !== undefined ? { uploadQuotaBytes: options.uploadQuotaBytes } : {}),
        ...options.config,
      },
      db: database.db,
      logger: false,
      humanCheck: TEST_HUMAN_CHECK,
      captchaCharacters: TEST_CAPTCHA_LETTER,
      ...(options.throttle ? { throttle: options.throttle } : {}),
      ...(options.rateLimits ? { rateLimits: options.rateLimits } : {}),
    });
    await ctx.app.ready();
  });
  afterAll(async () => {
    await ctx.app?.close();
    await database?.drop();
    if (ctx.uploadDir) await rm(ctx.uploadDir, { recursive: true, force: true });
  });
  return ctx;
}

/** Headers of a browser call for a brand. */
export function headers(merchant = 'DEMO', language = 'EN', extra: Record<string, string> = {}) {
  return { merchant, language, device: 'web', ...extra };
}

/** `app.inject` returning the parsed envelope alongside the status. */
export async function call<T = unknown>(app: FastifyInstance, options: InjectOptions) {
  const res = await app.inject(options);
  return {
    status: res.statusCode,
    headers: res.headers,
    body: res.json() as {
      success: boolean;
      value: T;
      message: string;
      errorCode: string;
      fieldErrors?: Record<string, string>;
    },
  };
}

let brandCounter = 0;

/** A second (third, ...) brand with its own distinct content, for isolation tests. */
export async function createBrand(db: Db, overrides: Partial<BrandContent> = {}): Promise<Brand> {
  brandCounter += 1;
  const code = `B${brandCounter}${randomBytes(3).toString('hex').toUpperCase()}`;
  const content: BrandContent = {
    brand: brandTemplate(code, `Brand ${code}`, [`${code.toLowerCase()}.example`]),
    customerService: [
      {
        csType: 'LIVECHAT',
        url: `https://chat.${code.toLowerCase()}.example`,
        qrCodeUrl: '',
        labelNameEn: `${code} chat`,
        labelNameMs: '',
        labelNameCn: '',
      },
    ],
    announcements: [
      {
        type: 'PU',
        execution: 'B',
        title: { en: `${code} popup`, ms: '', cn: '' },
        content: { en: `<p>${code} only</p>`, ms: '', cn: '' },
      },
    ],
    banners: [
      {
        imageUrl: `https://img.${code.toLowerCase()}.example/b.jpg`,
        link: '/',
        title: { en: code, ms: '', cn: '' },
      },
    ],
    help: [
      {
        slug: 'faq',
        title: { en: `${code} help`, ms: '', cn: '' },
        articles: [
          {
            slug: 'about',
            title: { en: `${code} about`, ms: '', cn: '' },
            content: { en: `<p>${code}</p>`, ms: '', cn: '' },
          },
        ],
      },
    ],
    ...overrides,
  };
  const brand = await createBrandWithContent(db, content);
  if (!brand) throw new Error(`brand ${code} already exists`);
  return brand;
}

export async function countRows(db: Db, table: keyof Database): Promise<number> {
  const row = await db.selectFrom(table).select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Every file under a directory, recursively (relative paths). */
export async function listFiles(dir: string): Promise<string[]> {
  try {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true });
    return entries.filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
  } catch {
    return [];
  }
}
