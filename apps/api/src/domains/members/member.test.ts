import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { LoginResult } from '@lotus/contracts/accounts';
import { describe, expect, it } from 'vitest';
import { loggedInMember, type MemberOptions } from '../../../test/factories.ts';
import { getWithToken, randomIp, randomMobile } from '../../../test/members.ts';
import { call, headers, listFiles, setupTestApp } from '../../../test/support.ts';
import { latestSmsCode } from '../../harness.ts';

const ctx = setupTestApp();

const member = (options: MemberOptions = {}) => loggedInMember(ctx, { prefix: 'i', ...options });

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

function multipart(field: string, filename: string, bytes: Buffer, type: string) {
  const boundary = '----lotus-test';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

describe('GET /wps/member/info', () => {
  it('answers the wire shape with a masked mobile and the upline', async () => {
    const m = await member({
      mobile: '+60129876543',
      uplineUsername: 'demoagent',
      email: 'info@example.com',
    });
    const res = await getWithToken<Record<string, unknown>>(ctx, '/wps/member/info', m.token);
    expect(res.body.value).toMatchObject({
      account: m.username,
      nickname: m.username,
      type: 0,
      toUpline: 'demoagent',
      mobile: '+60*****6543',
      email: 'in***@example.com',
      // The demo ladder's level 0, named by the vip domain (vip/club-label.test.ts).
      clubLabel: { labelName: 'Member', rankLevel: 0 },
      memberLabel: [],
      hasFundsPassword: false,
    });
    expect(typeof res.body.value.regDate).toBe('number');
  });
});

describe('avatars', () => {
  it('answers the default STATIC avatar and sets another one', async () => {
    const m = await member();
    expect((await getWithToken(ctx, '/wps/member/info/icon', m.token)).body.value).toEqual({
      avatar: '0',
      avatarType: 'STATIC',
    });
    const set = await call(ctx.app, {
      method: 'POST',
      url: '/wps/relay/MCSFE_getPlayerAvatar',
      headers: { ...headers(), authorization: m.token },
      payload: { avatar: '7', avatarType: 'STATIC' },
    });
    expect(set.body.value).toEqual({ avatar: '7', avatarType: 'STATIC' });
    expect((await getWithToken(ctx, '/wps/relay/MCSFE_getPlayerAvatar', m.token)).body.value).toEqual({
      avatar: '7',
      avatarType: 'STATIC',
    });
    const bad = await call(ctx.app, {
      method: 'POST',
      url: '/wps/relay/MCSFE_getPlayerAvatar',
      headers: { ...headers(), authorization: m.token },
      payload: { avatar: '99' },
    });
    expect(bad.body.errorCode).toBe('request_param_err');
  });

  it('uploads a CUSTOM png, serves it, and refuses a file that is not an image', async () => {
    const m = await member();
    const upload = multipart('avatar', 'me.png', PNG, 'image/png');
    const res = await call<{ avatar: string; avatarType: string }>(ctx.app, {
      method: 'POST',
      url: '/wps/relay/MCSFE_getPlayerAvatar',
      headers: { ...headers(), authorization: m.token, 'content-type': upload.contentType },
      payload: upload.body,
    });
    expect(res.body.value.avatarType).toBe('CUSTOM');
    const image = await ctx.app.inject({ method: 'GET', url: res.body.value.avatar });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(PNG)).toBe(true);
    const files = await listFiles(ctx.uploadDir);
    const fake = multipart('avatar', 'evil.png', Buffer.from('<script>alert(1)</script>'), 'image/png');
    const refused = await call(ctx.app, {
      method: 'POST',
      url: '/wps/relay/MCSFE_getPlayerAvatar',
      headers: { ...headers(), authorization: m.token, 'content-type': fake.contentType },
      payload: fake.body,
    });
    expect(refused.body.errorCode).toBe('upload_type_invalid');
    expect(await listFiles(ctx.uploadDir)).toEqual(files);
    expect((await getWithToken(ctx, '/wps/member/info/icon', m.token)).body.value).toEqual(res.body.value);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/wps/avatars/00000000-0000-0000-0000-000000000000.png' }))
        .statusCode,
    ).toBe(404);
    expect(await readFile(path.join(ctx.uploadDir, 'avatars', path.basename(res.body.value.avatar)))).toEqual(
      PNG,
    );
  });

  it('refuses an avatar of 5 MB or more with upload_too_large', async () => {
    const m = await member();
    const big = multipart(
      'avatar',
      'big.png',
      Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]),
      'image/png',
    );
    const res = await call(ctx.app, {
      method: 'POST',
      url: '/wps/relay/MCSFE_getPlayerAvatar',
      headers: { ...headers(), authorization: m.token, 'content-type': big.contentType },
      payload: big.body,
    });
    expect(res.body.errorCode).toBe('upload_too_large');
  });
});

