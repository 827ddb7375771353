import { type LoginResult, TRIAL_TYPE } from '@lotus/contracts/accounts';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { type MemberOptions, memberAt } from '../../../test/factories.ts';
import {
  getWithToken,
  loginAs,
  randomIp,
  randomMobile,
  randomUsername,
  sealed,
  sendSmsCode,
} from '../../../test/members.ts';
import { call, countRows, createBrand, headers, setupTestApp } from '../../../test/support.ts';
import { createMember, DEMO_PLAYER, latestSmsCode, setAccountPolicy, setBrandFlags } from '../../harness.ts';

const ctx = setupTestApp();

const member = (options: MemberOptions = {}) => memberAt(ctx, { prefix: 'p', ...options });

/** A fresh image captcha, answered (every test captcha reads `xxxx`). */
async function solvedCaptcha() {
  const res = await call<{ captchaId: string }>(ctx.app, {
    method: 'GET',
    url: '/wps/captcha',
    remoteAddress: randomIp(),
    headers: headers(),
  });
  return { captchaId: res.body.value.captchaId, captcha: 'xxxx' };
}

async function attempts(username: string) {
  return ctx.db
    .selectFrom('login_attempts')
    .select(['outcome', 'ip', 'method', 'device', 'country'])
    .where('username', '=', username)
    .orderBy('id')
    .execute();
}

