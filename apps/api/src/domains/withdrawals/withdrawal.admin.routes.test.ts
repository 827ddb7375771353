import { randomUUID } from 'node:crypto';
import type { Dashboard } from '@lotus/contracts/backoffice';
import type {
  OperatorWithdrawal,
  OperatorWithdrawalPage,
  WithdrawSettings,
} from '@lotus/contracts/withdrawals';
import { beforeAll, describe, expect, it } from 'vitest';
import { oneUtcDay } from '../../../test/days.ts';
import { reconcileAfterEach } from '../../../test/money.ts';
import { createOperator, operatorCall, operatorLogin } from '../../../test/operators.ts';
import { call, createBrand, headers, setupTestApp } from '../../../test/support.ts';
import { mainBalance, pendingWithdrawal } from '../../../test/withdrawals.ts';

const ctx = setupTestApp();
reconcileAfterEach(ctx);

const tokens: Record<'finance' | 'cs' | 'admin', string> = { finance: '', cs: '', admin: '' };

beforeAll(async () => {
  for (const role of ['finance', 'cs', 'admin'] as const) {
    const username = `${role}${randomUUID().slice(0, 8)}`;
    await createOperator(ctx.db, { merchantCode: 'DEMO', username, password: 'Operator123', role });
    tokens[role] = await operatorLogin(ctx, { merchantCode: 'DEMO', username, password: 'Operator123' });
  }
});

const act = (role: keyof typeof tokens, id: string, action: string, payload?: unknown) =>
  operatorCall<OperatorWithdrawal>(ctx, tokens[role], {
    method: 'POST',
    url: `/bo/v1/withdrawals/${id}/${action}`,
    ...(payload ? { payload } : {}),
  });

async function auditActions(id: string) {
  const rows = await ctx.db
    .selectFrom('audit_log')
    .select(['action', 'operator_id'])
    .where('target_type', '=', 'withdrawal')
    .where('target_id', '=', id)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.action);
}

