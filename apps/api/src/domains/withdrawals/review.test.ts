import { randomUUID } from 'node:crypto';
import type { Withdrawal } from '@lotus/contracts/withdrawals';
import { describe, expect, it } from 'vitest';
import { reconcileAfterEach } from '../../../test/money.ts';
import { call, headers, listFiles, setupTestApp } from '../../../test/support.ts';
import { demoBrand, mainBalance, pendingWithdrawal } from '../../../test/withdrawals.ts';
import { claimLease, PLATFORM_JOBS, runJob } from '../../jobs/scheduler.ts';
import { accountBalance } from '../wallet/ledger.repository.ts';
import { autoConfirmWithdrawals } from './confirmation.service.ts';
import {
  type AuditEntry,
  approveWithdrawal,
  markWithdrawalPaid,
  rejectWithdrawal,
  resolveWithdrawal,
} from './review.service.ts';
import { upsertSettings } from './withdrawal.repository.ts';
import { DEFAULT_WITHDRAW_SETTINGS, payoutAccount, withdrawalHoldAccount } from './withdrawal.service.ts';

const ctx = setupTestApp();
reconcileAfterEach(ctx);

const audits: AuditEntry[] = [];
const audit = async (_executor: unknown, entry: AuditEntry) => {
  audits.push(entry);
};

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

async function reviewer() {
  const brand = await demoBrand(ctx);
  return { brand, reviewer: { id: '1', brandId: brand.id, ip: '10.0.0.1' } };
}

async function paidWithdrawal(amount = '500.00') {
  const { brand, reviewer: r } = await reviewer();
  const pending = await pendingWithdrawal(ctx, amount);
  await approveWithdrawal(ctx.db, audit, r, pending.withdrawal.id);
  await markWithdrawalPaid(ctx.db, audit, r, brand, pending.withdrawal.id);
  return pending;
}

function memberCall(token: string, url: string, payload?: unknown) {
  return call<Withdrawal>(ctx.app, {
    method: 'POST',
    url,
    headers: { ...headers(), authorization: token },
    ...(payload ? { payload } : {}),
  });
}

