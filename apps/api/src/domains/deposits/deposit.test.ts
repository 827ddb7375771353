import { randomUUID } from 'node:crypto';
import { TRIAL_TYPE } from '@lotus/contracts/accounts';
import type { Deposit, DepositCreated, DepositPage } from '@lotus/contracts/deposits';
import { RECEIPT_RULES } from '@lotus/contracts/deposits';
import { describe, expect, it } from 'vitest';
import {
  bankTransfer,
  callback,
  depositor,
  GIF,
  JPG,
  mainBalance,
  methodId,
  onlineDeposit,
  PNG,
  paidBody,
  settings,
} from '../../../test/deposits.ts';
import { reconcileAfterEach } from '../../../test/money.ts';
import { call, countRows, createBrand, headers, listFiles, setupTestApp } from '../../../test/support.ts';

const ctx = setupTestApp({ rateLimits: { depositUpload: { max: 500, timeWindow: 60_000 } } });
reconcileAfterEach(ctx);

async function depositsOf(m: { token: string }) {
  return call<DepositPage>(ctx.app, {
    method: 'GET',
    url: '/wps/deposits',
    headers: { ...headers(), authorization: m.token },
  });
}

describe('deposit settings', () => {
  it('lists the demo brand methods with their limits and receiving bank account', async () => {
    const m = await depositor(ctx);
    const { body } = await settings(ctx, m);
    expect(body.success).toBe(true);
    expect(body.value.allowDeposit).toBe('Y');
    expect(body.value.methods.map((x) => x.kind)).toEqual(['bank_transfer', 'gateway', 'qr']);
    const bank = body.value.methods[0];
    expect(bank?.minAmount).toBe('10.00');
    expect(bank?.maxAmount).toBe('50000.00');
    expect(bank?.bankAccounts).toHaveLength(1);
  });

  it('refuses a trial account on every deposit call', async () => {
    const trial = await depositor(ctx, { isAgent: TRIAL_TYPE });
    const before = await countRows(ctx.db, 'deposits');
    expect((await settings(ctx, trial)).body.errorCode).toBe('trial_account_restricted');
    const direct = await call(ctx.app, {
      method: 'POST',
      url: '/wps/deposits',
      headers: { ...headers(), authorization: trial.token },
      payload: { methodId: '1', amount: '100.00', clientRequestId: randomUUID() },
    });
    expect(direct.body.errorCode).toBe('trial_account_restricted');
    expect((await depositsOf(trial)).body.errorCode).toBe('trial_account_restricted');
    expect(await countRows(ctx.db, 'deposits')).toBe(before);
  });

  it('answers allowDeposit N for a brand without methods', async () => {
    const other = await createBrand(ctx.db);
    const m = await depositor(ctx, { merchant: other.merchantCode });
    const { body } = await settings(ctx, m, other.merchantCode);
    expect(body.value).toMatchObject({ allowDeposit: 'N', methods: [] });
  });
});

