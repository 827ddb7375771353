import type {
  AdminPromotion,
  MemberPromotion,
  MemberPromotions,
  PromotionDetail,
  RaffleDraw,
} from '@lotus/contracts/promotions';
import { describe, expect, it } from 'vitest';
import { mainBalance, type SignedInMember, signedInMember } from '../../../test/factories.ts';
import { memberGet, memberPost } from '../../../test/games.ts';
import { reconcileAfterEach } from '../../../test/money.ts';
import { backOfficeTeam } from '../../../test/operators.ts';
import { createPromotion, promotionBody } from '../../../test/promotions.ts';
import { setupTestApp } from '../../../test/support.ts';
import { sha256Hex } from '../../lib/hashing.ts';
import { memberPoints } from '../points/points-ledger.repository.ts';
import { pickPrize, rollOf } from './raffle.service.ts';

// MCS2_claimRafflePromotion: provably fair raffle draws (committed seed hash, revealed after the
// end), prizes by weight within their stock, each ticket drawn and paid once.

const ctx = setupTestApp({ rateLimits: { promotionActions: { max: 10_000, timeWindow: 60_000 } } });
reconcileAfterEach(ctx);
const team = backOfficeTeam(ctx);

type Prize = {
  nameEn: string;
  amount?: string;
  weight: number;
  stock: number;
  nameCn?: string;
  kind?: string;
  points?: string;
};

const raffle = (prizes: Prize[], overrides: object = {}) =>
  promotionBody('Raffle', { rewardKind: 'raffle', rafflePrizes: prizes, ...overrides });
const create = (prizes: Prize[], overrides: object = {}): Promise<AdminPromotion> =>
  createPromotion(team, raffle(prizes, overrides));

const post = <T>(m: SignedInMember, url: string, payload: object = {}, language = 'EN') =>
  memberPost<T>(ctx, url, m, payload, 'DEMO', language);
const get = <T>(m: SignedInMember, url: string) => memberGet<T>(ctx, url, m);
const draw = (m: SignedInMember, id: string, clientSeed?: string, language = 'EN') =>
  post<RaffleDraw>(
    m,
    '/wps/relay/MCS2_claimRafflePromotion',
    clientSeed === undefined ? { id } : { id, clientSeed },
    language,
  );

async function ticket(m: SignedInMember, promotionId: string): Promise<string> {
  const res = await post<MemberPromotion>(m, `/wps/promotions/${promotionId}/apply`);
  expect(res.body.value).toMatchObject({ state: 'issued', raffle: true, prize: null, prizePoints: null });
  return res.body.value.id;
}

const detail = (m: SignedInMember, id: string) => get<PromotionDetail>(m, `/wps/promotions/${id}`);

