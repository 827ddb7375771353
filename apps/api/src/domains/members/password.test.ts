import type { LoginResult } from '@lotus/contracts/accounts';
import { successMessage } from '@lotus/contracts/accounts';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { loggedInMember, type MemberOptions } from '../../../test/factories.ts';
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
import { createMember, latestEmail, latestSmsCode, setBrandFlags } from '../../harness.ts';

const ctx = setupTestApp();

const member = (options: MemberOptions = {}) => loggedInMember(ctx, { prefix: 'w', ...options });

async function passwordHash(id: string) {
  const row = await ctx.db
    .selectFrom('members')
    .select('password_hash')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.password_hash;
}

describe('POST /wps/member/password', () => {
  it('changes the password, ends the old session and returns a new token', async () => {
    const m = await member({ mustChangePassword: true });
    const res = await sealed<LoginResult>(
      ctx,
      '/wps/member/password',
      { oldPassword: 'Secret123', newPassword: 'Newpass123', confirmNewPassword: 'Newpass123' },
      { token: m.token, ip: m.ip },
    );
    expect(res.body.success).toBe(true);
    expect(res.body.value.mustChangePassword).toBe(false);
    expect((await getWithToken(ctx, '/wps/member/info', m.token)).status).toBe(401);
    expect((await getWithToken(ctx, '/wps/member/info', res.body.value.token)).status).toBe(200);
    expect((await loginAs(ctx, m.username, 'Secret123', { ip: m.ip })).body.errorCode).toBe(
      'wrong_account_or_password',
    );
    expect((await loginAs(ctx, m.username, 'Newpass123', { ip: m.ip })).body.success).toBe(true);
  });

  it.each([
    ['a wrong old password', { oldPassword: 'Nope12345' }, 'old_password_wrong', undefined],
    [
      'a new password against the rule',
      { newPassword: 'short', confirmNewPassword: 'short' },
      'request_param_err',
      'newPassword',
    ],
    [
      'a confirmation that differs',
      { confirmNewPassword: 'Other1234' },
      'request_param_err',
      'confirmNewPassword',
    ],
  ])('refuses %s and keeps the password', async (_label, fields, code, field) => {
    const m = await member();
    const before = await passwordHash(m.id);
    const res = await sealed(
      ctx,
      '/wps/member/password',
      { oldPassword: 'Secret123', newPassword: 'Newpass123', confirmNewPassword: 'Newpass123', ...fields },
      { token: m.token, ip: m.ip },
    );
    expect(res.body.errorCode).toBe(code);
    if (field) expect(res.body.fieldErrors).toHaveProperty(field);
    expect(await passwordHash(m.id)).toBe(before);
  });

  it('needs a token', async () => {
    const res = await sealed(ctx, '/wps/member/password', {
      oldPassword: 'a',
      newPassword: 'b',
      confirmNewPassword: 'b',
    });
    expect(res.body.errorCode).toBe('CUSTOMER_NOT_LOGIN');
  });
});

