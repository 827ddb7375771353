import type { EmailOutboxPage, SmsOutboxPage } from '@lotus/contracts/backoffice';
import { describe, expect, it } from 'vitest';
import { randomIp, randomMobile, solveHumanCheck } from '../../../test/members.ts';
import { backOfficeTeam, createOperator, operatorCall, operatorLogin } from '../../../test/operators.ts';
import { call, createBrand, headers, setupTestApp } from '../../../test/support.ts';
import { latestSmsCode } from '../../harness.ts';

// The local demo: the demo brand seeded outside production (DEMO_MESSAGES's default there).
const ctx = setupTestApp({ config: { demoMessages: true } });
const { bo } = backOfficeTeam(ctx);

describe('the demo\'s "messages sent"', () => {
  it('shows customer service the SMS code in full, the one the member types', async () => {
    const mobile = randomMobile();
    const sent = await call(ctx.app, {
      method: 'POST',
      url: '/wps/verification/sms/register',
      remoteAddress: randomIp(),
      headers: headers(),
      payload: {
        mobileNum: mobile.mobileNum,
        countryDialingCode: mobile.countryDialingCode,
        humanCheck: await solveHumanCheck(ctx),
      },
    });
    expect(sent.body.success).toBe(true);
    expect((await bo<{ enabled: boolean }>('cs', 'GET', '/bo/v1/demo-messages')).body.value).toEqual({
      enabled: true,
    });
    const page = await bo<SmsOutboxPage>('cs', 'GET', '/bo/v1/demo-messages/sms?pageSize=5');
    const row = page.body.value.items.find((r) => r.phone === mobile.e164);
    const code = await latestSmsCode(ctx.db, mobile.e164);
    expect(code).toMatch(/^\d{6}$/);
    expect(row?.body).toContain(code as string);
    expect(row?.status).toBe('kept');
    // The masked outbox of the same brand still hides it.
    const masked = await bo<SmsOutboxPage>('cs', 'GET', '/bo/v1/outbox/sms?pageSize=5');
    expect(JSON.stringify(masked.body.value)).not.toContain(code as string);
  });

  it('shows e-mails in full, only to the roles of the outboxes', async () => {
    const brand = await ctx.db
      .selectFrom('brands')
      .select('id')
      .where('merchant_code', '=', 'DEMO')
      .executeTakeFirstOrThrow();
    const link = 'http://localhost:5173/resetPassword?token=Zq7secretTOKENvalue0123456789abcdefghijk';
    await ctx.db
      .insertInto('email_outbox')
      .values({ brand_id: brand.id, to_address: 'demo@example.com', subject: 'Reset', body: `Open ${link}` })
      .execute();
    const page = await bo<EmailOutboxPage>('cs', 'GET', '/bo/v1/demo-messages/email?pageSize=1');
    expect(page.body.value.items[0]).toMatchObject({ to: 'demo@example.com', body: `Open ${link}` });
    for (const role of ['readonly', 'finance', 'marketing']) {
      expect((await bo(role, 'GET', '/bo/v1/demo-messages/email')).body.errorCode).toBe('operator_forbidden');
      expect((await bo(role, 'GET', '/bo/v1/demo-messages/sms')).body.errorCode).toBe('operator_forbidden');
    }
    const anonymous = await call(ctx.app, {
      method: 'GET',
      url: '/bo/v1/demo-messages/sms',
      headers: headers(),
    });
    expect(anonymous.body.success).toBe(false);
    expect(JSON.stringify(anonymous.body)).not.toContain('token=');
  });

  it('is off for any brand but the demo brand, even on the demo server', async () => {
    const other = await createBrand(ctx.db);
    await createOperator(ctx.db, {
      merchantCode: other.merchantCode,
      username: 'othercs',
      password: 'Secret123',
      role: 'cs',
    });
    const token = await operatorLogin(ctx, {
      merchantCode: other.merchantCode,
      username: 'othercs',
      password: 'Secret123',
    });
    const status = await operatorCall<{ enabled: boolean }>(ctx, token, {
      method: 'GET',
      url: '/bo/v1/demo-messages',
      merchant: other.merchantCode,
    });
    expect(status.body.value).toEqual({ enabled: false });
    for (const channel of ['sms', 'email']) {
      const res = await operatorCall(ctx, token, {
        method: 'GET',
        url: `/bo/v1/demo-messages/${channel}`,
        merchant: other.merchantCode,
      });
      expect(res.body).toMatchObject({ success: false, errorCode: 'feature_disabled' });
    }
  });
});
