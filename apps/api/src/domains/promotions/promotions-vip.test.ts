import type { AdminPromotion, MemberPromotion } from '@lotus/contracts/promotions';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { brandOf, mainBalance, type SignedInMember, signedInMember } from '../../../test/factories.ts';
import { memberPost } from '../../../test/games.ts';
import { reconcileAfterEach } from '../../../test/money.ts';
import { backOfficeTeam } from '../../../test/operators.ts';
import { createPromotion, promotionBody } from '../../../test/promotions.ts';
import { setupTestApp } from '../../../test/support.ts';

// The VIP-level rule of a promotion (who qualifies: level at least N, or one of a list), read
// through the vip domain's published memberVipLevel on apply and again on claim.

const ctx = setupTestApp({ rateLimits: { promotionActions: { max: 10_000, timeWindow: 60_000 } } });
reconcileAfterEach(ctx);
const team = backOfficeTeam(ctx);

const promotion = (rules: object, overrides: object = {}) =>
  promotionBody('VIP promo', { rules, rewardKind: 'fixed', rewardAmount: '10.00', ...overrides });
const create = (rules: object, overrides: object = {}): Promise<AdminPromotion> =>
  createPromotion(team, promotion(rules, overrides));

async function memberAt(level: number): Promise<SignedInMember> {
  const m = await signedInMember(ctx, { prefix: 'pv' });
  await setLevel(m, level);
  return m;
}

async function setLevel(m: SignedInMember, level: number) {
  const brand = await brandOf(ctx, 'DEMO');
  await sql`insert into vip_members (brand_id, member_id, level) values (${brand.id}, ${m.id}, ${level})
    on conflict (brand_id, member_id) do update set level = excluded.level`.execute(ctx.db);
}

const post = (m: SignedInMember, url: string) => memberPost<MemberPromotion>(ctx, url, m, {});
const apply = (m: SignedInMember, id: string) => post(m, `/wps/promotions/${id}/apply`);
const claim = (m: SignedInMember, id: string) => post(m, `/wps/promotions/rewards/${id}/claim`);

describe('VIP-level rule', () => {
  it('level at least N: below is refused, N and above qualify', async () => {
    const p = await create({ vipLevelMin: 3 });
    expect(p.rules.vipLevelMin).toBe(3);
    expect((await apply(await memberAt(0), p.id)).body.errorCode).toBe('promotion_not_qualified');
    expect((await apply(await memberAt(2), p.id)).body.errorCode).toBe('promotion_not_qualified');
    expect((await apply(await memberAt(3), p.id)).body).toMatchObject({
      success: true,
      value: { state: 'issued' },
    });
    expect((await apply(await memberAt(6), p.id)).body.success).toBe(true);
  });

  it('one of a list of levels; combined with a minimum both must hold', async () => {
    const listed = await create({ vipLevels: [4, 1] });
    expect(listed.rules.vipLevels).toEqual([1, 4]);
    expect((await apply(await memberAt(1), listed.id)).body.success).toBe(true);
    expect((await apply(await memberAt(4), listed.id)).body.success).toBe(true);
    expect((await apply(await memberAt(3), listed.id)).body.errorCode).toBe('promotion_not_qualified');
    expect((await apply(await memberAt(0), listed.id)).body.errorCode).toBe('promotion_not_qualified');
    const both = await create({ vipLevels: [1, 4], vipLevelMin: 2 });
    expect((await apply(await memberAt(1), both.id)).body.errorCode).toBe('promotion_not_qualified');
    expect((await apply(await memberAt(4), both.id)).body.success).toBe(true);
  });

  it('a member who left the levels after applying cannot claim until back on them; the claim pays once', async () => {
    const p = await create({ vipLevelMin: 2 });
    const m = await memberAt(2);
    const applied = await apply(m, p.id);
    expect(applied.body.success).toBe(true);
    const before = await mainBalance(ctx, m);
    await setLevel(m, 1);
    expect((await claim(m, applied.body.value.id)).body.errorCode).toBe('promotion_not_qualified');
    expect(await mainBalance(ctx, m)).toBe(before);
    await setLevel(m, 2);
    const claims = await Promise.all([claim(m, applied.body.value.id), claim(m, applied.body.value.id)]);
    expect(claims.filter((c) => c.body.success)).toHaveLength(1);
    expect(await mainBalance(ctx, m)).toBe(before + 1_000n);
  });

  it('the builder refuses a level out of range, an empty or repeated list (400, nothing stored)', async () => {
    for (const rules of [
      { vipLevelMin: -1 },
      { vipLevelMin: 100 },
      { vipLevels: [] },
      { vipLevels: [2, 2] },
      { vipLevels: ['x'] },
    ]) {
      const res = await team.bo('marketing', 'POST', '/bo/v1/promotions', promotion(rules));
      expect(res.status, JSON.stringify(rules)).toBe(400);
    }
  });
});
