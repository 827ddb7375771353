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

/** Limits per route family; credential endpoints of later issues add their own entry here. */
export type RateLimits = { feedback: RateLimitRule; language: RateLimitRule; depositUpload: RateLimitRule };

export const DEFAULT_RATE_LIMITS: RateLimits = {
  feedback: { max: 5, timeWindow: 60_000 },
  language: { max: 30, timeWindow: 60_000 },
  // Bank transfer receipts: uploads of up to 5 MB each, so a member's address gets a few a minute.
  depositUpload: { max: 6, timeWindow: 60_000 },
};

/** What route modules receive: capabilities are passed in, never imported as globals. */
export type RouteDeps = {
  db: Db;
  uploads: UploadStore;
  rateLimits: RateLimits;
  members: MemberServices;
  /** Back office: operator sessions and `guard(...roles)` for /bo/v1 routes. */
  operators: OperatorServices;
};
