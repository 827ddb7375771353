import { beforeAll, describe, expect, it } from 'vitest';
import { makeOperator } from '../../test/factories.ts';
import { operatorLogin } from '../../test/operators.ts';
import { headers, setupTestApp } from '../../test/support.ts';
import { memberWithFunds, type SignedIn } from '../../test/withdrawals.ts';

const ctx = setupTestApp();

describe('Cache-Control: no-store on authenticated answers', () => {
  let member: SignedIn;
  let operatorToken: string;
  beforeAll(async () => {
    member = await memberWithFunds(ctx, { funds: 1_000n });
    const { username, password } = await makeOperator(ctx, { role: 'admin' });
    operatorToken = await operatorLogin(ctx, { merchantCode: 'DEMO', username, password });
  });

  it.each(['/wps/member/info', '/wps/v2/wallets/balance'])(
    'a member call %s answers no-store',
    async (url) => {
      const res = await ctx.app.inject({
        method: 'GET',
        url,
        headers: { ...headers(), authorization: member.token },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
    },
  );

  it('a refused token answers no-store too', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/wps/member/info',
      headers: { ...headers(), authorization: 'not-a-token' },
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('back-office answers are no-store, with or without a token', async () => {
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/bo/v1/session/me',
      headers: { ...headers(), authorization: operatorToken },
    });
    expect(me.statusCode).toBe(200);
    expect(me.headers['cache-control']).toBe('no-store');
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/bo/v1/dashboard', headers: headers() });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['cache-control']).toBe('no-store');
  });

  it('a route that sets its own caching still answers no-store when a token was sent', async () => {
    const withToken = await ctx.app.inject({
      method: 'GET',
      url: '/wps/system/publicKey',
      headers: { ...headers(), authorization: member.token },
    });
    expect(withToken.headers['cache-control']).toBe('no-store');
    // The same public call without a token keeps its own caching.
    const anonymous = await ctx.app.inject({
      method: 'GET',
      url: '/wps/system/publicKey',
      headers: headers(),
    });
    expect(anonymous.headers['cache-control']).toBe('public, max-age=300');
  });
});
