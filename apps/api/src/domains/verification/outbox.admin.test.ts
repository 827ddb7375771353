import type { SmsOutboxPage } from '@lotus/contracts/backoffice';
import { describe, expect, it } from 'vitest';
import { reconcileAfterEach } from '../../../test/money.ts';
import { backOfficeTeam } from '../../../test/operators.ts';
import { setupTestApp } from '../../../test/support.ts';

// As in production (config.demoMessages off: see config.unit.test.ts for when it is on).
const ctx = setupTestApp({ config: { demoMessages: false } });
reconcileAfterEach(ctx);
const { bo } = backOfficeTeam(ctx);

describe('outboxes', () => {
  it('shows the SMS outbox newest first to customer service', async () => {
    const brand = await ctx.db
      .selectFrom('brands')
      .select('id')
      .where('merchant_code', '=', 'DEMO')
      .executeTakeFirstOrThrow();
    await ctx.db
      .insertInto('sms_outbox')
      .values({ brand_id: brand.id, phone: '+60120000001', body: 'Code 111111' })
      .execute();
    await ctx.db
      .insertInto('sms_outbox')
      .values({ brand_id: brand.id, phone: '+60120000002', body: 'Code 222222' })
      .execute();
    const page = await bo<SmsOutboxPage>('cs', 'GET', '/bo/v1/outbox/sms?pageSize=2');
    // Customer service sees that a code went out and when, never the code itself.
    expect(page.body.value.items.map((r) => r.phone)).toEqual(['+60120000002', '+60120000001']);
    expect(JSON.stringify(page.body.value)).not.toContain('222222');
    expect(JSON.stringify(page.body.value)).not.toContain('111111');
    expect(page.body.value.items[0]?.body).toBe('Code ******');
    expect((await bo('readonly', 'GET', '/bo/v1/outbox/sms')).body.errorCode).toBe('operator_forbidden');
  });

  it('hides reset links and codes in the e-mail outbox', async () => {
    const brand = await ctx.db
      .selectFrom('brands')
      .select('id')
      .where('merchant_code', '=', 'DEMO')
      .executeTakeFirstOrThrow();
    const token = 'Zq7secretTOKENvalue0123456789abcdefghijk';
    await ctx.db
      .insertInto('email_outbox')
      .values({
        brand_id: brand.id,
        to_address: 'victim@example.com',
        subject: 'Reset your password',
        body: `Open http://localhost:5173/resetPassword?token=${token} within 30 minutes. Code 654321.`,
      })
      .execute();
    const page = await bo<{ items: { to: string; body: string; subject: string }[] }>(
      'cs',
      'GET',
      '/bo/v1/outbox/email?pageSize=1',
    );
    expect(page.body.value.items[0]?.to).toBe('victim@example.com');
    expect(JSON.stringify(page.body.value)).not.toContain(token);
    expect(JSON.stringify(page.body.value)).not.toContain('654321');
  });

  it('refuses the demo\'s "messages sent" in production, even with the demo brand seeded', async () => {
    expect((await bo<{ enabled: boolean }>('cs', 'GET', '/bo/v1/demo-messages')).body.value).toEqual({
      enabled: false,
    });
    for (const channel of ['sms', 'email']) {
      const res = await bo('admin', 'GET', `/bo/v1/demo-messages/${channel}`);
      expect(res.body).toMatchObject({ success: false, errorCode: 'feature_disabled' });
      expect(JSON.stringify(res.body)).not.toContain('222222');
    }
  });
});
