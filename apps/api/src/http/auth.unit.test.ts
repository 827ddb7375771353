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
  it.each([
    [AGENT_TYPES.member, { member: 200, agent: 403, any: 200 }],
    [AGENT_TYPES.agent, { member: 200, agent: 200, any: 200 }],
    [AGENT_TYPES.masterAgent, { member: 200, agent: 200, any: 200 }],
    [AGENT_TYPES.agent41, { member: 200, agent: 200, any: 200 }],
    [AGENT_TYPES.agent42, { member: 200, agent: 200, any: 200 }],
    [AGENT_TYPES.trial, { member: 403, agent: 403, any: 200 }],
  ])('isAgent %i reaches the member, agent and token routes as expected', async (isAgent, expected) => {
    const app = await guardedApp();
    const hit = (url: string) =>
      app.inject({
        method: 'GET',
        url,
        headers: { authorization: `token-${isAgent}-xxxxxxxxxxxxxxxxxxxxxxxx` },
      });
    const member = await hit('/member');
    const agent = await hit('/agent');
    expect(member.statusCode).toBe(expected.member);
    expect(agent.statusCode).toBe(expected.agent);
    expect((await hit('/any')).statusCode).toBe(expected.any);
    if (expected.agent === 403) expect(agent.json().errorCode).toBe('error_not_agent');
    if (expected.member === 403) expect(member.json().errorCode).toBe('trial_account_restricted');
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
