import type { LoginResult } from '@lotus/contracts/accounts';
import { fieldProblemMessage } from '@lotus/contracts/registration';
import { describe, expect, it } from 'vitest';
import {
  getWithToken,
  randomIp,
  randomMobile,
  randomUsername,
  registerMember,
  registrationCode,
  sealed,
  solveHumanCheck,
} from '../../../test/members.ts';
import { call, countRows, createBrand, headers, setupTestApp } from '../../../test/support.ts';
import { createMember, setBrandFlags } from '../../harness.ts';

const ctx = setupTestApp();

describe('GET /wps/system/setting/register', () => {
  it('answers the field rules and registration flags of the brand', async () => {
    const { status, body } = await call<
      { fields: Record<string, { patternId: number }> } & Record<string, unknown>
    >(ctx.app, { method: 'GET', url: '/wps/system/setting/register', headers: headers() });
    expect(status).toBe(200);
    expect(body.value.fields.username).toMatchObject({
      enabled: true,
      required: true,
      patternId: 1,
      minLength: 6,
      maxLength: 16,
    });
    expect(body.value.fields.password).toMatchObject({ patternId: 5, minLength: 6, maxLength: 20 });
    expect(body.value.fields.payeeName).toMatchObject({ patternId: 12 });
    expect(body.value.fields.email).toMatchObject({ patternId: 3, required: false });
    expect(body.value).toMatchObject({
      usernameRegistration: true,
      mobileRegistration: true,
      smsVerification: true,
      directRegistration: true,
      smsExpiredMinutes: 5,
    });
  });
});

describe('GET /wps/agent/affiliate', () => {
  it('accepts the demo agent code (any case) and refuses others', async () => {
    const check = (code: string) =>
      call<{ valid: boolean }>(ctx.app, {
        method: 'GET',
        url: `/wps/agent/affiliate?code=${code}&domain=localhost`,
        headers: headers(),
      });
    expect((await check('DEMO01')).body.value.valid).toBe(true);
    expect((await check('demo01')).body.value.valid).toBe(true);
    expect((await check('NOPE99')).body.value.valid).toBe(false);
  });
});

