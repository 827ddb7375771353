import { randomUUID } from 'node:crypto';
import { AGENT_TYPES, TRIAL_TYPE } from '@lotus/contracts/accounts';
import type {
  BankCardList,
  Withdrawal,
  WithdrawalPage,
  WithdrawSettings,
} from '@lotus/contracts/withdrawals';
import { describe, expect, it } from 'vitest';
import { oneUtcDay } from '../../../test/days.ts';
import { getWithToken, sealed } from '../../../test/members.ts';
import { reconcileAfterEach } from '../../../test/money.ts';
import { call, countRows, headers, setupTestApp } from '../../../test/support.ts';
import {
  addCard,
  demoBrand,
  FUNDS_PASSWORD,
  mainBalance,
  memberWithFunds,
  randomAccountNumber,
  transferUpline,
  withdraw,
} from '../../../test/withdrawals.ts';
import { accountBalance } from '../wallet/ledger.repository.ts';
import { upsertSettings } from './withdrawal.repository.ts';
import { DEFAULT_WITHDRAW_SETTINGS, withdrawalHoldAccount } from './withdrawal.service.ts';

const ctx = setupTestApp({
  throttle: { fundsPasswordPerAccount: { points: 3, seconds: 900 } },
});
reconcileAfterEach(ctx);

async function holdBalance(): Promise<bigint> {
  const brand = await demoBrand(ctx);
  return accountBalance(ctx.db, (await withdrawalHoldAccount(ctx.db, brand)).id);
}

describe('bank cards', () => {
  it('adds, lists masked, and removes a card; trial accounts are refused', async () => {
    const m = await memberWithFunds(ctx);
    const added = await addCard(ctx, m, '1234 5678-9012');
    expect(added.body).toMatchObject({ success: true });
    expect(added.body.value.accountNumber).toBe('**** 9012');
    const list = await getWithToken<BankCardList>(ctx, '/wps/member/bankCards', m.token);
    expect(list.body.value.cards).toHaveLength(1);
    expect(list.body.value.cards[0]).toMatchObject({ bankName: 'Maybank', accountNumber: '**** 9012' });
    expect(JSON.stringify(list.body)).not.toContain('123456789012');

    const removed = await call(ctx.app, {
      method: 'DELETE',
      url: `/wps/member/bankCards/${added.body.value.id}`,
      headers: { ...headers(), authorization: m.token },
    });
    expect(removed.body.value).toBe(true);
    const after = await getWithToken<BankCardList>(ctx, '/wps/member/bankCards', m.token);
    expect(after.body.value.cards).toHaveLength(0);

    const trial = await memberWithFunds(ctx, { isAgent: TRIAL_TYPE });
    const refused = await addCard(ctx, trial);
    expect(refused.body.errorCode).toBe('trial_account_restricted');
  });

  it('refuses invalid fields, a duplicate account number and more than the maximum', async () => {
    const m = await memberWithFunds(ctx);
    const before = await countRows(ctx.db, 'bank_cards');
    const bad = await sealed(
      ctx,
      '/wps/member/bankCards',
      { bankName: 'Maybank', accountHolderName: '<script>', accountNumber: '12ab', password: 'Secret123' },
      { token: m.token, ip: m.ip },
    );
    expect(bad.body.errorCode).toBe('bank_card_invalid');
    expect(await countRows(ctx.db, 'bank_cards')).toBe(before);

    const number = randomAccountNumber();
    expect((await addCard(ctx, m, number)).body.success).toBe(true);
    expect((await addCard(ctx, m, number)).body.errorCode).toBe('bank_card_duplicate');
    const other = await memberWithFunds(ctx);
    expect((await addCard(ctx, other, number)).body.errorCode).toBe('bank_card_duplicate');

    const results = await Promise.all(Array.from({ length: 6 }, () => addCard(ctx, m)));
    expect(results.filter((r) => r.body.success)).toHaveLength(DEFAULT_WITHDRAW_SETTINGS.maxBankCards - 1);
    expect(results.filter((r) => r.body.errorCode === 'bank_card_limit')).toHaveLength(2);
  });

  it("cannot see or remove another member's card", async () => {
    const owner = await memberWithFunds(ctx);
    const card = await addCard(ctx, owner);
    const intruder = await memberWithFunds(ctx);
    const list = await getWithToken<BankCardList>(ctx, '/wps/member/bankCards', intruder.token);
    expect(list.body.value.cards).toEqual([]);
    const removed = await call(ctx.app, {
      method: 'DELETE',
      url: `/wps/member/bankCards/${card.body.value.id}`,
      headers: { ...headers(), authorization: intruder.token },
    });
    expect(removed.body.errorCode).toBe('bank_card_not_found');
    const still = await getWithToken<BankCardList>(ctx, '/wps/member/bankCards', owner.token);
    expect(still.body.value.cards).toHaveLength(1);
  });
});

