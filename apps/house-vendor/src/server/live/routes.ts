import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { VendorDb } from '../db/database.ts';
import { authenticate } from '../http/bearer.ts';
import type { LiveEngine } from './engine.ts';
import { publicTable } from './tables.ts';

/**
 * The live tables' HTTP calls (the same bearer session token as the slots' API). Bets move money
 * only through these calls; the socket carries what happens at the table.
 */

const TableParams = Type.Object({ table: Type.String({ pattern: '^[a-z0-9-]{1,40}$' }) });
const RequestId = Type.String({ pattern: '^[A-Za-z0-9_-]{8,64}$' });
const RoundId = Type.String({ pattern: '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' });

const BetBody = Type.Object(
  {
    requestId: RequestId,
    kind: Type.String({ pattern: '^[a-z-]{1,32}$' }),
    numbers: Type.Optional(Type.Array(Type.Integer({ minimum: 0, maximum: 36 }), { maxItems: 6 })),
    /** Minor units as a decimal string (never a float). */
    stake: Type.String({ pattern: '^[0-9]{1,16}$' }),
  },
  { additionalProperties: false },
);

/**
 * When a bet's request reached this process (its monotonic clock, taken by the server before the
 * body is read: a client cannot tell it): a bet that arrived before the round's close is not refused
 * because it then waited for a database connection (see live_place_bet, live/sql/live_place_bet.sql).
 */
const arrivals = new WeakMap<FastifyRequest, number>();
const arrival = async (request: FastifyRequest) => {
  arrivals.set(request, performance.now());
};

export async function registerLiveRoutes(
  app: FastifyInstance,
  { db, live }: { db: VendorDb; live: LiveEngine },
) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const auth = authenticate(db);

  api.get('/api/live/tables', async () => ({ tables: live.tables.map(publicTable) }));

  api.get('/api/live/lobby', async () => live.lobby());

  api.get('/api/live/tables/:table/history', { schema: { params: TableParams } }, async (request) =>
    live.history(request.params.table),
  );

  api.get('/api/live/tables/:table', { schema: { params: TableParams } }, async (request) => {
    const session = await auth(request);
    const table = live.table(request.params.table);
    return { table: publicTable(table), ...(await live.state(session, table.id)) };
  });

  api.post(
    '/api/live/tables/:table/bets',
    { schema: { params: TableParams, body: BetBody }, onRequest: arrival },
    async (request) => {
      const arrivedAt = arrivals.get(request) ?? performance.now();
      const session = await auth(request);
      const bet = await live.placeBet(session, request.params.table, request.body, arrivedAt);
      return { bet, ...(await live.stateAfterMove(session, request.params.table)) };
    },
  );

  // The undo's request id is required (request_invalid without it): the same id answers the bet it
  // took back, so a retried undo never takes back one more bet (LiveEngine.undo). The vendor's own
  // page, the only client, sends a fresh one per press.
  api.post(
    '/api/live/tables/:table/undo',
    {
      schema: {
        params: TableParams,
        body: Type.Object({ requestId: RequestId }, { additionalProperties: false }),
      },
    },
    async (request) => {
      const session = await auth(request);
      const bet = await live.undo(session, request.params.table, request.body.requestId);
      return { bet, ...(await live.stateAfterMove(session, request.params.table)) };
    },
  );

  api.post(
    '/api/live/tables/:table/rebet',
    {
      schema: {
        params: TableParams,
        body: Type.Object({ requestId: RequestId }, { additionalProperties: false }),
      },
      onRequest: arrival,
    },
    async (request) => {
      const arrivedAt = arrivals.get(request) ?? performance.now();
      const session = await auth(request);
      const bets = await live.rebet(session, request.params.table, request.body.requestId, arrivedAt);
      return { placed: bets, ...(await live.stateAfterMove(session, request.params.table)) };
    },
  );

  api.get('/api/live/rounds/:id', { schema: { params: Type.Object({ id: RoundId }) } }, async (request) =>
    live.verification(request.params.id),
  );
}
