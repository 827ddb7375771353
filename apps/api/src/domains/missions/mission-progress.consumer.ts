import type { EventConsumer, EventTx } from '../../events/event.ts';
import type { FactOf } from '../../events/money-facts.ts';
import {
  activeMissions,
  addProgress,
  claimEntries,
  type MissionRow,
  type ProgressDelta,
} from './mission.repository.ts';
import { periodWindow } from './periods.ts';

/** What one event adds to a member's missions: an amount of a kind (negative takes back). */
export type MissionFact = {
  entryId: string;
  brandId: string;
  memberId: string;
  kind: 'bet' | 'deposit';
  category?: string;
  amount: bigint;
  at: Date;
};

type Read = FactOf<'stake_placed' | 'stake_returned' | 'deposit_credited'>;

/**
 * The mission fact of a money fact, or null: a stake (a returned stake takes it back) under its
 * game's category (a vendor game's, RNG when none was found; the lottery's LOTT), a deposit's credit.
 */
export function missionFact(fact: Read): MissionFact | null {
  const base = { entryId: fact.entryId, brandId: fact.brandId, at: fact.createdAt };
  if (!fact.memberId) return null;
  if (fact.type === 'deposit_credited') {
    if (fact.amount <= 0n) return null;
    return { ...base, memberId: fact.memberId, kind: 'deposit', amount: fact.amount };
  }
  const amount = fact.type === 'stake_placed' ? fact.amount : -fact.amount;
  if (fact.product === 'lottery') {
    return { ...base, memberId: fact.memberId, kind: 'bet', category: 'LOTT', amount };
  }
  if (!fact.vendorId) return null;
  return {
    ...base,
    memberId: fact.memberId,
    kind: 'bet',
    category: fact.category?.category ?? 'RNG',
    amount,
  };
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
      const window = periodWindow(mission.period, mission.startsAt, fact.at, mission.timeZone);
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

async function applyBatch(trx: EventTx, events: readonly Read[]): Promise<void> {
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
  const deltas = progressDeltas(pending, missions).sort((a, b) =>
    `${a.missionId}|${a.memberId}|${a.periodKey}`.localeCompare(
      `${b.missionId}|${b.memberId}|${b.periodKey}`,
    ),
  );
  for (const delta of deltas) await addProgress(trx, delta);
}

/** Missions' progress from bets (seamless and lottery) and deposits of the event feed. */
export const missionProgressConsumer: EventConsumer<Read['type']> = {
  name: 'mission_progress',
  facts: ['stake_placed', 'stake_returned', 'deposit_credited'],
  handle: applyBatch,
};
