import type { EventConsumer, EventTx } from '../../events/event.ts';
import type { FactOf } from '../../events/money-facts.ts';
import {
  addReferralProgress,
  claimReferralEntries,
  holdReferral,
  markReferralPaid,
  openReferralsOf,
  sharedReasons,
} from './referral.repository.ts';
import { postReferralReward } from './referral.service.ts';

const DAY_MS = 86_400_000;

/** What an event adds to a friend's qualification: a deposit, or turnover (negative takes back). */
export type ReferralFact = {
  entryId: string;
  memberId: string;
  deposit: bigint | null;
  turnover: bigint;
  at: Date;
};

type Read = FactOf<'stake_placed' | 'stake_returned' | 'deposit_credited'>;

/** A deposit's credit, a stake of any product (a returned stake takes it back). */
export function referralFact(fact: Read): ReferralFact | null {
  if (!fact.memberId) return null;
  const base = { entryId: fact.entryId, at: fact.createdAt, memberId: fact.memberId };
  if (fact.type === 'deposit_credited') {
    return fact.amount > 0n ? { ...base, deposit: fact.amount, turnover: 0n } : null;
  }
  return { ...base, deposit: null, turnover: fact.type === 'stake_placed' ? fact.amount : -fact.amount };
}

async function applyBatch(trx: EventTx, events: readonly Read[]): Promise<void> {
  const facts = events.flatMap((e) => {
    const fact = referralFact(e);
    return fact ? [fact] : [];
  });
  if (facts.length === 0) return;
  const referrals = await openReferralsOf(trx, [...new Set(facts.map((f) => f.memberId))]);
  if (referrals.length === 0) return;
  const friends = new Set(referrals.map((r) => r.friendId));
  const fresh = await claimReferralEntries(
    trx,
    facts.filter((f) => friends.has(f.memberId)).map((f) => f.entryId),
  );
  for (const referral of referrals) {
    if (!referral.active) continue;
    const deadline = referral.createdAt.getTime() + referral.withinDays * DAY_MS;
    let progress: { firstDeposit: string | null; turnover: string } | null = null;
    for (const fact of facts) {
      if (fact.memberId !== referral.friendId || !fresh.has(fact.entryId)) continue;
      if (fact.at.getTime() > deadline || fact.at.getTime() < referral.createdAt.getTime()) continue;
      progress = await addReferralProgress(trx, referral.id, {
        deposit: fact.deposit,
        turnover: fact.turnover,
      });
    }
    if (!progress || progress.firstDeposit === null) continue;
    if (BigInt(progress.firstDeposit) < BigInt(referral.minFirstDeposit)) continue;
    if (BigInt(progress.turnover) < BigInt(referral.minTurnover)) continue;
    const reasons = await sharedReasons(trx, referral);
    if (reasons.length > 0) {
      await holdReferral(trx, referral.id, reasons);
      continue;
    }
    const reward = BigInt(referral.reward);
    if (await markReferralPaid(trx, referral.brandId, referral.id, 'pending', reward, new Date())) {
      await postReferralReward(trx, { id: referral.brandId, currency: referral.currency }, referral, reward);
    }
  }
}

/** Qualifies referred friends from their deposits and bets, then pays (or holds) the referrer's reward. */
export const referralQualificationConsumer: EventConsumer<Read['type']> = {
  name: 'referral_qualification',
  facts: ['deposit_credited', 'stake_placed', 'stake_returned'],
  // Reads no game category: the feed skips the lookups for this consumer.
  categories: false,
  handle: applyBatch,
};