describe('PUT /wps/member/register', () => {
  it('registers by username, logs the member in and records the attempt', async () => {
    const before = await countRows(ctx.db, 'members');
    const { status, body, username } = await registerMember(ctx, {
      affiliateCode: 'DEMO01',
      email: 'new.player@example.com',
      payeeName: 'New Player',
    });
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(body.value).toMatchObject({
      userName: username,
      customerType: 'MEMBER',
      isAgent: 0,
      firstTimeLogin: true,
      passwordExpired: false,
      mustChangePassword: false,
    });
    expect(await countRows(ctx.db, 'members')).toBe(before + 1);
    const info = await getWithToken<{ account: string; toUpline: string }>(
      ctx,
      '/wps/member/info',
      body.value.token,
    );
    expect(info.body.value).toMatchObject({ account: username, toUpline: 'demoagent' });
    const row = await ctx.db
      .selectFrom('members')
      .select(['password_hash', 'register_method', 'register_url'])
      .where('username', '=', username)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(row.register_url).toBe('http://localhost/register');
  });

  it.each([
    ['username too short', { username: 'ab1' }, 'username', 'reg_pattern_1'],
    ['username starting with a digit', { username: '1abcdefg' }, 'username', 'reg_pattern_1'],
    ['username too long', { username: 'a'.repeat(17) }, 'username', 'reg_pattern_1'],
    [
      'password without a digit',
      { password: 'abcdefgh', confirmPassword: 'abcdefgh' },
      'password',
      'reg_pattern_5',
    ],
    ['password too short', { password: 'ab1', confirmPassword: 'ab1' }, 'password', 'reg_pattern_5'],
    ['missing password', { password: '', confirmPassword: '' }, 'password', 'validation.required'],
    ['bad email', { email: 'not-an-email' }, 'email', 'reg_pattern_3'],
    ['real name with one letter', { payeeName: 'A' }, 'payeeName', 'reg_pattern_12'],
    [
      'passwords not matching',
      { confirmPassword: 'zzz12345' },
      'confirmPassword',
      'errors.password_not_match',
    ],
    [
      'invalid phone',
      { mobileNum: '123456', countryDialingCode: '60' },
      'mobileNum',
      'errors.phone_number_invalid',
    ],
  ])('refuses a %s with request_param_err and nothing stored', async (_label, fields, field, key) => {
    const before = await countRows(ctx.db, 'members');
    const { status, body } = await registerMember(ctx, fields, { language: 'MS' });
    expect(status).toBe(400);
    expect(body.errorCode).toBe('request_param_err');
    expect(body.fieldErrors?.[field]).toBe(key);
    expect((body as { fieldMessages?: Record<string, string> }).fieldMessages?.[field]).toBeTruthy();
    expect(await countRows(ctx.db, 'members')).toBe(before);
  });

  it('fills min and max into the translated pattern message', async () => {
    const { body } = await registerMember(ctx, { username: 'ab1' }, { language: 'CN' });
    expect((body as { fieldMessages?: Record<string, string> }).fieldMessages?.username).toBe(
      fieldProblemMessage({ key: 'reg_pattern_1', patternId: 1, min: 6, max: 16 }, 'CN'),
    );
  });

  it('stops on an invalid affiliate code with invitation_code_error', async () => {
    const before = await countRows(ctx.db, 'members');
    const { status, body } = await registerMember(ctx, { affiliateCode: 'WRONG1' });
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: false, errorCode: 'invitation_code_error' });
    expect(await countRows(ctx.db, 'members')).toBe(before);
  });

  it('refuses a taken username (any case) with username_exists', async () => {
    const first = await registerMember(ctx);
    expect(first.body.success).toBe(true);
    const before = await countRows(ctx.db, 'members');
    const again = await registerMember(ctx, {
      username: first.username.toUpperCase(),
      password: 'other123',
      confirmPassword: 'other123',
    });
    expect(again.body.errorCode).toBe('username_exists');
    expect(await countRows(ctx.db, 'members')).toBe(before);
  });

  it('survives an identical retry: one member, the retry logs the same member in', async () => {
    const payload = {
      username: randomUsername(),
      password: 'abc12345',
      confirmPassword: 'abc12345',
      humanCheck: await solveHumanCheck(ctx),
      birthday: '1990-01-01',
    };
    const before = await countRows(ctx.db, 'members');
    const first = await sealed<LoginResult>(ctx, '/wps/member/register', payload, {
      method: 'PUT',
      ip: randomIp(),
    });
    const retry = await sealed<LoginResult>(ctx, '/wps/member/register', payload, {
      method: 'PUT',
      ip: randomIp(),
    });
    expect(first.body.success).toBe(true);
    expect(retry.body.success).toBe(true);
    expect(retry.body.value.id).toBe(first.body.value.id);
    expect(await countRows(ctx.db, 'members')).toBe(before + 1);
    // The retry's session replaced the first one.
    expect((await getWithToken(ctx, '/wps/member/info', first.body.value.token)).body.errorCode).toBe(
      'login.not.session',
    );
  });

  it('creates one member when identical requests arrive at the same time', async () => {
    const payload = {
      username: randomUsername(),
      password: 'abc12345',
      confirmPassword: 'abc12345',
      humanCheck: await solveHumanCheck(ctx),
      birthday: '1990-01-01',
    };
    const before = await countRows(ctx.db, 'members');
    const results = await Promise.all(
      Array.from({ length: 4 }, () =>
        sealed<LoginResult>(ctx, '/wps/member/register', payload, { method: 'PUT', ip: randomIp() }),
      ),
    );
    expect(results.some((r) => r.body.success)).toBe(true);
    for (const r of results) expect(r.status).toBeLessThan(500);
    expect(await countRows(ctx.db, 'members')).toBe(before + 1);
  });

  it('refuses a missing, reused or forged human check with captcha_check_failed', async () => {
    const before = await countRows(ctx.db, 'members');
    const missing = await registerMember(ctx, { humanCheck: '' });
    expect(missing.body.errorCode).toBe('captcha_check_failed');
    const solved = await solveHumanCheck(ctx);
    expect((await registerMember(ctx, { humanCheck: solved })).body.success).toBe(true);
    const reused = await registerMember(ctx, { humanCheck: solved });
    expect(reused.body.errorCode).toBe('captcha_check_failed');
    const forged = await registerMember(ctx, { humanCheck: btoa('{"challenge":{},"solution":{}}') });
    expect(forged.body.errorCode).toBe('captcha_check_failed');
    expect(await countRows(ctx.db, 'members')).toBe(before + 1);
  });

  it('asks for the SMS code when a mobile is given, and accepts the right one once', async () => {
    const mobile = randomMobile();
    const before = await countRows(ctx.db, 'members');
    const withoutCode = await registerMember(ctx, { mobileNum: mobile.mobileNum, countryDialingCode: '60' });
    expect(withoutCode.body.errorCode).toBe('request_param_err');
    expect(withoutCode.body.fieldErrors?.verificationCode).toBe('validation.required');
    const code = await registrationCode(ctx, mobile);
    const wrong = await registerMember(ctx, {
      mobileNum: mobile.mobileNum,
      countryDialingCode: '60',
      verificationCode: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.body.errorCode).toBe('verification_code_invalid');
    const ok = await registerMember(ctx, {
      mobileNum: mobile.mobileNum,
      countryDialingCode: '60',
      verificationCode: code,
    });
    expect(ok.body.success).toBe(true);
    const reused = await registerMember(ctx, {
      mobileNum: randomMobile().mobileNum,
      countryDialingCode: '60',
      verificationCode: code,
    });
    expect(reused.body.errorCode).toBe('verification_code_invalid');
    expect(await countRows(ctx.db, 'members')).toBe(before + 1);
  });

  it('refuses a disabled registration kind with feature_disabled', async () => {
    const brand = await createBrand(ctx.db);
    await setBrandFlags(ctx.db, brand.merchantCode, { USERNAMEREG3: false });
    const res = await registerMember(ctx, {}, { merchant: brand.merchantCode });
    expect(res.body.errorCode).toBe('feature_disabled');
  });
});

