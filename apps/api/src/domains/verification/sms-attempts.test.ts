import { describe, expect, it } from 'vitest';
import { randomMobile } from '../../../test/members.ts';
import { setupTestApp } from '../../../test/support.ts';
import { findBrandByMerchantCode } from '../brands/brand.repository.ts';
import { ServerKeyring } from '../security/server-keys.ts';
import { OutboxSmsProvider, SMS_CODE_MAX_ATTEMPTS, SmsCodes } from './sms.service.ts';

const ctx = setupTestApp();

describe('SMS code attempts', () => {
  it('10 concurrent wrong tries against a 5-try code: at most 5 are evaluated', async () => {
    const brand = await findBrandByMerchantCode(ctx.db, 'DEMO');
    if (!brand) throw new Error('no demo brand');
    const codes = new SmsCodes(ctx.db, new ServerKeyring(ctx.db), new OutboxSmsProvider(ctx.db));
    const { e164 } = randomMobile();
    await codes.send(brand, e164, 'bind', 'EN');
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) => codes.consume(brand.id, e164, 'bind', `x${i}`)),
    );
    expect(results.every((r) => r.status === 'rejected')).toBe(true);
    const row = await ctx.db
      .selectFrom('sms_codes')
      .select('attempts')
      .where('phone', '=', e164)
      .executeTakeFirstOrThrow();
    // Each evaluated try is counted; a count above the limit means more tries were judged than allowed.
    expect(row.attempts).toBe(SMS_CODE_MAX_ATTEMPTS);
  });
});
