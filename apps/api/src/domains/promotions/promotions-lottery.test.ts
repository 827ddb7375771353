import { randomUUID } from 'node:crypto';
import type { AdminPromotion, MemberPromotion } from '@lotus/contracts/promotions';
import { beforeAll, describe, expect, it } from 'vitest';
import { deliverEntries, drainWritten } from '../../../test/events.ts';
import type { SignedInMember } from '../../../test/factories.ts';
import {
  bet,
  freshNumero,
  gameIdOf,
  lotteryMember,
  lotteryReconcileAfterEach,
  memberCall,
} from '../../../test/lottery.ts';
import { reconcileAfterEach } from '../../../test/money.ts';
import { backOfficeTeam } from '../../../test/operators.ts';
import { rewardRecord, wageringReaches } from '../../../test/promotions.ts';
import { call, headers, setupTestApp } from '../../../test/support.ts';
import type { JournalEntry } from '../../events/event.ts';
import { cancelNumero } from '../lottery/settlement.service.ts';
import { promotionWagering } from './wagering.consumer.ts';

// A refunded lottery order (cancelled by the member, or its draw cancelled) takes back exactly the
// wagering progress its stake gave a bonus in process, once, also when the refund is delivered again.

const ctx = setupTestApp({ rateLimits: { promotionActions: { max: 10_000, timeWindow: 60_000 } } });
reconcileAfterEach(ctx);
lotteryReconcileAfterEach(ctx);
const team = backOfficeTeam(ctx);

let lott1: string;
beforeAll(async () => {
  lott1 = await gameIdOf(ctx, 'LOTT1');
});

/** One straight digit at position 0: 1 combination x 2.00 x multiple. */
const straight = (digit: number, multiple = 1) => `${digit}||||~1~101~1~1950~${multiple}`;

async function bonusInWagering(m: SignedInMember, lott: number): Promise<MemberPromotion> {
  const created = await team.bo<AdminPromotion>('marketing', 'POST', '/bo/v1/promotions', {
    titleEn: `Lottery promo ${randomUUID().slice(0, 8)}`,
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
    wageringMultiplier: 5,
    wageringIncludesDeposit: false,
    contributions: { RNG: 100, LIVE: 10, LOTT: lott, ELOTT: 0 },
    expiryDays: 7,
    needsApproval: false,
    asksContact: false,
  });
  expect(created.body).toMatchObject({ success: true });
  const post = (url: string) =>
    call<MemberPromotion>(ctx.app, {
      method: 'POST',
      url,
      headers: { ...headers(), authorization: m.token },
      payload: {},
    });
  const applied = await post(`/wps/promotions/${created.body.value.id}/apply`);
  const claimed = await post(`/wps/promotions/rewards/${applied.body.value.id}/claim`);
  expect(claimed.body.value).toMatchObject({ state: 'process', wageringRequired: '50.00' });
  return claimed.body.value;
}

const record = (m: SignedInMember, id: string) => rewardRecord(ctx, m, id);

const progressOf = (m: SignedInMember, id: string, done: string) => wageringReaches(ctx, m, id, done);

async function order(m: SignedInMember, numero: string, multiple: number): Promise<string> {
  const res = await bet(ctx, m, {
    gameId: lott1,
    currentNumero: numero,
    bettingSlipString: straight(3, multiple),
    betCartAmountSum: `${(2 * multiple).toFixed(2)}`,
  });
  expect(res.body.errorCode).toBe('');
  return res.body.value.order.orderId;
}

/** The refund journal entry of an order, as the event the feed delivers. */
async function refundEvent(orderId: string): Promise<JournalEntry> {
  const row = await ctx.db
    .selectFrom('journal_entries')
    .select(['id', 'brand_id', 'reference', 'metadata', 'created_at'])
    .where('reference', '=', `lottery:order:${orderId}`)
    .where('kind', '=', 'lottery_refund')
    .executeTakeFirstOrThrow();
  return {
    kind: 'lottery_refund',
    entryId: row.id,
    txId: '0',
    brandId: row.brand_id,
    reference: row.reference,
    metadata: row.metadata as Record<string, unknown>,
    createdAt: row.created_at,
    postings: [],
  };
}

async function wageringRows(recordId: string) {
  return ctx.db
    .selectFrom('promotion_wagering_entries')
    .select(['entry_id', 'counted'])
    .where('member_promotion_id', '=', recordId)
    .orderBy('entry_id')
    .execute();
}

