import { describe, expect, it } from 'vitest';
import { loggedInMember } from '../../../test/factories.ts';
import { randomIp, randomMobile, randomUsername, sealed } from '../../../test/members.ts';
import { call, headers, setupTestApp } from '../../../test/support.ts';
import { latestSmsCode } from '../../harness.ts';

const ctx = setupTestApp();

/** A member with an e-mail and a mobile (the channels a thief would want to replace). */
async function member() {
  const email = `${randomUsername('sc')}@example.com`;
  const mobile = randomMobile();
  const m = await loggedInMember(ctx, { prefix: 'sc', email, mobile: mobile.e164 });
  return { ...m, email, mobile };
}

async function stored(id: string) {
  return ctx.db
    .selectFrom('members')
    .select(['email', 'mobile', 'funds_password_hash'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

async function mailsTo(address: string) {
  return ctx.db
    .selectFrom('email_outbox')
    .select(['subject', 'body'])
    .where('to_address', '=', address)
    .orderBy('id')
    .execute();
}

/** The notice of a change, exactly as the member reads it (EN; the brand is the demo's). */
function noticeEn(what: string) {
  return {
    subject: `Lotus Demo: your ${what} was changed`,
    body: `The ${what} of your Lotus Demo account was just changed. If this was not you, contact customer service at once and change your password.`,
  };
}

async function smsTo(phone: string) {
  return ctx.db.selectFrom('sms_outbox').select('body').where('phone', '=', phone).orderBy('id').execute();
}

describe('changing a recovery channel, a bank card or the funds password', () => {
  it('e-mail: refused without or with a wrong login password; the old address is told', async () => {
    const m = await member();
    const put = (payload: object) =>
      call(ctx.app, {
        method: 'PUT',
        url: '/wps/member/email',
        headers: { ...headers(), authorization: m.token },
        payload,
      });
    expect((await put({ email: 'thief@evil.example' })).body.success).toBe(false);
    expect((await put({ email: 'thief@evil.example', password: 'Wrong999' })).body.errorCode).toBe(
      'old_password_wrong',
    );
    expect((await stored(m.id)).email).toBe(m.email);
    expect(await mailsTo(m.email)).toEqual([]);
    expect((await put({ email: 'new@example.com', password: 'Secret123' })).body.success).toBe(true);
    expect((await stored(m.id)).email).toBe('new@example.com');
    expect(await mailsTo(m.email)).toEqual([noticeEn('e-mail address')]);
    expect(await smsTo(m.mobile.e164)).toEqual([{ body: noticeEn('e-mail address').subject }]);
  });

  it('mobile: refused without the login password even with a right code; the old number is told', async () => {
    const m = await member();
    const next = randomMobile();
    await call(ctx.app, {
      method: 'POST',
      url: '/wps/verification/sms/bind',
      remoteAddress: randomIp(),
      headers: { ...headers(), authorization: m.token },
      payload: { mobileNum: next.mobileNum, countryDialingCode: '60' },
    });
    const code = (await latestSmsCode(ctx.db, next.e164)) ?? '';
    const put = (payload: object) =>
      call(ctx.app, {
        method: 'PUT',
        url: '/wps/member/mobile',
        headers: { ...headers(), authorization: m.token },
        payload: { mobileNum: next.mobileNum, countryDialingCode: '60', verificationCode: code, ...payload },
      });
    expect((await put({})).body.success).toBe(false);
    expect((await put({ password: 'Wrong999' })).body.errorCode).toBe('old_password_wrong');
    expect((await stored(m.id)).mobile).toBe(m.mobile.e164);
    expect(await smsTo(m.mobile.e164)).toEqual([]);
    expect((await put({ password: 'Secret123' })).body.success).toBe(true);
    expect((await stored(m.id)).mobile).toBe(next.e164);
    expect(await smsTo(m.mobile.e164)).toEqual([{ body: noticeEn('mobile number').subject }]);
    expect(await mailsTo(m.email)).toEqual([noticeEn('mobile number')]);
  });

  it('bank card: refused without or with a wrong login password; the member is told', async () => {
    const m = await member();
    const add = (extra: object) =>
      sealed(
        ctx,
        '/wps/member/bankCards',
        { bankName: 'Maybank', accountHolderName: 'Ali Bin Abu', accountNumber: '123456789012', ...extra },
        { token: m.token, ip: m.ip },
      );
    expect((await add({})).body.success).toBe(false);
    expect((await add({ password: 'Wrong999' })).body.errorCode).toBe('old_password_wrong');
    const cards = () => ctx.db.selectFrom('bank_cards').select('id').where('member_id', '=', m.id).execute();
    expect(await cards()).toEqual([]);
    expect((await add({ password: 'Secret123' })).body.success).toBe(true);
    expect(await cards()).toHaveLength(1);
    expect(await mailsTo(m.email)).toEqual([noticeEn('bank card')]);
  });

  it('funds password: a change needs the login password too; the member is told', async () => {
    const m = await member();
    const set = (body: object) =>
      sealed(ctx, '/wps/member/fundsPassword', body, { token: m.token, ip: m.ip });
    expect(
      (await set({ password: 'Secret123', newFundsPassword: '135790', confirmFundsPassword: '135790' })).body
        .success,
    ).toBe(true);
    const first = (await stored(m.id)).funds_password_hash;
    const change = { oldFundsPassword: '135790', newFundsPassword: '246802', confirmFundsPassword: '246802' };
    expect((await set(change)).body.success).toBe(false);
    expect((await set({ ...change, password: 'Wrong999' })).body.errorCode).toBe('old_password_wrong');
    expect((await stored(m.id)).funds_password_hash).toBe(first);
    expect((await set({ ...change, password: 'Secret123' })).body.success).toBe(true);
    expect((await stored(m.id)).funds_password_hash).not.toBe(first);
    expect(await mailsTo(m.email)).toEqual([noticeEn('funds password'), noticeEn('funds password')]);
  });

  it("tells the member in the member's language, naming what changed", async () => {
    const m = await member();
    const put = (language: string, email: string) =>
      call(ctx.app, {
        method: 'PUT',
        url: '/wps/member/email',
        headers: { ...headers('DEMO', language), authorization: m.token },
        payload: { email, password: 'Secret123' },
      });
    expect((await put('MS', 'ms@example.com')).body.success).toBe(true);
    expect((await put('CN', 'cn@example.com')).body.success).toBe(true);
    expect(await mailsTo(m.email)).toEqual([
      {
        subject: 'Lotus Demo: alamat e-mel anda telah ditukar',
        body: 'Alamat e-mel akaun Lotus Demo anda baru sahaja ditukar. Jika bukan anda, hubungi khidmat pelanggan segera dan tukar kata laluan anda.',
      },
    ]);
    expect(await mailsTo('ms@example.com')).toEqual([
      {
        subject: 'Lotus Demo：您的电子邮箱已更改',
        body: '您的Lotus Demo账户的电子邮箱刚刚被更改。如非本人操作，请立即联系客服并修改密码。',
      },
    ]);
  });
});
