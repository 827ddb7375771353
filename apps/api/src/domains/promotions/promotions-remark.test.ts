import { randomUUID } from 'node:crypto';
import type { AdminMemberPromotions, AdminPromotion, MemberPromotion } from '@lotus/contracts/promotions';
import { describe, expect, it } from 'vitest';
import { type SignedInMember, signedInMember } from '../../../test/factories.ts';
import { backOfficeTeam } from '../../../test/operators.ts';
import { call, headers, setupTestApp } from '../../../test/support.ts';

/** The activity remark of a promotion application (spec §5: at most 140 characters). */
const ctx = setupTestApp({ rateLimits: { promotionActions: { max: 10_000, timeWindow: 60_000 } } });
const team = backOfficeTeam(ctx);

async function approvalPromotion(): Promise<AdminPromotion> {
  const res = await team.bo<AdminPromotion>('marketing', 'POST', '/bo/v1/promotions', {
    titleEn: `Remark ${randomUUID().slice(0, 8)}`,
    titleMs: 'Promosi',
    titleCn: '优惠',
    contentEn: '<p>Rules</p>',
    status: 'active',
    startsAt: new Date(Date.now() - 3_600_000).toISOString(),
    endsAt: new Date(Date.now() + 86_400_000).toISOString(),
    frequency: 'once',
    rules: {},
    rewardKind: 'fixed',
    rewardAmount: '10.00',
    wageringMultiplier: 0,
    wageringIncludesDeposit: false,
    contributions: { RNG: 100, LIVE: 10, LOTT: 0, ELOTT: 0 },
    expiryDays: 7,
    needsApproval: true,
    asksContact: false,
  });
  expect(res.body).toMatchObject({ success: true });
  return res.body.value;
}

const apply = (m: SignedInMember, id: string, payload: object) =>
  call<MemberPromotion>(ctx.app, {
    method: 'POST',
    url: `/wps/promotions/${id}/apply`,
    headers: { ...headers(), authorization: m.token },
    payload,
  });

const member = () => signedInMember(ctx, { prefix: 'rk' });

async function queue(): Promise<AdminMemberPromotions['items']> {
  const res = await team.bo<AdminMemberPromotions>(
    'marketing',
    'GET',
    '/bo/v1/promotions/records?state=applying',
  );
  expect(res.body).toMatchObject({ success: true });
  return res.body.value.items;
}

describe('activity remark on a promotion application', () => {
  it('goes with the application to the approval queue, trimmed, and back to the member', async () => {
    const p = await approvalPromotion();
    const m = await member();
    // 140 characters that are not all one UTF-16 unit each: code points count, as the spec's limit.
    const remark = `${'🎰'.repeat(70)}${'好'.repeat(70)}`;
    const res = await apply(m, p.id, { remark });
    expect(res.body).toMatchObject({ success: true, value: { state: 'applying', remark } });
    const queued = (await queue()).find((r) => r.id === res.body.value.id);
    expect(queued).toMatchObject({ username: m.username, remark });
    const padded = await apply(await member(), (await approvalPromotion()).id, {
      remark: '  paid by bank  ',
    });
    expect(padded.body).toMatchObject({ success: true, value: { remark: 'paid by bank' } });
  });

  it('is optional: an application without a body at all still applies', async () => {
    const p = await approvalPromotion();
    const m = await member();
    const res = await call<MemberPromotion>(ctx.app, {
      method: 'POST',
      url: `/wps/promotions/${p.id}/apply`,
      headers: { ...headers(), authorization: m.token },
    });
    expect(res.body).toMatchObject({ success: true, value: { state: 'applying', remark: null } });
  });

  it('is optional: none, empty or blanks keep no remark', async () => {
    for (const payload of [{}, { remark: '' }, { remark: '   ' }]) {
      const p = await approvalPromotion();
      const res = await apply(await member(), p.id, payload);
      expect(res.body, JSON.stringify(payload)).toMatchObject({ success: true, value: { remark: null } });
    }
  });

  it('refuses 141 characters, a NUL or an escape, and other fields, applying nothing', async () => {
    const p = await approvalPromotion();
    const m = await member();
    for (const payload of [
      { remark: 'x'.repeat(141) },
      { remark: 'a\u0000b' },
      { remark: 'a\u001bb' },
      { remark: 42 },
      { remark: 'ok', bonusAmount: '999.00' },
    ]) {
      const res = await apply(m, p.id, payload);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(res.body.errorCode).toBe('request_param_err');
    }
    expect((await queue()).filter((r) => r.promotionId === p.id)).toEqual([]);
    // The same member may still apply afterwards: nothing was kept by the refusals.
    expect((await apply(m, p.id, { remark: 'Deposited by bank transfer' })).body).toMatchObject({
      success: true,
      value: { remark: 'Deposited by bank transfer' },
    });
  });

  it("keeps another member's remark out of a member's records", async () => {
    const p = await approvalPromotion();
    const [a, b] = [await member(), await member()];
    await apply(a, p.id, { remark: 'private note of a' });
    const res = await call<{ items: MemberPromotion[] }>(ctx.app, {
      method: 'GET',
      url: '/wps/promotions/rewards/mine',
      headers: { ...headers(), authorization: b.token },
    });
    expect(JSON.stringify(res.body)).not.toContain('private note of a');
  });
});
