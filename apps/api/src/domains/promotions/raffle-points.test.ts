import { randomUUID } from 'node:crypto';
import type {
  AdminPromotion,
  MemberPromotion,
  MemberPromotions,
  RaffleDraw,
} from '@lotus/contracts/promotions';
import { describe, expect, it } from 'vitest';
import { mainBalance, type SignedInMember, signedInMember } from '../../../test/factories.ts';
import { reconcileAfterEach } from '../../../test/money.ts';
import { backOfficeTeam } from '../../../test/operators.ts';
import { call, headers, setupTestApp } from '../../../test/support.ts';
import { memberPoints } from '../points/points-ledger.repository.ts';

// Raffle prizes of points (migration 0045): drawn like money prizes, credited to the member's points
// ledger exactly once (key raffle:<ticket>:points), shown in the reward centre and the builder.

const ctx = setupTestApp({ rateLimits: { promotionActions: { max: 10_000, timeWindow: 60_000 } } });
reconcileAfterEach(ctx);
const team = backOfficeTeam(ctx);

type Prize = Record<string, unknown>;

function raffle(prizes: Prize[]) {
  return {
    titleEn: `Points raffle ${randomUUID().slice(0, 8)}`,
    status: 'active',
    startsAt: new Date(Date.now() - 3_600_000).toISOString(),
    endsAt: new Date(Date.now() + 86_400_000).toISOString(),
    frequency: 'once',
    rules: {},
    rewardKind: 'raffle',
    rafflePrizes: prizes,
    wageringMultiplier: 3,
    wageringIncludesDeposit: false,
    contributions: { RNG: 100 },
    expiryDays: 7,
    needsApproval: false,
    asksContact: false,
  };
}

const createRaw = (prizes: Prize[]) =>
  team.bo<AdminPromotion>('marketing', 'POST', '/bo/v1/promotions', raffle(prizes));

async function create(prizes: Prize[]): Promise<AdminPromotion> {
  const res = await createRaw(prizes);
  expect(res.body).toMatchObject({ success: true });
  return res.body.value;
}

function post<T>(m: SignedInMember, url: string, payload: object = {}) {
  return call<T>(ctx.app, {
    method: 'POST',
    url,
    headers: { ...headers(), authorization: m.token },
    payload,
  });
}
const draw = (m: SignedInMember, id: string) =>
  post<RaffleDraw>(m, '/wps/relay/MCS2_claimRafflePromotion', { id });

async function ticket(m: SignedInMember, promotionId: string): Promise<string> {
  const res = await post<MemberPromotion>(m, `/wps/promotions/${promotionId}/apply`);
  expect(res.body.value).toMatchObject({ state: 'issued', raffle: true, prize: null, prizePoints: null });
  return res.body.value.id;
}

async function mine(m: SignedInMember, id: string): Promise<MemberPromotion | undefined> {
  const res = await call<MemberPromotions>(ctx.app, {
    method: 'GET',
    url: '/wps/promotions/rewards/mine',
    headers: { ...headers(), authorization: m.token },
  });
  return res.body.value.items.find((r) => r.id === id);
}

const points = (m: SignedInMember) => memberPoints(ctx.db, m.brand.id, m.id);