describe('bank transfer deposits', () => {
  it('creates a pending deposit with the receipt stored and no money moved', async () => {
    const m = await depositor(ctx);
    const filesBefore = (await listFiles(ctx.uploadDir)).length;
    const { body } = await bankTransfer(ctx, m, { amount: '250.5' }, { bytes: JPG, filename: 'r.jpg' });
    expect(body.success).toBe(true);
    expect(body.value.deposit).toMatchObject({
      kind: 'bank_transfer',
      status: 'pending',
      amount: '250.50',
      bankName: 'Maybank',
      transferReference: 'TRX-0001',
      hasReceipt: true,
    });
    expect(await mainBalance(ctx, m)).toBe(0n);
    const files = await listFiles(ctx.uploadDir);
    expect(files.length).toBe(filesBefore + 1);
    expect(files.some((f) => f.startsWith('deposits/') && f.endsWith('.jpg'))).toBe(true);
  });

  it('a double-clicked submission (same client request id) creates one deposit and one file', async () => {
    const m = await depositor(ctx);
    const clientRequestId = randomUUID();
    const filesBefore = (await listFiles(ctx.uploadDir)).length;
    const answers = await Promise.all([
      bankTransfer(ctx, m, { clientRequestId }),
      bankTransfer(ctx, m, { clientRequestId }),
    ]);
    expect(answers.every((a) => a.body.success)).toBe(true);
    expect(answers[0]?.body.value.deposit.id).toBe(answers[1]?.body.value.deposit.id);
    expect((await depositsOf(m)).body.value.total).toBe(1);
    expect((await listFiles(ctx.uploadDir)).filter((f) => !f.startsWith('tmp/')).length).toBe(
      filesBefore + 1,
    );
  });

  it.each([
    ['an exponent', { amount: '1e3' }, 'amount_invalid'],
    ['too many decimals', { amount: '10.001' }, 'amount_invalid'],
    ['a negative amount', { amount: '-10.00' }, 'amount_invalid'],
    ['below the minimum', { amount: '9.99' }, 'deposit_amount_below_minimum'],
    ['above the maximum', { amount: '50000.01' }, 'deposit_amount_above_maximum'],
    ['an unknown bank account', { bankAccountId: '999999' }, 'deposit_bank_account_invalid'],
    ['an empty transfer reference', { transferReference: '  ' }, 'deposit_form_invalid'],
  ])('refuses %s and stores nothing', async (_label, fields, code) => {
    const m = await depositor(ctx);
    const files = (await listFiles(ctx.uploadDir)).length;
    const { body } = await bankTransfer(ctx, m, fields);
    expect(body.success).toBe(false);
    expect(body.errorCode).toBe(code);
    expect((await depositsOf(m)).body.value.total).toBe(0);
    expect((await listFiles(ctx.uploadDir)).length).toBe(files);
  });

  it.each([
    ['a GIF named .png', GIF],
    ['a script named .png', Buffer.from('<script>alert(1)</script>')],
  ])('refuses %s as receipt with upload_type_invalid', async (_label, bytes) => {
    const m = await depositor(ctx);
    const { body } = await bankTransfer(ctx, m, {}, { bytes });
    expect(body.errorCode).toBe('upload_type_invalid');
    expect((await depositsOf(m)).body.value.total).toBe(0);
  });

  it('refuses a receipt of 5 MB or more with upload_too_large', async () => {
    const m = await depositor(ctx);
    const big = Buffer.concat([PNG, Buffer.alloc(RECEIPT_RULES.maxBytes, 0)]);
    const { body } = await bankTransfer(ctx, m, {}, { bytes: big });
    expect(body.errorCode).toBe('upload_too_large');
    expect((await depositsOf(m)).body.value.total).toBe(0);
  });

  it('refuses a transfer without a receipt', async () => {
    const m = await depositor(ctx);
    const { body } = await bankTransfer(ctx, m, {}, null);
    expect(body.errorCode).toBe('deposit_form_invalid');
  });
});

