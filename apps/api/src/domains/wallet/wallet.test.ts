import { randomUUID } from 'node:crypto';
import type { MerchantWallet, WalletBalance } from '@lotus/contracts/money';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInMember } from '../../../test/factories.ts';
import { getWithToken } from '../../../test/members.ts';
import { reconcileAfterEach } from '../../../test/money.ts';
import { call, headers, setupTestApp } from '../../../test/support.ts';
import { findBrandByMerchantCode } from '../brands/brand.repository.ts';
import type { Brand } from '../brands/brand.ts';
import { houseAdjustment, setWalletSettings } from './wallet.service.ts';

const ctx = setupTestApp();
reconcileAfterEach(ctx);

let brand: Brand;
beforeAll(async () => {
  const found = await findBrandByMerchantCode(ctx.db, 'DEMO');
  if (!found) throw new Error('no demo brand');
  brand = found;
});

/** A member (or trial account) with a live session token. */
const signedIn = (isAgent = 0) => signedInMember(ctx, { prefix: 'w', isAgent, ip: '127.0.0.1' });

describe('GET /wps/v2/wallets/balance', () => {
  it('answers the wire shape with decimal strings of the currency scale', async () => {
    const m = await signedIn();
    const empty = await getWithToken<WalletBalance>(ctx, '/wps/v2/wallets/balance?typeId=0', m.token);
    expect(empty.body.value).toEqual({
      sumBalance: '0.00',
      balance: [{ accountTypeId: 0, availBalance: '0.00' }],
      currency: 'MYR',
      currencySymbol: 'RM',
    });
    await houseAdjustment(ctx.db, brand, m.owner, 123_450n, `fund:${randomUUID()}`);
    const funded = await getWithToken<WalletBalance>(ctx, '/wps/v2/wallets/balance?typeId=0', m.token);
    expect(funded.body.value).toMatchObject({
      sumBalance: '1234.50',
      balance: [{ availBalance: '1234.50' }],
    });
  });

  it('carries amounts above 2^53 exactly to the client', async () => {
    const m = await signedIn();
    await houseAdjustment(ctx.db, brand, m.owner, 2n ** 53n + 1n, `big:${randomUUID()}`);
    const res = await getWithToken<WalletBalance>(ctx, '/wps/v2/wallets/balance', m.token);
    expect(res.body.value.sumBalance).toBe('90071992547409.93');
  });

  it('gives a trial account its demo balance once, whatever the number of calls', async () => {
    const trial = await signedIn(4);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        getWithToken<WalletBalance>(ctx, '/wps/v2/wallets/balance', trial.token),
      ),
    );
    for (const a of answers) expect(a.body.value.sumBalance).toBe('2000.00');
  });

  it('refuses a caller without a token', async () => {
    const res = await call(ctx.app, { method: 'GET', url: '/wps/v2/wallets/balance', headers: headers() });
    expect(res.status).toBe(401);
    expect(res.body.errorCode).toBe('CUSTOMER_NOT_LOGIN');
  });

  it("never shows another member's wallet", async () => {
    const rich = await signedIn();
    await houseAdjustment(ctx.db, brand, rich.owner, 99_900n, `rich:${randomUUID()}`);
    const other = await signedIn();
    const res = await getWithToken<WalletBalance>(ctx, '/wps/v2/wallets/balance', other.token);
    expect(res.body.value.sumBalance).toBe('0.00');
  });
});

describe('GCS_merchantWallet', () => {
  it('answers the seamless single wallet by default and follows the brand setting', async () => {
    const m = await signedIn();
    const single = await getWithToken<MerchantWallet>(ctx, '/wps/relay/GCS_merchantWallet', m.token);
    expect(single.body.value).toEqual({ isSingle: true });
    await setWalletSettings(ctx.db, brand.id, { singleWallet: false });
    try {
      const transfer = await call<MerchantWallet>(ctx.app, {
        method: 'POST',
        url: '/wps/relay/GCS_merchantWallet',
        headers: { ...headers(), authorization: m.token },
      });
      expect(transfer.body.value).toEqual({ isSingle: false });
    } finally {
      await setWalletSettings(ctx.db, brand.id, { singleWallet: true });
    }
  });
});
