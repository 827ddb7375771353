import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { buildApp } from './app.ts';
import { type Config, ConfigError, demoBrandWarning, loadConfig, type Role } from './config.ts';
import { createDatabase, type DatabaseTarget, type Db } from './db/database.ts';
import { migrateToLatest } from './db/migrator.ts';
import { findDemoCredentials } from './db/seed/demo-credentials.ts';
import { seed } from './db/seed.ts';
import { startDeliveryRunner, type Transports } from './domains/verification/delivery.ts';
import { SmtpEmailTransport } from './domains/verification/email.ts';
import { HttpSmsTransport } from './domains/verification/http-sms.ts';
import type { HumanCheckCost } from './domains/verification/human-check.service.ts';
import { PLATFORM_CONSUMERS, startEventRunner } from './events/runner.ts';
import { buildHealthApp } from './http/health-app.ts';
import type { ThrottleRules } from './http/throttle.ts';
import type { RateLimits } from './http/types.ts';
import { startScheduler } from './jobs/scheduler.ts';
import { PLATFORM_DEAD_LETTERS } from './modules.ts';

export type StartServerOptions = {
  /** 0 picks a free port. Defaults to PORT from the environment. */
  port?: number;
  host?: string;
  /** PostgreSQL URL; otherwise `dataDir` (PGlite on disk), otherwise DATABASE_URL / DATA_DIR from env. */
  databaseUrl?: string;
  dataDir?: string;
  /** Overrides of the environment configuration (uploadDir, webDist, trustProxy, ...). */
  config?: Partial<Config>;
  logger?: FastifyServerOptions['logger'];
  rateLimits?: RateLimits;
  /** Credential throttles (e2e suites that log in many times from 127.0.0.1 relax them). */
  throttle?: Partial<ThrottleRules>;
  /** Proof-of-work difficulty of the human check (defaults to the production one). */
  humanCheck?: HumanCheckCost;
  /**
   * Runs the scheduled jobs and the event consumers when the process has the worker role; default:
   * on, except when NODE_ENV is test.
   */
  scheduledJobs?: boolean;
  /** The process's roles (main.ts passes `--roles=`); default: ROLES from the environment. */
  roles?: readonly Role[];
};

export type RunningServer = {
  app: FastifyInstance;
  db: Db;
  roles: readonly Role[];
  /** `http://127.0.0.1:<port>` (loopback even when listening on 0.0.0.0). */
  url: string;
  port: number;
  close: () => Promise<void>;
};

function targetOf(config: Config): DatabaseTarget {
  return config.databaseUrl
    ? {
        databaseUrl: config.databaseUrl,
        poolSize: config.databasePoolSize,
        timeouts: config.databaseTimeouts,
      }
    : { dataDir: config.dataDir };
}

/**
 * The SMS and e-mail transports the configuration names (SMS_HTTP_URL, SMTP_URL), used by the
 * worker's delivery runner; a channel left unconfigured keeps its messages in the outbox (the demo).
 */
export function deliveryTransports(config: Pick<Config, 'smsHttp' | 'smtp'>): Transports {
  return {
    ...(config.smsHttp ? { sms: new HttpSmsTransport(config.smsHttp) } : {}),
    ...(config.smtp ? { email: new SmtpEmailTransport(config.smtp) } : {}),
  };
}

/**
 * A production start without SEED_DEMO_BRAND=1 refuses a database holding the demo brand's
 * published credentials (demo operator passwords, the house vendor's demo signing secret): anyone
 * could log in to its back office or sign their own wins. Throws ConfigError naming the variable.
 */
export async function refuseDemoCredentials(db: Db, config: Pick<Config, 'nodeEnv' | 'seedDemoBrand'>) {
  if (config.nodeEnv !== 'production' || config.seedDemoBrand) return;
  const found = await findDemoCredentials(db);
  if (found.length === 0) return;
  throw new ConfigError(
    `Refusing to start in production with published demo credentials: ${found.join('; ')}. ` +
      'Change or remove them, or set SEED_DEMO_BRAND=1 if this is meant to be the demo.',
  );
}

/**
 * Starts the real server (migrations, and the demo seed when SEED_DEMO_BRAND says so) for main.ts,
 * benchmarks and e2e.
 * `close()` stops accepting requests, waits for those in flight, then closes the database.
 */
export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  const fromEnv = loadConfig();
  const config: Config = {
    ...fromEnv,
    ...options.config,
    ...(options.port !== undefined ? { port: options.port } : {}),
    ...(options.host !== undefined ? { host: options.host } : {}),
    ...(options.databaseUrl !== undefined ? { databaseUrl: options.databaseUrl } : {}),
    ...(options.dataDir !== undefined
      ? { dataDir: options.dataDir, databaseUrl: options.databaseUrl ?? null }
      : {}),
    ...(options.roles !== undefined ? { roles: options.roles } : {}),
  };
  const roles = config.roles;
  const db = await createDatabase(targetOf(config));
  try {
    await migrateToLatest(db);
    if (config.seedDemoBrand) await seed(db, { houseVendorUrl: config.houseVendorPublicUrl });
    await refuseDemoCredentials(db, config);
    // Without the web role the process listens for GET /health only (probes; keeps it running).
    const app = roles.includes('web')
      ? await buildApp({
          config,
          db,
          ...(options.logger !== undefined ? { logger: options.logger } : {}),
          ...(options.rateLimits ? { rateLimits: options.rateLimits } : {}),
          ...(options.throttle ? { throttle: options.throttle } : {}),
          ...(options.humanCheck ? { humanCheck: options.humanCheck } : {}),
        })
      : await buildHealthApp(db, roles, options.logger);
    const warning = demoBrandWarning(config);
    if (warning) app.log.warn(warning);
    await app.listen({ port: config.port, host: config.host });
    const working = roles.includes('worker') && (options.scheduledJobs ?? config.nodeEnv !== 'test');
    const scheduler = working ? startScheduler(db, app.log) : null;
    const consumers = working ? startEventRunner(db, app.log, PLATFORM_CONSUMERS) : null;
    const transports = deliveryTransports(config);
    const delivery = working
      ? startDeliveryRunner(db, app.log, transports, { deadLetters: PLATFORM_DEAD_LETTERS })
      : null;
    app.log.info({ roles, jobs: working }, 'process roles');
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    let closing: Promise<void> | null = null;
    return {
      app,
      db,
      roles,
      port,
      url: `http://127.0.0.1:${port}`,
      close: () => {
        closing ??= Promise.all([scheduler?.stop(), consumers?.stop(), delivery?.stop()])
          .then(() => transports.email?.close?.())
          .then(() => app.close())
          .then(() => db.destroy());
        return closing;
      },
    };
  } catch (error) {
    await db.destroy();
    throw error;
  }
}