describe('POST /wps/session/login by username', () => {
  it('logs the demo player in with a trimmed username and password', async () => {
    const res = await loginAs(ctx, `  ${DEMO_PLAYER.username} `, ` ${DEMO_PLAYER.password} `, {
      ip: randomIp(),
    });
    expect(res.status).toBe(200);
    expect(res.body.value).toMatchObject({
      userName: 'demoplayer',
      customerType: 'MEMBER',
      isAgent: 0,
      firstTimeLogin: true,
      passwordExpired: false,
    });
    expect(res.body.value.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = await ctx.db
      .selectFrom('sessions')
      .select('token_hash')
      .where('member_id', '=', res.body.value.id)
      .execute();
    expect(stored.some((s) => s.token_hash === res.body.value.token)).toBe(false);
  });

  it('answers wrong_account_or_password and records every attempt', async () => {
    const m = await member();
    const wrong = await loginAs(ctx, m.username, 'Wrong1234', { ip: m.ip });
    expect(wrong.body).toMatchObject({ success: false, errorCode: 'wrong_account_or_password' });
    const unknown = await loginAs(ctx, randomUsername('nobody'), 'Wrong1234', { ip: m.ip });
    expect(unknown.body.errorCode).toBe('wrong_account_or_password');
    const ok = await loginAs(ctx, m.username, m.password, { ip: m.ip });
    expect(ok.body.success).toBe(true);
    const rows = await attempts(m.username);
    expect(rows.map((r) => r.outcome)).toEqual(['wrong_password', 'success']);
    expect(rows[0]).toMatchObject({ ip: m.ip, method: 'username', device: 'web' });
  });

  it('refuses missing fields with request_param_err', async () => {
    const res = await loginAs(ctx, '', '');
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.fieldErrors ?? {})).toEqual(['username', 'password']);
  });

  it('flags a default password (mustChangePassword) and an expired one (passwordExpired)', async () => {
    const forced = await member({ mustChangePassword: true });
    expect(
      (await loginAs(ctx, forced.username, forced.password, { ip: forced.ip })).body.value.mustChangePassword,
    ).toBe(true);
    const old = await member({ passwordChangedAt: new Date(Date.now() - 100 * 86_400_000) });
    expect((await loginAs(ctx, old.username, old.password, { ip: old.ip })).body.value.passwordExpired).toBe(
      true,
    );
    const fresh = await member();
    expect(
      (await loginAs(ctx, fresh.username, fresh.password, { ip: fresh.ip })).body.value.passwordExpired,
    ).toBe(false);
  });

  it('does not expire passwords when PWDEXPFORCECHANGE3 is off', async () => {
    const brand = await createBrand(ctx.db);
    await setAccountPolicy(ctx.db, brand.merchantCode, { passwordMaxAgeDays: 90 });
    const username = randomUsername('x');
    await createMember(ctx.db, {
      merchantCode: brand.merchantCode,
      username,
      password: 'Secret123',
      passwordChangedAt: new Date(Date.now() - 100 * 86_400_000),
    });
    const res = await loginAs(ctx, username, 'Secret123', { merchant: brand.merchantCode, ip: randomIp() });
    expect(res.body.value.passwordExpired).toBe(false);
  });

  it('asks a member with a mobile to verify a login from a new IP, then completes it', async () => {
    const mobile = randomMobile();
    const m = await member({ mobile: mobile.e164 });
    const newIp = randomIp();
    const before = await countRows(ctx.db, 'sessions');
    const res = await loginAs(ctx, m.username, m.password, { ip: newIp });
    expect(res.body).toMatchObject({ success: false, errorCode: 'login_verify_required' });
    expect(await countRows(ctx.db, 'sessions')).toBe(before);
    const code = await latestSmsCode(ctx.db, mobile.e164);
    expect(code).toMatch(/^\d{6}$/);
    const wrongCode = await sealed(
      ctx,
      '/wps/session/login/verification',
      {
        username: m.username,
        password: m.password,
        verificationCode: code === '000000' ? '111111' : '000000',
      },
      { ip: newIp },
    );
    expect(wrongCode.body.errorCode).toBe('verification_code_invalid');
    // The code is checked first: with it, a wrong password is refused and the code is spent.
    const wrongPassword = await sealed(
      ctx,
      '/wps/session/login/verification',
      {
        username: m.username,
        password: 'Nope12345',
        verificationCode: code,
      },
      { ip: newIp },
    );
    expect(wrongPassword.body.errorCode).toBe('wrong_account_or_password');
    const spent = await sealed(
      ctx,
      '/wps/session/login/verification',
      { username: m.username, password: m.password, verificationCode: code },
      { ip: newIp },
    );
    expect(spent.body.errorCode).toBe('verification_code_invalid');
    expect((await loginAs(ctx, m.username, m.password, { ip: newIp })).body.errorCode).toBe(
      'login_verify_required',
    );
    const second = (await latestSmsCode(ctx.db, mobile.e164)) ?? '';
    const done = await sealed<LoginResult>(
      ctx,
      '/wps/session/login/verification',
      {
        username: m.username,
        password: m.password,
        verificationCode: second,
      },
      { ip: newIp },
    );
    expect(done.body.success).toBe(true);
    const reused = await sealed(
      ctx,
      '/wps/session/login/verification',
      {
        username: m.username,
        password: m.password,
        verificationCode: second,
      },
      { ip: newIp },
    );
    expect(reused.body.errorCode).toBe('verification_code_invalid');
    // The address is now known: the next login needs no code.
    expect((await loginAs(ctx, m.username, m.password, { ip: newIp })).body.success).toBe(true);
  });

  it('the verification step tells nothing without the code: no password guessing around the captcha', async () => {
    const mobile = randomMobile();
    const m = await member({ mobile: mobile.e164 });
    const verify = (username: string, password: string) =>
      sealed(
        ctx,
        '/wps/session/login/verification',
        { username, password, verificationCode: '123456' },
        { ip: randomIp() },
      );
    const answers = [
      await verify(m.username, m.password),
      await verify(m.username, 'Wrong1234'),
      await verify(randomUsername('nobody'), 'Wrong1234'),
    ].map((res) => ({ status: res.status, body: res.body }));
    expect(answers[0]?.body.errorCode).toBe('verification_code_invalid');
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
  });

  it('requires the image captcha after repeated failures from an address', async () => {
    const m = await member();
    for (let i = 0; i < 3; i += 1) {
      expect((await loginAs(ctx, m.username, 'Wrong1234', { ip: m.ip })).body.errorCode).toBe(
        'wrong_account_or_password',
      );
    }
    expect((await loginAs(ctx, m.username, m.password, { ip: m.ip })).body.errorCode).toBe(
      'captcha_required',
    );
    const image = await call<{ captchaId: string; image: string }>(ctx.app, {
      method: 'GET',
      url: '/wps/captcha',
      remoteAddress: m.ip,
      headers: headers(),
    });
    expect(Buffer.from(image.body.value.image, 'base64').subarray(1, 4).toString()).toBe('PNG');
    const wrong = await loginAs(ctx, m.username, m.password, {
      ip: m.ip,
      captchaId: image.body.value.captchaId,
      captcha: 'zzzz',
    });
    expect(wrong.body.errorCode).toBe('captcha_invalid');
    // Each captcha is checked once: the right answer after a wrong one is refused too.
    const reused = await loginAs(ctx, m.username, m.password, {
      ip: m.ip,
      captchaId: image.body.value.captchaId,
      captcha: 'xxxx',
    });
    expect(reused.body.errorCode).toBe('captcha_invalid');
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const next = await call<{ captchaId: string }>(ctx.app, {
      method: 'GET',
      url: '/wps/captcha',
      remoteAddress: m.ip,
      headers: headers(),
    });
    const ok = await loginAs(ctx, m.username, m.password, {
      ip: m.ip,
      captchaId: next.body.value.captchaId,
      captcha: ' XXXX ',
    });
    expect(ok.body.success).toBe(true);
    // After a success the address starts afresh: no captcha.
    expect((await loginAs(ctx, m.username, m.password, { ip: m.ip })).body.success).toBe(true);
  });

  it('refreshes the captcha at most once per second per client', async () => {
    const ip = randomIp();
    const get = () =>
      call(ctx.app, { method: 'GET', url: '/wps/captcha', remoteAddress: ip, headers: headers() });
    expect((await get()).status).toBe(200);
    const second = await get();
    expect(second.status).toBe(429);
    expect(second.body.errorCode).toBe('TOO_MANY_REQUESTS');
  });

  it("a stranger's 50 failures from other addresses slow the account down but do not lock the member out", async () => {
    const m = await member();
    const before = await countRows(ctx.db, 'sessions');
    const codes = new Set<string>();
    for (let i = 0; i < 50; i += 1) {
      const res = await loginAs(ctx, m.username, `Wrong${i}abc`, { ip: randomIp() });
      expect(res.status).toBe(200);
      codes.add(res.body.errorCode);
    }
    // 5 wrong passwords from anywhere, then every login of the name needs the captcha; no 429, no lock.
    expect([...codes].sort()).toEqual(['captcha_required', 'wrong_account_or_password']);
    expect(await countRows(ctx.db, 'sessions')).toBe(before);
    // The member, from their own address: asked for the captcha, and in with it.
    const asked = await loginAs(ctx, m.username, m.password, { ip: m.ip });
    expect(asked.body.errorCode).toBe('captcha_required');
    const ok = await loginAs(ctx, m.username, m.password, { ip: m.ip, ...(await solvedCaptcha()) });
    expect(ok.body.success).toBe(true);
    // After the member's success the name starts afresh: no captcha.
    expect((await loginAs(ctx, m.username, m.password, { ip: m.ip })).body.success).toBe(true);
  });

  it("throttles the attacker's own address on the account with TOO_MANY_REQUESTS, and only that address", async () => {
    const m = await member();
    const attacker = randomIp();
    const codes: string[] = [];
    for (let i = 0; i < 11; i += 1) {
      codes.push((await loginAs(ctx, m.username, `Wrong${i}abc`, { ip: attacker })).body.errorCode);
    }
    expect(codes.slice(0, 10).every((c) => c !== 'TOO_MANY_REQUESTS')).toBe(true);
    expect(codes[10]).toBe('TOO_MANY_REQUESTS');
    // The right password from the attacker's address is refused too, and nothing is started.
    const refused = await loginAs(ctx, m.username, m.password, { ip: attacker, ...(await solvedCaptcha()) });
    expect(refused.status).toBe(429);
    expect(refused.body.errorCode).toBe('TOO_MANY_REQUESTS');
    expect((await attempts(m.username)).at(-1)?.outcome).toBe('throttled');
    // From the member's address (and any other) the account still opens, with the captcha.
    const ok = await loginAs(ctx, m.username, m.password, { ip: m.ip, ...(await solvedCaptcha()) });
    expect(ok.body.success).toBe(true);
  });

  it('answers an unknown user name exactly like a member, from many addresses and from one', async () => {
    const m = await member();
    const run = async (username: string) => {
      const seen: string[] = [];
      const one = randomIp();
      for (let i = 0; i < 8; i += 1) {
        const res = await loginAs(ctx, username, `Wrong${i}abc`, { ip: randomIp() });
        seen.push(`${res.status} ${res.body.errorCode} ${res.body.message}`);
      }
      for (let i = 0; i < 12; i += 1) {
        const res = await loginAs(ctx, username, `Wrong${i}abc`, { ip: one, ...(await solvedCaptcha()) });
        seen.push(`${res.status} ${res.body.errorCode} ${res.body.message}`);
      }
      return seen;
    };
    const known = await run(m.username);
    const unknown = await run(randomUsername('nobody'));
    expect(unknown).toEqual(known);
    expect(new Set(known.map((a) => a.split(' ')[1]))).toEqual(
      new Set(['wrong_account_or_password', 'captcha_required', 'TOO_MANY_REQUESTS']),
    );
  });

  it('refuses a locked account (account_locked) and a closed one (member_no_enter)', async () => {
    for (const [status, code] of [
      ['LOCKED', 'account_locked'],
      ['DISABLED', 'member_no_enter'],
    ] as const) {
      const m = await member();
      await ctx.db.updateTable('members').set({ status }).where('username', '=', m.username).execute();
      const before = await countRows(ctx.db, 'sessions');
      const res = await loginAs(ctx, m.username, m.password, { ip: m.ip });
      expect(res.body.errorCode).toBe(code);
      expect(await countRows(ctx.db, 'sessions')).toBe(before);
    }
  });

  it('refuses the trial marker as a password', async () => {
    const res = await loginAs(ctx, 'demoagent', '!trial', { ip: randomIp() });
    expect(res.body.errorCode).toBe('wrong_account_or_password');
  });
});

