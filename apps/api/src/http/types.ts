import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { Db } from '../db/database.ts';
import type { OperatorServices } from '../domains/operators/operator-services.ts';
import type { UploadStore } from '../lib/uploads/uploads.ts';
import type { MemberServices } from './member-services.ts';

/** A Fastify instance whose routes infer request and reply types from their TypeBox schemas. */
export type Api = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

export type RateLimitRule = { max: number; timeWindow: number };

/**
 * Overrides of route-family limits by name (tests and e2e loosen them). Each domain keeps its own
 * default beside its routes and reads `rateLimits.<name> ?? DEFAULT`, so a new family edits nothing here.
 */
export type RateLimits = Readonly<Partial<Record<string, RateLimitRule>>>;

/** What route modules receive: capabilities are passed in, never imported as globals. */
export type RouteDeps = {
  db: Db;
  uploads: UploadStore;
  rateLimits: RateLimits;
  members: MemberServices;
  /** Back office: operator sessions and `guard(...roles)` for /bo/v1 routes. */
  operators: OperatorServices;
  /**
   * The demo's "messages sent" page (SMS codes and e-mails in full): on only where the demo brand
   * is seeded, by default outside production (config.demoMessages), and then for the demo brand only.
   */
  demoMessages: boolean;
};
