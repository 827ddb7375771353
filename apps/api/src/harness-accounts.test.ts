import { describe, expect, it } from 'vitest';
import { loginAs, randomIp, randomUsername } from '../test/members.ts';
import { call, headers, setupTestApp } from '../test/support.ts';
import {
  clearLoginFailures,
  createMember,
  getBrandSettings,
  latestEmail,
  latestSmsCode,
  relaxedThrottle,
  setAccountPolicy,
  setBrandFlags,
  setKnownIp,
} from './harness.ts';

const ctx = setupTestApp();

describe('the e2e harness for accounts', () => {
  it('creates members, flips flags and known addresses, and reads the outboxes', async () => {
    const username = randomUsername('h');
    const home = randomIp();
    await createMember(ctx.db, {
      merchantCode: 'DEMO',
      username,
      password: 'Harness123',
      mobile: '+60125550001',
      email: 'harness@example.com',
      mustChangePassword: true,
      knownIps: [home],
    });
    const login = await loginAs(ctx, username, 'Harness123', { ip: home });
    expect(login.body.value.mustChangePassword).toBe(true);
    const away = randomIp();
    expect((await loginAs(ctx, username, 'Harness123', { ip: away })).body.errorCode).toBe(
      'login_verify_required',
    );
    expect(await latestSmsCode(ctx.db, '+60125550001')).toMatch(/^\d{6}$/);
    await setKnownIp(ctx.db, { merchantCode: 'DEMO', username, ip: away, known: true });
    expect((await loginAs(ctx, username, 'Harness123', { ip: away })).body.success).toBe(true);
    await setKnownIp(ctx.db, { merchantCode: 'DEMO', username, ip: away, known: false });
    expect((await loginAs(ctx, username, 'Harness123', { ip: away })).body.errorCode).toBe(
      'login_verify_required',
    );

    await call(ctx.app, {
      method: 'POST',
      url: '/wps/member/password/email',
      remoteAddress: randomIp(),
      headers: headers(),
      payload: { username, email: 'harness@example.com' },
    });
    expect((await latestEmail(ctx.db, 'HARNESS@example.com'))?.link).toContain('/resetPassword?token=');

    await setBrandFlags(ctx.db, 'DEMO', { MANPLAYREB3: true });
    expect((await getBrandSettings(ctx.db, 'DEMO'))?.featureFlags.MANPLAYREB3).toBe(true);
    await setBrandFlags(ctx.db, 'DEMO', { MANPLAYREB3: false });
    await setAccountPolicy(ctx.db, 'DEMO', { loginCaptchaAfterFailures: 3 });
    await clearLoginFailures(ctx.db, 'DEMO');
  });

  it('offers looser throttles for suites that log in many times from one address', () => {
    const rules = relaxedThrottle();
    expect(rules.loginPerIp.points).toBe(30_000);
    expect(rules.captchaPerClient).toEqual({ points: 1, seconds: 1 });
  });
});
