import { randomUUID } from 'node:crypto';
import type { ConsolidatedFunds, WalletTransferResult } from '@lotus/contracts/wallet';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInMember } from '../../../test/factories.ts';
import { getWithToken } from '../../../test/members.ts';
import { reconcileAfterEach } from '../../../test/money.ts';
import { call, headers, setupTestApp } from '../../../test/support.ts';
import { findBrandByMerchantCode } from '../brands/brand.repository.ts';
import type { Brand } from '../brands/brand.ts';
import { upsertVendor } from '../vendors/vendor.repository.ts';
import { setWalletSettings } from './wallet.service.ts';

const ctx = setupTestApp();
reconcileAfterEach(ctx);

let brand: Brand;
let slots: string;
let live: string;
let retired: string;

beforeAll(async () => {
  const found = await findBrandByMerchantCode(ctx.db, 'DEMO');
  if (!found) throw new Error('no demo brand');
  brand = found;
  const secret = 'test-secret-0123456789abcdef';
  slots = (await upsertVendor(ctx.db, { brandId: brand.id, code: 'SLOTS', name: 'Slots', secret })).id;
  live = (await upsertVendor(ctx.db, { brandId: brand.id, code: 'LIVE', name: 'Live', secret })).id;
  retired = (
    await upsertVendor(ctx.db, { brandId: brand.id, code: 'OLD', name: 'Old', secret, active: false })
  ).id;
  await setWalletSettings(ctx.db, brand.id, { singleWallet: false });
});

const signedIn = (isAgent = 0, funds = 0n) =>
  signedInMember(ctx, { prefix: 't', isAgent, funds, ip: '127.0.0.1' });

function transfer(token: string, body: Record<string, unknown>) {
  return call<WalletTransferResult>(ctx.app, {
    method: 'POST',
    url: '/wps/relay/GCS_walletTransfer',
    headers: { ...headers(), authorization: token },
    payload: { requestId: randomUUID(), ...body },
  });
}

async function funds(token: string) {
  const res = await getWithToken<ConsolidatedFunds>(ctx, '/wps/member/info/funds/consolidated', token);
  expect(res.body.success).toBe(true);
  return res.body.value;
}

const walletOf = (f: ConsolidatedFunds, vendorId: string) =>
  f.vendorWallets.find((w) => w.accountTypeId === Number(vendorId))?.balance;