describe('profile, mobile and e-mail', () => {
  it("refuses a first date of birth below the brand's minimum age (an account from before issue 25)", async () => {
    const m = await member();
    const res = await call(ctx.app, {
      method: 'PUT',
      url: '/wps/member/profile',
      headers: { ...headers(), authorization: m.token },
      payload: { birthday: '2020-05-05' },
    });
    expect(res.body.errorCode).toBe('age_below_18');
  });

  it('updates allowed profile fields and refuses disabled ones', async () => {
    const m = await member();
    const put = (payload: Record<string, string>) =>
      call<{ nickname: string; profile: Record<string, string> }>(ctx.app, {
        method: 'PUT',
        url: '/wps/member/profile',
        headers: { ...headers(), authorization: m.token },
        payload,
      });
    const ok = await put({ nickname: 'Lucky', birthday: '1990-01-02', payeeName: 'Lucky Star' });
    expect(ok.body.value.nickname).toBe('Lucky');
    expect(ok.body.value.profile).toMatchObject({ birthday: '1990-01-02', payeeName: 'Lucky Star' });
    expect((await put({ payeeName: 'Other Name' })).body.fieldErrors).toEqual({
      payeeName: 'errors.operation_not_allowed',
    });
    // The date of birth is set once too (issue 25).
    expect((await put({ birthday: '2015-01-01' })).body.fieldErrors).toEqual({
      birthday: 'errors.operation_not_allowed',
    });
    expect((await put({ qqNum: '12345' })).body.fieldErrors).toEqual({
      qqNum: 'errors.operation_not_allowed',
    });
  });

  it('binds a mobile with the SMS code of /wps/verification/sms/bind', async () => {
    const m = await member();
    const mobile = randomMobile();
    const sent = await call(ctx.app, {
      method: 'POST',
      url: '/wps/verification/sms/bind',
      remoteAddress: randomIp(),
      headers: { ...headers(), authorization: m.token },
      payload: { mobileNum: mobile.mobileNum, countryDialingCode: '60' },
    });
    expect(sent.body.success).toBe(true);
    const code = (await latestSmsCode(ctx.db, mobile.e164)) ?? '';
    const bind = (verificationCode: string) =>
      call<{ mobile: string }>(ctx.app, {
        method: 'PUT',
        url: '/wps/member/mobile',
        headers: { ...headers(), authorization: m.token },
        payload: {
          mobileNum: mobile.mobileNum,
          countryDialingCode: '60',
          verificationCode,
          password: 'Secret123',
        },
      });
    expect((await bind(code === '000000' ? '111111' : '000000')).body.errorCode).toBe(
      'verification_code_invalid',
    );
    expect((await bind(code)).body.value.mobile).toMatch(/\*+\d{4}$/);
    const taken = await call(ctx.app, {
      method: 'PUT',
      url: '/wps/member/mobile',
      headers: { ...headers(), authorization: m.token },
      payload: {
        mobileNum: '123000001',
        countryDialingCode: '60',
        verificationCode: '123456',
        password: 'Secret123',
      },
    });
    expect(taken.body.errorCode).toBe('mobile_exists');
  });

  it('binds an e-mail address and refuses a malformed one', async () => {
    const m = await member();
    const put = (email: string) =>
      call(ctx.app, {
        method: 'PUT',
        url: '/wps/member/email',
        headers: { ...headers(), authorization: m.token },
        payload: { email, password: 'Secret123' },
      });
    expect((await put('nope')).body.fieldErrors).toEqual({ email: 'reg_pattern_3' });
    expect((await put('me@example.com')).body.success).toBe(true);
  });

  it("stores a logged-in member's language", async () => {
    const m = await member();
    const res = await call(ctx.app, {
      method: 'PUT',
      url: '/wps/member/language',
      headers: { ...headers(), authorization: m.token },
      payload: { language: 'cn' },
    });
    expect(res.body.value).toEqual({ language: 'CN' });
    expect(
      (await getWithToken<{ language: string }>(ctx, '/wps/member/info', m.token)).body.value.language,
    ).toBe('CN');
  });

  it('refuses trial accounts on every member feature but info', async () => {
    const trial = await call<LoginResult>(ctx.app, {
      method: 'POST',
      url: '/wps/session/login/freeplay',
      remoteAddress: randomIp(),
      headers: headers(),
      payload: { birthday: '1990-01-01' },
    });
    const auth = { ...headers(), authorization: trial.body.value.token };
    const calls = [
      { method: 'PUT' as const, url: '/wps/member/profile', payload: { nickname: 'x' } },
      { method: 'PUT' as const, url: '/wps/member/email', payload: { email: 'a@b.co' } },
      {
        method: 'PUT' as const,
        url: '/wps/member/mobile',
        payload: { mobileNum: '1', countryDialingCode: '60', verificationCode: '1' },
      },
      {
        method: 'POST' as const,
        url: '/wps/verification/sms/bind',
        payload: { mobileNum: '1', countryDialingCode: '60' },
      },
      { method: 'POST' as const, url: '/wps/relay/MCSFE_getPlayerAvatar', payload: { avatar: '1' } },
    ];
    for (const c of calls) {
      const res = await call(ctx.app, { ...c, headers: auth });
      expect(res.status, c.url).toBe(200);
      expect(res.body.errorCode).toBe('trial_account_restricted');
    }
  });
});
