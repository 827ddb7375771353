import { describe, expect, it } from 'vitest';
import { reconcileAfterEach } from '../test/money.ts';
import { setupTestApp } from '../test/support.ts';
import {
  createMember,
  createVendor,
  fundMember,
  issueVendorSession,
  reconcileLedger,
  setWalletSettings,
  signSeamlessRequest,
} from './harness.ts';

const ctx = setupTestApp();
reconcileAfterEach(ctx);

describe('money harness', () => {
  it('funds a member, registers a vendor and plays a signed bet through the API', async () => {
    const { id } = await createMember(ctx.db, {
      merchantCode: 'DEMO',
      username: 'harnessmoney',
      password: 'Secret123',
    });
    expect(
      await fundMember(ctx.db, { merchantCode: 'DEMO', username: 'harnessmoney', amount: '50.5', key: 'h1' }),
    ).toBe('50.50');
    expect(
      await fundMember(ctx.db, { merchantCode: 'DEMO', username: 'harnessmoney', amount: '50.5', key: 'h1' }),
    ).toBe('50.50');
    const vendor = await createVendor(ctx.db, { merchantCode: 'DEMO', code: 'HARNESS' });
    const { token } = await issueVendorSession(ctx.db, id, 'HARNESS', 'g1');
    const raw = JSON.stringify({
      vendor: 'HARNESS',
      token,
      transactionId: 't1',
      roundId: 'r1',
      gameId: 'g1',
      amount: '0.50',
      currency: 'MYR',
    });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/seamless/v1/bet',
      headers: {
        merchant: 'DEMO',
        'x-vendor': 'HARNESS',
        'x-signature': await signSeamlessRequest(vendor.secret, 'POST', '/seamless/v1/bet', raw),
        'content-type': 'application/json',
      },
      payload: raw,
    });
    expect(res.json()).toMatchObject({ success: true, value: { balance: '50.00' } });
    await setWalletSettings(ctx.db, 'DEMO', { demoCredit: '100.00' });
    expect((await reconcileLedger(ctx.db)).ok).toBe(true);
  });
});
