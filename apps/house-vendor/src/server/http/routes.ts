import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { currencyScale } from '@lotus/contracts/money';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { VendorDb } from '../db/database.ts';
import type { RoundEngine } from '../rounds.ts';
import { fairnessOf, rotatePair } from '../seeds.ts';
import { balanceOf, freeRoundsOf, openSession, sessionOf, type VendorSession } from '../sessions.ts';
import type { WalletClient } from '../wallet/client.ts';

/**
 * The game pages' API (same origin as the pages). The page exchanges the platform's launch token
 * for its own session token (`POST /api/session`) and sends that token as `Authorization: Bearer`
 * on every other call; no cookie is used (the page runs in a third-party iframe). The platform's
 * token never reaches the browser. Every string has a pattern or a bounded length, so NUL bytes and
 * oversized values are refused before any handler runs.
 */

export type RouteDeps = { db: VendorDb; wallet: WalletClient; rounds: RoundEngine };

const RoundId = Type.String({ pattern: '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' });

const SessionBody = Type.Object(
  {
    merchant: Type.String({ pattern: '^[A-Za-z0-9_-]{1,32}$' }),
    launchToken: Type.String({ pattern: '^[\\x21-\\x7e]{10,256}$' }),
    game: Type.String({ pattern: '^[a-z0-9-]{1,40}$' }),
  },
  { additionalProperties: false },
);

const SpinBody = Type.Object(
  {
    requestId: Type.String({ pattern: '^[A-Za-z0-9_-]{8,64}$' }),
    coinValue: Type.Integer({ minimum: 1, maximum: 1_000_000_000 }),
    /** A free spin: one of the session's free-round grants (its stake must be the spin's). */
    freeRoundGrantId: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,17}$' })),
  },
  { additionalProperties: false },
);

const RotateBody = Type.Object(
  { clientSeed: Type.Optional(Type.String({ pattern: '^[\\x21-\\x7e]{1,64}$' })) },
  { additionalProperties: false },
);

function bearer(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const match = /^Bearer ([A-Za-z0-9_-]{1,128})$/.exec(header.trim());
  return match?.[1];
}

function sessionInfo(session: VendorSession) {
  return {
    mode: session.mode,
    nickname: session.nickname,
    game: session.gameId,
    currency: session.currency,
    scale: currencyScale(session.currency),
    language: session.language,
  };
}

export async function registerApiRoutes(app: FastifyInstance, { db, wallet, rounds }: RouteDeps) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const auth = (request: FastifyRequest) => sessionOf(db, bearer(request));

  api.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
    return payload;
  });

  api.post('/api/session', { schema: { body: SessionBody } }, async (request) => {
    const { token, session } = await openSession(db, wallet, request.body);
    return {
      token,
      session: sessionInfo(session),
      balance: (await balanceOf(db, wallet, session))?.toString() ?? null,
      fairness: await fairnessOf(db, session.brand, session.playerId),
      freeRounds: await freeRoundsOf(db, session),
    };
  });

  api.get('/api/state', async (request) => {
    const session = await auth(request);
    return {
      session: sessionInfo(session),
      balance: (await balanceOf(db, wallet, session))?.toString() ?? null,
      fairness: await fairnessOf(db, session.brand, session.playerId),
      freeRounds: await freeRoundsOf(db, session),
    };
  });

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

  api.get('/api/fairness', async (request) => {
    const session = await auth(request);
    return fairnessOf(db, session.brand, session.playerId);
  });

  api.post('/api/fairness/rotate', { schema: { body: RotateBody } }, async (request) => {
    const session = await auth(request);
    return rotatePair(db, session.brand, session.playerId, request.body.clientSeed);
  });

  api.get('/api/verify/:id', { schema: { params: Type.Object({ id: RoundId }) } }, async (request) =>
    rounds.verification(request.params.id),
  );

  api.get('/health', async () => ({ status: 'ok' }));
}