describe('MCSFE_getWithdrawSettings', () => {
  it('answers the brand defaults as decimal strings, then its own settings', async () => {
    const m = await memberWithFunds(ctx);
    const res = await getWithToken<WithdrawSettings>(ctx, '/wps/relay/MCSFE_getWithdrawSettings', m.token);
    expect(res.body.value).toMatchObject({
      minimumAmount: '100.00',
      maximumAmount: '50000.00',
      currency: 'MYR',
    });
    const post = await call<WithdrawSettings>(ctx.app, {
      method: 'POST',
      url: '/wps/relay/MCSFE_getWithdrawSettings',
      headers: { ...headers(), authorization: m.token },
    });
    expect(post.body.value.autoReceiptMinutes).toBe(60);
  });
});

describe('funds password on passwordCheck relays', () => {
  it('refuses a wrong password and moves nothing', async () => {
    const m = await memberWithFunds(ctx, { funds: 100_000n });
    const card = await addCard(ctx, m);
    const res = await withdraw(ctx, m, {
      amount: '200.00',
      bankCardId: card.body.value.id,
      fundsPassword: '999999',
    });
    expect(res.body.errorCode).toBe('funds_password_wrong');
    expect(await mainBalance(ctx, m)).toBe(100_000n);
  });

  it('asks a member without a funds password to set one', async () => {
    const m = await memberWithFunds(ctx, { funds: 100_000n, fundsPassword: null });
    const card = await addCard(ctx, m);
    const res = await withdraw(ctx, m, { amount: '200.00', bankCardId: card.body.value.id });
    expect(res.body.errorCode).toBe('funds_password_required');
    expect(await mainBalance(ctx, m)).toBe(100_000n);
  });

  it('throttles guessing per member, even the right password afterwards', async () => {
    const m = await memberWithFunds(ctx, { funds: 100_000n });
    const card = await addCard(ctx, m);
    for (let i = 0; i < 3; i += 1) {
      const wrong = await withdraw(ctx, m, {
        amount: '200.00',
        bankCardId: card.body.value.id,
        fundsPassword: `00000${i}`,
      });
      expect(wrong.body.errorCode).toBe('funds_password_wrong');
    }
    const throttled = await withdraw(ctx, m, { amount: '200.00', bankCardId: card.body.value.id });
    expect(throttled.status).toBe(429);
    expect(throttled.body.errorCode).toBe('TOO_MANY_REQUESTS');
    expect(await mainBalance(ctx, m)).toBe(100_000n);
  });

  it('refuses a plain (unsealed) body', async () => {
    const m = await memberWithFunds(ctx, { funds: 100_000n });
    const res = await call(ctx.app, {
      method: 'POST',
      url: '/wps/relay/passwordCheck/MCSFE_applyWithdraw',
      headers: { ...headers(), authorization: m.token },
      payload: {
        fundsPassword: FUNDS_PASSWORD,
        amount: '200',
        bankCardId: '1',
        clientRequestId: randomUUID(),
      },
    });
    expect(res.body.errorCode).toBe('request_body_required');
  });
});

