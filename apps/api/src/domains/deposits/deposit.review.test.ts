import { randomUUID } from 'node:crypto';
import type { DepositMethodSettings, OperatorDeposit, OperatorDepositPage } from '@lotus/contracts/deposits';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  bankTransfer,
  callback,
  depositor,
  mainBalance,
  onlineDeposit,
  paidBody,
} from '../../../test/deposits.ts';
import { reconcileAfterEach } from '../../../test/money.ts';
import { createOperator, operatorCall, operatorLogin } from '../../../test/operators.ts';
import { createBrand, setupTestApp } from '../../../test/support.ts';

const ctx = setupTestApp({ rateLimits: { depositUpload: { max: 500, timeWindow: 60_000 } } });
reconcileAfterEach(ctx);

const PASSWORD = 'Operator#2026';
const tokens: Record<'finance' | 'cs' | 'admin', string> = { finance: '', cs: '', admin: '' };

async function loggedIn(role: 'finance' | 'cs' | 'admin', merchantCode = 'DEMO') {
  const username = `${role}${randomUUID().slice(0, 8)}`;
  await createOperator(ctx.db, { merchantCode, username, password: PASSWORD, role });
  return operatorLogin(ctx, { merchantCode, username, password: PASSWORD });
}

beforeAll(async () => {
  tokens.finance = await loggedIn('finance');
  tokens.cs = await loggedIn('cs');
  tokens.admin = await loggedIn('admin');
});

const approve = (token: string, id: string, merchant = 'DEMO') =>
  operatorCall<OperatorDeposit>(ctx, token, {
    method: 'POST',
    url: `/bo/v1/deposits/${id}/approve`,
    merchant,
  });
const reject = (token: string, id: string, reason = 'No such transfer on the statement') =>
  operatorCall<OperatorDeposit>(ctx, token, {
    method: 'POST',
    url: `/bo/v1/deposits/${id}/reject`,
    payload: { reason },
  });

async function pendingTransfer(amount = '100.00') {
  const m = await depositor(ctx);
  const { body } = await bankTransfer(ctx, m, { amount });
  if (!body.success) throw new Error(body.errorCode);
  return { m, id: body.value.deposit.id };
}

async function auditActions(targetId: string) {
  const rows = await ctx.db
    .selectFrom('audit_log')
    .select(['action', 'operator_id'])
    .where('target_type', '=', 'deposit')
    .where('target_id', '=', targetId)
    .execute();
  return rows.map((r) => r.action);
}

describe('deposit review', () => {
  it('the queue lists pending transfers with filters; the receipt image is served to operators only', async () => {
    const { m, id } = await pendingTransfer();
    const page = await operatorCall<OperatorDepositPage>(ctx, tokens.cs, {
      method: 'GET',
      url: `/bo/v1/deposits?status=pending&username=${m.username}`,
    });
    expect(page.body.value.total).toBe(1);
    expect(page.body.value.items[0]).toMatchObject({
      id,
      username: m.username,
      status: 'pending',
      hasReceipt: true,
    });
    const receipt = await ctx.app.inject({
      method: 'GET',
      url: `/bo/v1/deposits/${id}/receipt`,
      headers: { merchant: 'DEMO', authorization: tokens.cs },
    });
    expect(receipt.statusCode).toBe(200);
    expect(receipt.headers['content-type']).toBe('image/png');
    expect(receipt.rawPayload.subarray(0, 4).toString('hex')).toBe('89504e47');
    const asMember = await ctx.app.inject({
      method: 'GET',
      url: `/bo/v1/deposits/${id}/receipt`,
      headers: { merchant: 'DEMO', authorization: m.token },
    });
    expect(asMember.statusCode).toBe(401);
  });

  it('approval credits once, is audited, and a second approval is refused', async () => {
    const { m, id } = await pendingTransfer('123.45');
    const first = await approve(tokens.finance, id);
    expect(first.body.value.status).toBe('approved');
    expect(await mainBalance(ctx, m)).toBe(12_345n);
    const second = await approve(tokens.admin, id);
    expect(second.body.errorCode).toBe('deposit_state_invalid');
    expect(await mainBalance(ctx, m)).toBe(12_345n);
    expect(await auditActions(id)).toEqual(['deposit.approve']);
  });

  it('parallel approvals credit once', async () => {
    const { m, id } = await pendingTransfer('40.00');
    const answers = await Promise.all(Array.from({ length: 10 }, () => approve(tokens.finance, id)));
    expect(answers.filter((a) => a.body.success)).toHaveLength(1);
    expect(answers.filter((a) => a.body.errorCode === 'deposit_state_invalid')).toHaveLength(9);
    expect(await mainBalance(ctx, m)).toBe(4_000n);
  });

  it('a paid callback racing an approval credits once', async () => {
    const m = await depositor(ctx);
    const { body } = await onlineDeposit(ctx, m, 'qr', { amount: '55.00' });
    const deposit = body.value.deposit;
    await Promise.all([approve(tokens.finance, deposit.id), callback(ctx, paidBody(deposit))]);
    expect(await mainBalance(ctx, m)).toBe(5_500n);
  });

  it('reject then approve is refused; the rejection reason shows to the member and is audited', async () => {
    const { m, id } = await pendingTransfer();
    const rejected = await reject(tokens.finance, id);
    expect(rejected.body.value).toMatchObject({
      status: 'rejected',
      rejectReason: 'No such transfer on the statement',
    });
    expect((await approve(tokens.finance, id)).body.errorCode).toBe('deposit_state_invalid');
    expect((await reject(tokens.finance, id)).body.errorCode).toBe('deposit_state_invalid');
    expect(await mainBalance(ctx, m)).toBe(0n);
    expect(await auditActions(id)).toEqual(['deposit.reject']);
  });

  it('an operator without the finance role cannot approve or reject', async () => {
    const { m, id } = await pendingTransfer();
    const res = await approve(tokens.cs, id);
    expect(res.status).toBe(403);
    expect(res.body.errorCode).toBe('operator_forbidden');
    expect((await reject(tokens.cs, id)).body.errorCode).toBe('operator_forbidden');
    expect(await mainBalance(ctx, m)).toBe(0n);
    expect(await auditActions(id)).toEqual([]);
  });

  it("an operator of another brand cannot see or approve this brand's deposit", async () => {
    const { m, id } = await pendingTransfer();
    const other = await createBrand(ctx.db);
    const foreign = await loggedIn('admin', other.merchantCode);
    const list = await operatorCall<OperatorDepositPage>(ctx, foreign, {
      method: 'GET',
      url: '/bo/v1/deposits',
      merchant: other.merchantCode,
    });
    expect(list.body.value.total).toBe(0);
    const peek = await operatorCall(ctx, foreign, {
      method: 'GET',
      url: `/bo/v1/deposits/${id}`,
      merchant: other.merchantCode,
    });
    expect(peek.body.errorCode).toBe('deposit_not_found');
    expect((await approve(foreign, id, other.merchantCode)).body.errorCode).toBe('deposit_not_found');
    // Its token does not open the DEMO brand either.
    expect((await approve(foreign, id, 'DEMO')).status).toBe(401);
    expect(await mainBalance(ctx, m)).toBe(0n);
  });
});