describe('forgot password by e-mail', () => {
  it('e-mails a single-use link that sets a new password', async () => {
    const email = `${randomUsername('mail')}@example.com`;
    const m = await member({ email });
    const res = await call<{ message: string }>(ctx.app, {
      method: 'POST',
      url: '/wps/member/password/email',
      remoteAddress: randomIp(),
      headers: { ...headers('DEMO', 'MS'), host: 'localhost:8080' },
      payload: { username: m.username, email: email.toUpperCase() },
    });
    expect(res.body).toMatchObject({ success: true, message: successMessage('in_been_out', 'MS') });
    const mail = await latestEmail(ctx.db, email);
    expect(mail?.link).toMatch(/^http:\/\/localhost:8080\/resetPassword\?token=/);
    const token = new URL(mail?.link ?? '').searchParams.get('token') ?? '';
    const reset = (newPassword: string) =>
      call(ctx.app, {
        method: 'POST',
        url: '/wps/member/password/reset',
        headers: headers(),
        payload: { token, newPassword, confirmNewPassword: newPassword },
      });
    expect((await reset('bad')).body.errorCode).toBe('request_param_err');
    expect((await reset('Reset1234')).body.success).toBe(true);
    expect((await reset('Again1234')).body.errorCode).toBe('reset_link_invalid');
    expect((await getWithToken(ctx, '/wps/member/info', m.token)).status).toBe(401);
    expect((await loginAs(ctx, m.username, 'Reset1234', { ip: m.ip })).body.success).toBe(true);
  });

  it("builds the link on the brand's configured domain, never on a forwarded or forged host", async () => {
    const email = `${randomUsername('mail')}@example.com`;
    const m = await member({ email });
    const ask = (extra: Record<string, string>, remoteAddress: string) =>
      call(ctx.app, {
        method: 'POST',
        url: '/wps/member/password/email',
        remoteAddress,
        headers: { ...headers(), ...extra },
        payload: { username: m.username, email },
      });
    // Through the trusted proxy (loopback) a stranger names another host: the link stays on the brand's.
    await ask({ 'x-forwarded-host': 'evil.example', 'x-forwarded-for': randomIp() }, '127.0.0.1');
    const forwarded = new URL((await latestEmail(ctx.db, email))?.link ?? '');
    expect(forwarded.hostname).not.toBe('evil.example');
    expect(['localhost', '127.0.0.1']).toContain(forwarded.hostname);
    // A forged Host header straight to the server: the same.
    await ask({ host: 'evil.example:8443' }, randomIp());
    const forged = new URL((await latestEmail(ctx.db, email))?.link ?? '');
    expect(['localhost', '127.0.0.1']).toContain(forged.hostname);
    expect(forged.port).toBe('');
  });

  it('uses https on a public brand domain whatever host the call named', async () => {
    const brand = await createBrand(ctx.db);
    const username = randomUsername('pub');
    const email = `${username}@example.com`;
    await createMember(ctx.db, { merchantCode: brand.merchantCode, username, password: 'Secret123', email });
    const res = await call(ctx.app, {
      method: 'POST',
      url: '/wps/member/password/email',
      remoteAddress: '127.0.0.1',
      headers: {
        ...headers(brand.merchantCode),
        'x-forwarded-host': 'evil.example',
        'x-forwarded-for': randomIp(),
      },
      payload: { username, email },
    });
    expect(res.body.success).toBe(true);
    const link = new URL((await latestEmail(ctx.db, email))?.link ?? '');
    expect(link.origin).toBe(`https://${brand.merchantCode.toLowerCase()}.example`);
  });

  it('answers username_email_not_exist when they do not match, and sends nothing', async () => {
    const m = await member({ email: `${randomUsername('mail')}@example.com` });
    const before = await countRows(ctx.db, 'email_outbox');
    const res = await call(ctx.app, {
      method: 'POST',
      url: '/wps/member/password/email',
      remoteAddress: randomIp(),
      headers: headers(),
      payload: { username: m.username, email: 'someone@else.com' },
    });
    expect(res.body.errorCode).toBe('username_email_not_exist');
    expect(await countRows(ctx.db, 'email_outbox')).toBe(before);
  });

  it('refuses an expired link', async () => {
    const email = `${randomUsername('mail')}@example.com`;
    const m = await member({ email });
    await call(ctx.app, {
      method: 'POST',
      url: '/wps/member/password/email',
      remoteAddress: randomIp(),
      headers: headers(),
      payload: { username: m.username, email },
    });
    const token = new URL((await latestEmail(ctx.db, email))?.link ?? '').searchParams.get('token') ?? '';
    await ctx.db
      .updateTable('password_reset_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('member_id', '=', m.id)
      .execute();
    const before = await passwordHash(m.id);
    const res = await call(ctx.app, {
      method: 'POST',
      url: '/wps/member/password/reset',
      headers: headers(),
      payload: { token, newPassword: 'Reset1234', confirmNewPassword: 'Reset1234' },
    });
    expect(res.body.errorCode).toBe('reset_link_invalid');
    expect(await passwordHash(m.id)).toBe(before);
  });

  /** One reset request for `username` (from `remoteAddress`, with any extra headers); its error code or 'ok'. */
  const askReset = async (
    username: string,
    email: string,
    remoteAddress: string,
    extra: Record<string, string> = {},
  ) => {
    const res = await call(ctx.app, {
      method: 'POST',
      url: '/wps/member/password/email',
      remoteAddress,
      headers: { ...headers(), ...extra },
      payload: { username, email },
    });
    return res.body.success ? 'ok' : res.body.errorCode;
  };
  /** The member's reset links, unused and unexpired. */
  const liveLinks = async (memberId: string) => {
    const { rows } = await sql<{ n: string }>`
      select count(*)::text as n from password_reset_tokens
      where member_id = ${memberId} and used_at is null and expires_at > now()`.execute(ctx.db);
    return Number(rows[0]?.n);
  };

  it("limits one address's reset requests for an account, but a stranger cannot spend the owner's", async () => {
    const email = `${randomUsername('mail')}@example.com`;
    const m = await member({ email });
    const stranger = randomIp();
    const codes: string[] = [];
    for (let i = 0; i < 6; i += 1) codes.push(await askReset(m.username, 'wrong@example.com', stranger));
    expect(codes).toEqual([...Array(5).fill('username_email_not_exist'), 'TOO_MANY_REQUESTS']);
    // Forged X-Forwarded-For from an untrusted address is ignored (trustProxy is loopback only): still limited.
    for (let i = 0; i < 3; i += 1) {
      expect(await askReset(m.username, email, stranger, { 'x-forwarded-for': randomIp() })).toBe(
        'TOO_MANY_REQUESTS',
      );
    }
    expect(await liveLinks(m.id)).toBe(0);
    // The owner, elsewhere, still gets a link and resets with it.
    expect(await askReset(m.username, email, randomIp())).toBe('ok');
    expect(await liveLinks(m.id)).toBe(1);
    expect((await latestEmail(ctx.db, email))?.link).toMatch(/resetPassword\?token=/);
  });

  it('through the trusted proxy each forwarded client has its own limit', async () => {
    const email = `${randomUsername('mail')}@example.com`;
    const m = await member({ email });
    const stranger = { 'x-forwarded-for': randomIp() };
    const codes: string[] = [];
    for (let i = 0; i < 6; i += 1) {
      codes.push(await askReset(m.username, 'wrong@example.com', '127.0.0.1', stranger));
    }
    expect(codes.at(-1)).toBe('TOO_MANY_REQUESTS');
    expect(await askReset(m.username, email, '127.0.0.1', { 'x-forwarded-for': randomIp() })).toBe('ok');
  });

  it('caps the links sent to one account; when it refuses, the owner already holds unexpired links', async () => {
    const email = `${randomUsername('mail')}@example.com`;
    const m = await member({ email });
    const codes: string[] = [];
    // Someone who knows the user name and the e-mail asks from ever new addresses.
    for (let i = 0; i < 6; i += 1) codes.push(await askReset(m.username, email, randomIp()));
    expect(codes).toEqual(['ok', 'ok', 'ok', 'ok', 'ok', 'TOO_MANY_REQUESTS']);
    expect(await liveLinks(m.id)).toBe(5);
    // The latest of them still resets the password.
    const token = new URL((await latestEmail(ctx.db, email))?.link ?? '').searchParams.get('token') ?? '';
    const res = await call(ctx.app, {
      method: 'POST',
      url: '/wps/member/password/reset',
      remoteAddress: randomIp(),
      headers: headers(),
      payload: { token, newPassword: 'Reset1234', confirmNewPassword: 'Reset1234' },
    });
    expect(res.body.success).toBe(true);
  });
});

describe('forgot password by phone', () => {
  it('sets the password with the SMS code and logs in', async () => {
    const mobile = randomMobile();
    const m = await member({ mobile: mobile.e164 });
    await sendSmsCode(ctx, mobile.mobileNum);
    const code = await latestSmsCode(ctx.db, mobile.e164);
    const body = {
      mobileNum: mobile.mobileNum,
      countryDialingCode: '60',
      verificationCode: code,
      newPassword: 'Phone1234',
    };
    const res = await sealed<LoginResult>(ctx, '/wps/member/password/verification', body, { ip: randomIp() });
    expect(res.body.success).toBe(true);
    expect(res.body.value.userName).toBe(m.username);
    expect(
      (await sealed(ctx, '/wps/member/password/verification', body, { ip: randomIp() })).body.errorCode,
    ).toBe('verification_code_invalid');
    expect((await loginAs(ctx, m.username, 'Phone1234', { ip: m.ip })).body.success).toBe(true);
  });

  it("limits one address's code checks for a phone, but strangers cannot lock its owner out", async () => {
    const mobile = randomMobile();
    const m = await member({ mobile: mobile.e164 });
    const sendCode = async () => {
      const res = await sendSmsCode(ctx, mobile.mobileNum);
      expect(res.body.success).toBe(true);
      return (await latestSmsCode(ctx.db, mobile.e164)) ?? '';
    };
    const reset = async (verificationCode: string, ip: string) =>
      (
        await sealed(
          ctx,
          '/wps/member/password/verification',
          {
            mobileNum: mobile.mobileNum,
            countryDialingCode: '60',
            verificationCode,
            newPassword: 'Phone1234',
          },
          { ip },
        )
      ).body;
    const code = await sendCode();
    const wrong = code === '000000' ? '111111' : '000000';
    // A stranger at one address: 10 checks, then refused.
    const stranger = randomIp();
    const codes: string[] = [];
    for (let i = 0; i < 11; i += 1) codes.push((await reset(wrong, stranger)).errorCode);
    expect(codes).toEqual([...Array(10).fill('verification_code_invalid'), 'TOO_MANY_REQUESTS']);
    // The wrong tries spent the code's own 5 (counted per phone): it is dead even when right.
    expect((await reset(code, randomIp())).errorCode).toBe('verification_code_invalid');
    // The owner, at another address, asks for a new code and resets.
    const fresh = await sendCode();
    const res = await reset(fresh, randomIp());
    expect(res.success).toBe(true);
    expect((await loginAs(ctx, m.username, 'Phone1234', { ip: m.ip })).body.success).toBe(true);
  });

  it('is refused when CHNGPASSVERIF3 is off', async () => {
    const brand = await createBrand(ctx.db);
    await setBrandFlags(ctx.db, brand.merchantCode, { CHNGPASSVERIF3: false });
    const res = await sealed(
      ctx,
      '/wps/member/password/verification',
      {
        mobileNum: '123000001',
        countryDialingCode: '60',
        verificationCode: '123456',
        newPassword: 'Phone1234',
      },
      { merchant: brand.merchantCode },
    );
    expect(res.body.errorCode).toBe('feature_disabled');
  });
});

describe('funds password', () => {
  it('is set with the login password, then changed with the old one (and the login password)', async () => {
    const m = await member();
    const set = (body: Record<string, string>) =>
      sealed<{ hasFundsPassword: boolean }>(ctx, '/wps/member/fundsPassword', body, {
        token: m.token,
        ip: m.ip,
      });
    expect(
      (await set({ password: 'Wrong1234', newFundsPassword: '123456', confirmFundsPassword: '123456' })).body
        .errorCode,
    ).toBe('old_password_wrong');
    expect(
      (await set({ password: 'Secret123', newFundsPassword: '12ab', confirmFundsPassword: '12ab' })).body
        .errorCode,
    ).toBe('request_param_err');
    expect(
      (await set({ password: 'Secret123', newFundsPassword: '123456', confirmFundsPassword: '123456' })).body
        .value,
    ).toEqual({ hasFundsPassword: true });
    expect(
      (
        await set({
          password: 'Secret123',
          oldFundsPassword: '000000',
          newFundsPassword: '654321',
          confirmFundsPassword: '654321',
        })
      ).body.errorCode,
    ).toBe('funds_password_wrong');
    expect(
      (
        await set({
          password: 'Secret123',
          oldFundsPassword: '123456',
          newFundsPassword: '654321',
          confirmFundsPassword: '654321',
        })
      ).body.success,
    ).toBe(true);
    const info = await getWithToken<{ hasFundsPassword: boolean }>(ctx, '/wps/member/info', m.token);
    expect(info.body.value.hasFundsPassword).toBe(true);
  });
});