describe('PUT /wps/member/register/mobile', () => {
  it('registers by mobile with the SMS code and generates the username', async () => {
    const mobile = randomMobile();
    const code = await registrationCode(ctx, mobile);
    const res = await sealed<LoginResult>(
      ctx,
      '/wps/member/register/mobile',
      {
        mobileNum: mobile.mobileNum,
        countryDialingCode: mobile.countryDialingCode,
        verificationCode: code,
        humanCheck: await solveHumanCheck(ctx),
        birthday: '1990-01-01',
      },
      { method: 'PUT', ip: randomIp() },
    );
    expect(res.body.success).toBe(true);
    expect(res.body.value.userName).toBe(`m60${mobile.mobileNum}`);
    const row = await ctx.db
      .selectFrom('members')
      .select('mobile')
      .where('id', '=', res.body.value.id)
      .executeTakeFirstOrThrow();
    expect(row.mobile).toBe(mobile.e164);
  });

  it('sends no registration SMS to a registered number, and answers as for any other number', async () => {
    const ask = async (mobileNum: string) =>
      call(ctx.app, {
        method: 'POST',
        url: '/wps/verification/sms/register',
        remoteAddress: randomIp(),
        headers: headers(),
        payload: { mobileNum, countryDialingCode: '60', humanCheck: await solveHumanCheck(ctx) },
      });
    const before = await countRows(ctx.db, 'sms_outbox');
    const registered = await ask('123000001');
    expect(await countRows(ctx.db, 'sms_outbox')).toBe(before);
    const fresh = await ask(randomMobile().mobileNum);
    expect(await countRows(ctx.db, 'sms_outbox')).toBe(before + 1);
    expect({ status: registered.status, body: registered.body }).toEqual({
      status: fresh.status,
      body: fresh.body,
    });
  });

  it('checks the human check before counting against the number: junk cannot use up its budget', async () => {
    const mobile = randomMobile();
    for (let i = 0; i < 6; i += 1) {
      const junk = await call(ctx.app, {
        method: 'POST',
        url: '/wps/verification/sms/register',
        remoteAddress: randomIp(),
        headers: headers(),
        payload: { mobileNum: mobile.mobileNum, countryDialingCode: '60', humanCheck: 'junk' },
      });
      expect(junk.body.success).toBe(false);
    }
    const real = await call(ctx.app, {
      method: 'POST',
      url: '/wps/verification/sms/register',
      remoteAddress: randomIp(),
      headers: headers(),
      payload: {
        mobileNum: mobile.mobileNum,
        countryDialingCode: '60',
        humanCheck: await solveHumanCheck(ctx),
        birthday: '1990-01-01',
      },
    });
    expect(real.body.success).toBe(true);
  });

  it.each([
    ['an invalid number', { mobileNum: '12', countryDialingCode: '60' }, 'phone_number_invalid'],
    ['a missing number', { mobileNum: ' ', countryDialingCode: '60' }, 'phone_number_missing'],
  ])('refuses %s before any SMS', async (_label, payload, code) => {
    const before = await countRows(ctx.db, 'sms_outbox');
    const res = await call(ctx.app, {
      method: 'POST',
      url: '/wps/verification/sms/register',
      remoteAddress: randomIp(),
      headers: headers(),
      payload: { ...payload, humanCheck: await solveHumanCheck(ctx), birthday: '1990-01-01' },
    });
    expect(res.status).toBe(400);
    expect(res.body.errorCode).toBe(code);
    expect(await countRows(ctx.db, 'sms_outbox')).toBe(before);
  });

  it('checks the SMS code before the number: a registered and a free number answer alike without a code', async () => {
    const register = async (mobileNum: string, verificationCode: string) =>
      sealed(
        ctx,
        '/wps/member/register/mobile',
        {
          mobileNum,
          countryDialingCode: '60',
          verificationCode,
          humanCheck: await solveHumanCheck(ctx),
          birthday: '1990-01-01',
        },
        { method: 'PUT', ip: randomIp() },
      );
    const before = await countRows(ctx.db, 'members');
    // 123000001 is the demo player's number; the other is nobody's.
    const registered = await register('123000001', '123456');
    const free = await register(randomMobile().mobileNum, '123456');
    expect(registered.body.errorCode).toBe('verification_code_invalid');
    expect({ status: registered.status, body: registered.body }).toEqual({
      status: free.status,
      body: free.body,
    });
    expect(await countRows(ctx.db, 'members')).toBe(before);
  });

  it('refuses with mobile_exists only a caller holding the valid code of a number registered since', async () => {
    const mobile = randomMobile();
    const code = await registrationCode(ctx, mobile);
    // Someone else registers the number between the code and its use.
    await createMember(ctx.db, {
      merchantCode: 'DEMO',
      username: randomUsername('taken'),
      password: 'Secret123',
      mobile: mobile.e164,
    });
    const before = await countRows(ctx.db, 'members');
    const res = await sealed(
      ctx,
      '/wps/member/register/mobile',
      {
        mobileNum: mobile.mobileNum,
        countryDialingCode: mobile.countryDialingCode,
        verificationCode: code,
        humanCheck: await solveHumanCheck(ctx),
        birthday: '1990-01-01',
      },
      { method: 'PUT', ip: randomIp() },
    );
    expect(res.body.errorCode).toBe('mobile_exists');
    expect(await countRows(ctx.db, 'members')).toBe(before);
  });
});

