import { describe, expect, it } from 'vitest';
import { loggedInMember } from '../../../test/factories.ts';
import { getWithToken, loginAs } from '../../../test/members.ts';
import { call, createBrand, headers, setupTestApp } from '../../../test/support.ts';

const ctx = setupTestApp();

const loggedIn = (merchant = 'DEMO') => loggedInMember(ctx, { prefix: 's', merchant });

describe('sessions', () => {
  it('answers CUSTOMER_NOT_LOGIN without a token and user.or.token.invalid with a bad one', async () => {
    const missing = await getWithToken(ctx, '/wps/member/info', undefined);
    expect(missing.status).toBe(401);
    expect(missing.body.errorCode).toBe('CUSTOMER_NOT_LOGIN');
    for (const token of ['nonsense', 'A'.repeat(43), '']) {
      const res = await getWithToken(ctx, '/wps/member/info', token);
      expect(res.status).toBe(401);
      expect(res.body.errorCode).toBe(token === '' ? 'CUSTOMER_NOT_LOGIN' : 'user.or.token.invalid');
    }
  });

  it('keeps one active session per member: the older token gets login.not.session', async () => {
    const first = await loggedIn();
    expect((await getWithToken(ctx, '/wps/member/info', first.login.token)).status).toBe(200);
    const second = await loginAs(ctx, first.username, 'Secret123', { ip: first.ip });
    const old = await getWithToken(ctx, '/wps/member/info', first.login.token);
    expect(old.status).toBe(401);
    expect(old.body.errorCode).toBe('login.not.session');
    expect((await getWithToken(ctx, '/wps/member/info', second.body.value.token)).status).toBe(200);
    const active = await ctx.db
      .selectFrom('sessions')
      .select(['revoked_reason'])
      .where('member_id', '=', first.login.id)
      .orderBy('id')
      .execute();
    expect(active.map((s) => s.revoked_reason)).toEqual(['replaced', null]);
  });

  it('keeps exactly one active session when the same member logs in many times at once', async () => {
    const first = await loggedIn();
    // Nine at once (the first login and these nine stay within the per-address login limit of 10):
    // before logins took turns on the member's row, the last of them could run out of retries.
    const results = await Promise.all(
      Array.from({ length: 9 }, () => loginAs(ctx, first.username, 'Secret123', { ip: first.ip })),
    );
    expect(results.every((r) => r.body.success)).toBe(true);
    const active = await ctx.db
      .selectFrom('sessions')
      .select('id')
      .where('member_id', '=', first.login.id)
      .where('revoked_at', 'is', null)
      .execute();
    expect(active).toHaveLength(1);
    const working = await Promise.all(
      results.map((r) => getWithToken(ctx, '/wps/member/info', r.body.value.token)),
    );
    expect(working.filter((r) => r.status === 200)).toHaveLength(1);
  });

  it("refuses a token on another brand's calls", async () => {
    const brand = await createBrand(ctx.db);
    const { login } = await loggedIn();
    const res = await getWithToken(ctx, '/wps/member/info', login.token, brand.merchantCode);
    expect(res.status).toBe(401);
    expect(res.body.errorCode).toBe('user.or.token.invalid');
  });

  it('slides the expiry on use and refuses an expired session', async () => {
    const { login } = await loggedIn();
    const past = new Date(Date.now() - 5 * 60_000);
    await ctx.db
      .updateTable('sessions')
      .set({ last_seen_at: past })
      .where('member_id', '=', login.id)
      .execute();
    const before = await ctx.db
      .selectFrom('sessions')
      .select('expires_at')
      .where('member_id', '=', login.id)
      .executeTakeFirstOrThrow();
    expect((await getWithToken(ctx, '/wps/member/info', login.token)).status).toBe(200);
    const after = await ctx.db
      .selectFrom('sessions')
      .select(['expires_at', 'last_seen_at'])
      .where('member_id', '=', login.id)
      .executeTakeFirstOrThrow();
    expect(after.expires_at.getTime()).toBeGreaterThan(before.expires_at.getTime());
    expect(after.last_seen_at.getTime()).toBeGreaterThan(past.getTime());
    await ctx.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('member_id', '=', login.id)
      .execute();
    expect((await getWithToken(ctx, '/wps/member/info', login.token)).body.errorCode).toBe(
      'user.or.token.invalid',
    );
  });

  it('logs out: the token stops working', async () => {
    const { login } = await loggedIn();
    const out = await call(ctx.app, {
      method: 'POST',
      url: '/wps/session/logout',
      headers: { ...headers(), authorization: login.token },
    });
    expect(out.body).toMatchObject({ success: true, value: true });
    expect((await getWithToken(ctx, '/wps/member/info', login.token)).body.errorCode).toBe(
      'user.or.token.invalid',
    );
    const again = await call(ctx.app, { method: 'POST', url: '/wps/session/logout', headers: headers() });
    expect(again.body.errorCode).toBe('CUSTOMER_NOT_LOGIN');
  });

  it('marks the first login once', async () => {
    const { login } = await loggedIn();
    expect(login.firstTimeLogin).toBe(true);
    const first = () =>
      call<{ firstTimeLogin: boolean }>(ctx.app, {
        method: 'POST',
        url: '/wps/member/firstLogin',
        headers: { ...headers(), authorization: login.token },
      });
    expect((await first()).body.value.firstTimeLogin).toBe(true);
    expect((await first()).body.value.firstTimeLogin).toBe(false);
  });
});

describe('announcements for members', () => {
  it('serves execution A and F to a logged-in member and refuses visitors', async () => {
    const { login } = await loggedIn();
    for (const execution of ['A', 'F']) {
      const url = `/wps/relay/MCSFE_getListAnnouncements?types=B,PL,PU,PR,H&platform=W&execution=${execution}`;
      expect((await getWithToken(ctx, url, login.token)).status).toBe(200);
      expect((await getWithToken(ctx, url, undefined)).body.errorCode).toBe('CUSTOMER_NOT_LOGIN');
    }
    const notice = await getWithToken(ctx, '/wps/system/notice?types=PU&execution=A', login.token);
    expect(notice.body.success).toBe(true);
  });
});
