import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { sql } from 'kysely';
import type { Role } from '../config.ts';
import type { Db } from '../db/database.ts';

/**
 * The HTTP side of a process without the web role: GET /health only (200 with the roles when the
 * database answers, 503 otherwise), for the orchestrator's liveness and readiness probes. No API
 * route, no site: every other path is 404.
 */
export async function buildHealthApp(
  db: Db,
  roles: readonly Role[],
  logger: FastifyServerOptions['logger'],
): Promise<FastifyInstance> {
  const app = Fastify({ logger: logger ?? true });
  app.get('/health', async (_request, reply) => {
    try {
      await sql`select 1`.execute(db);
      return { status: 'ok', roles };
    } catch {
      return reply.code(503).send({ status: 'unavailable', roles });
    }
  });
  return app;
}
