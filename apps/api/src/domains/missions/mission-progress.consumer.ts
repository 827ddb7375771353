import type { EventConsumer, EventTx, LedgerEvent } from '../../events/event.ts';
import { seamlessCallKey, seamlessCategories } from '../games/bet-category.service.ts';
import {
  activeMissions,
  addProgress,
  claimEntries,
  type MissionRow,
  type ProgressDelta,
} from './mission.repository.ts';
import { periodWindow } from './periods.ts';

const MEMBER_WALLETS = new Set(['member_main', 'member_vendor']);

/** What one event adds to a member's missions: an amount of a kind (negative takes back). */
export type MissionFact = {
  entryId: string;
  brandId: string;
  memberId: string;
  kind: 'bet' | 'deposit';
  /** Seamless bets: the vendor and transaction whose game gives the category. */
  seamless?: { vendorId: string; transactionId: string };
  category?: string;
  amount: bigint;
  at: Date;
};

function walletLeg(event: LedgerEvent) {
  return event.postings.find((p) => MEMBER_WALLETS.has(p.accountKind) && p.memberId);
}

/**
 * The fact of an event, or null: a seamless bet's stake (a rollback takes its stake back), a
 * deposit's credit, a lottery order's stake (a refund takes it back). Wins count nothing.
 */
export function missionFact(event: LedgerEvent): MissionFact | null {
  const base = { entryId: event.entryId, brandId: event.brandId, at: event.createdAt };
  if (event.type === 'bet_settled') {
    const wallet = walletLeg(event);
    const vendor = event.postings.find((p) => p.accountKind === 'vendor' && p.vendorId);
    if (!wallet?.memberId || !vendor?.vendorId) return null;
    let debits = 0n;
    let credits = 0n;
    for (const p of event.postings) {
      if (p.accountId !== wallet.accountId) continue;
      if (p.amount < 0n) debits -= p.amount;
      else credits += p.amount;
    }
    const seamless = { vendorId: vendor.vendorId, transactionId: event.reference };
    if (event.kind === 'seamless_bet' || event.kind === 'seamless_bet_win') {
      return { ...base, memberId: wallet.memberId, kind: 'bet', seamless, amount: debits };
    }
    if (event.kind === 'seamless_rollback') {
      return { ...base, memberId: wallet.memberId, kind: 'bet', seamless, amount: -credits };
    }
    return null;
  }
  if (event.type === 'deposit_credited') {
    const wallet = event.postings.find((p) => p.accountKind === 'member_main' && p.memberId && p.amount > 0n);
    if (!wallet?.memberId) return null;
    return { ...base, memberId: wallet.memberId, kind: 'deposit', amount: wallet.amount };
  }
  if (event.type === 'lottery_order_moved') {
    const memberId = event.metadata.memberId;
    if (typeof memberId !== 'string' && typeof memberId !== 'number') return null;
    const moved = event.postings.reduce((sum, p) => (p.amount > 0n ? sum + p.amount : sum), 0n);
    if (event.kind === 'lottery_bet' || event.kind === 'lottery_chase_stake') {
      return { ...base, memberId: String(memberId), kind: 'bet', category: 'LOTT', amount: moved };
    }
    if (event.kind === 'lottery_refund') {
      return { ...base, memberId: String(memberId), kind: 'bet', category: 'LOTT', amount: -moved };
    }
  }
  return null;
}

/** The progress rows a batch of facts adds to, summed per (mission, member, period). */
export function progressDeltas(
  facts: readonly MissionFact[],
  missions: readonly MissionRow[],
): ProgressDelta[] {
  const sums = new Map<string, ProgressDelta>();
  for (const fact of facts) {
    for (const mission of missions) {
      if (mission.brandId !== fact.brandId || mission.kind !== fact.kind) continue;
      if (mission.category !== null && mission.category !== fact.category) continue;
      if (fact.at.getTime() < mission.startsAt.getTime()) continue;
      const window = periodWindow(mission.period, mission.startsAt, fact.at);
      const key = `${mission.id}|${fact.memberId}|${window.key}`;
      const sum = sums.get(key);
      if (sum) {
        sum.delta += fact.amount;
        if (fact.at > sum.at) sum.at = fact.at;
      } else {
        sums.set(key, {
          missionId: mission.id,
          memberId: fact.memberId,
          brandId: fact.brandId,
          periodKey: window.key,
          delta: fact.amount,
          target: BigInt(mission.target),
          at: fact.at,
        });
      }
    }
  }
  return [...sums.values()].filter((d) => d.delta !== 0n);
}

async function applyBatch(trx: EventTx, events: readonly LedgerEvent[]): Promise<void> {
  const facts = events.flatMap((e) => {
    const fact = missionFact(e);
    return fact && fact.amount !== 0n ? [fact] : [];
  });
  if (facts.length === 0) return;
  const missions = await activeMissions(trx, [...new Set(facts.map((f) => f.brandId))], ['bet', 'deposit']);
  if (missions.length === 0) return;
  // Each journal entry is applied once, whatever the feed redelivers.
  const fresh = await claimEntries(
    trx,
    facts.map((f) => f.entryId),
  );
  const pending = facts.filter((f) => fresh.has(f.entryId));
  const seamless = pending.flatMap((f) => (f.seamless ? [f.seamless] : []));
  if (seamless.length > 0) {
    const categories = await seamlessCategories(trx, { calls: seamless });
    for (const fact of pending) {
      if (fact.seamless)
        fact.category =
          categories.get(seamlessCallKey(fact.seamless.vendorId, fact.seamless.transactionId))?.category ??
          'RNG';
    }
  }
  const deltas = progressDeltas(pending, missions).sort((a, b) =>
    `${a.missionId}|${a.memberId}|${a.periodKey}`.localeCompare(
      `${b.missionId}|${b.memberId}|${b.periodKey}`,
    ),
  );
  for (const delta of deltas) await addProgress(trx, delta);
}

/** Missions' progress from bets (seamless and lottery) and deposits of the event feed. */
export const missionProgressConsumer: EventConsumer = {
  name: 'mission_progress',
  events: ['bet_settled', 'deposit_credited', 'lottery_order_moved'],
  handle: applyBatch,
};
