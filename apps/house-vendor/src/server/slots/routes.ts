import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { VendorDb } from '../db/database.ts';
import { authenticate } from '../http/bearer.ts';
import type { RoundEngine } from './rounds.ts';

/**
 * The slots' calls of the game pages' API (the same bearer session token as the core's calls,
 * http/routes.ts): a spin, the player's own rounds, and a round's public fairness data.
 */

const RoundId = Type.String({ pattern: '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' });

const SpinBody = Type.Object(
  {
    requestId: Type.String({ pattern: '^[A-Za-z0-9_-]{8,64}$' }),
    coinValue: Type.Integer({ minimum: 1, maximum: 1_000_000_000 }),
    /** A free spin: one of the session's free-round grants (its stake must be the spin's). */
    freeRoundGrantId: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,17}$' })),
  },
  { additionalProperties: false },
);

export async function registerSlotRoutes(
  app: FastifyInstance,
  { db, rounds }: { db: VendorDb; rounds: RoundEngine },
) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const auth = authenticate(db);

  api.post('/api/spin', { schema: { body: SpinBody } }, async (request) => {
    const session = await auth(request);
    return rounds.spin(session, request.body);
  });

  api.get(
    '/api/rounds',
    {
      schema: {
        querystring: Type.Object({ limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50 })) }),
      },
    },
    async (request) => {
      const session = await auth(request);
      return { rounds: await rounds.history(session, request.query.limit ?? 20) };
    },
  );

  api.get('/api/rounds/:id', { schema: { params: Type.Object({ id: RoundId }) } }, async (request) => {
    const session = await auth(request);
    return rounds.round(session, request.params.id);
  });

  api.get('/api/verify/:id', { schema: { params: Type.Object({ id: RoundId }) } }, async (request) =>
    rounds.verification(request.params.id),
  );
}
