import { randomUUID } from 'node:crypto';
import {
  type MemberWithdrawSettings,
  WITHDRAW_RELAY,
  type WithdrawSettings,
} from '@lotus/contracts/withdrawals';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { addDays, oneUtcDay, utcDay } from '../../../test/days.ts';
import { getWithToken, sealed } from '../../../test/members.ts';
import { reconcileAfterEach } from '../../../test/money.ts';
import { setupTestApp } from '../../../test/support.ts';
import {
  addCard,
  demoBrand,
  FUNDS_PASSWORD,
  mainBalance,
  memberWithFunds,
  type SignedIn,
  withdraw,
} from '../../../test/withdrawals.ts';
import { passwordCheckUrl } from '../members/funds-password.ts';
import { rejectWithdrawal } from './review.service.ts';
import { countToday, listQueue, sumToday, upsertSettings } from './withdrawal.repository.ts';
import { DEFAULT_WITHDRAW_SETTINGS } from './withdrawal.service.ts';

// The VIP level's daily withdrawal limits (published by the vip domain's vipWithdrawalLimits) are
// enforced by the withdrawal request, under the member's row lock.

const ctx = setupTestApp();
reconcileAfterEach(ctx);

let nextLevel = 1;

/**
 * Puts the member on a level of the demo ladder (1 to 6 in turn, so that a test run again at midnight
 * still finds one) with the given daily limits (minor units).
 */
async function onLevel(m: SignedIn, limits: { count: number; max: bigint }): Promise<number> {
  const brand = await demoBrand(ctx);
  const level = nextLevel;
  nextLevel = (nextLevel % 6) + 1;
  await ctx.db
    .updateTable('vip_levels')
    .set({ withdraw_daily_count: limits.count, withdraw_daily_max: limits.max.toString() })
    .where('brand_id', '=', brand.id)
    .where('level', '=', level)
    .execute();
  await sql`insert into vip_members (brand_id, member_id, level) values (${brand.id}, ${m.id}, ${level})
    on conflict (brand_id, member_id) do update set level = excluded.level`.execute(ctx.db);
  return level;
}

