import { randomInt } from 'node:crypto';
import type { OperatorInfo, OperatorLoginResult, OperatorSummary } from '@lotus/contracts/backoffice';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { randomIp } from '../../../test/members.ts';
import { createOperator, operatorCall, operatorLogin } from '../../../test/operators.ts';
import { call, createBrand, headers, setupTestApp } from '../../../test/support.ts';
import { currentTotpCode, DEMO_OPERATORS, forgetTotpStep, HARNESS_TOTP_SECRET } from '../../harness.ts';
import { findBrandByMerchantCode } from '../brands/brand.repository.ts';
import type { Brand } from '../brands/brand.ts';
import { totpCode } from './totp.ts';

const ctx = setupTestApp({
  throttle: {
    operatorLoginPerIp: { points: 1000, seconds: 900 },
    operatorLoginPerAccountIp: { points: 1000, seconds: 900 },
  },
});

/** An app with tight address limits: 20 tries per address, 3 per (user name, address). */
const strict = setupTestApp({
  throttle: {
    operatorLoginPerIp: { points: 20, seconds: 900 },
    operatorLoginPerAccountIp: { points: 3, seconds: 900 },
  },
});

let demo: Brand;
beforeAll(async () => {
  const found = await findBrandByMerchantCode(ctx.db, 'DEMO');
  if (!found) throw new Error('no demo brand');
  demo = found;
});

const name = (prefix: string) => `${prefix}${randomInt(1_000_000, 9_999_999)}`;

function login(body: Record<string, unknown>, options: { merchant?: string; ip?: string } = {}) {
  return call<OperatorLoginResult>(ctx.app, {
    method: 'POST',
    url: '/bo/v1/session/login',
    remoteAddress: options.ip ?? randomIp(),
    headers: headers(options.merchant ?? 'DEMO'),
    payload: body,
  });
}

/** A fresh back-office captcha, answered (every test captcha reads `xxxx`). */
async function solvedCaptcha(app = ctx.app) {
  const res = await call<{ captchaId: string; image: string }>(app, {
    method: 'GET',
    url: '/bo/v1/session/captcha',
    remoteAddress: randomIp(),
    headers: headers(),
  });
  expect(Buffer.from(res.body.value.image, 'base64').subarray(1, 4).toString()).toBe('PNG');
  return { captchaId: res.body.value.captchaId, captcha: 'xxxx' };
}

async function auditActions(operatorId: string): Promise<string[]> {
  const rows = await ctx.db
    .selectFrom('audit_log')
    .select(['action'])
    .where('operator_id', '=', operatorId)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.action);
}

