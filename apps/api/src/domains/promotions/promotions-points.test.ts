import type {
  AdminMemberPromotion,
  AdminPromotion,
  MemberPromotion,
  MemberPromotions,
  PromotionCards,
  PromotionDetail,
  PromotionPreview,
} from '@lotus/contracts/promotions';
import { describe, expect, it } from 'vitest';
import { mainBalance, type SignedInMember, signedInMember } from '../../../test/factories.ts';
import { memberGet, memberPost } from '../../../test/games.ts';
import { reconcileAfterEach } from '../../../test/money.ts';
import { backOfficeTeam } from '../../../test/operators.ts';
import { createPromotion, promotionBody } from '../../../test/promotions.ts';
import { setupTestApp } from '../../../test/support.ts';
import { memberPoints } from '../points/points-ledger.repository.ts';

// Reward kind points (issue 15, migration 0046): a promotion gives whole points, credited to the
// member's points ledger once (key promotion:<record>:points) when claimed, or when an operator
// approves a promotion that needs approval; no bonus money, no wagering.

const ctx = setupTestApp({ rateLimits: { promotionActions: { max: 10_000, timeWindow: 60_000 } } });
reconcileAfterEach(ctx);
const team = backOfficeTeam(ctx);

const pointsPromotion = (overrides: object = {}) =>
  promotionBody('Points', { rewardKind: 'points', rewardPoints: '750', wageringMultiplier: 5, ...overrides });
const create = (overrides: object = {}): Promise<AdminPromotion> =>
  createPromotion(team, pointsPromotion(overrides));

const post = <T>(m: SignedInMember, url: string, payload: object = {}) => memberPost<T>(ctx, url, m, payload);
const get = <T>(m: SignedInMember, url: string) => memberGet<T>(ctx, url, m);
const apply = (m: SignedInMember, id: string) => post<MemberPromotion>(m, `/wps/promotions/${id}/apply`);
const claim = (m: SignedInMember, id: string) =>
  post<MemberPromotion>(m, `/wps/promotions/rewards/${id}/claim`);
const points = (m: SignedInMember) => memberPoints(ctx.db, m.brand.id, m.id);

async function entriesOf(m: SignedInMember, recordId: string) {
  return ctx.db
    .selectFrom('points_entries')
    .select(['kind', 'category'])
    .where('brand_id', '=', m.brand.id)
    .where('idempotency_key', '=', `promotion:${recordId}:points`)
    .execute();
}