describe('/bo/v1/withdrawals', () => {
  it('lets finance approve and pay once each, audited; the member then confirms receipt', async () => {
    const { member, withdrawal } = await pendingWithdrawal(ctx, '600.00');
    const [first, second] = await Promise.all([
      act('finance', withdrawal.id, 'approve'),
      act('finance', withdrawal.id, 'approve'),
    ]);
    expect([first.body.success, second.body.success].sort()).toEqual([false, true]);
    expect([first.body.errorCode, second.body.errorCode]).toContain('withdrawal_state_invalid');
    const paid = await act('finance', withdrawal.id, 'pay');
    expect(paid.body.value).toMatchObject({ status: 'paid', username: member.username, amount: '600.00' });
    expect(paid.body.value.accountNumberFull).toMatch(/^\d+$/);
    expect((await act('finance', withdrawal.id, 'pay')).body.errorCode).toBe('withdrawal_state_invalid');
    expect(await auditActions(withdrawal.id)).toEqual(['withdrawal.approve', 'withdrawal.pay']);

    const received = await call(ctx.app, {
      method: 'POST',
      url: `/wps/member/withdrawals/${withdrawal.id}/received`,
      headers: { ...headers(), authorization: member.token },
    });
    expect(received.body).toMatchObject({ success: true, value: { status: 'received' } });
  });

  it(
    "counts a withdrawal in today's dashboard once it is paid, not before",
    oneUtcDay(async () => {
      const dashboard = async () =>
        (await operatorCall<Dashboard>(ctx, tokens.cs, { method: 'GET', url: '/bo/v1/dashboard' })).body.value
          .withdrawalsToday;
      const cents = (amount: string) => BigInt(amount.replace('.', ''));
      const before = await dashboard();
      const { withdrawal } = await pendingWithdrawal(ctx, '321.00');
      await act('finance', withdrawal.id, 'approve');
      expect(await dashboard()).toEqual(before);
      await act('finance', withdrawal.id, 'pay');
      const after = await dashboard();
      expect(after.count).toBe(before.count + 1);
      expect(cents(after.sum) - cents(before.sum)).toBe(32_100n);
    }),
  );

  it('refuses approval by an operator without the finance role, and changes nothing', async () => {
    const { withdrawal } = await pendingWithdrawal(ctx);
    const res = await act('cs', withdrawal.id, 'approve');
    expect(res.status).toBe(403);
    expect(res.body.errorCode).toBe('operator_forbidden');
    const list = await operatorCall<OperatorWithdrawalPage>(ctx, tokens.cs, {
      method: 'GET',
      url: `/bo/v1/withdrawals?status=pending&size=100`,
    });
    expect(list.body.value.items.some((w) => w.id === withdrawal.id)).toBe(true);
    expect(await auditActions(withdrawal.id)).toEqual([]);
    const anonymous = await call(ctx.app, {
      method: 'POST',
      url: `/bo/v1/withdrawals/${withdrawal.id}/approve`,
      headers: headers(),
    });
    expect(anonymous.status).toBe(401);
  });

  it('rejects with a reason, returns the hold once even when rejected twice in parallel', async () => {
    const { member, withdrawal } = await pendingWithdrawal(ctx, '250.00', 50_000n);
    expect(await mainBalance(ctx, member)).toBe(25_000n);
    const answers = await Promise.all([
      act('admin', withdrawal.id, 'reject', { reason: 'Name does not match' }),
      act('finance', withdrawal.id, 'reject', { reason: 'Name does not match' }),
    ]);
    expect(answers.filter((a) => a.body.success)).toHaveLength(1);
    expect(await mainBalance(ctx, member)).toBe(50_000n);
    const after = await operatorCall<OperatorWithdrawal>(ctx, tokens.cs, {
      method: 'GET',
      url: `/bo/v1/withdrawals/${withdrawal.id}`,
    });
    expect(after.body.value).toMatchObject({ status: 'rejected', rejectReason: 'Name does not match' });
    expect(await auditActions(withdrawal.id)).toEqual(['withdrawal.reject']);
    const empty = await act('finance', withdrawal.id, 'reject', {});
    expect(empty.body.errorCode).toBe('request_param_err');
  });

  it('filters by username and pages; another brand sees none of it', async () => {
    const { member } = await pendingWithdrawal(ctx);
    const mine = await operatorCall<OperatorWithdrawalPage>(ctx, tokens.cs, {
      method: 'GET',
      url: `/bo/v1/withdrawals?username=${member.username.toUpperCase()}&page=1&size=5`,
    });
    expect(mine.body.value.total).toBe(1);
    expect(mine.body.value.items[0]?.username).toBe(member.username);

    const other = await createBrand(ctx.db);
    const username = `fin${randomUUID().slice(0, 8)}`;
    await createOperator(ctx.db, {
      merchantCode: other.merchantCode,
      username,
      password: 'Operator123',
      role: 'finance',
    });
    const token = await operatorLogin(ctx, {
      merchantCode: other.merchantCode,
      username,
      password: 'Operator123',
    });
    const theirs = await operatorCall<OperatorWithdrawalPage>(ctx, token, {
      method: 'GET',
      url: `/bo/v1/withdrawals?username=${member.username}`,
      merchant: other.merchantCode,
    });
    expect(theirs.body.value.total).toBe(0);
    const touch = await operatorCall(ctx, token, {
      method: 'POST',
      url: `/bo/v1/withdrawals/${mine.body.value.items[0]?.id}/approve`,
      merchant: other.merchantCode,
    });
    expect(touch.body.errorCode).toBe('withdrawal_not_found');
    const crossToken = await operatorCall(ctx, token, { method: 'GET', url: '/bo/v1/withdrawals' });
    expect(crossToken.status).toBe(401);
  });

  it('changes the withdrawal settings (finance), audited; the member sees the new limits', async () => {
    const put = (role: keyof typeof tokens, body: Record<string, unknown>) =>
      operatorCall<WithdrawSettings>(ctx, tokens[role], {
        method: 'PUT',
        url: '/bo/v1/withdrawals/settings',
        payload: body,
      });
    const next = {
      minimumAmount: '50',
      maximumAmount: '20000.00',
      dailyCountLimit: 3,
      autoReceiptMinutes: 30,
      confirmationRequired: true,
      maxBankCards: 4,
    };
    expect((await put('cs', next)).body.errorCode).toBe('operator_forbidden');
    expect((await put('finance', { ...next, maximumAmount: '10.00' })).body.errorCode).toBe('amount_invalid');
    const saved = await put('finance', next);
    expect(saved.body.value).toMatchObject({
      minimumAmount: '50.00',
      maximumAmount: '20000.00',
      maxBankCards: 4,
    });
    const row = await ctx.db
      .selectFrom('audit_log')
      .select(['action'])
      .where('target_type', '=', 'withdrawal_settings')
      .executeTakeFirst();
    expect(row?.action).toBe('withdrawal.settings');
    await put('finance', {
      minimumAmount: '100.00',
      maximumAmount: '50000.00',
      dailyCountLimit: 5,
      autoReceiptMinutes: 60,
      confirmationRequired: true,
      maxBankCards: 5,
    });
  });
});

describe('disputes in the back office', () => {
  const PNG = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  );

  it('shows the proof image of a "not received" answer to any operator; finance forces receipt, audited', async () => {
    const { member, withdrawal } = await pendingWithdrawal(ctx);
    await act('finance', withdrawal.id, 'approve');
    await act('finance', withdrawal.id, 'pay');
    const boundary = `----lotus${randomUUID()}`;
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="x.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      PNG,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const disputed = await call(ctx.app, {
      method: 'PUT',
      url: `/wps/member/withdrawals/${withdrawal.id}/notReceived`,
      headers: {
        ...headers(),
        authorization: member.token,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload,
    });
    expect(disputed.body).toMatchObject({ success: true, value: { status: 'disputed' } });

    const proof = await ctx.app.inject({
      method: 'GET',
      url: `/bo/v1/withdrawals/${withdrawal.id}/proof`,
      headers: { ...headers(), authorization: tokens.cs },
    });
    expect(proof.statusCode).toBe(200);
    expect(proof.headers['content-type']).toBe('image/png');
    expect(proof.rawPayload.equals(PNG)).toBe(true);

    expect((await act('cs', withdrawal.id, 'resolve', { outcome: 'forced_receipt' })).body.errorCode).toBe(
      'operator_forbidden',
    );
    const forced = await act('finance', withdrawal.id, 'resolve', { outcome: 'forced_receipt' });
    expect(forced.body.value).toMatchObject({ status: 'received', confirmation: 'forced', hasProof: true });
    expect(await auditActions(withdrawal.id)).toEqual([
      'withdrawal.approve',
      'withdrawal.pay',
      'withdrawal.force_receipt',
    ]);
  });
});
