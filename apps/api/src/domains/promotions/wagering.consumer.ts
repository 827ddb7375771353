import type { EventConsumer, EventTx } from '../../events/event.ts';
import type { FactOf } from '../../events/money-facts.ts';
import { betEntriesOfRollbacks } from '../games/bet-category.service.ts';
import {
  activeWagering,
  addProgress,
  countedFor,
  countedForLotteryOrder,
  recordWagering,
  removeProgress,
} from './promotions.repository.ts';

type Stake = FactOf<'stake_placed' | 'stake_returned'>;

/** The member and the stake of a fact that counts towards wagering (a stake of any product), or null. */
export function stakeOf(fact: Stake): { memberId: string; stake: bigint } | null {
  if (fact.type !== 'stake_placed' || !fact.memberId || fact.amount <= 0n) return null;
  return { memberId: fact.memberId, stake: fact.amount };
}

/**
 * The wagering category of a stake: a vendor game's catalogue category (an uncatalogued game, or
 * none found: OTHER), the lottery's LOTT.
 */
export function wageringCategory(fact: Stake): string {
  if (fact.product === 'lottery') return 'LOTT';
  return fact.category?.catalogued ? fact.category.category : 'OTHER';
}

/**
 * What a stake counts: its category's contribution (percent, 0 when the category is not listed),
 * nothing when it is above the max bet (kept, flagged).
 */
export function contributionOf(
  stake: bigint,
  category: string,
  contributions: Record<string, number>,
  maxBet: bigint,
): { counted: bigint; overMaxBet: boolean } {
  if (maxBet > 0n && stake > maxBet) return { counted: 0n, overMaxBet: true };
  const percent = BigInt(contributions[category] ?? 0);
  return { counted: (stake * percent) / 100n, overMaxBet: false };
}

/** The member a vendor game's returned stake (a rollback) credits back. */
export function rollbackMember(fact: Stake): string | null {
  if (fact.type !== 'stake_returned' || fact.product !== 'vendor_games') return null;
  return fact.memberId && fact.amount > 0n ? fact.memberId : null;
}

/**
 * A seamless rollback takes back what its bet counted for bonuses still in process: stored as the
 * rollback's own row (negative), so a redelivered rollback takes back once.
 */
async function applyRollbacks(trx: EventTx, events: readonly Stake[]) {
  const rollbacks = events.flatMap((e) => {
    const memberId = rollbackMember(e);
    return memberId ? [{ event: e, memberId }] : [];
  });
  if (rollbacks.length === 0) return;
  const bets = await betEntriesOfRollbacks(
    trx,
    rollbacks.map((r) => r.event.entryId),
  );
  for (const r of rollbacks) {
    const betEntry = bets.get(r.event.entryId);
    if (!betEntry) continue;
    for (const row of await countedFor(trx, r.memberId, betEntry)) {
      const counted = BigInt(row.counted);
      const fresh = await recordWagering(trx, {
        recordId: row.member_promotion_id,
        entryId: r.event.entryId,
        category: row.category,
        stake: 0n,
        counted: -counted,
        overMaxBet: false,
      });
      if (fresh) await removeProgress(trx, row.member_promotion_id, counted);
    }
  }
}

/** The member and order of a lottery refund (a cancelled order, a cancelled draw), or null. */
export function lotteryRefundOf(fact: Stake): { memberId: string; orderId: string } | null {
  if (fact.type !== 'stake_returned' || fact.product !== 'lottery') return null;
  if (!fact.memberId || !fact.orderId) return null;
  return { memberId: fact.memberId, orderId: fact.orderId };
}

/**
 * A lottery refund takes back what its order's stake counted for bonuses still in process, exactly:
 * stored as the refund entry's own row (negative) per bonus, so a redelivered or concurrently
 * handled refund takes back once (the row's primary key decides, the loser changes nothing).
 */
async function applyLotteryRefunds(trx: EventTx, events: readonly Stake[]) {
  for (const event of events) {
    const refund = lotteryRefundOf(event);
    if (!refund) continue;
    for (const row of await countedForLotteryOrder(trx, event.brandId, refund.memberId, refund.orderId)) {
      const counted = BigInt(row.counted);
      const fresh = await recordWagering(trx, {
        recordId: row.member_promotion_id,
        entryId: event.entryId,
        category: row.category,
        stake: 0n,
        counted: -counted,
        overMaxBet: false,
      });
      if (fresh) await removeProgress(trx, row.member_promotion_id, counted);
    }
  }
}

/**
 * Wagering progress of bonuses in process, from the stakes of the money facts (a vendor game's
 * under its catalogue category, the lottery's under LOTT). A stake counts for every bonus of its
 * member claimed before it; each (bonus, entry) pair is stored once, so a redelivered event
 * counts once. Reaching the requirement moves the bonus to `signed` and unlocks it. A seamless
 * rollback and a lottery refund (order or draw cancelled) take their stake's progress back while the
 * bonus is in process, exactly what it counted (LOTT's contribution); not after the bonus completed.
 */
export const promotionWagering: EventConsumer<Stake['type']> = {
  name: 'promotion_wagering',
  facts: ['stake_placed', 'stake_returned'],
  handle: async (trx: EventTx, events) => {
    // Stakes first, then rollbacks: a bet and its rollback in one batch count and go back.
    await applyStakes(trx, events);
    await applyRollbacks(trx, events);
    await applyLotteryRefunds(trx, events);
  },
};

async function applyStakes(trx: EventTx, events: readonly Stake[]) {
  const stakes = events.flatMap((e) => {
    const s = stakeOf(e);
    return s ? [{ event: e, ...s }] : [];
  });
  if (stakes.length === 0) return;
  const actives = new Map<string, Awaited<ReturnType<typeof activeWagering>>>();
  for (const s of stakes) {
    const key = `${s.event.brandId}|${s.memberId}`;
    if (!actives.has(key)) actives.set(key, await activeWagering(trx, s.event.brandId, s.memberId));
  }
  const relevant = stakes.filter((s) => (actives.get(`${s.event.brandId}|${s.memberId}`) ?? []).length > 0);
  if (relevant.length === 0) return;
  for (const s of relevant) {
    const category = wageringCategory(s.event);
    for (const bonus of actives.get(`${s.event.brandId}|${s.memberId}`) ?? []) {
      if (!bonus.claimed_at || s.event.createdAt < bonus.claimed_at) continue;
      const { counted, overMaxBet } = contributionOf(
        s.stake,
        category,
        bonus.contributions,
        BigInt(bonus.max_bet),
      );
      const fresh = await recordWagering(trx, {
        recordId: bonus.id,
        entryId: s.event.entryId,
        category,
        stake: s.stake,
        counted,
        overMaxBet,
      });
      if (fresh) await addProgress(trx, bonus.id, counted, overMaxBet ? 1 : 0);
    }
  }
}