describe('GCS_walletTransfer', () => {
  it('moves money to a vendor wallet and back, each as one balanced entry', async () => {
    const m = await signedIn(0, 100_000n);
    const out = await transfer(m.token, { from: 0, to: Number(slots), amount: '250.5' });
    expect(out.body.success).toBe(true);
    expect(out.body.value).toMatchObject({ transferred: '250.50', replayed: false });
    expect(out.body.value.funds).toMatchObject({ main: '749.50', sumBalance: '1000.00' });
    expect(walletOf(out.body.value.funds, slots)).toBe('250.50');
    const back = await transfer(m.token, { from: Number(slots), to: 0, amount: '50.25' });
    expect(back.body.value.funds.main).toBe('799.75');
    expect(walletOf(back.body.value.funds, slots)).toBe('200.25');
    const balance = await getWithToken<{ balance: { accountTypeId: number; availBalance: string }[] }>(
      ctx,
      '/wps/v2/wallets/balance',
      m.token,
    );
    expect(balance.body.value.balance).toEqual([
      { accountTypeId: 0, availBalance: '799.75' },
      { accountTypeId: Number(slots), availBalance: '200.25' },
    ]);
  });

  it('moves once for a replayed requestId, also when both clicks arrive at once', async () => {
    const m = await signedIn(0, 10_000n);
    const requestId = randomUUID();
    const body = { from: 0, to: Number(slots), amount: '10.00', requestId };
    const first = await transfer(m.token, body);
    const again = await transfer(m.token, body);
    expect(first.body.value.replayed).toBe(false);
    expect(again.body.value.replayed).toBe(true);
    expect(again.body.value.funds.main).toBe('90.00');

    const doubleClick = { from: 0, to: Number(live), amount: '5.00', requestId: randomUUID() };
    const answers = await Promise.all(Array.from({ length: 8 }, () => transfer(m.token, doubleClick)));
    expect(answers.every((a) => a.body.success)).toBe(true);
    expect(answers.filter((a) => !a.body.value.replayed)).toHaveLength(1);
    const after = await funds(m.token);
    expect(after.main).toBe('85.00');
    expect(walletOf(after, live)).toBe('5.00');

    const mismatch = await transfer(m.token, { ...body, amount: '11.00' });
    expect(mismatch.body.errorCode).toBe('idempotency_mismatch');
    expect((await funds(m.token)).main).toBe('85.00');
  });

  it('refuses insufficient funds either way and moves nothing', async () => {
    const m = await signedIn(0, 1_000n);
    const tooMuch = await transfer(m.token, { from: 0, to: Number(slots), amount: '10.01' });
    expect(tooMuch.body).toMatchObject({ success: false, errorCode: 'insufficient_balance' });
    await transfer(m.token, { from: 0, to: Number(slots), amount: '4.00' });
    const back = await transfer(m.token, { from: Number(slots), to: 0, amount: '4.01' });
    expect(back.body.errorCode).toBe('insufficient_balance');
    const after = await funds(m.token);
    expect(after.main).toBe('6.00');
    expect(walletOf(after, slots)).toBe('4.00');
  });

  it('refuses unknown and inactive vendors, two vendor sides, zero and over-scale amounts', async () => {
    const m = await signedIn(0, 1_000n);
    const cases: [Record<string, unknown>, string][] = [
      [{ from: 0, to: 999_999, amount: '1.00' }, 'wallet_vendor_unavailable'],
      [{ from: 0, to: Number.MAX_SAFE_INTEGER, amount: '1.00' }, 'wallet_vendor_unavailable'],
      [{ from: 0, to: 2 ** 60, amount: '1.00' }, 'request_param_err'],
      [{ from: 0, to: Number(retired), amount: '1.00' }, 'wallet_vendor_unavailable'],
      [{ from: Number(slots), to: Number(live), amount: '1.00' }, 'wallet_transfer_invalid'],
      [{ from: 0, to: 0, amount: '1.00' }, 'wallet_transfer_invalid'],
      [{ from: 0, to: Number(slots), amount: '0.00' }, 'amount_invalid'],
      [{ from: 0, to: Number(slots), amount: '1.001' }, 'amount_invalid'],
    ];
    for (const [body, code] of cases) {
      const res = await transfer(m.token, body);
      expect(res.body.errorCode, JSON.stringify(body)).toBe(code);
    }
    const numeric = await transfer(m.token, { from: 0, to: Number(slots), amount: 1 });
    expect(numeric.status).toBe(400);
    expect((await funds(m.token)).main).toBe('10.00');
  });

  it('is refused in single-wallet mode with its own code', async () => {
    const m = await signedIn(0, 1_000n);
    await setWalletSettings(ctx.db, brand.id, { singleWallet: true });
    try {
      const res = await transfer(m.token, { from: 0, to: Number(slots), amount: '1.00' });
      expect(res.body).toMatchObject({ success: false, errorCode: 'wallet_transfer_not_needed' });
      const f = await funds(m.token);
      expect(f).toMatchObject({ isSingle: true, main: '10.00', vendorWallets: [] });
    } finally {
      await setWalletSettings(ctx.db, brand.id, { singleWallet: false });
    }
  });

  it('refuses trial accounts and callers without a token', async () => {
    const trial = await signedIn(4);
    const res = await transfer(trial.token, { from: 0, to: Number(slots), amount: '1.00' });
    expect(res.status).toBe(200);
    expect(res.body.errorCode).toBe('trial_account_restricted');
    const anonymous = await call(ctx.app, {
      method: 'POST',
      url: '/wps/relay/GCS_walletTransfer',
      headers: headers(),
      payload: { from: 0, to: Number(slots), amount: '1.00', requestId: randomUUID() },
    });
    expect(anonymous.status).toBe(401);
  });

  it("touches only the caller's wallets, even with another member's requestId", async () => {
    const a = await signedIn(0, 5_000n);
    const b = await signedIn(0, 7_000n);
    const requestId = randomUUID();
    await transfer(a.token, { from: 0, to: Number(slots), amount: '20.00', requestId });
    const second = await transfer(b.token, { from: 0, to: Number(slots), amount: '20.00', requestId });
    expect(second.body.value.replayed).toBe(false);
    expect((await funds(a.token)).main).toBe('30.00');
    const fb = await funds(b.token);
    expect(fb.main).toBe('50.00');
    expect(walletOf(fb, slots)).toBe('20.00');
  });
});

