import multipart from '@fastify/multipart';
import { type TypeBoxTypeProvider, TypeBoxValidatorCompiler } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import { announcementRoutes } from './domains/announcements/announcement.routes.ts';
import { feedbackRoutes } from './domains/feedback/feedback.routes.ts';
import { UploadStore } from './domains/feedback/upload-store.ts';
import { gamesRoutes } from './domains/games/games.routes.ts';
import { helpRoutes } from './domains/help/help.routes.ts';
import { languageRoutes } from './domains/members/language.routes.ts';
import { systemRoutes } from './domains/system/system.routes.ts';
import { registerDocs } from './http/docs.ts';
import { registerErrorHandling } from './http/error-handler.ts';
import { registerRateLimit } from './http/rate-limit.ts';
import { registerSecurityHeaders } from './http/security.ts';
import { decorateTenancy, requireBrand } from './http/tenancy.ts';
import { DEFAULT_RATE_LIMITS, type RateLimits, type RouteDeps } from './http/types.ts';
import { registerWebApp } from './http/web-app.ts';

export type BuildAppOptions = {
  config: Pick<Config, 'trustProxy' | 'logLevel' | 'uploadDir' | 'webDist' | 'redisUrl'>;
  db: Db;
  /** Fastify logger options; `false` silences it (tests). Defaults to pino at config.logLevel. */
  logger?: FastifyServerOptions['logger'];
  rateLimits?: Partial<RateLimits>;
};

/**
 * Builds the whole HTTP application without listening: API routes under /wps and /lgw (each call
 * resolves its brand from the Merchant header), OpenAPI at /docs, and the built web app.
 * The caller owns `db` and closes it after `app.close()`.
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, db } = options;
  const app = Fastify({
    logger: options.logger ?? {
      level: config.logLevel,
      redact: { paths: ['req.headers.authorization', 'headers.authorization'], censor: '[redacted]' },
    },
    trustProxy: config.trustProxy,
    bodyLimit: 64 * 1024,
    // Hostnames and paths are matched as sent; `/wps/system/status/` is not a second route.
    routerOptions: { ignoreTrailingSlash: false },
  }).withTypeProvider<TypeBoxTypeProvider>();
  app.setValidatorCompiler(TypeBoxValidatorCompiler);

  registerErrorHandling(app);
  decorateTenancy(app);
  await registerSecurityHeaders(app);
  await registerRateLimit(app, { redisUrl: config.redisUrl });
  await app.register(multipart);
  await registerDocs(app);

  const deps: RouteDeps = {
    db,
    uploads: new UploadStore(config.uploadDir),
    rateLimits: { ...DEFAULT_RATE_LIMITS, ...options.rateLimits },
  };
  await app.register(async (api) => {
    requireBrand(api, db);
    systemRoutes(api, deps);
    gamesRoutes(api);
    helpRoutes(api, deps);
    announcementRoutes(api, deps);
    languageRoutes(api, deps);
    feedbackRoutes(api, deps);
  });

  await registerWebApp(app, { db, webDist: config.webDist });
  return app;
}