describe('VIP withdrawal limits', () => {
  it(
    'refuses past the level’s daily total and count, with the catalogue’s translated codes',
    oneUtcDay(async () => {
      const m = await memberWithFunds(ctx, { funds: 1_000_000n });
      const card = (await addCard(ctx, m)).body.value.id;
      await onLevel(m, { count: 2, max: 50_000n });

      const settings = await getWithToken<WithdrawSettings>(
        ctx,
        '/wps/relay/MCSFE_getWithdrawSettings',
        m.token,
      );
      expect(settings.body.value).toMatchObject({ dailyCountLimit: 2, dailyAmountLimit: '500.00' });

      expect((await withdraw(ctx, m, { amount: '300.00', bankCardId: card })).body.success).toBe(true);
      const over = await sealed(
        ctx,
        passwordCheckUrl(WITHDRAW_RELAY),
        { fundsPassword: FUNDS_PASSWORD, amount: '200.01', bankCardId: card, clientRequestId: randomUUID() },
        { token: m.token, ip: m.ip, language: 'MS' },
      );
      expect(over.body).toMatchObject({ success: false, errorCode: 'withdraw_daily_amount_limit' });
      expect(over.body.message).toContain('tahap VIP');
      expect((await withdraw(ctx, m, { amount: '200.00', bankCardId: card })).body.success).toBe(true);
      const third = await withdraw(ctx, m, { amount: '100.00', bankCardId: card });
      expect(third.body.errorCode).toBe('withdraw_daily_limit');
      expect(await mainBalance(ctx, m)).toBe(1_000_000n - 50_000n);
    }),
  );

  it(
    'the settings show what today used of the limits and what remains, per member, rejected ones not counted',
    oneUtcDay(async () => {
      const brand = await demoBrand(ctx);
      const m = await memberWithFunds(ctx, { funds: 1_000_000n });
      const other = await memberWithFunds(ctx, { funds: 1_000_000n });
      const card = (await addCard(ctx, m)).body.value.id;
      const otherCard = (await addCard(ctx, other)).body.value.id;
      await onLevel(m, { count: 3, max: 100_000n });
      const read = async (who: SignedIn) =>
        (await getWithToken<MemberWithdrawSettings>(ctx, '/wps/relay/MCSFE_getWithdrawSettings', who.token))
          .body.value;

      expect(await read(m)).toMatchObject({
        dailyCountLimit: 3,
        dailyAmountLimit: '1000.00',
        dailyCountUsed: 0,
        dailyAmountUsed: '0.00',
        dailyCountRemaining: 3,
        dailyAmountRemaining: '1000.00',
      });
      const first = await withdraw(ctx, m, { amount: '300.00', bankCardId: card });
      expect(first.body.success).toBe(true);
      expect((await withdraw(ctx, m, { amount: '250.50', bankCardId: card })).body.success).toBe(true);
      // Another member's withdrawals never count for this member.
      expect((await withdraw(ctx, other, { amount: '900.00', bankCardId: otherCard })).body.success).toBe(
        true,
      );
      expect(await read(m)).toMatchObject({
        dailyCountUsed: 2,
        dailyAmountUsed: '550.50',
        dailyCountRemaining: 1,
        dailyAmountRemaining: '449.50',
      });
      const reviewer = { id: '1', brandId: brand.id, ip: '10.0.0.1' };
      await rejectWithdrawal(ctx.db, async () => {}, reviewer, brand, first.body.value.id, 'name mismatch');
      expect(await read(m)).toMatchObject({
        dailyCountUsed: 1,
        dailyAmountUsed: '250.50',
        dailyCountRemaining: 2,
      });
    }),
  );

  it('a level without a daily amount shows no remaining amount (null), the brand’s count remains', async () => {
    const m = await memberWithFunds(ctx, { funds: 1_000_000n });
    await onLevel(m, { count: 0, max: 0n });
    const value = (
      await getWithToken<MemberWithdrawSettings>(ctx, '/wps/relay/MCSFE_getWithdrawSettings', m.token)
    ).body.value;
    expect(value).toMatchObject({
      dailyCountLimit: DEFAULT_WITHDRAW_SETTINGS.dailyCountLimit,
      dailyAmountLimit: '0.00',
      dailyAmountRemaining: null,
      dailyCountRemaining: DEFAULT_WITHDRAW_SETTINGS.dailyCountLimit,
    });
  });

  it(
    'lets 5 parallel requests pass the daily total only as far as it goes (real locks)',
    oneUtcDay(async () => {
      const m = await memberWithFunds(ctx, { funds: 1_000_000n });
      const card = (await addCard(ctx, m)).body.value.id;
      await onLevel(m, { count: 10, max: 100_000n });
      // Five at once: the funds password takes 5 attempts of one account at a time (each counts
      // until it succeeds), so a sixth concurrent request may be refused TOO_MANY_REQUESTS.
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => withdraw(ctx, m, { amount: '300.00', bankCardId: card })),
      );
      const codes = JSON.stringify(answers.map((a) => a.body.errorCode));
      expect(
        answers.filter((a) => a.body.success),
        codes,
      ).toHaveLength(3);
      expect(
        answers.filter((a) => a.body.errorCode === 'withdraw_daily_amount_limit'),
        codes,
      ).toHaveLength(2);
      expect(await mainBalance(ctx, m)).toBe(1_000_000n - 90_000n);
    }),
  );

  it(
    'lets 5 parallel requests pass the level’s daily count only as far as it goes',
    oneUtcDay(async () => {
      const m = await memberWithFunds(ctx, { funds: 1_000_000n });
      const card = (await addCard(ctx, m)).body.value.id;
      await onLevel(m, { count: 2, max: 0n });
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => withdraw(ctx, m, { amount: '100.00', bankCardId: card })),
      );
      expect(answers.filter((a) => a.body.success)).toHaveLength(2);
      expect(answers.filter((a) => a.body.errorCode === 'withdraw_daily_limit')).toHaveLength(3);
      expect(await mainBalance(ctx, m)).toBe(1_000_000n - 20_000n);
    }),
  );

  it(
    'a level without a count falls back to the brand’s; a rejected withdrawal no longer counts',
    oneUtcDay(async () => {
      const brand = await demoBrand(ctx);
      const m = await memberWithFunds(ctx, { funds: 1_000_000n });
      const card = (await addCard(ctx, m)).body.value.id;
      await onLevel(m, { count: 0, max: 30_000n });
      await upsertSettings(ctx.db, brand.id, { ...DEFAULT_WITHDRAW_SETTINGS, dailyCountLimit: 1 });
      try {
        const first = await withdraw(ctx, m, { amount: '300.00', bankCardId: card });
        expect(first.body.success).toBe(true);
        expect((await withdraw(ctx, m, { amount: '100.00', bankCardId: card })).body.errorCode).toBe(
          'withdraw_daily_limit',
        );
        const reviewer = { id: '1', brandId: brand.id, ip: '10.0.0.1' };
        await rejectWithdrawal(ctx.db, async () => {}, reviewer, brand, first.body.value.id, 'name mismatch');
        // The rejected 300.00 counts neither for the count nor for the total.
        const again = await withdraw(ctx, m, { amount: '300.00', bankCardId: card });
        expect(again.body.success).toBe(true);
      } finally {
        await upsertSettings(ctx.db, brand.id, DEFAULT_WITHDRAW_SETTINGS);
      }
    }),
  );

  it(
    'counts the day in UTC whatever time zone the database session has (a limit resets at UTC midnight)',
    oneUtcDay(async () => {
      const brand = await demoBrand(ctx);
      const m = await memberWithFunds(ctx, { funds: 1_000_000n });
      const card = (await addCard(ctx, m)).body.value.id;
      await onLevel(m, { count: 10, max: 0n });
      const lastNight = await withdraw(ctx, m, { amount: '100.00', bankCardId: card });
      const thisMorning = await withdraw(ctx, m, { amount: '250.00', bankCardId: card });
      // One a second before this UTC day began, one at its first instant.
      const day = utcDay();
      const midnight = new Date(`${day}T00:00:00Z`);
      const at = async (id: string, time: Date) =>
        sql`update withdrawals set created_at = ${time} where id = ${id}`.execute(ctx.db);
      await at(lastNight.body.value.id, new Date(midnight.getTime() - 1000));
      await at(thisMorning.body.value.id, midnight);
      // UTC+14, UTC-12 and UTC: at any hour at least one of them is on another day than UTC.
      for (const zone of ['Pacific/Kiritimati', 'Etc/GMT+12', 'UTC']) {
        const seen = await ctx.db.transaction().execute(async (trx) => {
          await sql`select set_config('TimeZone', ${zone}, true)`.execute(trx);
          const list = async (from: string, to: string) =>
            (
              await listQueue(trx, brand.id, { username: m.username, from, to }, { limit: 10, offset: 0 })
            ).rows.map((r) => r.id);
          return {
            count: await countToday(trx, brand.id, m.id),
            sum: await sumToday(trx, brand.id, m.id),
            today: await list(day, day),
            yesterday: await list(addDays(day, -1), addDays(day, -1)),
          };
        });
        expect({ zone, ...seen }).toEqual({
          zone,
          count: 1,
          sum: 25_000n,
          today: [thisMorning.body.value.id],
          yesterday: [lastNight.body.value.id],
        });
      }
    }),
  );
});
