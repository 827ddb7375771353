import type { FastifyRequest } from 'fastify';
import type { VendorDb } from '../db/database.ts';
import { sessionOf, type VendorSession } from '../sessions.ts';

/** The page's session token from `Authorization: Bearer <token>` (undefined when absent or malformed). */
export function bearer(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  return /^Bearer ([A-Za-z0-9_-]{1,128})$/.exec(header.trim())?.[1];
}

/** The session a call's bearer token names (VendorError session_invalid otherwise). */
export function authenticate(db: VendorDb): (request: FastifyRequest) => Promise<VendorSession> {
  return (request) => sessionOf(db, bearer(request));
}
