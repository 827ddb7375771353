import { TypeBoxValidatorCompiler } from '@fastify/type-provider-typebox';
import { isUnavailableError } from '@lotus/server-common/unavailable';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { HouseVendorConfig } from './config.ts';
import { createVendorDatabase, type VendorDatabaseTarget, type VendorDb } from './db/database.ts';
import { migrateVendorDatabase } from './db/migrator.ts';
import { VENDOR_ERRORS, VendorError } from './errors.ts';
import { registerHttpRateLimit } from './http/rate-limit.ts';
import { registerApiRoutes } from './http/routes.ts';
import { registerSecurityHeaders } from './http/security.ts';
import { registerGamePages } from './http/static-files.ts';
import { LiveEngine } from './live/engine.ts';
import { createRealtime } from './live/realtime.ts';
import { registerLiveRoutes } from './live/routes.ts';
import { LIVE_TABLES, timed } from './live/tables.ts';
import { RoundEngine } from './rounds.ts';
import { WalletClient } from './wallet/client.ts';

export type StartHouseVendorOptions = {
  /** Fastify logger options; `false` silences it (tests). Defaults to pino at the config's level. */
  logger?: FastifyServerOptions['logger'];
  /** Overrides where the data lives (tests: PGlite in memory); default from the config. */
  database?: VendorDatabaseTarget;
  /** Runs the recovery job (at start and every interval); default on. */
  recovery?: boolean;
};

export type RunningHouseVendor = {
  /** `http://127.0.0.1:<port>` (loopback even when listening on 0.0.0.0). */
  url: string;
  port: number;
  app: FastifyInstance;
  db: VendorDb;
  rounds: RoundEngine;
  /** The live tables' clocks, bets and settlement. */
  live: LiveEngine;
  /** Runs the recovery job once now (also what the timer runs); answers the rounds it took. */
  recoverNow(): Promise<number>;
  /**
   * Stops: the recovery job, the wallet client (calls in flight are abandoned, exactly as in a crash:
   * their rounds are the recovery job's at the next start), the HTTP server, then the database.
   */
  close(): Promise<void>;
};

function targetOf(config: HouseVendorConfig): VendorDatabaseTarget {
  return config.databaseUrl
    ? { databaseUrl: config.databaseUrl, poolSize: config.databasePoolSize }
    : { dataDir: config.dataDir };
}

/**
 * Starts the house vendor: its own database (migrated), the HTTP server with the game pages and their
 * API, and the recovery job. It talks to the platform only through the signed seamless-wallet API,
 * over HTTP, even when it runs in the platform's process (`npm start`).
 */