describe('login writes', () => {
  it('are one transaction: when the last write fails, no session, address or last login is left', async () => {
    const m = await member();
    // The login record of this one user name fails; the session, address and last login written
    // before it in the same login must go with it.
    await sql
      .raw(
        `create function fail_login_record() returns trigger language plpgsql as $$
         begin if new.username = '${m.username}' and new.outcome = 'success' then
           raise exception 'login record refused'; end if; return new; end $$`,
      )
      .execute(ctx.db);
    await sql`create trigger fail_login_record before insert on login_attempts
      for each row execute function fail_login_record()`.execute(ctx.db);
    try {
      const res = await loginAs(ctx, m.username, m.password, { ip: randomIp() });
      expect(res.status).toBe(500);
    } finally {
      await sql`drop trigger fail_login_record on login_attempts`.execute(ctx.db);
      await sql`drop function fail_login_record()`.execute(ctx.db);
    }
    const row = await ctx.db
      .selectFrom('members')
      .select(['id', 'last_login_at'])
      .where('username', '=', m.username)
      .executeTakeFirstOrThrow();
    expect(row.last_login_at).toBeNull();
    expect(
      await ctx.db.selectFrom('sessions').select('id').where('member_id', '=', row.id).execute(),
    ).toEqual([]);
    const ips = await ctx.db.selectFrom('member_ips').select('ip').where('member_id', '=', row.id).execute();
    expect(ips.map((r) => r.ip)).toEqual([m.ip]);
    expect((await loginAs(ctx, m.username, m.password, { ip: m.ip })).body.success).toBe(true);
  });
});

