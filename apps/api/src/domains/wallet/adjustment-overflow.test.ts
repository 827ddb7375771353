import { randomInt, randomUUID } from 'node:crypto';
import type { AdjustmentPage, AdjustmentRow, MemberDetail } from '@lotus/contracts/backoffice';
import { beforeAll, describe, expect, it } from 'vitest';
import { createOperator, operatorCall, operatorLogin } from '../../../test/operators.ts';
import { createBrand, setupTestApp } from '../../../test/support.ts';
import { createMember, fundMember } from '../../harness.ts';

// No reconcileAfterEach here: the one member's balance alone is near the bigint limit.
const ctx = setupTestApp();
const tokens: Record<string, string> = {};
/**
 * A brand of its own: its house account pays the member's near-limit balance, so it must start at
 * zero (the demo brand's has paid demoplayer's opening balance: one more cent would overflow it).
 */
let merchantCode = '';

beforeAll(async () => {
  merchantCode = (await createBrand(ctx.db)).merchantCode;
  for (const [key, role] of [
    ['finance', 'finance'],
    ['finance2', 'finance'],
    ['admin', 'admin'],
  ] as const) {
    const username = `ov${key}${randomInt(1000, 9999)}`;
    await createOperator(ctx.db, { merchantCode, username, password: 'Secret123', role });
    tokens[key] = await operatorLogin(ctx, { merchantCode, username, password: 'Secret123' });
  }
});

const bo = <T>(who: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  operatorCall<T>(ctx, tokens[who] as string, {
    method,
    url,
    merchant: merchantCode,
    ...(payload === undefined ? {} : { payload }),
  });

describe('adjustment approval past the balance limit', () => {
  it('answers amount_invalid, moves nothing, and leaves the request pending to reject', async () => {
    const username = `ov${randomInt(1_000_000, 9_999_999)}`;
    const { id: memberId } = await createMember(ctx.db, {
      merchantCode,
      username,
      password: 'Secret123',
    });
    // 2^63 - 1 minor units is the most a balance holds: this member is 7 minor units below it.
    await fundMember(ctx.db, { merchantCode, username, amount: '92233720368547758.00' });
    const balance = async () =>
      (await bo<MemberDetail>('admin', 'GET', `/bo/v1/members/${memberId}`)).body.value.wallets.find(
        (w) => w.kind === 'member_main',
      )?.balance;
    const pending = await bo<AdjustmentRow>('finance', 'POST', '/bo/v1/adjustments', {
      requestId: randomUUID(),
      memberId,
      direction: 'credit',
      amount: '1000.01',
      reason: 'Overflow',
    });
    expect(pending.body.value.status).toBe('pending');
    const id = pending.body.value.id;
    const approve = await bo('finance2', 'POST', `/bo/v1/adjustments/${id}/approve`);
    expect(approve.status).toBe(400);
    expect(approve.body.errorCode).toBe('amount_invalid');
    expect(await balance()).toBe('92233720368547758.00');
    const list = await bo<AdjustmentPage>('admin', 'GET', '/bo/v1/adjustments?status=pending');
    expect(list.body.value.items.map((a) => a.id)).toContain(id);
    const reject = await bo<AdjustmentRow>('admin', 'POST', `/bo/v1/adjustments/${id}/reject`, {
      note: 'overflow',
    });
    expect(reject.body.value.status).toBe('rejected');
  });
});
