import multipart from '@fastify/multipart';
import { type TypeBoxTypeProvider, TypeBoxValidatorCompiler } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { sql } from 'kysely';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import { PolicyCache } from './domains/members/registration-settings.ts';
import { SessionService } from './domains/members/session.service.ts';
import { decorateOperator } from './domains/operators/operator.guard.ts';
import { createOperatorServices } from './domains/operators/operator-services.ts';
import { ServerKeyring } from './domains/security/server-keys.ts';
import { ImageCaptcha } from './domains/verification/captcha.service.ts';
import { OutboxEmailProvider } from './domains/verification/email.ts';
import {
  HumanCheck,
  type HumanCheckCost,
  PRODUCTION_HUMAN_CHECK,
} from './domains/verification/human-check.service.ts';
import { OutboxSmsProvider, SmsCodes } from './domains/verification/sms.service.ts';
import { decorateAuth, guards } from './http/auth.ts';
import { enforceAvailability } from './http/availability.ts';
import { registerBackofficeApp } from './http/backoffice-app.ts';
import { registerCompression } from './http/compression.ts';
import { registerDocs } from './http/docs.ts';
import { registerEncryptedBodies } from './http/encrypted-body.ts';
import { registerErrorHandling } from './http/error-handler.ts';
import { registerHealth } from './http/health.ts';
import type { MemberServices } from './http/member-services.ts';
import { registerNulGuard } from './http/nul-guard.ts';
import { registerRateLimit } from './http/rate-limit.ts';
import { registerSecurityHeaders } from './http/security.ts';
import { cachedSerializerCompiler } from './http/serializer.ts';
import { decorateTenancy, requireBrand } from './http/tenancy.ts';
import { Throttle, type ThrottleRules } from './http/throttle.ts';
import type { RateLimits, RouteDeps } from './http/types.ts';
import { registerWebApp } from './http/web-app.ts';
import { connectCacheBus } from './lib/db-cache.ts';
import { PRODUCTION_PASSWORD_HASHING } from './lib/hashing.ts';
import { UploadStore } from './lib/uploads/uploads.ts';
import { DOMAIN_MODULES } from './modules.ts';

export type BuildAppOptions = {
  config: Pick<Config, 'trustProxy' | 'logLevel' | 'uploadDir' | 'webDist' | 'redisUrl'> &
    Partial<
      Pick<
        Config,
        | 'passwordHashing'
        | 'sessionIdleMinutes'
        | 'operatorSessionIdleMinutes'
        | 'backofficeDist'
        | 'uploadQuotaBytes'
        | 'smtp'
        | 'smsHttp'
        | 'demoMessages'
      >
    >;
  db: Db;
  /** Fastify logger options; `false` silences it (tests). Defaults to pino at config.logLevel. */
  logger?: FastifyServerOptions['logger'];
  rateLimits?: RateLimits;
  /** Limits of the credential and code calls (tests lower them). */
  throttle?: Partial<ThrottleRules>;
  /** Proof-of-work difficulty of the human check (tests make it trivial). */
  humanCheck?: HumanCheckCost;
  /** Alphabet of the image captcha (tests use one letter so the answer is known). */
  captchaCharacters?: string;
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
  app.setSerializerCompiler(cachedSerializerCompiler);

  registerErrorHandling(app);
  decorateTenancy(app);
  await registerSecurityHeaders(app);
  await registerCompression(app);
  await registerRateLimit(app, { redisUrl: config.redisUrl });
  await app.register(multipart);
  await registerDocs(app);

  const keyring = new ServerKeyring(db);
  const sessions = new SessionService(db, config.sessionIdleMinutes ?? 120);
  const throttle = new Throttle({ redisUrl: config.redisUrl, rules: options.throttle ?? {} });
  app.addHook('onClose', () => throttle.close());
  if (config.redisUrl) {
    // Cache invalidations reach the other processes of this database at once (lib/db-cache.ts).
    const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(db);
    const bus = connectCacheBus(db, config.redisUrl, `lotus:db-cache:${rows[0]?.name ?? ''}`);
    app.addHook('onClose', () => bus.close());
  }
  const members: MemberServices = {
    db,
    keyring,
    policies: new PolicyCache(db),
    sessions,
    guards: guards(sessions),
    // Every SMS and e-mail is an outbox row; pending (the worker sends it) where a provider is configured.
    sms: new SmsCodes(db, keyring, new OutboxSmsProvider(db, Boolean(config.smsHttp))),
    email: new OutboxEmailProvider(db, Boolean(config.smtp)),
    humanCheck: new HumanCheck(db, keyring, options.humanCheck ?? PRODUCTION_HUMAN_CHECK),
    captcha: new ImageCaptcha(db, keyring, options.captchaCharacters),
    throttle,
    hashing: config.passwordHashing ?? PRODUCTION_PASSWORD_HASHING,
  };
  decorateAuth(app);
  decorateOperator(app);
  registerEncryptedBodies(app, keyring);
  registerNulGuard(app);

  const deps: RouteDeps = {
    db,
    uploads: new UploadStore(config.uploadDir, config.uploadQuotaBytes),
    rateLimits: options.rateLimits ?? {},
    members,
    operators: createOperatorServices({
      db,
      throttle,
      hashing: members.hashing,
      captcha: members.captcha,
      idleMinutes: config.operatorSessionIdleMinutes ?? 30,
    }),
    demoMessages: config.demoMessages === true,
  };
  // Liveness and readiness probes for load balancers: no Merchant header, no brand.
  registerHealth(app, { db, redisUrl: config.redisUrl });
  // Each domain is one plugin (modules.ts): its member and back-office routes inside the brand
  // scope, so a hook or decorator a domain adds stays its own; the others (vendors' and gateways'
  // signed calls, files by name) each in a scope of their own outside it.
  await app.register(async (api) => {
    requireBrand(api, db);
    enforceAvailability(api);
    for (const { routes, adminRoutes } of DOMAIN_MODULES) {
      if (!routes && !adminRoutes) continue;
      await api.register(async (scope) => {
        routes?.(scope, deps);
        adminRoutes?.(scope, deps);
      });
    }
  });
  for (const module of DOMAIN_MODULES) {
    const external = module.externalRoutes;
    if (external) await app.register(async (scope) => external(scope, deps));
  }

  if (config.backofficeDist) await registerBackofficeApp(app, { db, dist: config.backofficeDist });
  await registerWebApp(app, { db, webDist: config.webDist });
  return app;
}