describe('deposit settings (admins)', () => {
  it('an admin adds a method with a bank account, audited; finance may not', async () => {
    const body = {
      code: `bank${randomUUID().slice(0, 6)}`,
      kind: 'bank_transfer',
      name: 'Second bank',
      minAmount: '50',
      maxAmount: '1000.00',
      enabled: true,
      sortOrder: 9,
      gatewayId: null,
    };
    const refused = await operatorCall(ctx, tokens.finance, {
      method: 'POST',
      url: '/bo/v1/deposit-methods',
      payload: body,
    });
    expect(refused.body.errorCode).toBe('operator_forbidden');
    const created = await operatorCall<{ id: string }>(ctx, tokens.admin, {
      method: 'POST',
      url: '/bo/v1/deposit-methods',
      payload: body,
    });
    expect(created.body.success).toBe(true);
    const account = await operatorCall<{ id: string }>(ctx, tokens.admin, {
      method: 'POST',
      url: `/bo/v1/deposit-methods/${created.body.value.id}/bank-accounts`,
      payload: {
        bankName: 'CIMB',
        accountName: 'Lotus',
        accountNumber: '800012345678',
        enabled: true,
        sortOrder: 1,
      },
    });
    expect(account.body.success).toBe(true);
    const list = await operatorCall<DepositMethodSettings>(ctx, tokens.cs, {
      method: 'GET',
      url: '/bo/v1/deposit-methods',
    });
    const method = list.body.value.methods.find((x) => x.id === created.body.value.id);
    expect(method).toMatchObject({
      minAmount: '50.00',
      maxAmount: '1000.00',
      bankAccounts: [{ bankName: 'CIMB' }],
    });
    expect(JSON.stringify(list.body.value.gateways)).not.toContain('secret');
    const audits = await ctx.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', 'in', ['deposit_method.create', 'deposit_bank_account.create'])
      .execute();
    expect(audits.map((a) => a.action).sort()).toEqual([
      'deposit_bank_account.create',
      'deposit_method.create',
    ]);
  });

  it('refuses a minimum above the maximum and a gateway method without a gateway', async () => {
    const base = { kind: 'qr', name: 'x', enabled: true, sortOrder: 1, gatewayId: null };
    const inverted = await operatorCall(ctx, tokens.admin, {
      method: 'POST',
      url: '/bo/v1/deposit-methods',
      payload: { ...base, code: 'inv', minAmount: '100', maxAmount: '10' },
    });
    expect(inverted.body.errorCode).toBe('deposit_method_invalid');
    const noGateway = await operatorCall(ctx, tokens.admin, {
      method: 'POST',
      url: '/bo/v1/deposit-methods',
      payload: { ...base, kind: 'gateway', code: 'nogw', minAmount: '1', maxAmount: '10' },
    });
    expect(noGateway.body.errorCode).toBe('deposit_method_invalid');
  });

  it('an admin saves a gateway: the secret is stored encrypted, never answered nor audited', async () => {
    const secret = `gw-secret-${randomUUID()}`;
    const saved = await operatorCall<{ id: string; callbackPath: string }>(ctx, tokens.admin, {
      method: 'PUT',
      url: '/bo/v1/payment-gateways/acme',
      payload: { name: 'Acme Pay', kind: 'external', secret, active: true },
    });
    expect(saved.body.value.callbackPath).toBe('/wps/deposits/callback/acme');
    expect(JSON.stringify(saved.body)).not.toContain(secret);
    const stored = await ctx.db
      .selectFrom('payment_gateways')
      .select('secret_encrypted')
      .where('id', '=', saved.body.value.id)
      .executeTakeFirstOrThrow();
    expect(stored.secret_encrypted).not.toContain(secret);
    const audit = await ctx.db
      .selectFrom('audit_log')
      .select(['action', 'after'])
      .where('target_type', '=', 'payment_gateway')
      .where('target_id', '=', saved.body.value.id)
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['payment_gateway.save']);
    expect(JSON.stringify(audit)).not.toContain(secret);
    const refused = await operatorCall(ctx, tokens.finance, {
      method: 'PUT',
      url: '/bo/v1/payment-gateways/acme',
      payload: { name: 'Acme Pay', kind: 'external', secret, active: true },
    });
    expect(refused.body.errorCode).toBe('operator_forbidden');
  });
});