export async function startHouseVendor(
  config: HouseVendorConfig,
  options: StartHouseVendorOptions = {},
): Promise<RunningHouseVendor> {
  const db = await createVendorDatabase(options.database ?? targetOf(config));
  let app: FastifyInstance | null = null;
  try {
    await migrateVendorDatabase(db);
    app = Fastify({
      logger: options.logger ?? { level: config.logLevel, name: 'house-vendor' },
      // The client address behind trusted proxies (a load balancer): the rate limits count players.
      trustProxy: config.trustProxy,
      bodyLimit: 16 * 1024,
      // Query strings such as ?limit=1e400 must stay strings for the schema to refuse them.
      ajv: { customOptions: { coerceTypes: false } },
      return503OnClosing: true,
    }).setValidatorCompiler(TypeBoxValidatorCompiler);
    const log = app.log;
    const wallet = new WalletClient({
      platformUrl: config.platformUrl,
      vendorCode: config.vendorCode,
      brands: config.brands,
      timeoutMs: config.walletTimeoutMs,
      attempts: config.walletAttempts,
      record: async (entry) => {
        try {
          await db
            .insertInto('wallet_calls')
            .values({
              round_id: entry.roundId,
              brand: entry.brand,
              call: entry.call,
              transaction_id: entry.transactionId,
              attempt: entry.attempt,
              request: entry.request,
              http_status: entry.httpStatus,
              response: entry.response,
              error: entry.error,
              duration_ms: entry.durationMs,
            })
            .execute();
        } catch (error) {
          log.error({ err: error, call: entry.call, round: entry.roundId }, 'could not record a wallet call');
        }
        if (entry.error)
          log.warn({ call: entry.call, round: entry.roundId, error: entry.error }, 'wallet call unanswered');
      },
    });
    const rounds = new RoundEngine({ db, wallet, log, leaseMs: config.roundLeaseMs });
    const realtime = createRealtime(app.server, log);
    const tables = LIVE_TABLES.map((table) => timed(table, config.liveTiming));
    const live = new LiveEngine({
      db,
      wallet,
      log,
      tables,
      drive: new Set(config.liveTables ?? tables.map((t) => t.id)),
      leaseMs: config.liveLeaseMs ?? 10_000,
      placingGraceMs: config.walletTimeoutMs * config.walletAttempts + 1_000,
      settleConcurrency: config.liveSettleConcurrency ?? 32,
      emitter: realtime.emitter,
    });
    realtime.onJoin(async (session, table) => ({
      table: live.table(table).id,
      ...(await live.state(session, table)),
    }));
    await realtime.attach(db, config.redisUrl ?? null, config.redisKey, config.liveJoinLimits);

    registerSecurityHeaders(app, config.frameAncestors);
    app.setErrorHandler((error, request, reply) => {
      if (error instanceof VendorError) {
        if (error.detail) request.log.info({ code: error.code, detail: error.detail }, 'request refused');
        return reply.status(error.status).send({ error: error.code });
      }
      const status = (error as { statusCode?: number }).statusCode;
      if (
        (error as { validation?: unknown }).validation ||
        (status !== undefined && status >= 400 && status < 500)
      ) {
        return reply.status(status && status !== 500 ? status : 400).send({ error: 'request_invalid' });
      }
      // The database (or Redis) cannot be reached right now (a restart, a failover, a cut
      // connection): 503, and the pool connects afresh on the next request.
      if (isUnavailableError(error)) {
        request.log.warn({ err: error }, 'request failed: database unavailable');
        return reply.status(VENDOR_ERRORS.service_unavailable).send({ error: 'service_unavailable' });
      }
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send({ error: 'internal_error' });
    });
    await registerHttpRateLimit(app, {
      ...(config.httpLimits ? { limits: config.httpLimits } : {}),
      redisUrl: config.redisUrl ?? null,
      ...(config.redisKey ? { redisKey: config.redisKey } : {}),
    });
    app.setNotFoundHandler((_request, reply) => reply.status(404).send({ error: 'not_found' }));
    await registerApiRoutes(app, { db, wallet, rounds });
    await registerLiveRoutes(app, { db, live });
    await registerGamePages(app, config.webDist);

    let running: Promise<number> | null = null;
    const recoverNow = (): Promise<number> => {
      running ??= Promise.all([rounds.recover(), live.recover()])
        .then(([a, b]) => a + b)
        .catch((error: unknown) => {
          log.error({ err: error }, 'recovery run failed');
          return 0;
        })
        .finally(() => {
          running = null;
        });
      return running;
    };
    let timer: NodeJS.Timeout | null = null;
    let stopped = false;
    const schedule = () => {
      if (stopped) return;
      timer = setTimeout(() => {
        void recoverNow().then((taken) => {
          if (taken > 0) log.info({ taken }, 'recovery finished open rounds');
          schedule();
        });
      }, config.recoveryIntervalMs);
      timer.unref();
    };

    await app.listen({ port: config.port, host: config.host });
    if (options.recovery ?? true) {
      const taken = await recoverNow();
      if (taken > 0) log.info({ taken }, 'recovery at start finished open rounds');
      schedule();
    }
    live.start();
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const started = app;
    let closing: Promise<void> | null = null;
    return {
      url: `http://127.0.0.1:${port}`,
      port,
      app: started,
      db,
      rounds,
      live,
      recoverNow,
      close: () => {
        closing ??= (async () => {
          stopped = true;
          if (timer) clearTimeout(timer);
          wallet.close();
          await live.stop();
          await running;
          await realtime.close();
          // Node closes the connections idle when close() starts; one whose request finishes later
          // would stay open for keep-alive: end each as soon as it is idle.
          const sweep = setInterval(() => started.server.closeIdleConnections(), 50);
          try {
            await started.close();
          } finally {
            clearInterval(sweep);
          }
          await db.destroy();
        })();
        return closing;
      },
    };
  } catch (error) {
    await app?.close();
    await db.destroy();
    throw error;
  }
}