describe('lottery refunds and bonus wagering', () => {
  it('a cancelled order takes back exactly its LOTT contribution, once, with duplicate concurrent refunds and redeliveries', async () => {
    const m = await lotteryMember(ctx, 100_000n);
    const r = await bonusInWagering(m, 50);
    const n = await freshNumero(ctx, lott1);
    const first = await order(m, n.numero, 5); // 10.00 at 50% -> 5.00
    await order(m, n.numero, 2); // 4.00 -> 2.00
    expect((await progressOf(m, r.id, '7.00')).wageringDone).toBe('7.00');

    // 10 cancels at once: one refund entry; the progress goes back by exactly 5.00.
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => memberCall(ctx, m, 'POST', `/lgw/orders/${first}/cancel`)),
    );
    expect(answers.filter((a) => a.body.success)).toHaveLength(1);
    expect((await progressOf(m, r.id, '2.00')).wageringDone).toBe('2.00');

    // The same refund delivered again, twice at once in two transactions, and the feed drained again.
    const event = await refundEvent(first);
    await Promise.all(
      [1, 2].map(() =>
        ctx.db.transaction().execute((trx) => deliverEntries(trx, promotionWagering, [event, event])),
      ),
    );
    await drainWritten(ctx.db, promotionWagering, { maxBatches: 1000 });
    expect(await record(m, r.id)).toMatchObject({ state: 'process', wageringDone: '2.00' });
    const rows = await wageringRows(r.id);
    expect(rows.filter((row) => row.entry_id === event.entryId)).toEqual([
      { entry_id: event.entryId, counted: '-500' },
    ]);
  });

  it("a cancelled draw refunds every member's order; each bonus loses only its own member's stake", async () => {
    const a = await lotteryMember(ctx, 100_000n);
    const b = await lotteryMember(ctx, 100_000n);
    const ra = await bonusInWagering(a, 100);
    const rb = await bonusInWagering(b, 30);
    const n = await freshNumero(ctx, lott1);
    const other = await freshNumero(ctx, lott1);
    await order(a, n.numero, 3); // 6.00 at 100%
    await order(a, other.numero, 1); // 2.00, another draw: stays
    await order(b, n.numero, 7); // 14.00 at 30% -> 4.20
    expect((await progressOf(a, ra.id, '8.00')).wageringDone).toBe('8.00');
    expect((await progressOf(b, rb.id, '4.20')).wageringDone).toBe('4.20');

    await Promise.allSettled([
      cancelNumero(ctx.db, n.id, 'draw machine fault'),
      cancelNumero(ctx.db, n.id, 'draw machine fault'),
    ]);
    expect((await progressOf(a, ra.id, '2.00')).wageringDone).toBe('2.00');
    expect((await progressOf(b, rb.id, '0.00')).wageringDone).toBe('0.00');
    await drainWritten(ctx.db, promotionWagering, { maxBatches: 1000 });
    expect((await record(a, ra.id)).wageringDone).toBe('2.00');
  });

  it('a refund whose metadata names another member takes nothing from that member’s bonus', async () => {
    const a = await lotteryMember(ctx, 100_000n);
    const b = await lotteryMember(ctx, 100_000n);
    const rb = await bonusInWagering(b, 100);
    await bonusInWagering(a, 100);
    const n = await freshNumero(ctx, lott1);
    const aOrder = await order(a, n.numero, 2);
    await order(b, n.numero, 2);
    expect((await progressOf(b, rb.id, '4.00')).wageringDone).toBe('4.00');
    expect((await memberCall(ctx, a, 'POST', `/lgw/orders/${aOrder}/cancel`)).body.success).toBe(true);
    await drainWritten(ctx.db, promotionWagering, { maxBatches: 1000 });
    // A forged delivery: a's refund event claiming to be b's. b's stake entry is another order.
    const forged = await refundEvent(aOrder);
    forged.metadata = { ...forged.metadata, memberId: b.id };
    await ctx.db.transaction().execute((trx) => deliverEntries(trx, promotionWagering, [forged]));
    expect((await record(b, rb.id)).wageringDone).toBe('4.00');
  });

  it('with LOTT at 0% a stake counts nothing and its refund writes nothing', async () => {
    const m = await lotteryMember(ctx, 100_000n);
    const r = await bonusInWagering(m, 0);
    const n = await freshNumero(ctx, lott1);
    const id = await order(m, n.numero, 4);
    expect((await memberCall(ctx, m, 'POST', `/lgw/orders/${id}/cancel`)).body.success).toBe(true);
    await progressOf(m, r.id, '0.00');
    await drainWritten(ctx.db, promotionWagering, { maxBatches: 1000 });
    expect((await record(m, r.id)).wageringDone).toBe('0.00');
    expect((await wageringRows(r.id)).every((row) => row.counted === '0')).toBe(true);
  });
});