function proofForm(image: Buffer, note = 'nothing arrived') {
  const boundary = `----lotus${randomUUID()}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\n${note}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="proof.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    image,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

function notReceived(token: string, id: string, image: Buffer) {
  const form = proofForm(image);
  return call<Withdrawal>(ctx.app, {
    method: 'PUT',
    url: `/wps/member/withdrawals/${id}/notReceived`,
    headers: { ...headers(), authorization: token, 'content-type': form.contentType },
    payload: form.body,
  });
}

describe('operator review', () => {
  it('approves once when two approvals race, and audits the one that applied', async () => {
    const { reviewer: r } = await reviewer();
    const { withdrawal } = await pendingWithdrawal(ctx);
    const before = audits.length;
    const results = await Promise.allSettled([
      approveWithdrawal(ctx.db, audit, r, withdrawal.id),
      approveWithdrawal(ctx.db, audit, r, withdrawal.id),
    ]);
    expect(results.filter((x) => x.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((x) => x.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason.code).toBe('withdrawal_state_invalid');
    expect(audits.slice(before)).toEqual([
      expect.objectContaining({
        action: 'withdrawal.approve',
        targetId: withdrawal.id,
        after: expect.objectContaining({ status: 'approved' }),
      }),
    ]);
  });

  it('pays once: double mark-paid in parallel moves the hold to the payout account once', async () => {
    const { brand, reviewer: r } = await reviewer();
    const { withdrawal } = await pendingWithdrawal(ctx, '400.00');
    await approveWithdrawal(ctx.db, audit, r, withdrawal.id);
    const hold = await withdrawalHoldAccount(ctx.db, brand);
    const payout = await payoutAccount(ctx.db, brand);
    const [holdBefore, payoutBefore] = [
      await accountBalance(ctx.db, hold.id),
      await accountBalance(ctx.db, payout.id),
    ];
    const results = await Promise.allSettled(
      Array.from({ length: 3 }, () => markWithdrawalPaid(ctx.db, audit, r, brand, withdrawal.id)),
    );
    expect(results.filter((x) => x.status === 'fulfilled')).toHaveLength(1);
    expect(await accountBalance(ctx.db, hold.id)).toBe(holdBefore - 40_000n);
    expect(await accountBalance(ctx.db, payout.id)).toBe(payoutBefore + 40_000n);
  });

  it('cannot pay a withdrawal that was not approved', async () => {
    const { brand, reviewer: r } = await reviewer();
    const { withdrawal } = await pendingWithdrawal(ctx);
    await expect(markWithdrawalPaid(ctx.db, audit, r, brand, withdrawal.id)).rejects.toMatchObject({
      code: 'withdrawal_state_invalid',
    });
  });

  it('returns the held amount exactly once when rejected twice in parallel', async () => {
    const { brand, reviewer: r } = await reviewer();
    const { member, withdrawal } = await pendingWithdrawal(ctx, '700.00', 100_000n);
    expect(await mainBalance(ctx, member)).toBe(30_000n);
    const results = await Promise.allSettled([
      rejectWithdrawal(ctx.db, audit, r, brand, withdrawal.id, 'name mismatch'),
      rejectWithdrawal(ctx.db, audit, r, brand, withdrawal.id, 'name mismatch'),
    ]);
    expect(results.filter((x) => x.status === 'fulfilled')).toHaveLength(1);
    expect(await mainBalance(ctx, member)).toBe(100_000n);
    const again = await rejectWithdrawal(ctx.db, audit, r, brand, withdrawal.id, 'again').catch(
      (e) => e.code,
    );
    expect(again).toBe('withdrawal_state_invalid');
    expect(await mainBalance(ctx, member)).toBe(100_000n);
    const paid = await markWithdrawalPaid(ctx.db, audit, r, brand, withdrawal.id).catch((e) => e.code);
    expect(paid).toBe('withdrawal_state_invalid');
  });

  it('refuses a withdrawal of another brand as not found', async () => {
    const { reviewer: r } = await reviewer();
    const { withdrawal } = await pendingWithdrawal(ctx);
    const stranger = { ...r, brandId: '999999' };
    await expect(approveWithdrawal(ctx.db, audit, stranger, withdrawal.id)).rejects.toMatchObject({
      code: 'withdrawal_not_found',
    });
  });
});

describe('member confirmation after payment', () => {
  it('confirms received once', async () => {
    const { member, withdrawal } = await paidWithdrawal();
    const url = `/wps/member/withdrawals/${withdrawal.id}/received`;
    const first = await memberCall(member.token, url);
    expect(first.body.value).toMatchObject({ status: 'received', confirmation: 'received' });
    const second = await memberCall(member.token, url);
    expect(second.body.errorCode).toBe('withdrawal_state_invalid');
  });

  it('records a partial amount; refuses amounts not below the withdrawal; an operator refunds the rest', async () => {
    const { brand, reviewer: r } = await reviewer();
    const { member, withdrawal } = await paidWithdrawal('500.00');
    const url = `/wps/member/withdrawals/${withdrawal.id}/partial`;
    expect((await memberCall(member.token, url, { receivedAmount: '500.00' })).body.errorCode).toBe(
      'received_amount_invalid',
    );
    const partial = await memberCall(member.token, url, { receivedAmount: '350.00' });
    expect(partial.body.value).toMatchObject({ status: 'partial', receivedAmount: '350.00' });
    expect((await memberCall(member.token, url, { receivedAmount: '100.00' })).body.errorCode).toBe(
      'withdrawal_state_invalid',
    );
    const balance = await mainBalance(ctx, member);
    const results = await Promise.allSettled([
      resolveWithdrawal(ctx.db, audit, r, brand, withdrawal.id, 'refund'),
      resolveWithdrawal(ctx.db, audit, r, brand, withdrawal.id, 'refund'),
    ]);
    expect(results.filter((x) => x.status === 'fulfilled')).toHaveLength(1);
    expect(await mainBalance(ctx, member)).toBe(balance + 15_000n);
  });

  it('reports not received with a proof image (checked by its bytes); an operator forces receipt', async () => {
    const { brand, reviewer: r } = await reviewer();
    const { member, withdrawal } = await paidWithdrawal();
    const fake = await notReceived(member.token, withdrawal.id, Buffer.from('GIF89a not really'));
    expect(fake.body.errorCode).toBe('upload_type_invalid');
    const filesBefore = (await listFiles(ctx.uploadDir)).filter((f) => f.startsWith('withdrawal-proof'));
    const res = await notReceived(member.token, withdrawal.id, PNG);
    expect(res.body.value).toMatchObject({ status: 'disputed', confirmation: 'not_received' });
    const filesAfter = (await listFiles(ctx.uploadDir)).filter((f) => f.startsWith('withdrawal-proof'));
    expect(filesAfter.length).toBe(filesBefore.length + 1);
    const twice = await notReceived(member.token, withdrawal.id, PNG);
    expect(twice.body.errorCode).toBe('withdrawal_state_invalid');
    expect((await listFiles(ctx.uploadDir)).filter((f) => f.startsWith('withdrawal-proof'))).toHaveLength(
      filesAfter.length,
    );
    const balance = await mainBalance(ctx, member);
    const forced = await resolveWithdrawal(ctx.db, audit, r, brand, withdrawal.id, 'forced_receipt');
    expect(forced).toMatchObject({ status: 'received', confirmation: 'forced' });
    expect(await mainBalance(ctx, member)).toBe(balance);
  });

  it("refuses another member's confirmation", async () => {
    const { withdrawal } = await paidWithdrawal();
    const other = await pendingWithdrawal(ctx);
    const res = await memberCall(other.member.token, `/wps/member/withdrawals/${withdrawal.id}/received`);
    expect(res.body.errorCode).toBe('withdrawal_not_found');
  });

  it('counts paid as received at once when the brand does not ask members to confirm', async () => {
    const { brand, reviewer: r } = await reviewer();
    const { withdrawal } = await pendingWithdrawal(ctx);
    await approveWithdrawal(ctx.db, audit, r, withdrawal.id);
    await upsertSettings(ctx.db, brand.id, { ...DEFAULT_WITHDRAW_SETTINGS, confirmationRequired: false });
    try {
      const row = await markWithdrawalPaid(ctx.db, audit, r, brand, withdrawal.id);
      expect(row).toMatchObject({ status: 'received', confirmation: 'not_required' });
    } finally {
      await upsertSettings(ctx.db, brand.id, DEFAULT_WITHDRAW_SETTINGS);
    }
  });
});

describe('auto-receipt job', () => {
  it('marks paid withdrawals received after the brand minutes, not before, and only once', async () => {
    const { withdrawal } = await paidWithdrawal();
    const row = await ctx.db
      .selectFrom('withdrawals')
      .select('paid_at')
      .where('id', '=', withdrawal.id)
      .executeTakeFirstOrThrow();
    const paidAt = (row.paid_at as Date).getTime();
    await autoConfirmWithdrawals(ctx.db, new Date(paidAt + 59 * 60_000));
    const early = await ctx.db
      .selectFrom('withdrawals')
      .select('status')
      .where('id', '=', withdrawal.id)
      .executeTakeFirstOrThrow();
    expect(early.status).toBe('paid');
    const later = new Date(paidAt + 61 * 60_000);
    const [a, b] = await Promise.all([
      autoConfirmWithdrawals(ctx.db, later),
      autoConfirmWithdrawals(ctx.db, later),
    ]);
    expect(a + b).toBeGreaterThanOrEqual(1);
    const done = await ctx.db
      .selectFrom('withdrawals')
      .select(['status', 'confirmation'])
      .where('id', '=', withdrawal.id)
      .executeTakeFirstOrThrow();
    expect(done).toEqual({ status: 'received', confirmation: 'auto' });
  });

  it('runs a job under a lease that a second process cannot take meanwhile', async () => {
    const job = { name: `test_${randomUUID()}`, pattern: '* * * * *', leaseSeconds: 50, run: async () => 7 };
    const now = new Date();
    expect(await runJob(ctx.db, job, now)).toBe(7);
    expect(await runJob(ctx.db, job, new Date(now.getTime() + 10_000))).toBeNull();
    expect(await claimLease(ctx.db, job, new Date(now.getTime() + 51_000))).toBe(true);
    expect(PLATFORM_JOBS.map((j) => j.name)).toContain('withdrawal_auto_receipt');
    expect(new Set(PLATFORM_JOBS.map((j) => j.name)).size).toBe(PLATFORM_JOBS.length);
  });
});

describe('withdrawal hold', () => {
  it('holds exactly the amounts of the pending and approved withdrawals after all of the above', async () => {
    const { brand } = await reviewer();
    const hold = await withdrawalHoldAccount(ctx.db, brand);
    const open = await ctx.db
      .selectFrom('withdrawals')
      .select(['amount'])
      .where('brand_id', '=', brand.id)
      .where('status', 'in', ['pending', 'approved'])
      .execute();
    const expected = open.reduce((sum, row) => sum + BigInt(row.amount), 0n);
    expect(open.length).toBeGreaterThan(0);
    expect(await accountBalance(ctx.db, hold.id)).toBe(expected);
  });
});