describe('encrypted payloads', () => {
  it('refuses a plain JSON body with request_body_required', async () => {
    const before = await countRows(ctx.db, 'members');
    const res = await call(ctx.app, {
      method: 'PUT',
      url: '/wps/member/register',
      headers: headers(),
      payload: { username: randomUsername(), password: 'abc12345', humanCheck: 'x' },
    });
    expect(res.status).toBe(400);
    expect(res.body.errorCode).toBe('request_body_required');
    expect(await countRows(ctx.db, 'members')).toBe(before);
  });

  it('refuses a body without its headers with request_body_required', async () => {
    const res = await call(ctx.app, {
      method: 'POST',
      url: '/wps/session/login',
      headers: headers(),
      payload: { value: 'AAAA' },
    });
    expect(res.body.errorCode).toBe('request_body_required');
  });

  it.each([
    [
      'a wrong digest',
      (h: Record<string, string>, b: { value: string }) => ({ h: { ...h, Digest: 'SHA-256=AAAA' }, b }),
    ],
    [
      'a tampered ciphertext',
      (h: Record<string, string>, b: { value: string }) => ({
        h,
        b: { value: `${b.value.slice(0, -8)}AAAAAAA=` },
      }),
    ],
    [
      'a foreign key',
      (h: Record<string, string>, b: { value: string }) => ({
        h: { ...h, Encryption: btoa('x'.repeat(256)) },
        b,
      }),
    ],
    ['garbage base64', (h: Record<string, string>, _b: { value: string }) => ({ h, b: { value: '***' } })],
  ])('refuses %s with encrypted_payload_invalid and nothing stored', async (_label, tamper) => {
    const { encryptPayload, importPublicKeyPem } = await import('@lotus/contracts/crypto-envelope');
    const keyRes = await call<{ publicKey: string }>(ctx.app, {
      method: 'GET',
      url: '/wps/system/publicKey',
      headers: headers(),
    });
    const key = await importPublicKeyPem(keyRes.body.value.publicKey);
    const envelope = await encryptPayload(key, {
      username: randomUsername(),
      password: 'abc12345',
      humanCheck: await solveHumanCheck(ctx),
      birthday: '1990-01-01',
    });
    const { h, b } = tamper(envelope.headers, envelope.body);
    const before = await countRows(ctx.db, 'members');
    const res = await call(ctx.app, {
      method: 'PUT',
      url: '/wps/member/register',
      headers: { ...headers(), ...h },
      payload: b,
    });
    expect(res.status).toBe(400);
    expect(res.body.errorCode).toBe('encrypted_payload_invalid');
    expect(await countRows(ctx.db, 'members')).toBe(before);
  });

  it('serves the same public key to every call (one key pair in the database)', async () => {
    const a = await call<{ publicKey: string; algorithm: string }>(ctx.app, {
      method: 'GET',
      url: '/wps/system/publicKey',
      headers: headers(),
    });
    expect(a.body.value.publicKey).toContain('BEGIN PUBLIC KEY');
    expect(a.body.value.algorithm).toBe('RSA-OAEP-256+A256GCM');
    const b = await call<{ publicKey: string }>(ctx.app, {
      method: 'GET',
      url: '/wps/system/publicKey',
      headers: headers(),
    });
    expect(b.body.value.publicKey).toBe(a.body.value.publicKey);
    const keyRows = await ctx.db
      .selectFrom('server_secrets')
      .select('name')
      .where('name', '=', 'envelope_rsa')
      .execute();
    expect(keyRows).toHaveLength(1);
  });
});
