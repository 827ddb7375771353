import type { ConsolidatedFunds, TransactionHistoryPage } from '@lotus/contracts/wallet';
import { describe, expect, it } from 'vitest';
import { bankTransfer } from '../../../test/deposits.ts';
import { getWithToken } from '../../../test/members.ts';
import { reconcileAfterEach } from '../../../test/money.ts';
import { setupTestApp } from '../../../test/support.ts';
import { pendingWithdrawal } from '../../../test/withdrawals.ts';

/** Consolidated funds and the account record next to deposits and withdrawals in flight. */
const ctx = setupTestApp();
reconcileAfterEach(ctx);

describe('money in flight', () => {
  it('shows a held withdrawal and a pending deposit outside the sum, and the hold in the record', async () => {
    const { member } = await pendingWithdrawal(ctx, '300.00', 100_000n);
    const declared = await bankTransfer(ctx, member, { amount: '125.50' });
    expect(declared.body.success).toBe(true);
    const funds = await getWithToken<ConsolidatedFunds>(
      ctx,
      '/wps/member/info/funds/consolidated',
      member.token,
    );
    expect(funds.body.value).toMatchObject({
      main: '700.00',
      sumBalance: '700.00',
      pendingWithdrawals: '300.00',
      pendingDeposits: '125.50',
    });
    const record = await getWithToken<TransactionHistoryPage>(ctx, '/wps/member/transactions', member.token);
    expect(record.body.value.items.map((i) => [i.type, i.amount, i.balanceAfter])).toEqual([
      ['withdrawal', '-300.00', '700.00'],
      ['adjustment', '1000.00', '1000.00'],
    ]);
  });
});