describe('all back to main', () => {
  it('empties every vendor wallet into main once, inactive vendors included', async () => {
    const m = await signedIn(0, 10_000n);
    await transfer(m.token, { from: 0, to: Number(slots), amount: '30.00' });
    await transfer(m.token, { from: 0, to: Number(live), amount: '20.00' });
    // A wallet at a vendor switched off since: the sweep still returns its money.
    await upsertVendor(ctx.db, {
      brandId: brand.id,
      code: 'LIVE',
      name: 'Live',
      secret: 'test-secret-0123456789abcdef',
      active: false,
    });
    try {
      const requestId = randomUUID();
      const sweep = () =>
        call<WalletTransferResult>(ctx.app, {
          method: 'POST',
          url: '/wps/relay/GCS_walletTransferAllToMain',
          headers: { ...headers(), authorization: m.token },
          payload: { requestId },
        });
      const [first, second] = await Promise.all([sweep(), sweep()]);
      const moved = [first, second].filter((r) => !r.body.value.replayed);
      expect(moved).toHaveLength(1);
      expect(moved[0]?.body.value.transferred).toBe('50.00');
      const f = await funds(m.token);
      expect(f.main).toBe('100.00');
      expect(f.sumBalance).toBe('100.00');
      expect(f.vendorWallets.every((w) => w.balance === '0.00')).toBe(true);
    } finally {
      await upsertVendor(ctx.db, {
        brandId: brand.id,
        code: 'LIVE',
        name: 'Live',
        secret: 'test-secret-0123456789abcdef',
        active: true,
      });
    }
  });
});

describe('GET /wps/member/info/funds/consolidated', () => {
  it('sums main and vendor wallets, lists active vendors, carries amounts above 2^53 exactly', async () => {
    const m = await signedIn(0, 2n ** 53n + 1n);
    await transfer(m.token, { from: 0, to: Number(live), amount: '0.01' });
    const f = await funds(m.token);
    expect(f).toMatchObject({
      isSingle: false,
      main: '90071992547409.92',
      sumBalance: '90071992547409.93',
      pendingDeposits: '0.00',
      pendingWithdrawals: '0.00',
      currency: 'MYR',
      currencySymbol: 'RM',
    });
    // The demo brand's seeded house vendor (HOUSE) is an active vendor too.
    expect(f.vendorWallets.find((w) => w.vendorCode === 'HOUSE')).toMatchObject({
      balance: '0.00',
      active: true,
    });
    expect(f.vendorWallets.filter((w) => w.vendorCode !== 'HOUSE')).toEqual([
      {
        accountTypeId: Number(slots),
        vendorCode: 'SLOTS',
        vendorName: 'Slots',
        balance: '0.00',
        active: true,
      },
      { accountTypeId: Number(live), vendorCode: 'LIVE', vendorName: 'Live', balance: '0.01', active: true },
    ]);
  });

  it('shows a trial account its demo balance', async () => {
    const trial = await signedIn(4);
    expect((await funds(trial.token)).main).toBe('2000.00');
  });
});
