import type { EventConsumer, EventTx, LedgerEvent } from '../../events/event.ts';
import { betEntriesOfRollbacks, seamlessCategories } from '../games/bet-category.service.ts';
import {
  activeWagering,
  addProgress,
  countedFor,
  countedForLotteryOrder,
  recordWagering,
  removeProgress,
} from './promotions.repository.ts';

const MEMBER_WALLETS = new Set(['member_main', 'member_vendor']);
/** Entries whose wallet debit is a stake that counts towards wagering. */
const STAKE_KINDS = new Set(['seamless_bet', 'seamless_bet_win', 'lottery_bet', 'lottery_chase_stake']);
const LOTTERY_KINDS = new Set(['lottery_bet', 'lottery_chase_stake']);

/** The member and the stake (wallet debit) of a betting entry, or null. */
export function stakeOf(event: LedgerEvent): { memberId: string; stake: bigint } | null {
  if (!STAKE_KINDS.has(event.kind)) return null;
  let memberId: string | null = null;
  let stake = 0n;
  for (const p of event.postings) {
    if (
      (MEMBER_WALLETS.has(p.accountKind) || p.accountKind === 'lottery_hold') &&
      p.memberId &&
      p.amount < 0n
    ) {
      memberId = p.memberId;
      stake -= p.amount;
    }
  }
  if (!memberId && LOTTERY_KINDS.has(event.kind) && typeof event.metadata.memberId === 'string') {
    memberId = event.metadata.memberId;
  }
  return memberId && stake > 0n ? { memberId, stake } : null;
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

/** The member a rollback credits back. */
function rollbackMember(event: LedgerEvent): string | null {
  if (event.kind !== 'seamless_rollback') return null;
  const credit = event.postings.find((p) => MEMBER_WALLETS.has(p.accountKind) && p.memberId && p.amount > 0n);
  return credit?.memberId ?? null;
}

/**
 * A seamless rollback takes back what its bet counted for bonuses still in process: stored as the
 * rollback's own row (negative), so a redelivered rollback takes back once.
 */
async function applyRollbacks(trx: EventTx, events: readonly LedgerEvent[]) {
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
function lotteryRefundOf(event: LedgerEvent): { memberId: string; orderId: string } | null {
  if (event.kind !== 'lottery_refund') return null;
  const { memberId, orderId } = event.metadata;
  if (typeof memberId !== 'string' || (typeof orderId !== 'string' && typeof orderId !== 'number'))
    return null;
  return { memberId, orderId: String(orderId) };
}

/**
 * A lottery refund takes back what its order's stake counted for bonuses still in process, exactly:
 * stored as the refund entry's own row (negative) per bonus, so a redelivered or concurrently
 * handled refund takes back once (the row's primary key decides, the loser changes nothing).
 */
async function applyLotteryRefunds(trx: EventTx, events: readonly LedgerEvent[]) {
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
 * Wagering progress of bonuses in process, from `bet_settled` (seamless bets: category of the
 * game) and `lottery_order_moved` (lottery stakes: LOTT). A stake counts for every bonus of its
 * member claimed before it; each (bonus, entry) pair is stored once, so a redelivered event
 * counts once. Reaching the requirement moves the bonus to `signed` and unlocks it. A seamless
 * rollback and a lottery refund (order or draw cancelled) take their stake's progress back while the
 * bonus is in process, exactly what it counted (LOTT's contribution); not after the bonus completed.
 */
export const promotionWagering: EventConsumer = {
  name: 'promotion_wagering',
  events: ['bet_settled', 'lottery_order_moved'],
  handle: async (trx: EventTx, events) => {
    // Stakes first, then rollbacks: a bet and its rollback in one batch count and go back.
    await applyStakes(trx, events);
    await applyRollbacks(trx, events);
    await applyLotteryRefunds(trx, events);
  },
};

async function applyStakes(trx: EventTx, events: readonly LedgerEvent[]) {
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
  const categories = await seamlessCategories(trx, {
    entryIds: relevant.filter((s) => !LOTTERY_KINDS.has(s.event.kind)).map((s) => s.event.entryId),
  });
  for (const s of relevant) {
    // Only a game's own catalogue category contributes as that category; an uncatalogued game is OTHER.
    const found = categories.get(s.event.entryId);
    const category = LOTTERY_KINDS.has(s.event.kind) ? 'LOTT' : found?.catalogued ? found.category : 'OTHER';
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