describe('POST /wps/session/login by SMS', () => {
  it('logs in with the code of /wps/verification/sms/noLogin, once', async () => {
    const mobile = randomMobile();
    await member({ mobile: mobile.e164 });
    const send = await sendSmsCode<{ expiredMinutes: number }>(ctx, mobile.mobileNum);
    expect(send.body.value).toEqual({ expiredMinutes: 5 });
    const code = await latestSmsCode(ctx.db, mobile.e164);
    const body = {
      type: 'sms',
      mobileNum: ` ${mobile.mobileNum} `,
      countryDialingCode: '60',
      verificationCode: code,
    };
    const ok = await sealed<LoginResult>(ctx, '/wps/session/login', body, { ip: randomIp() });
    expect(ok.body.success).toBe(true);
    expect(ok.body.value.passwordExpired).toBe(false);
    const again = await sealed(ctx, '/wps/session/login', body, { ip: randomIp() });
    expect(again.body.errorCode).toBe('verification_code_invalid');
  });

  it('requires the human check before sending, and sends nothing without it', async () => {
    const mobile = randomMobile();
    await member({ mobile: mobile.e164 });
    const before = await countRows(ctx.db, 'sms_outbox');
    const res = await sendSmsCode(ctx, mobile.mobileNum, { humanCheck: false });
    expect(res.body.errorCode).toBe('captcha_check_failed');
    expect(await countRows(ctx.db, 'sms_outbox')).toBe(before);
  });

  it('does not send a code to an unregistered number but answers the same', async () => {
    const mobile = randomMobile();
    const before = await countRows(ctx.db, 'sms_outbox');
    const send = await sendSmsCode<{ expiredMinutes: number }>(ctx, mobile.mobileNum);
    expect(send.body.value).toEqual({ expiredMinutes: 5 });
    expect(await countRows(ctx.db, 'sms_outbox')).toBe(before);
  });

  it('refuses an expired code with code_expired and limits wrong attempts', async () => {
    const mobile = randomMobile();
    await member({ mobile: mobile.e164 });
    const send = async () => sendSmsCode(ctx, mobile.mobileNum);
    await send();
    const code = (await latestSmsCode(ctx.db, mobile.e164)) ?? '';
    await ctx.db
      .updateTable('sms_codes')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('phone', '=', mobile.e164)
      .execute();
    const login = (verificationCode: string) =>
      sealed(
        ctx,
        '/wps/session/login',
        { type: 'sms', mobileNum: mobile.mobileNum, countryDialingCode: '60', verificationCode },
        { ip: randomIp() },
      );
    expect((await login(code)).body.errorCode).toBe('code_expired');
    await send();
    const fresh = (await latestSmsCode(ctx.db, mobile.e164)) ?? '';
    const wrong = fresh === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1)
      expect((await login(wrong)).body.errorCode).toBe('verification_code_invalid');
    expect((await login(fresh)).body.errorCode).toBe('verification_code_invalid');
  });

  it('throttles SMS sends per phone number with phone_too_many_requests', async () => {
    const mobile = randomMobile();
    await member({ mobile: mobile.e164 });
    const statuses: string[] = [];
    for (let i = 0; i < 6; i += 1) {
      const res = await sendSmsCode(ctx, mobile.mobileNum);
      statuses.push(res.body.errorCode);
    }
    expect(statuses.slice(0, 5)).toEqual(['', '', '', '', '']);
    expect(statuses[5]).toBe('phone_too_many_requests');
  });

  it('refuses SMS login when MOBILEVERCODELOGIN3 is off', async () => {
    const brand = await createBrand(ctx.db);
    await setBrandFlags(ctx.db, brand.merchantCode, { MOBILEVERCODELOGIN3: false });
    const res = await sealed(
      ctx,
      '/wps/session/login',
      { type: 'sms', mobileNum: '123000001', countryDialingCode: '60', verificationCode: '123456' },
      { merchant: brand.merchantCode },
    );
    expect(res.body.errorCode).toBe('feature_disabled');
  });
});

