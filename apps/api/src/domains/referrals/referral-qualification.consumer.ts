import type { EventConsumer, EventTx, LedgerEvent } from '../../events/event.ts';
import {
  addReferralProgress,
  claimReferralEntries,
  holdReferral,
  markReferralPaid,
  openReferralsOf,
  sharedReasons,
} from './referral.repository.ts';
import { postReferralReward } from './referral.service.ts';

const MEMBER_WALLETS = new Set(['member_main', 'member_vendor']);
const DAY_MS = 86_400_000;

/** What an event adds to a friend's qualification: a deposit, or turnover (negative takes back). */
export type ReferralFact = {
  entryId: string;
  memberId: string;
  deposit: bigint | null;
  turnover: bigint;
  at: Date;
};

export function referralFact(event: LedgerEvent): ReferralFact | null {
  const base = { entryId: event.entryId, at: event.createdAt };
  if (event.type === 'deposit_credited') {
    const leg = event.postings.find((p) => p.accountKind === 'member_main' && p.memberId && p.amount > 0n);
    return leg?.memberId ? { ...base, memberId: leg.memberId, deposit: leg.amount, turnover: 0n } : null;
  }
  if (event.type === 'bet_settled') {
    const wallet = event.postings.find((p) => MEMBER_WALLETS.has(p.accountKind) && p.memberId);
    if (!wallet?.memberId) return null;
    let debits = 0n;
    let credits = 0n;
    for (const p of event.postings) {
      if (p.accountId !== wallet.accountId) continue;
      if (p.amount < 0n) debits -= p.amount;
      else credits += p.amount;
    }
    if (event.kind === 'seamless_bet' || event.kind === 'seamless_bet_win') {
      return { ...base, memberId: wallet.memberId, deposit: null, turnover: debits };
    }
    if (event.kind === 'seamless_rollback')
      return { ...base, memberId: wallet.memberId, deposit: null, turnover: -credits };
    return null;
  }
  if (event.type === 'lottery_order_moved') {
    const memberId = event.metadata.memberId;
    if (typeof memberId !== 'string' && typeof memberId !== 'number') return null;
    const moved = event.postings.reduce((sum, p) => (p.amount > 0n ? sum + p.amount : sum), 0n);
    if (event.kind === 'lottery_bet' || event.kind === 'lottery_chase_stake') {
      return { ...base, memberId: String(memberId), deposit: null, turnover: moved };
    }
    if (event.kind === 'lottery_refund')
      return { ...base, memberId: String(memberId), deposit: null, turnover: -moved };
  }
  return null;
}

async function applyBatch(trx: EventTx, events: readonly LedgerEvent[]): Promise<void> {
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
export const referralQualificationConsumer: EventConsumer = {
  name: 'referral_qualification',
  events: ['deposit_credited', 'bet_settled', 'lottery_order_moved'],
  handle: applyBatch,
};
