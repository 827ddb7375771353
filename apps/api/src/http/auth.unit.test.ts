import { AGENT_TYPES } from '@lotus/contracts/accounts';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Member } from '../domains/members/member.ts';
import type { SessionService } from '../domains/members/session.service.ts';
import { decorateAuth, guards } from './auth.ts';
import { registerErrorHandling } from './error-handler.ts';
import { decorateTenancy } from './tenancy.ts';

function memberOf(isAgent: number): Member {
  return { id: '1', brandId: '1', username: 'someone', isAgent } as Member;
}

/** A bare app with the guards over a session service that knows one token per agent type. */
async function guardedApp() {
  const sessions = {
    resolve: async (token: string) => ({ member: memberOf(Number(token.split('-')[1])), sessionId: '1' }),
  } as unknown as SessionService;
  const g = guards(sessions);
  const app = Fastify({ logger: false });
  registerErrorHandling(app);
  decorateAuth(app);
  decorateTenancy(app);
  app.addHook('onRequest', async (request) => {
    (request as unknown as { brand: { id: string } }).brand = { id: '1' };
  });
  app.get('/member', { onRequest: g.requireMember }, async () => ({ ok: true }));
  app.get('/agent', { onRequest: g.requireAgent }, async () => ({ ok: true }));
  app.get('/any', { onRequest: g.requireToken }, async () => ({ ok: true }));
  await app.ready();
  return app;
}

describe('route guards', () => {
  // A refusal is a handled business outcome: HTTP 200 with the envelope's errorCode (wire-protocol.md).
  const refusedAgent = 'error_not_agent';
  const refusedTrial = 'trial_account_restricted';
  it.each([
    [AGENT_TYPES.member, { member: null, agent: refusedAgent, any: null }],
    [AGENT_TYPES.agent, { member: null, agent: null, any: null }],
    [AGENT_TYPES.masterAgent, { member: null, agent: null, any: null }],
    [AGENT_TYPES.agent41, { member: null, agent: null, any: null }],
    [AGENT_TYPES.agent42, { member: null, agent: null, any: null }],
    [AGENT_TYPES.trial, { member: refusedTrial, agent: refusedAgent, any: null }],
  ])('isAgent %i reaches the member, agent and token routes as expected', async (isAgent, expected) => {
    const app = await guardedApp();
    const hit = (url: string) =>
      app.inject({
        method: 'GET',
        url,
        headers: { authorization: `token-${isAgent}-xxxxxxxxxxxxxxxxxxxxxxxx` },
      });
    for (const [route, code] of Object.entries(expected)) {
      const res = await hit(`/${route}`);
      expect(res.statusCode, route).toBe(200);
      expect(res.json().errorCode, route).toBe(code ?? undefined);
    }
    await app.close();
  });

  it('answers CUSTOMER_NOT_LOGIN without a token', async () => {
    const app = await guardedApp();
    const res = await app.inject({ method: 'GET', url: '/agent' });
    expect(res.statusCode).toBe(401);
    expect(res.json().errorCode).toBe('CUSTOMER_NOT_LOGIN');
    await app.close();
  });
});