describe('raffle promotions', () => {
  it('draws a prize checkable against the committed seed once revealed, shown in the reward centre', async () => {
    const p = await create([
      { nameEn: 'Gold coin', nameCn: '金币', amount: '50.00', weight: 1, stock: 5 },
      { nameEn: 'Silver coin', amount: '5.00', weight: 9, stock: 100 },
    ]);
    expect(p.rafflePrizes).toMatchObject([
      { nameEn: 'Gold coin', amount: '50.00', weight: 1, stock: 5, remaining: 5 },
      { nameEn: 'Silver coin', amount: '5.00', weight: 9, stock: 100, remaining: 100 },
    ]);
    const m = await signedInMember(ctx, { prefix: 'rf' });
    const before = (await detail(m, p.id)).body.value.raffle;
    expect(before?.seedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(before?.serverSeed).toBeNull();

    const id = await ticket(m, p.id);
    // The ordinary claim does not pay a raffle ticket: it is drawn.
    expect((await post(m, `/wps/promotions/rewards/${id}/claim`)).body.errorCode).toBe(
      'promotion_state_invalid',
    );
    const balance = await mainBalance(ctx, m);
    const drawn = await draw(m, id, 'lucky-7', 'CN');
    expect(drawn.body.success).toBe(true);
    const d = drawn.body.value;
    expect(d).toMatchObject({
      ticket: id,
      clientSeed: 'lucky-7',
      seedHash: before?.seedHash,
      state: 'claimed',
    });
    expect(['金币', 'Silver coin']).toContain(d.prize);
    const amount = d.prize === '金币' ? 5_000n : 500n;
    expect(await mainBalance(ctx, m)).toBe(balance + amount);

    const mine = await get<MemberPromotions>(m, '/wps/promotions/rewards/mine');
    expect(mine.body.value.items.find((r) => r.id === id)).toMatchObject({
      state: 'claimed',
      raffle: true,
      prize: d.prize === '金币' ? 'Gold coin' : 'Silver coin',
      bonusAmount: d.amount,
    });

    // After the end the seed is revealed and every part of the draw can be checked.
    await ctx.db
      .updateTable('promotions')
      .set({ ends_at: new Date(Date.now() - 1000) })
      .where('id', '=', p.id)
      .execute();
    const after = (await detail(m, p.id)).body.value.raffle;
    const seed = after?.serverSeed ?? '';
    expect(sha256Hex(seed)).toBe(before?.seedHash);
    expect(rollOf(seed, id, 'lucky-7')).toBe(d.roll);
    expect(pickPrize(d.roll, d.available)).toBe(d.prizeId);
    expect(after?.prizes.reduce((n, x) => n + x.remaining, 0)).toBe(104);
  });

  it('picks by running sums of the weights of the prizes in stock', () => {
    const available = [
      { prizeId: 'a', weight: 1 },
      { prizeId: 'b', weight: 3 },
    ];
    expect(pickPrize(`${(0).toString(16).padStart(13, '0')}ff`, available)).toBe('a');
    expect(pickPrize(`${(1).toString(16).padStart(13, '0')}ff`, available)).toBe('b');
    expect(pickPrize(`${(3).toString(16).padStart(13, '0')}ff`, available)).toBe('b');
    expect(pickPrize(`${(4).toString(16).padStart(13, '0')}ff`, available)).toBe('a');
    expect(pickPrize('f'.repeat(64), [])).toBeNull();
  });

  it('parallel draws of one ticket pay once; a drawn ticket is not drawn again', async () => {
    const p = await create([{ nameEn: 'Ten', amount: '10.00', weight: 1, stock: 50 }]);
    const m = await signedInMember(ctx, { prefix: 'rf' });
    const id = await ticket(m, p.id);
    const balance = await mainBalance(ctx, m);
    const answers = await Promise.all(Array.from({ length: 6 }, () => draw(m, id)));
    expect(answers.filter((a) => a.body.success)).toHaveLength(1);
    expect(answers.filter((a) => a.body.errorCode === 'promotion_state_invalid')).toHaveLength(5);
    expect(await mainBalance(ctx, m)).toBe(balance + 1_000n);
    const draws = await ctx.db
      .selectFrom('promotion_raffle_draws')
      .select('roll')
      .where('record_id', '=', id)
      .execute();
    expect(draws).toHaveLength(1);
    expect((await draw(m, id)).body.errorCode).toBe('promotion_state_invalid');
  });

  it('stock is never passed: members racing for the last prizes, the others are told it is sold out', async () => {
    const p = await create([{ nameEn: 'Phone', amount: '20.00', weight: 1, stock: 2 }]);
    const members = await Promise.all(Array.from({ length: 4 }, () => signedInMember(ctx, { prefix: 'rf' })));
    const tickets = await Promise.all(members.map((m) => ticket(m, p.id)));
    const answers = await Promise.all(members.map((m, i) => draw(m, tickets[i] as string)));
    expect(answers.filter((a) => a.body.success)).toHaveLength(2);
    expect(answers.filter((a) => a.body.errorCode === 'promotion_raffle_sold_out')).toHaveLength(2);
    const remaining = await ctx.db
      .selectFrom('promotion_raffle_prizes')
      .select('remaining')
      .where('promotion_id', '=', p.id)
      .executeTakeFirstOrThrow();
    expect(remaining.remaining).toBe(0);
    // The unlucky tickets stay issued (no prize, no money).
    const states = await ctx.db
      .selectFrom('member_promotions')
      .select('state')
      .where('promotion_id', '=', p.id)
      .execute();
    expect(states.map((s) => s.state).sort()).toEqual(['claimed', 'claimed', 'issued', 'issued']);
  });

  it('a prize under wagering is locked in process; hostile calls are refused', async () => {
    const p = await create([{ nameEn: 'Bonus', amount: '30.00', weight: 1, stock: 10 }], {
      wageringMultiplier: 5,
    });
    const m = await signedInMember(ctx, { prefix: 'rf' });
    const other = await signedInMember(ctx, { prefix: 'rf' });
    const id = await ticket(m, p.id);
    expect((await draw(other, id)).body.errorCode).toBe('promotion_not_found');
    expect((await draw(m, '999999999999')).body.errorCode).toBe('promotion_not_found');
    expect((await draw(m, id, 'bad seed!')).status).toBe(400);
    const fixed = await team.bo<AdminPromotion>('marketing', 'POST', '/bo/v1/promotions', {
      ...raffle([]),
      rewardKind: 'fixed',
      rewardAmount: '1.00',
      rafflePrizes: undefined,
    });
    const fixedTicket = (await post<MemberPromotion>(m, `/wps/promotions/${fixed.body.value.id}/apply`)).body
      .value.id;
    expect((await draw(m, fixedTicket)).body.errorCode).toBe('promotion_not_found');
    const drawn = await draw(m, id);
    expect(drawn.body.value).toMatchObject({ state: 'process', amount: '30.00' });
    const record = await ctx.db
      .selectFrom('member_promotions')
      .select(['locked_amount', 'wagering_required'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(record).toEqual({ locked_amount: '3000', wagering_required: '15000' });
  });

  it('the builder needs prizes, and refuses to change them once a ticket is drawn', async () => {
    const noPrizes = await team.bo('marketing', 'POST', '/bo/v1/promotions', {
      ...raffle([]),
      rafflePrizes: undefined,
    });
    expect(noPrizes.body.errorCode).toBe('promotion_invalid');
    const zeroWeight = await team.bo(
      'marketing',
      'POST',
      '/bo/v1/promotions',
      raffle([{ nameEn: 'x', amount: '1.00', weight: 0, stock: 1 }]),
    );
    expect(zeroWeight.status).toBe(400);
    const prizes = [{ nameEn: 'Cup', amount: '2.00', weight: 1, stock: 3 }];
    const p = await create(prizes);
    const m = await signedInMember(ctx, { prefix: 'rf' });
    await draw(m, await ticket(m, p.id));
    const body = raffle(prizes, { titleEn: 'Renamed raffle' });
    const same = await team.bo<AdminPromotion>('marketing', 'PUT', `/bo/v1/promotions/${p.id}`, body);
    expect(same.body.value).toMatchObject({ titleEn: 'Renamed raffle', rafflePrizes: [{ remaining: 2 }] });
    const changed = await team.bo(
      'marketing',
      'PUT',
      `/bo/v1/promotions/${p.id}`,
      raffle([{ ...prizes[0], stock: 9 }] as Prize[]),
    );
    expect(changed.body.errorCode).toBe('promotion_raffle_drawn');
    const otherKind = await team.bo('marketing', 'PUT', `/bo/v1/promotions/${p.id}`, {
      ...body,
      rewardKind: 'fixed',
      rewardAmount: '1.00',
      rafflePrizes: undefined,
    });
    expect(otherKind.body.errorCode).toBe('promotion_raffle_drawn');
  });
});

// Raffle prizes of points (migration 0045): drawn like money prizes, credited to the member's points
// ledger exactly once (key raffle:<ticket>:points), shown in the reward centre and the builder.

const THREE_X = { wageringMultiplier: 3 };

const points = (m: SignedInMember) => memberPoints(ctx.db, m.brand.id, m.id);

async function mine(m: SignedInMember, id: string): Promise<MemberPromotion | undefined> {
  const res = await get<MemberPromotions>(m, '/wps/promotions/rewards/mine');
  return res.body.value.items.find((r) => r.id === id);
}

describe('raffle points prizes', () => {
  it('credits the points once (no money, no wagering), shown in the draw, reward centre and builder', async () => {
    const p = await create(
      [{ nameEn: '500 points', kind: 'points', points: '500', weight: 1, stock: 3 }],
      THREE_X,
    );
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
    const statement = await get<{ items: { pointType: string; points: string }[] }>(
      m,
      '/wps/relay/ODSFE2_MemTransDet',
    );
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
    const p = await create(
      [
        { nameEn: 'Cash', amount: '2.00', weight: 1, stock: 1 },
        { nameEn: 'Points', kind: 'points', points: '30', weight: 1, stock: 1 },
      ],
      THREE_X,
    );
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
      const res = await team.bo<AdminPromotion>('marketing', 'POST', '/bo/v1/promotions', raffle(prizes));
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