async function promotionCount(brandId: string): Promise<number> {
  const row = await ctx.db
    .selectFrom('promotions')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('brand_id', '=', brandId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('points rewards', () => {
  it('claiming credits the points once: no money, no wagering, shown on the card, detail, reward centre and statement', async () => {
    const p = await create();
    expect(p).toMatchObject({ rewardKind: 'points', rewardPoints: '750', rewardAmount: '0.00' });
    const m = await signedInMember(ctx, { prefix: 'pp' });
    const cards = await get<PromotionCards>(m, '/wps/promotions');
    expect(cards.body.value.items.find((c) => c.id === p.id)).toMatchObject({
      rewardKind: 'points',
      rewardPoints: '750',
    });
    expect((await get<PromotionDetail>(m, `/wps/promotions/${p.id}`)).body.value).toMatchObject({
      rewardKind: 'points',
      rewardPoints: '750',
    });
    const applied = await apply(m, p.id);
    expect(applied.body.value).toMatchObject({
      state: 'issued',
      rewardPoints: '750',
      bonusAmount: '0.00',
      wageringRequired: '0.00',
    });
    const id = applied.body.value.id;
    const balance = await mainBalance(ctx, m);
    const before = await points(m);
    expect(await entriesOf(m, id)).toEqual([]);

    const claimed = await claim(m, id);
    expect(claimed.body.value).toMatchObject({
      state: 'claimed',
      rewardPoints: '750',
      bonusAmount: '0.00',
      wageringRequired: '0.00',
      lockedAmount: '0.00',
      prizePoints: null,
    });
    expect(await points(m)).toBe(before + 750n);
    expect(await mainBalance(ctx, m)).toBe(balance);
    expect(await entriesOf(m, id)).toEqual([{ kind: 'earn', category: 'PROMOTION' }]);
    // A second claim is refused and credits nothing more.
    expect((await claim(m, id)).body.errorCode).toBe('promotion_state_invalid');
    expect(await points(m)).toBe(before + 750n);

    const mine = await get<MemberPromotions>(m, '/wps/promotions/rewards/mine');
    expect(mine.body.value.items.find((r) => r.id === id)).toMatchObject({
      state: 'claimed',
      rewardPoints: '750',
    });
    const statement = await get<{ items: { pointType: string; points: string; reference: string }[] }>(
      m,
      '/wps/relay/ODSFE2_MemTransDet',
    );
    expect(statement.body.value.items[0]).toMatchObject({
      pointType: 'promotion',
      points: '750',
      reference: `promotion:${p.id}:record:${id}`,
    });
    // No bonus money moved for the record.
    const money = await ctx.db
      .selectFrom('journal_entries')
      .select('id')
      .where('idempotency_key', 'like', `promotion:${id}:%`)
      .execute();
    expect(money).toEqual([]);
  });

  it('8 parallel claims of one record credit once', async () => {
    const p = await create({ rewardPoints: '40' });
    const m = await signedInMember(ctx, { prefix: 'pp' });
    const id = (await apply(m, p.id)).body.value.id;
    const answers = await Promise.all(Array.from({ length: 8 }, () => claim(m, id)));
    expect(answers.filter((a) => a.body.success)).toHaveLength(1);
    expect(
      answers.filter((a) => !a.body.success).every((a) => a.body.errorCode === 'promotion_state_invalid'),
    ).toBe(true);
    expect(await points(m)).toBe(40n);
    expect(await entriesOf(m, id)).toHaveLength(1);
  });

  it("a member cannot claim another member's points record", async () => {
    const p = await create({ rewardPoints: '9' });
    const owner = await signedInMember(ctx, { prefix: 'pp' });
    const thief = await signedInMember(ctx, { prefix: 'pp' });
    const id = (await apply(owner, p.id)).body.value.id;
    expect((await claim(thief, id)).body.errorCode).toBe('promotion_not_found');
    expect((await claim(thief, '999999999')).body.errorCode).toBe('promotion_not_found');
    expect(await points(thief)).toBe(0n);
    expect(await points(owner)).toBe(0n);
  });

  it('a promotion needing approval is issued on approval, once, even when operators approve at once, and credits on the claim', async () => {
    const p = await create({ rewardPoints: '300', needsApproval: true });
    const m = await signedInMember(ctx, { prefix: 'pp' });
    const applied = await apply(m, p.id);
    expect(applied.body.value).toMatchObject({ state: 'applying', rewardPoints: '300' });
    const id = applied.body.value.id;
    // Not claimable before the approval; nothing credited.
    expect((await claim(m, id)).body.errorCode).toBe('promotion_state_invalid');
    expect(await points(m)).toBe(0n);
    const decisions = await Promise.all(
      (['marketing', 'finance', 'marketing', 'finance'] as const).map((role) =>
        team.bo<AdminMemberPromotion>(role, 'POST', `/bo/v1/promotions/records/${id}/approve`, {}),
      ),
    );
    expect(decisions.filter((d) => d.body.success)).toHaveLength(1);
    expect(
      decisions.filter((d) => !d.body.success).every((d) => d.body.errorCode === 'promotion_state_invalid'),
    ).toBe(true);
    expect(decisions.find((d) => d.body.success)?.body.value).toMatchObject({
      state: 'issued',
      rewardPoints: '300',
    });
    expect(await points(m)).toBe(0n);
    const claims = await Promise.all([claim(m, id), claim(m, id), claim(m, id)]);
    expect(claims.filter((c) => c.body.success)).toHaveLength(1);
    expect(await points(m)).toBe(300n);
    expect(await entriesOf(m, id)).toEqual([{ kind: 'earn', category: 'PROMOTION' }]);
    expect((await claim(m, id)).body.errorCode).toBe('promotion_state_invalid');
    expect(await points(m)).toBe(300n);
    // A rejected application credits nothing.
    const other = await signedInMember(ctx, { prefix: 'pp' });
    const rid = (await apply(other, p.id)).body.value.id;
    const rejected = await team.bo('marketing', 'POST', `/bo/v1/promotions/records/${rid}/reject`, {
      reason: 'no',
    });
    expect(rejected.body.success).toBe(true);
    expect(await points(other)).toBe(0n);
  });

  it('refuses invalid points (0, negative, fractional, huge, NUL, missing, on another kind) and stores nothing', async () => {
    const m = await signedInMember(ctx, { prefix: 'pp' });
    const before = await promotionCount(m.brand.id);
    const bad: object[] = [
      { rewardPoints: '0' },
      { rewardPoints: '-5' },
      { rewardPoints: '1.5' },
      { rewardPoints: '1000000000000' },
      { rewardPoints: '99999999999999999999999' },
      { rewardPoints: '12\u0000' },
      { rewardPoints: '\u0000' },
      { rewardPoints: ' 12' },
      { rewardPoints: 12 },
      { rewardPoints: undefined },
      { rewardKind: 'fixed', rewardAmount: '5.00', rewardPoints: '10' },
    ];
    for (const overrides of bad) {
      const res = await team.bo('marketing', 'POST', '/bo/v1/promotions', pointsPromotion(overrides));
      expect(res.body.success, JSON.stringify(overrides)).toBe(false);
      expect(['promotion_invalid', 'request_param_err']).toContain(res.body.errorCode);
      const preview = await team.bo('marketing', 'POST', '/bo/v1/promotions/preview', {
        promotion: pointsPromotion(overrides),
      });
      expect(preview.body.success, JSON.stringify(overrides)).toBe(false);
    }
    expect(await promotionCount(m.brand.id)).toBe(before);
    // An existing promotion changed to invalid points keeps its points.
    const p = await create({ rewardPoints: '5' });
    const changed = await team.bo('marketing', 'PUT', `/bo/v1/promotions/${p.id}`, {
      ...pointsPromotion({ rewardPoints: '0' }),
    });
    expect(changed.body.success).toBe(false);
    const row = await ctx.db
      .selectFrom('promotions')
      .select(['reward_points', 'reward_kind'])
      .where('id', '=', p.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ reward_points: '5', reward_kind: 'points' });
    // The largest points reward is accepted, and the preview names the points.
    expect((await create({ rewardPoints: '999999999999' })).rewardPoints).toBe('999999999999');
    const preview = await team.bo<PromotionPreview>('marketing', 'POST', '/bo/v1/promotions/preview', {
      promotion: pointsPromotion({ rewardPoints: '25' }),
      depositAmount: '100',
    });
    expect(preview.body.value).toEqual({
      bonusAmount: '0.00',
      wageringRequired: '0.00',
      lockedAmount: '0.00',
      rewardPoints: '25',
    });
  });

  it('the database refuses a points promotion without points', async () => {
    const p = await create({ rewardPoints: '5' });
    await expect(
      ctx.db.updateTable('promotions').set({ reward_points: '0' }).where('id', '=', p.id).execute(),
    ).rejects.toThrow();
  });
});
