import type { SmsOutboxPage } from '@lotus/contracts/backoffice';
import { describe, expect, it } from 'vitest';
import { reconcileAfterEach } from '../../../test/money.ts';
import { backOfficeTeam } from '../../../test/operators.ts';
import { setupTestApp } from '../../../test/support.ts';

const ctx = setupTestApp();
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
    expect(page.body.value.items.map((r) => r.body)).toEqual(['Code 222222', 'Code 111111']);
    expect((await bo('readonly', 'GET', '/bo/v1/outbox/sms')).body.errorCode).toBe('operator_forbidden');
  });
});