describe('raffle points prizes', () => {
  it('credits the points once (no money, no wagering), shown in the draw, reward centre and builder', async () => {
    const p = await create([{ nameEn: '500 points', kind: 'points', points: '500', weight: 1, stock: 3 }]);
    expect(p.rafflePrizes).toMatchObject([
      { nameEn: '500 points', kind: 'points', points: '500', amount: '0.00', stock: 3, remaining: 3 },
    ]);
    const m = await signedInMember(ctx, { prefix: 'rp' });
    const id = await ticket(m, p.id);
    const balance = await mainBalance(ctx, m);
    const before = await points(m);

    // 10 draws of one ticket at once: one wins, the points are credited once.
    const answers = await Promise.all(Array.from({ length: 10 }, () => draw(m, id)));
    const won = answers.filter((a) => a.body.success);
    expect(won).toHaveLength(1);
    expect(
      answers.filter((a) => !a.body.success).every((a) => a.body.errorCode === 'promotion_state_invalid'),
    ).toBe(true);
    expect(won[0]?.body.value).toMatchObject({
      prize: '500 points',
      prizeKind: 'points',
      points: '500',
      amount: '0.00',
      state: 'claimed',
    });
    expect(await points(m)).toBe(before + 500n);
    expect(await mainBalance(ctx, m)).toBe(balance);
    expect(await mine(m, id)).toMatchObject({
      state: 'claimed',
      prize: '500 points',
      prizePoints: '500',
      bonusAmount: '0.00',
      wageringRequired: '0.00',
      lockedAmount: '0.00',
    });
    const entries = await ctx.db
      .selectFrom('points_entries')
      .select(['kind', 'category'])
      .where('brand_id', '=', m.brand.id)
      .where('idempotency_key', '=', `raffle:${id}:points`)
      .execute();
    expect(entries).toEqual([{ kind: 'earn', category: 'PROMOTION' }]);
    // The points statement names the movement as a promotion's.
    const statement = await call<{ items: { pointType: string; points: string }[] }>(ctx.app, {
      method: 'GET',
      url: '/wps/relay/ODSFE2_MemTransDet',
      headers: { ...headers(), authorization: m.token },
    });
    expect(statement.body.value.items[0]).toMatchObject({ pointType: 'promotion', points: '500' });
  });

  it("a member cannot draw another member's ticket; the other's points stay", async () => {
    const p = await create([{ nameEn: 'Points', kind: 'points', points: '7', weight: 1, stock: 5 }]);
    const owner = await signedInMember(ctx, { prefix: 'rp' });
    const thief = await signedInMember(ctx, { prefix: 'rp' });
    const id = await ticket(owner, p.id);
    expect((await draw(thief, id)).body.errorCode).toBe('promotion_not_found');
    expect(await points(thief)).toBe(0n);
    expect((await draw(owner, id)).body.value).toMatchObject({ points: '7' });
    expect(await points(owner)).toBe(7n);
  });

  it('mixes money and points prizes; stock runs out exactly', async () => {
    const p = await create([
      { nameEn: 'Cash', amount: '2.00', weight: 1, stock: 1 },
      { nameEn: 'Points', kind: 'points', points: '30', weight: 1, stock: 1 },
    ]);
    const members = await Promise.all(Array.from({ length: 3 }, () => signedInMember(ctx, { prefix: 'rp' })));
    const tickets = await Promise.all(members.map((m) => ticket(m, p.id)));
    const answers = await Promise.all(members.map((m, i) => draw(m, tickets[i] as string)));
    expect(answers.filter((a) => a.body.success)).toHaveLength(2);
    expect(answers.filter((a) => a.body.errorCode === 'promotion_raffle_sold_out')).toHaveLength(1);
    const kinds = answers.filter((a) => a.body.success).map((a) => a.body.value.prizeKind);
    expect(kinds.sort()).toEqual(['money', 'points']);
    const cash = answers.find((a) => a.body.value?.prizeKind === 'money');
    // Money keeps its wagering: 2.00 x 3 in process.
    expect(cash?.body.value).toMatchObject({ amount: '2.00', points: '0', state: 'process' });
    const totalPoints = (await Promise.all(members.map(points))).reduce((s, n) => s + n, 0n);
    expect(totalPoints).toBe(30n);
  });

  it('refuses invalid prizes: no points, points with an amount, overflowing points, money without amount, NUL bytes', async () => {
    const bad: Prize[][] = [
      [{ nameEn: 'P', kind: 'points', weight: 1, stock: 1 }],
      [{ nameEn: 'P', kind: 'points', points: '10', amount: '1.00', weight: 1, stock: 1 }],
      [{ nameEn: 'P', kind: 'points', points: '1000000000000', weight: 1, stock: 1 }],
      [{ nameEn: 'P', kind: 'points', points: '99999999999999999999999', weight: 1, stock: 1 }],
      [{ nameEn: 'P', kind: 'points', points: '0', weight: 1, stock: 1 }],
      [{ nameEn: 'P', kind: 'points', points: '-5', weight: 1, stock: 1 }],
      [{ nameEn: 'P', kind: 'points', points: '1.5', weight: 1, stock: 1 }],
      [{ nameEn: 'P', kind: 'money', weight: 1, stock: 1 }],
      [{ nameEn: 'P', kind: 'money', amount: '1.00', points: '5', weight: 1, stock: 1 }],
      [{ nameEn: 'P', kind: 'gems', points: '5', weight: 1, stock: 1 }],
      [{ nameEn: 'P\u0000x', kind: 'points', points: '5', weight: 1, stock: 1 }],
      [{ nameEn: 'P', amount: '99999999999999999999.00', weight: 1, stock: 1 }],
    ];
    for (const prizes of bad) {
      const res = await createRaw(prizes);
      expect(res.body.success, JSON.stringify(prizes)).toBe(false);
      expect(['promotion_invalid', 'request_param_err']).toContain(res.body.errorCode);
    }
    // The largest points prize is accepted.
    const max = await create([
      { nameEn: 'Max', kind: 'points', points: '999999999999', weight: 1, stock: 1 },
    ]);
    expect(max.rafflePrizes[0]).toMatchObject({ kind: 'points', points: '999999999999' });
  });
});
