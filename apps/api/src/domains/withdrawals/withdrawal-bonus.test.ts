import { randomUUID } from 'node:crypto';
import type { MemberPromotion } from '@lotus/contracts/promotions';
import { WITHDRAW_RELAY } from '@lotus/contracts/withdrawals';
import { describe, expect, it } from 'vitest';
import { sealed } from '../../../test/members.ts';
import { reconcileAfterEach } from '../../../test/money.ts';
import { backOfficeTeam } from '../../../test/operators.ts';
import { call, headers, setupTestApp } from '../../../test/support.ts';
import { addCard, mainBalance, memberWithFunds } from '../../../test/withdrawals.ts';
import { passwordCheckUrl } from '../members/funds-password.ts';

const ctx = setupTestApp();
reconcileAfterEach(ctx);
const team = backOfficeTeam(ctx);

describe('withdrawal request with a bonus in wagering (promotions)', () => {
  it('is refused with bonus_wagering_active until the member confirms, which forfeits the bonus once', async () => {
    const created = await team.bo<{ id: string }>('marketing', 'POST', '/bo/v1/promotions', {
      titleEn: 'Welcome bonus',
      status: 'active',
      startsAt: new Date(Date.now() - 60_000).toISOString(),
      endsAt: new Date(Date.now() + 86_400_000).toISOString(),
      frequency: 'once',
      rules: {},
      rewardKind: 'fixed',
      rewardAmount: '50.00',
      wageringMultiplier: 10,
      wageringIncludesDeposit: false,
      contributions: { RNG: 100 },
      expiryDays: 7,
      needsApproval: false,
      asksContact: false,
    });
    const m = await memberWithFunds(ctx, { funds: 100_000n });
    const auth = { ...headers(), authorization: m.token };
    const applied = await call<MemberPromotion>(ctx.app, {
      method: 'POST',
      url: `/wps/promotions/${created.body.value.id}/apply`,
      headers: auth,
      payload: {},
    });
    const claimed = await call<MemberPromotion>(ctx.app, {
      method: 'POST',
      url: `/wps/promotions/rewards/${applied.body.value.id}/claim`,
      headers: auth,
      payload: {},
    });
    expect(claimed.body.value).toMatchObject({ state: 'process', lockedAmount: '50.00' });
    const card = await addCard(ctx, m);
    const ask = (forfeitBonus?: boolean) =>
      sealed(
        ctx,
        passwordCheckUrl(WITHDRAW_RELAY),
        {
          fundsPassword: '246810',
          amount: '200.00',
          bankCardId: card.body.value.id,
          clientRequestId: randomUUID(),
          ...(forfeitBonus === undefined ? {} : { forfeitBonus }),
        },
        { token: m.token, ip: m.ip },
      );
    const refused = await ask();
    expect(refused.body).toMatchObject({ success: false, errorCode: 'bonus_wagering_active' });
    expect((await ask(false)).body.errorCode).toBe('bonus_wagering_active');
    expect(await mainBalance(ctx, m)).toBe(105_000n);
    expect((await ask(true)).body).toMatchObject({ success: true });
    // 1,050.00 - 50.00 forfeited - 200.00 held.
    expect(await mainBalance(ctx, m)).toBe(80_000n);
    expect((await ask()).body).toMatchObject({ success: true });
    expect(await mainBalance(ctx, m)).toBe(60_000n);
  });
});
