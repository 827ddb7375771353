import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { currencyScale } from '@lotus/contracts/money';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { VendorDb } from '../db/database.ts';
import { fairnessOf, rotatePair } from '../seeds.ts';
import { balanceOf, freeRoundsOf, openSession, type VendorSession } from '../sessions.ts';
import type { WalletClient } from '../wallet/client.ts';
import { authenticate } from './bearer.ts';

/**
 * The game pages' API shared by every game kind (same origin as the pages; each kind adds its own
 * calls: the slots' spins in slots/routes.ts, the live tables' in live/routes.ts). The page
 * exchanges the platform's launch token for its own session token (`POST /api/session`) and sends
 * that token as `Authorization: Bearer` on every other call; no cookie is used (the page runs in a third-party iframe). The platform's
 * token never reaches the browser. Every string has a pattern or a bounded length, so NUL bytes and
 * oversized values are refused before any handler runs.
 */

export type RouteDeps = { db: VendorDb; wallet: WalletClient; games: ReadonlySet<string> };

const SessionBody = Type.Object(
  {
    merchant: Type.String({ pattern: '^[A-Za-z0-9_-]{1,32}$' }),
    launchToken: Type.String({ pattern: '^[\\x21-\\x7e]{10,256}$' }),
    game: Type.String({ pattern: '^[a-z0-9-]{1,40}$' }),
  },
  { additionalProperties: false },
);

const RotateBody = Type.Object(
  { clientSeed: Type.Optional(Type.String({ pattern: '^[\\x21-\\x7e]{1,64}$' })) },
  { additionalProperties: false },
);

function sessionInfo(session: VendorSession) {
  return {
    mode: session.mode,
    nickname: session.nickname,
    game: session.gameId,
    currency: session.currency,
    currencyLabel: session.currencyLabel,
    scale: currencyScale(session.currency),
    language: session.language,
  };
}

export async function registerApiRoutes(app: FastifyInstance, { db, wallet, games }: RouteDeps) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const auth = authenticate(db);

  api.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
    return payload;
  });

  api.post('/api/session', { schema: { body: SessionBody } }, async (request) => {
    const { token, session } = await openSession(db, wallet, request.body, games);
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

  api.get('/api/fairness', async (request) => {
    const session = await auth(request);
    return fairnessOf(db, session.brand, session.playerId);
  });

  api.post('/api/fairness/rotate', { schema: { body: RotateBody } }, async (request) => {
    const session = await auth(request);
    return rotatePair(db, session.brand, session.playerId, request.body.clientSeed);
  });

  api.get('/health', async () => ({ status: 'ok' }));
}