describe('withdrawal request', () => {
  it('holds the amount: main wallet -> withdrawal hold, one entry', async () => {
    const m = await memberWithFunds(ctx, { funds: 100_000n });
    const card = await addCard(ctx, m);
    const holdBefore = await holdBalance();
    const res = await withdraw(ctx, m, { amount: '250.50', bankCardId: card.body.value.id });
    expect(res.body.value).toMatchObject({
      amount: '250.50',
      status: 'pending',
      accountNumber: expect.stringMatching(/^\*{4} \d{4}$/),
    });
    expect(await mainBalance(ctx, m)).toBe(100_000n - 25_050n);
    expect(await holdBalance()).toBe(holdBefore + 25_050n);
    const entry = await ctx.db
      .selectFrom('journal_entries')
      .select(['kind'])
      .where('idempotency_key', '=', `withdrawal:${res.body.value.id}:hold`)
      .executeTakeFirst();
    expect(entry?.kind).toBe('withdrawal_hold');
  });

  it('refuses amounts outside the minimum and maximum, and bad amounts', async () => {
    const m = await memberWithFunds(ctx, { funds: 10_000_000n });
    const card = await addCard(ctx, m);
    const id = card.body.value.id;
    expect((await withdraw(ctx, m, { amount: '99.99', bankCardId: id })).body.errorCode).toBe(
      'withdraw_amount_below_minimum',
    );
    expect((await withdraw(ctx, m, { amount: '50000.01', bankCardId: id })).body.errorCode).toBe(
      'withdraw_amount_above_maximum',
    );
    expect((await withdraw(ctx, m, { amount: '100.001', bankCardId: id })).body.errorCode).toBe(
      'amount_invalid',
    );
    expect((await withdraw(ctx, m, { amount: '50000.00', bankCardId: id })).body.success).toBe(true);
    expect(await mainBalance(ctx, m)).toBe(10_000_000n - 5_000_000n);
  });

  it('refuses insufficient balance with nothing stored', async () => {
    const m = await memberWithFunds(ctx, { funds: 15_000n });
    const card = await addCard(ctx, m);
    const before = await countRows(ctx.db, 'withdrawals');
    const res = await withdraw(ctx, m, { amount: '150.01', bankCardId: card.body.value.id });
    expect(res.body.errorCode).toBe('insufficient_balance');
    expect(await countRows(ctx.db, 'withdrawals')).toBe(before);
    expect(await mainBalance(ctx, m)).toBe(15_000n);
  });

  it('makes one withdrawal of a double click (same client request id, in parallel)', async () => {
    const m = await memberWithFunds(ctx, { funds: 100_000n });
    const card = await addCard(ctx, m);
    const clientRequestId = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 3 }, () =>
        withdraw(ctx, m, { amount: '300.00', bankCardId: card.body.value.id, clientRequestId }),
      ),
    );
    const ids = new Set(answers.map((a) => a.body.value.id));
    expect(ids.size).toBe(1);
    expect(await mainBalance(ctx, m)).toBe(70_000n);
    const mismatch = await withdraw(ctx, m, {
      amount: '301.00',
      bankCardId: card.body.value.id,
      clientRequestId,
    });
    expect(mismatch.body.errorCode).toBe('idempotency_mismatch');
  });

  it(
    'stops at the daily count limit; a card of another member is not found',
    oneUtcDay(async () => {
      const brand = await demoBrand(ctx);
      const m = await memberWithFunds(ctx, { funds: 1_000_000n });
      const card = await addCard(ctx, m);
      const other = await memberWithFunds(ctx);
      const otherCard = await addCard(ctx, other);
      expect(
        (await withdraw(ctx, m, { amount: '100.00', bankCardId: otherCard.body.value.id })).body.errorCode,
      ).toBe('bank_card_not_found');
      await upsertSettings(ctx.db, brand.id, { ...DEFAULT_WITHDRAW_SETTINGS, dailyCountLimit: 2 });
      // The brand's count applies where the member's VIP level sets none (withdrawal-vip.test.ts).
      const levelZero = ctx.db
        .updateTable('vip_levels')
        .where('brand_id', '=', brand.id)
        .where('level', '=', 0);
      await levelZero.set({ withdraw_daily_count: 0 }).execute();
      try {
        const answers = await Promise.all(
          Array.from({ length: 3 }, () =>
            withdraw(ctx, m, { amount: '100.00', bankCardId: card.body.value.id }),
          ),
        );
        expect(answers.filter((a) => a.body.success)).toHaveLength(2);
        expect(answers.filter((a) => a.body.errorCode === 'withdraw_daily_limit')).toHaveLength(1);
        expect(await mainBalance(ctx, m)).toBe(1_000_000n - 20_000n);
      } finally {
        await upsertSettings(ctx.db, brand.id, DEFAULT_WITHDRAW_SETTINGS);
        await levelZero.set({ withdraw_daily_count: 3 }).execute();
      }
    }),
  );

  it("lists only the member's own withdrawals", async () => {
    const m = await memberWithFunds(ctx, { funds: 100_000n });
    const card = await addCard(ctx, m);
    await withdraw(ctx, m, { amount: '100.00', bankCardId: card.body.value.id });
    await withdraw(ctx, m, { amount: '200.00', bankCardId: card.body.value.id });
    const other = await memberWithFunds(ctx);
    const mine = await getWithToken<WithdrawalPage>(ctx, '/wps/member/withdrawals?page=1&size=1', m.token);
    expect(mine.body.value).toMatchObject({ total: 2, page: 1, size: 1 });
    expect(mine.body.value.items[0]?.amount).toBe('200.00');
    const theirs = await getWithToken<WithdrawalPage>(ctx, '/wps/member/withdrawals', other.token);
    expect(theirs.body.value.total).toBe(0);
    const touch = await call<Withdrawal>(ctx.app, {
      method: 'POST',
      url: `/wps/member/withdrawals/${mine.body.value.items[0]?.id}/received`,
      headers: { ...headers(), authorization: other.token },
    });
    expect(touch.body.errorCode).toBe('withdrawal_not_found');
  });
});

