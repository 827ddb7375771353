import { randomUUID } from 'node:crypto';
import type { AdjustmentPage, AdjustmentRow } from '@lotus/contracts/backoffice';
import { describe, expect, it } from 'vitest';
import { reconcileAfterEach } from '../../../test/money.ts';
import { backOfficeTeam } from '../../../test/operators.ts';
import { setupTestApp } from '../../../test/support.ts';

const ctx = setupTestApp();
reconcileAfterEach(ctx);
const { bo, newMember, mainBalance } = backOfficeTeam(ctx);

describe('manual adjustments', () => {
  it('posts a credit at or below the threshold at once, idempotently by request id', async () => {
    const member = await newMember();
    const body = {
      requestId: randomUUID(),
      memberId: member.id,
      direction: 'credit',
      amount: '1000',
      reason: 'Goodwill',
    };
    const first = await bo<AdjustmentRow>('finance', 'POST', '/bo/v1/adjustments', body);
    expect(first.body.value).toMatchObject({ status: 'approved', amount: '1000.00', decidedBy: null });
    const again = await bo<AdjustmentRow>('finance', 'POST', '/bo/v1/adjustments', body);
    expect(again.body.value.id).toBe(first.body.value.id);
    expect(await mainBalance(member.id)).toBe('1000.00');
    const changed = await bo('finance', 'POST', '/bo/v1/adjustments', { ...body, amount: '999' });
    expect(changed.body.errorCode).toBe('idempotency_mismatch');
  });

  it('debits, and refuses a debit beyond the balance with nothing changed', async () => {
    const member = await newMember('50.00');
    const debit = {
      requestId: randomUUID(),
      memberId: member.id,
      direction: 'debit',
      amount: '20.5',
      reason: 'Correction',
    };
    expect((await bo<AdjustmentRow>('finance', 'POST', '/bo/v1/adjustments', debit)).body.value.status).toBe(
      'approved',
    );
    expect(await mainBalance(member.id)).toBe('29.50');
    const tooMuch = await bo('finance', 'POST', '/bo/v1/adjustments', {
      ...debit,
      requestId: randomUUID(),
      amount: '30',
    });
    expect(tooMuch.body.errorCode).toBe('insufficient_balance');
    expect(await mainBalance(member.id)).toBe('29.50');
    // The refused debit rolled back with its request row and its audit row.
    const audited = await ctx.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_type', '=', 'member')
      .where('target_id', '=', member.id)
      .execute();
    expect(audited.map((row) => row.action)).toEqual(['adjustment.apply']);
    const requests = await ctx.db
      .selectFrom('adjustment_requests')
      .select('status')
      .where('member_id', '=', member.id)
      .execute();
    expect(requests.map((row) => row.status)).toEqual(['approved']);
  });

  it('refuses bad amounts and roles without finance', async () => {
    const member = await newMember();
    const base = { requestId: randomUUID(), memberId: member.id, direction: 'credit', reason: 'Test' };
    for (const amount of ['0', '1.234', '-5', '1e3']) {
      const res = await bo('finance', 'POST', '/bo/v1/adjustments', { ...base, amount });
      expect(res.body.success).toBe(false);
    }
    const readonly = await bo('readonly', 'POST', '/bo/v1/adjustments', { ...base, amount: '10' });
    expect(readonly.status).toBe(403);
    expect(readonly.body.errorCode).toBe('operator_forbidden');
    const cs = await bo('cs', 'POST', '/bo/v1/adjustments', { ...base, amount: '10' });
    expect(cs.body.errorCode).toBe('operator_forbidden');
    expect(await mainBalance(member.id)).toBe('0.00');
  });

  it('keeps an adjustment above the threshold pending until a second operator approves it, exactly once', async () => {
    const member = await newMember();
    const pending = await bo<AdjustmentRow>('finance', 'POST', '/bo/v1/adjustments', {
      requestId: randomUUID(),
      memberId: member.id,
      direction: 'credit',
      amount: '1000.01',
      reason: 'Big bonus',
    });
    expect(pending.body.value.status).toBe('pending');
    expect(await mainBalance(member.id)).toBe('0.00');
    const id = pending.body.value.id;
    const self = await bo('finance', 'POST', `/bo/v1/adjustments/${id}/approve`);
    expect(self.body.errorCode).toBe('adjustment_same_operator');
    const readonly = await bo('readonly', 'POST', `/bo/v1/adjustments/${id}/approve`);
    expect(readonly.body.errorCode).toBe('operator_forbidden');
    const list = await bo<AdjustmentPage>('readonly', 'GET', '/bo/v1/adjustments?status=pending');
    expect(list.body.value.items.map((a) => a.id)).toContain(id);

    const [a, b] = await Promise.all([
      bo<AdjustmentRow>('finance2', 'POST', `/bo/v1/adjustments/${id}/approve`),
      bo<AdjustmentRow>('admin', 'POST', `/bo/v1/adjustments/${id}/approve`),
    ]);
    const outcomes = [a.body, b.body].map((r) => (r.success ? r.value.status : r.errorCode)).sort();
    expect(outcomes).toEqual(['adjustment_state_invalid', 'approved']);
    expect(await mainBalance(member.id)).toBe('1000.01');
    const entries = await ctx.db
      .selectFrom('journal_entries')
      .select('id')
      .where('reference', '=', `adjustment:${id}`)
      .execute();
    expect(entries).toHaveLength(1);
    const reject = await bo('admin', 'POST', `/bo/v1/adjustments/${id}/reject`, {});
    expect(reject.body.errorCode).toBe('adjustment_state_invalid');
  });

  it('rejects a pending adjustment without moving money, and follows the brand threshold', async () => {
    const member = await newMember();
    const set = await bo<{ adjustmentApprovalThreshold: string }>(
      'admin',
      'PUT',
      '/bo/v1/settings/backoffice',
      {
        adjustmentApprovalThreshold: '10',
      },
    );
    expect(set.body.value.adjustmentApprovalThreshold).toBe('10.00');
    try {
      const pending = await bo<AdjustmentRow>('finance', 'POST', '/bo/v1/adjustments', {
        requestId: randomUUID(),
        memberId: member.id,
        direction: 'credit',
        amount: '10.01',
        reason: 'Check',
      });
      expect(pending.body.value.status).toBe('pending');
      const rejected = await bo<AdjustmentRow>(
        'finance2',
        'POST',
        `/bo/v1/adjustments/${pending.body.value.id}/reject`,
        {
          note: 'No ticket',
        },
      );
      expect(rejected.body.value).toMatchObject({ status: 'rejected', decidedBy: expect.any(String) });
      expect(await mainBalance(member.id)).toBe('0.00');
    } finally {
      await bo('admin', 'PUT', '/bo/v1/settings/backoffice', { adjustmentApprovalThreshold: '1000' });
    }
  });
});
