import { TypeBoxValidatorCompiler } from '@fastify/type-provider-typebox';
import { isUnavailableError } from '@lotus/server-common/unavailable';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { HouseVendorConfig } from './config.ts';
import {
  createVendorDatabase,
  type StatementObserver,
  type VendorDatabaseTarget,
  type VendorDb,
} from './db/database.ts';
import { functionsOf, migrateVendorDatabase, migrationsOf } from './db/migrator.ts';
import { VENDOR_ERRORS, VendorError } from './errors.ts';
import { type GameKind, gameIdsOf, type RunningGameKind } from './game-kind.ts';
import { registerHttpRateLimit } from './http/rate-limit.ts';
import { registerApiRoutes } from './http/routes.ts';
import { registerSecurityHeaders } from './http/security.ts';
import { registerGamePages } from './http/static-files.ts';
import { GAME_KINDS } from './kinds.ts';
import { WalletClient } from './wallet/client.ts';
import { recordWalletCall, recordWalletCalls } from './wallet/records.ts';

export type StartHouseVendorOptions = {
  /** Fastify logger options; `false` silences it (tests). Defaults to pino at the config's level. */
  logger?: FastifyServerOptions['logger'];
  /** Overrides where the data lives (tests: PGlite in memory); default from the config. */
  database?: VendorDatabaseTarget;
  /** Runs the recovery job (at start and every interval); default on. */
  recovery?: boolean;
  /** The game kinds served; default GAME_KINDS (kinds.ts). */
  kinds?: readonly GameKind[];
  /** Told every statement sent to the vendor's database (tests count round trips); default none. */
  observeStatements?: StatementObserver;
};

export type RunningHouseVendor = {
  /** `http://127.0.0.1:<port>` (loopback even when listening on 0.0.0.0). */
  url: string;
  port: number;
  app: FastifyInstance;
  db: VendorDb;
  /** Each game kind as it runs (GAME_KINDS), by name. */
  kinds: ReadonlyMap<string, RunningGameKind>;
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
 * API, every game kind (GAME_KINDS: its routes, clocks and recovery), and the recovery job. It talks to the platform only through the signed seamless-wallet API,
 * over HTTP, even when it runs in the platform's process (`npm start`).
 */
export async function startHouseVendor(
  config: HouseVendorConfig,
  options: StartHouseVendorOptions = {},
): Promise<RunningHouseVendor> {
  const gameKinds = options.kinds ?? GAME_KINDS;
  const db = await createVendorDatabase(options.database ?? targetOf(config), options.observeStatements);
  let app: FastifyInstance | null = null;
  try {
    await migrateVendorDatabase(db, functionsOf(gameKinds), migrationsOf(gameKinds));
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
      record: (entry) => recordWalletCall(db, log, entry),
      recordMany: (entries) => recordWalletCalls(db, log, entries),
    });
    const kinds = new Map<string, RunningGameKind>();
    for (const kind of gameKinds) kinds.set(kind.name, await kind.start({ config, db, wallet, log, app }));
    const running = [...kinds.values()];

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
    await registerApiRoutes(app, { db, wallet, games: gameIdsOf(gameKinds) });
    for (const kind of running) await kind.routes(app);
    await registerGamePages(app, config.webDist);

    let recovering: Promise<number> | null = null;
    const recoverNow = (): Promise<number> => {
      recovering ??= Promise.all(running.map((kind) => kind.recover?.() ?? 0))
        .then((taken) => taken.reduce((a, b) => a + b, 0))
        .catch((error: unknown) => {
          log.error({ err: error }, 'recovery run failed');
          return 0;
        })
        .finally(() => {
          recovering = null;
        });
      return recovering;
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
    for (const kind of running) kind.start?.();
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const started = app;
    let closing: Promise<void> | null = null;
    return {
      url: `http://127.0.0.1:${port}`,
      port,
      app: started,
      db,
      kinds,
      recoverNow,
      close: () => {
        closing ??= (async () => {
          stopped = true;
          if (timer) clearTimeout(timer);
          wallet.close();
          for (const kind of running) await kind.stop?.();
          await recovering;
          for (const kind of running) await kind.close?.();
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