describe('transferUpline', () => {
  it("moves funds to the upline agent's main wallet once per client request id", async () => {
    const agent = await memberWithFunds(ctx, { isAgent: AGENT_TYPES.agent });
    const m = await memberWithFunds(ctx, { funds: 50_000n, uplineUsername: agent.username });
    const info = await getWithToken<{ hasUpline: boolean; uplineAccount: string }>(
      ctx,
      '/wps/member/upline',
      m.token,
    );
    expect(info.body.value).toEqual({ hasUpline: true, uplineAccount: agent.username });
    const clientRequestId = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 3 }, () => transferUpline(ctx, m, { amount: '120.25', clientRequestId })),
    );
    expect(new Set(answers.map((a) => a.body.value.id)).size).toBe(1);
    expect(answers[0]?.body.value).toMatchObject({ amount: '120.25', uplineAccount: agent.username });
    expect(await mainBalance(ctx, m)).toBe(50_000n - 12_025n);
    expect(await mainBalance(ctx, agent)).toBe(12_025n);
  });

  it('refuses a member without an upline, a wrong funds password and insufficient funds', async () => {
    const lonely = await memberWithFunds(ctx, { funds: 50_000n });
    expect((await transferUpline(ctx, lonely, { amount: '10.00' })).body.errorCode).toBe('upline_not_found');
    const agent = await memberWithFunds(ctx, { isAgent: AGENT_TYPES.agent });
    const m = await memberWithFunds(ctx, { funds: 1_000n, uplineUsername: agent.username });
    expect((await transferUpline(ctx, m, { amount: '5.00', fundsPassword: '000000' })).body.errorCode).toBe(
      'funds_password_wrong',
    );
    expect((await transferUpline(ctx, m, { amount: '10.01' })).body.errorCode).toBe('insufficient_balance');
    expect(await countRows(ctx.db, 'upline_transfers')).toBeGreaterThanOrEqual(0);
    const stored = await ctx.db
      .selectFrom('upline_transfers')
      .select('id')
      .where('member_id', '=', m.id)
      .execute();
    expect(stored).toEqual([]);
    expect(await mainBalance(ctx, m)).toBe(1_000n);
    expect(await mainBalance(ctx, agent)).toBe(0n);
  });
});