describe('POST /bo/v1/session/login', () => {
  it('logs in with password and the current code, and /me answers the operator', async () => {
    const username = name('fin');
    const { id } = await createOperator(ctx.db, {
      merchantCode: 'DEMO',
      username,
      password: 'Secret123',
      role: 'finance',
    });
    const res = await login({ username, password: 'Secret123', totpCode: currentTotpCode() });
    expect(res.status).toBe(200);
    if (res.body.value.step !== 'done') throw new Error('expected a session');
    expect(res.body.value.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const me = await operatorCall<OperatorInfo>(ctx, res.body.value.token, {
      method: 'GET',
      url: '/bo/v1/session/me',
    });
    expect(me.body.value).toEqual({ id, username, role: 'finance', mustChangePassword: false });
    const stored = await ctx.db
      .selectFrom('operator_sessions')
      .select('token_hash')
      .where('operator_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored.token_hash).not.toBe(res.body.value.token);
    expect(await auditActions(id)).toEqual(['operator.login']);
  });

  it('refuses a wrong password and audits it, without telling whether the username exists', async () => {
    const username = name('pw');
    const { id } = await createOperator(ctx.db, {
      merchantCode: 'DEMO',
      username,
      password: 'Secret123',
      role: 'cs',
    });
    const wrong = await login({ username, password: 'Wrong1234', totpCode: currentTotpCode() });
    expect(wrong.status).toBe(401);
    expect(wrong.body.errorCode).toBe('operator_login_failed');
    const unknown = await login({ username: name('nobody'), password: 'Wrong1234' });
    expect({ status: unknown.status, body: unknown.body }).toEqual({
      status: wrong.status,
      body: wrong.body,
    });
    expect(await auditActions(id)).toEqual(['operator.login_failed']);
  });

  it('asks for the code when it is missing, refuses a wrong one and a code used twice', async () => {
    const username = name('totp');
    await createOperator(ctx.db, { merchantCode: 'DEMO', username, password: 'Secret123', role: 'cs' });
    const missing = await login({ username, password: 'Secret123' });
    expect(missing.status).toBe(401);
    expect(missing.body.errorCode).toBe('operator_totp_required');
    const code = currentTotpCode();
    const wrongCode = code === '000000' ? '000001' : '000000';
    const wrong = await login({ username, password: 'Secret123', totpCode: wrongCode });
    expect(wrong.body.errorCode).toBe('operator_totp_invalid');
    const first = await login({ username, password: 'Secret123', totpCode: code });
    expect(first.body.value.step).toBe('done');
    const replay = await login({ username, password: 'Secret123', totpCode: code });
    expect(replay.body.errorCode).toBe('operator_totp_invalid');
    const stale = await login({
      username,
      password: 'Secret123',
      totpCode: totpCode(HARNESS_TOTP_SECRET, Date.now() - 120_000),
    });
    expect(stale.body.errorCode).toBe('operator_totp_invalid');
  });

  it('enrols an operator without TOTP: URI and QR image, then the first valid code completes the login', async () => {
    const username = name('new');
    const { id } = await createOperator(ctx.db, {
      merchantCode: 'DEMO',
      username,
      password: 'Secret123',
      role: 'readonly',
      withoutTotp: true,
    });
    const step = await login({ username, password: 'Secret123' });
    if (step.body.value.step !== 'enrol') throw new Error('expected enrolment');
    const uri = new URL(step.body.value.otpauthUri);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('digits')).toBe('6');
    expect(uri.searchParams.get('period')).toBe('30');
    const secret = uri.searchParams.get('secret') ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(step.body.value.qrDataUrl.startsWith('data:image/png;base64,')).toBe(true);
    const stored = await ctx.db
      .selectFrom('operators')
      .select(['totp_secret_encrypted', 'totp_enabled'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored.totp_enabled).toBe(false);
    expect(stored.totp_secret_encrypted).not.toContain(secret);

    const again = await login({ username, password: 'Secret123' });
    if (again.body.value.step !== 'enrol') throw new Error('expected enrolment');
    expect(again.body.value.otpauthUri).toBe(step.body.value.otpauthUri);

    const bad = await login({ username, password: 'Secret123', totpCode: totpCode(HARNESS_TOTP_SECRET) });
    expect(bad.body.errorCode).toBe('operator_totp_invalid');
    const done = await login({ username, password: 'Secret123', totpCode: totpCode(secret) });
    expect(done.body.value.step).toBe('done');
    const enabled = await ctx.db
      .selectFrom('operators')
      .select('totp_enabled')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(enabled.totp_enabled).toBe(true);
    expect(await auditActions(id)).toContain('operator.totp_enrolled');
    const missing = await login({ username, password: 'Secret123' });
    expect(missing.body.errorCode).toBe('operator_totp_required');
  });

  it('seeds the demo admin without TOTP, so its first login enrols', async () => {
    const admin = DEMO_OPERATORS[0];
    const res = await login({ username: admin.username, password: admin.password });
    expect(res.body.value.step).toBe('enrol');
  });

  it("a stranger's 50 failures from other addresses never lock the operator: past 5 the name needs the captcha", async () => {
    const username = name('slow');
    const { id } = await createOperator(ctx.db, {
      merchantCode: 'DEMO',
      username,
      password: 'Secret123',
      role: 'cs',
    });
    const seen = new Set<string>();
    for (let i = 0; i < 50; i += 1) {
      const res = await login({ username, password: `Wrong${i}xyz` });
      seen.add(`${res.status} ${res.body.errorCode}`);
    }
    expect([...seen].sort()).toEqual(['401 operator_captcha_required', '401 operator_login_failed']);
    // The operator, from their own address: asked for the captcha, then in with it and the code.
    const own = randomIp();
    const asked = await login({ username, password: 'Secret123', totpCode: currentTotpCode() }, { ip: own });
    expect(asked.body.errorCode).toBe('operator_captcha_required');
    const wrongCaptcha = await login(
      { username, password: 'Secret123', totpCode: currentTotpCode(), captchaId: 'nope', captcha: 'xxxx' },
      { ip: own },
    );
    expect(wrongCaptcha.body.errorCode).toBe('operator_captcha_invalid');
    await forgetTotpStep(ctx.db, 'DEMO', username);
    const done = await login(
      { username, password: 'Secret123', totpCode: currentTotpCode(), ...(await solvedCaptcha()) },
      { ip: own },
    );
    expect(done.body.value.step).toBe('done');
    expect(await auditActions(id)).toContain('operator.login');
    // After the success the name starts afresh: no captcha.
    await forgetTotpStep(ctx.db, 'DEMO', username);
    const again = await login({ username, password: 'Secret123', totpCode: currentTotpCode() }, { ip: own });
    expect(again.body.value.step).toBe('done');
  });

  it('answers an unknown user name exactly like an operator, through the captcha and the address limit', async () => {
    const strictApp = strict.app;
    const username = name('same');
    await createOperator(ctx.db, { merchantCode: 'DEMO', username, password: 'Secret123', role: 'cs' });
    await createOperator(strict.db, { merchantCode: 'DEMO', username, password: 'Secret123', role: 'cs' });
    const run = async (who: string) => {
      const seen: string[] = [];
      for (let i = 0; i < 7; i += 1) {
        const res = await login({ username: who, password: `Wrong${i}xyz` });
        seen.push(`${res.status} ${res.body.errorCode} ${res.body.message}`);
      }
      // One address, captcha solved: refused per (name, address) after 3 tries on the strict app.
      const one = randomIp();
      for (let i = 0; i < 10; i += 1) {
        const res = await call(strictApp, {
          method: 'POST',
          url: '/bo/v1/session/login',
          remoteAddress: one,
          headers: headers(),
          payload: { username: who, password: `Wrong${i}xyz`, ...(await solvedCaptcha(strictApp)) },
        });
        seen.push(`${res.status} ${res.body.errorCode} ${res.body.message}`);
      }
      return seen;
    };
    const known = await run(username);
    const unknown = await run(name('nobody'));
    expect(unknown).toEqual(known);
    expect(new Set(known.map((a) => a.split(' ').slice(0, 2).join(' ')))).toEqual(
      new Set(['401 operator_login_failed', '401 operator_captcha_required', '429 TOO_MANY_REQUESTS']),
    );
  });

  it('keeps tenants apart: an operator of brand A cannot log in on B, nor use its token there', async () => {
    const other = await createBrand(ctx.db);
    const username = name('iso');
    await createOperator(ctx.db, { merchantCode: 'DEMO', username, password: 'Secret123', role: 'admin' });
    const onB = await login(
      { username, password: 'Secret123', totpCode: currentTotpCode() },
      { merchant: other.merchantCode },
    );
    expect(onB.body.errorCode).toBe('operator_login_failed');
    const token = await operatorLogin(ctx, { merchantCode: 'DEMO', username, password: 'Secret123' });
    const me = await operatorCall(ctx, token, {
      method: 'GET',
      url: '/bo/v1/session/me',
      merchant: other.merchantCode,
    });
    expect(me.status).toBe(401);
    expect(me.body.errorCode).toBe('operator_not_login');
    const list = await operatorCall(ctx, token, {
      method: 'GET',
      url: '/bo/v1/operators',
      merchant: other.merchantCode,
    });
    expect(list.body.errorCode).toBe('operator_not_login');
  });

  it('logout ends the session', async () => {
    const username = name('out');
    const { id } = await createOperator(ctx.db, {
      merchantCode: 'DEMO',
      username,
      password: 'Secret123',
      role: 'cs',
    });
    const token = await operatorLogin(ctx, { merchantCode: 'DEMO', username, password: 'Secret123' });
    const out = await operatorCall(ctx, token, { method: 'POST', url: '/bo/v1/session/logout' });
    expect(out.body.value).toBe(true);
    const me = await operatorCall(ctx, token, { method: 'GET', url: '/bo/v1/session/me' });
    expect(me.body.errorCode).toBe('operator_not_login');
    expect(await auditActions(id)).toEqual(['operator.login', 'operator.logout']);
  });

  it("ends a session idle past the operator limit (30 minutes by default), shorter than a member's", async () => {
    const username = name('idle');
    await createOperator(ctx.db, { merchantCode: 'DEMO', username, password: 'Secret123', role: 'cs' });
    const token = await operatorLogin(ctx, { merchantCode: 'DEMO', username, password: 'Secret123' });
    const session = () =>
      ctx.db
        .selectFrom('operator_sessions')
        .innerJoin('operators', 'operators.id', 'operator_sessions.operator_id')
        .select(['operator_sessions.id', 'operator_sessions.created_at', 'operator_sessions.expires_at'])
        .where('operators.username', '=', username)
        .executeTakeFirstOrThrow();
    const started = await session();
    const idleMs = started.expires_at.getTime() - started.created_at.getTime();
    expect(Math.abs(idleMs - 30 * 60_000)).toBeLessThan(5_000);
    expect((await operatorCall(ctx, token, { method: 'GET', url: '/bo/v1/session/me' })).status).toBe(200);
    // 31 minutes without a call.
    await ctx.db
      .updateTable('operator_sessions')
      .set({ expires_at: new Date(Date.now() - 60_000), last_seen_at: new Date(Date.now() - 31 * 60_000) })
      .where('id', '=', started.id)
      .execute();
    const me = await operatorCall(ctx, token, { method: 'GET', url: '/bo/v1/session/me' });
    expect(me.status).toBe(401);
    expect(me.body.errorCode).toBe('operator_not_login');
  });

  it('refuses a missing or made-up token', async () => {
    const none = await call(ctx.app, { method: 'GET', url: '/bo/v1/session/me', headers: headers() });
    expect(none.status).toBe(401);
    expect(none.body.errorCode).toBe('operator_not_login');
    const fake = await operatorCall(ctx, 'x'.repeat(43), { method: 'GET', url: '/bo/v1/session/me' });
    expect(fake.body.errorCode).toBe('operator_not_login');
  });
});

describe('login throttle', () => {
  it('refuses the fourth try of one name from one address, and only there', async () => {
    const username = name('thr');
    await createOperator(strict.db, { merchantCode: 'DEMO', username, password: 'Secret123', role: 'cs' });
    const attempt = (who: string, ip: string, password = 'Wrong1234') =>
      call(strict.app, {
        method: 'POST',
        url: '/bo/v1/session/login',
        remoteAddress: ip,
        headers: headers(),
        payload: { username: who, password },
      }).then((res) => res.body.errorCode);
    const attacker = randomIp();
    const codes: string[] = [];
    for (let i = 0; i < 4; i += 1) codes.push(await attempt(username, attacker));
    expect(codes).toEqual([
      'operator_login_failed',
      'operator_login_failed',
      'operator_login_failed',
      'TOO_MANY_REQUESTS',
    ]);
    expect(await attempt(username, attacker, 'Secret123')).toBe('TOO_MANY_REQUESTS');
    // Another name from that address, and the operator from another address, are not refused.
    expect(await attempt(name('other'), attacker)).toBe('operator_login_failed');
    expect(await attempt(username, randomIp(), 'Secret123')).toBe('operator_totp_required');
  });

  it('refuses an address after 20 tries whatever the names', async () => {
    const ip = randomIp();
    const codes: string[] = [];
    for (let i = 0; i < 21; i += 1) {
      const res = await call(strict.app, {
        method: 'POST',
        url: '/bo/v1/session/login',
        remoteAddress: ip,
        headers: headers(),
        payload: { username: name('many'), password: 'Wrong1234' },
      });
      codes.push(res.body.errorCode);
    }
    expect(codes.slice(0, 20).every((c) => c === 'operator_login_failed')).toBe(true);
    expect(codes[20]).toBe('TOO_MANY_REQUESTS');
  });
});

describe('roles and operator management', () => {
  it('lets an admin create, list, reset and deactivate operators, each change audited', async () => {
    const adminName = name('adm');
    const admin = await createOperator(ctx.db, {
      merchantCode: 'DEMO',
      username: adminName,
      password: 'Secret123',
      role: 'admin',
    });
    const token = await operatorLogin(ctx, {
      merchantCode: 'DEMO',
      username: adminName,
      password: 'Secret123',
    });
    const username = name('made');
    const created = await operatorCall<OperatorSummary>(ctx, token, {
      method: 'POST',
      url: '/bo/v1/operators',
      payload: { username, password: 'Password1', role: 'finance' },
    });
    expect(created.body.value).toMatchObject({ username, role: 'finance', active: true, totpEnabled: false });
    const duplicate = await operatorCall(ctx, token, {
      method: 'POST',
      url: '/bo/v1/operators',
      payload: { username, password: 'Password1', role: 'cs' },
    });
    expect(duplicate.body.errorCode).toBe('operator_username_taken');
    const list = await operatorCall<OperatorSummary[]>(ctx, token, {
      method: 'GET',
      url: '/bo/v1/operators',
    });
    expect(list.body.value.map((o) => o.username)).toContain(username);

    const enrol = await login({ username, password: 'Password1' });
    expect(enrol.body.value.step).toBe('enrol');
    const off = await operatorCall<OperatorSummary>(ctx, token, {
      method: 'PUT',
      url: `/bo/v1/operators/${created.body.value.id}/active`,
      payload: { active: false },
    });
    expect(off.body.value.active).toBe(false);
    expect((await login({ username, password: 'Password1' })).body.errorCode).toBe('operator_login_failed');
    expect(await auditActions(admin.id)).toEqual([
      'operator.login',
      'operator.create',
      'operator.deactivate',
    ]);
    const self = await operatorCall(ctx, token, {
      method: 'PUT',
      url: `/bo/v1/operators/${admin.id}/active`,
      payload: { active: false },
    });
    expect(self.body.errorCode).toBe('operator_forbidden');
  });

  it('a TOTP reset ends the sessions and the next login enrols again', async () => {
    const adminName = name('adm');
    await createOperator(ctx.db, {
      merchantCode: 'DEMO',
      username: adminName,
      password: 'Secret123',
      role: 'admin',
    });
    const adminToken = await operatorLogin(ctx, {
      merchantCode: 'DEMO',
      username: adminName,
      password: 'Secret123',
    });
    const username = name('rst');
    const { id } = await createOperator(ctx.db, {
      merchantCode: 'DEMO',
      username,
      password: 'Secret123',
      role: 'cs',
    });
    const token = await operatorLogin(ctx, { merchantCode: 'DEMO', username, password: 'Secret123' });
    const reset = await operatorCall<OperatorSummary>(ctx, adminToken, {
      method: 'POST',
      url: `/bo/v1/operators/${id}/totp/reset`,
    });
    expect(reset.body.value.totpEnabled).toBe(false);
    expect((await operatorCall(ctx, token, { method: 'GET', url: '/bo/v1/session/me' })).body.errorCode).toBe(
      'operator_not_login',
    );
    await forgetTotpStep(ctx.db, 'DEMO', username);
    expect((await login({ username, password: 'Secret123' })).body.value.step).toBe('enrol');
  });

  it('refuses every non-admin role on operator management with operator_forbidden', async () => {
    for (const role of ['readonly', 'finance', 'cs', 'marketing'] as const) {
      const username = name(role.slice(0, 3));
      await createOperator(ctx.db, { merchantCode: 'DEMO', username, password: 'Secret123', role });
      const token = await operatorLogin(ctx, { merchantCode: 'DEMO', username, password: 'Secret123' });
      const res = await operatorCall(ctx, token, {
        method: 'POST',
        url: '/bo/v1/operators',
        payload: { username: name('x'), password: 'Password1', role: 'admin' },
      });
      expect(res.status).toBe(403);
      expect(res.body.errorCode).toBe('operator_forbidden');
    }
  });
});

describe('audit log', () => {
  it('is append-only in the database', async () => {
    await expect(
      sql`update audit_log set action = 'x' where brand_id = ${demo.id}`.execute(ctx.db),
    ).rejects.toThrow(/append-only/);
    await expect(sql`delete from audit_log where brand_id = ${demo.id}`.execute(ctx.db)).rejects.toThrow(
      /append-only/,
    );
  });
});