describe('free demo play', () => {
  it('creates a trial account (isAgent 4) that is refused member features', async () => {
    const before = await countRows(ctx.db, 'members');
    const res = await call<LoginResult>(ctx.app, {
      method: 'POST',
      url: '/wps/session/login/freeplay',
      remoteAddress: randomIp(),
      headers: headers(),
      payload: { os: 'linux', platform: 'W', random: 'abc', version: 3, birthday: '1990-01-01' },
    });
    expect(res.body.value).toMatchObject({ isAgent: TRIAL_TYPE, customerType: 'TRIAL' });
    expect(await countRows(ctx.db, 'members')).toBe(before + 1);
    const token = res.body.value.token;
    expect((await getWithToken(ctx, '/wps/member/info', token)).body.success).toBe(true);
    for (const url of ['/wps/member/info/icon', '/wps/relay/MCSFE_getPlayerAvatar']) {
      const refused = await getWithToken(ctx, url, token);
      expect(refused.status).toBe(200);
      expect(refused.body.errorCode).toBe('trial_account_restricted');
    }
    const change = await sealed(
      ctx,
      '/wps/member/password',
      { oldPassword: 'x', newPassword: 'abc12345', confirmNewPassword: 'abc12345' },
      { token },
    );
    expect(change.body.errorCode).toBe('trial_account_restricted');
  });

  it('is refused when FREEPLAY3 is off', async () => {
    const brand = await createBrand(ctx.db);
    await setBrandFlags(ctx.db, brand.merchantCode, { FREEPLAY3: false });
    const res = await call(ctx.app, {
      method: 'POST',
      url: '/wps/session/login/freeplay',
      headers: headers(brand.merchantCode),
      payload: {},
    });
    expect(res.body.errorCode).toBe('feature_disabled');
  });
});