describe('gateway and QR deposits', () => {
  it("the gateway page is on the brand's domain even when the call names another host", async () => {
    const m = await depositor(ctx);
    const method = (await methodId(ctx, m, 'gateway')).id;
    const res = await call<DepositCreated>(ctx.app, {
      method: 'POST',
      url: '/wps/deposits',
      remoteAddress: '127.0.0.1',
      headers: { ...headers(), authorization: m.token, 'x-forwarded-host': 'evil.example' },
      payload: { methodId: method, amount: '100.00', clientRequestId: randomUUID() },
    });
    const url = new URL(res.body.value.redirectUrl ?? '');
    expect(['localhost', '127.0.0.1']).toContain(url.hostname);
  });

  it('a gateway deposit answers the demo gateway page; Pay there credits the wallet once', async () => {
    const m = await depositor(ctx);
    const { body } = await onlineDeposit(ctx, m, 'gateway', { amount: '150' });
    expect(body.value.deposit).toMatchObject({ status: 'pending', amount: '150.00', kind: 'gateway' });
    const url = new URL(body.value.redirectUrl ?? '');
    expect(url.pathname).toBe(`/wps/deposits/demo-gateway/${body.value.deposit.reference}`);
    const page = await ctx.app.inject({ method: 'GET', url: url.pathname });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('150.00 MYR');
    const pay = await ctx.app.inject({
      method: 'POST',
      url: `${url.pathname}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(pay.statusCode).toBe(303);
    expect(await mainBalance(ctx, m)).toBe(15_000n);
    await ctx.app.inject({
      method: 'POST',
      url: `${url.pathname}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(await mainBalance(ctx, m)).toBe(15_000n);
    const detail = await call<{ deposit: Deposit }>(ctx.app, {
      method: 'GET',
      url: `/wps/deposits/${body.value.deposit.id}`,
      headers: { ...headers(), authorization: m.token },
    });
    expect(detail.body.value.deposit.status).toBe('paid');
  });

  it('Cancel on the demo gateway marks the deposit failed without money', async () => {
    const m = await depositor(ctx);
    const { body } = await onlineDeposit(ctx, m, 'gateway');
    const path = new URL(body.value.redirectUrl ?? '').pathname;
    await ctx.app.inject({
      method: 'POST',
      url: `${path}/cancel`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect((await depositsOf(m)).body.value.items[0]?.status).toBe('failed');
    expect(await mainBalance(ctx, m)).toBe(0n);
  });

  it('a QR deposit answers a PNG QR image of the payment link, confirmed by the signed callback', async () => {
    const m = await depositor(ctx);
    const { body } = await onlineDeposit(ctx, m, 'qr', { amount: '20.00' });
    expect(body.value.qrImage).toMatch(/^data:image\/png;base64,/);
    expect(body.value.qrPayload).toContain(body.value.deposit.reference);
    const res = await callback(ctx, paidBody(body.value.deposit));
    expect(res.body.value).toMatchObject({ status: 'paid', applied: true });
    expect(await mainBalance(ctx, m)).toBe(2_000n);
  });

  it('a double-clicked gateway request creates one deposit; another amount under the same id is refused', async () => {
    const m = await depositor(ctx);
    const clientRequestId = randomUUID();
    const [a, b] = await Promise.all([
      onlineDeposit(ctx, m, 'gateway', { clientRequestId }),
      onlineDeposit(ctx, m, 'gateway', { clientRequestId }),
    ]);
    expect(a?.body.value.deposit.id).toBe(b?.body.value.deposit.id);
    const other = await onlineDeposit(ctx, m, 'gateway', { clientRequestId, amount: '999.00' });
    expect(other.body.errorCode).toBe('idempotency_mismatch');
    expect((await depositsOf(m)).body.value.total).toBe(1);
  });

  it('refuses a bank transfer method on the online call, and amounts outside the limits', async () => {
    const m = await depositor(ctx);
    expect((await onlineDeposit(ctx, m, 'gateway', { amount: '50000.01' })).body.errorCode).toBe(
      'deposit_amount_above_maximum',
    );
    expect((await onlineDeposit(ctx, m, 'qr', { amount: '10.123' })).status).toBe(400);
    const bankId = (await settings(ctx, m)).body.value.methods[0]?.id ?? '';
    expect((await onlineDeposit(ctx, m, 'gateway', { methodId: bankId })).body.errorCode).toBe(
      'deposit_method_unavailable',
    );
    expect((await depositsOf(m)).body.value.total).toBe(0);
  });
});

describe('gateway callback', () => {
  it('replayed 20 times in parallel credits once', async () => {
    const m = await depositor(ctx);
    const { body } = await onlineDeposit(ctx, m, 'gateway', { amount: '75.25' });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => callback(ctx, paidBody(body.value.deposit))),
    );
    expect(answers.every((a) => a.status === 200 && a.body.success)).toBe(true);
    expect(answers.filter((a) => a.body.value.applied)).toHaveLength(1);
    expect(await mainBalance(ctx, m)).toBe(7_525n);
  });

  it('a forged signature changes nothing', async () => {
    const m = await depositor(ctx);
    const { body } = await onlineDeposit(ctx, m, 'gateway');
    const forged = await callback(ctx, paidBody(body.value.deposit), { secret: 'not-the-secret' });
    expect(forged.status).toBe(401);
    expect(forged.body.errorCode).toBe('deposit_callback_signature_invalid');
    const unknownGateway = await callback(ctx, paidBody(body.value.deposit), { gateway: 'nope' });
    expect(unknownGateway.status).toBe(401);
    const unsigned = await ctx.app.inject({
      method: 'POST',
      url: '/wps/deposits/callback/demo',
      headers: { 'content-type': 'application/json', merchant: 'DEMO' },
      payload: JSON.stringify(paidBody(body.value.deposit)),
    });
    expect(unsigned.statusCode).toBe(401);
    expect(await mainBalance(ctx, m)).toBe(0n);
    expect((await depositsOf(m)).body.value.items[0]?.status).toBe('pending');
  });

  it('refuses another amount or currency than the deposit', async () => {
    const m = await depositor(ctx);
    const { body } = await onlineDeposit(ctx, m, 'gateway', { amount: '99.90' });
    const deposit = body.value.deposit;
    const wrongAmount = await callback(ctx, { ...paidBody(deposit), amount: '99.80' });
    expect(wrongAmount.body.errorCode).toBe('deposit_callback_mismatch');
    const wrongCurrency = await callback(ctx, { ...paidBody(deposit), currency: 'USD' });
    expect(wrongCurrency.body.errorCode).toBe('deposit_callback_mismatch');
    expect(await mainBalance(ctx, m)).toBe(0n);
  });

  it('a paid callback for a deposit the member cancelled is refused', async () => {
    const m = await depositor(ctx);
    const { body } = await onlineDeposit(ctx, m, 'gateway');
    await call(ctx.app, {
      method: 'POST',
      url: `/wps/deposits/${body.value.deposit.id}/cancel`,
      headers: { ...headers(), authorization: m.token },
    });
    const res = await callback(ctx, paidBody(body.value.deposit));
    expect(res.body.errorCode).toBe('deposit_state_invalid');
    expect(await mainBalance(ctx, m)).toBe(0n);
  });
});

describe("members' own deposits", () => {
  it("a member cannot see or cancel another member's deposit; cancels their own once", async () => {
    const owner = await depositor(ctx);
    const stranger = await depositor(ctx);
    const { body } = await onlineDeposit(ctx, owner, 'gateway');
    const id = body.value.deposit.id;
    const peek = await call(ctx.app, {
      method: 'GET',
      url: `/wps/deposits/${id}`,
      headers: { ...headers(), authorization: stranger.token },
    });
    expect(peek.body.errorCode).toBe('deposit_not_found');
    expect((await depositsOf(stranger)).body.value.total).toBe(0);
    const cancel = (token: string) =>
      call<Deposit>(ctx.app, {
        method: 'POST',
        url: `/wps/deposits/${id}/cancel`,
        headers: { ...headers(), authorization: token },
      });
    expect((await cancel(stranger.token)).body.errorCode).toBe('deposit_not_found');
    expect((await depositsOf(owner)).body.value.items[0]?.status).toBe('pending');
    expect((await cancel(owner.token)).body.value.status).toBe('cancelled');
    expect((await cancel(owner.token)).body.errorCode).toBe('deposit_state_invalid');
  });
});

describe('OpenAPI', () => {
  it('documents the deposit, callback and back-office deposit routes with summaries', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = (res.json() as { paths: Record<string, Record<string, { summary?: string }>> }).paths;
    for (const [path, method] of [
      ['/wps/relay/MCSFE_getDepositSettings', 'get'],
      ['/wps/deposits', 'post'],
      ['/wps/deposits/bank-transfer', 'post'],
      ['/wps/deposits/{id}/cancel', 'post'],
      ['/wps/deposits/callback/{gatewayCode}', 'post'],
      ['/bo/v1/deposits/{id}/approve', 'post'],
      ['/bo/v1/deposit-methods', 'post'],
    ] as const) {
      expect(paths[path]?.[method]?.summary, `${method} ${path}`).toBeTruthy();
    }
  });
});
