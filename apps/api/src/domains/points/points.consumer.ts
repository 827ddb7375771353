import type { PointCategory } from '@lotus/contracts/points';
import type { EventConsumer } from '../../events/event.ts';
import type { FactOf } from '../../events/money-facts.ts';
import { sha256Hex } from '../../lib/hashing.ts';
import { claimEarnedEvents, lockAccrual, pointsRates, saveAccrual } from './points.repository.ts';
import { earnDenominator } from './points.service.ts';
import { memberPoints, pointsAccount, postPoints } from './points-ledger.repository.ts';

/** What one event adds to a member's turnover of a category (negative: a refund or rollback). */
export type PointsTurnover = {
  memberId: string;
  category: PointCategory;
  turnover: bigint;
  currency: string;
};

type Read = FactOf<'stake_placed' | 'stake_returned' | 'deposit_credited'>;

/**
 * The turnover rule of points (spec §9 "nav point values", per unit of turnover):
 * - a vendor game's stake counts its amount under its game's category (none found: nothing); a
 *   returned stake (a rollback) takes it back; a win is no turnover;
 * - a lottery stake (an order's, or a chase step's from the chase hold) counts under LOTT; a refund
 *   (cancelled order or numero) takes it back; a lottery win is no turnover;
 * - a credited deposit counts its amount under the brand's deposit rate.
 */
export function turnoverOf(fact: Read): PointsTurnover | null {
  if (!fact.memberId) return null;
  const base = { memberId: fact.memberId, currency: fact.currency };
  if (fact.type === 'deposit_credited') {
    return fact.amount > 0n ? { ...base, category: 'DEPOSIT', turnover: fact.amount } : null;
  }
  const turnover = fact.type === 'stake_placed' ? fact.amount : -fact.amount;
  if (fact.product === 'lottery') return { ...base, category: 'LOTT', turnover };
  if (!fact.category) return null;
  return { ...base, category: fact.category.category as PointCategory, turnover };
}

/**
 * Earns points from the money facts: stakes and returned stakes (a vendor game's under the category
 * the feed found for its game, the lottery's under LOTT) and credited deposits. Each journal entry is
 * claimed once in `points_earned_events` (a redelivered batch counts nothing twice); its turnover
 * times the category's rate (milli-points per major unit) is added to the member's accrual of the
 * category, and the whole points above what was already posted are posted from the brand's
 * `earned` account to the member (key `earn:<entry>`). The fraction stays in the accrual, so
 * nothing is lost to rounding. A rollback or refund lowers the accrual and takes back the whole
 * points it had earned, as far as the member still holds them (never below zero); what the member
 * had spent already stays posted, and later turnover earns again only past it.
 */
export const pointsEarning: EventConsumer<Read['type']> = {
  name: 'points_earning',
  facts: ['stake_placed', 'stake_returned', 'deposit_credited'],
  handle: async (trx, events) => {
    const fresh = await claimEarnedEvents(trx, events);
    const todo = events.filter((e) => fresh.has(e.entryId));
    if (todo.length === 0) return;
    const rates = new Map<string, Awaited<ReturnType<typeof pointsRates>>>();
    for (const event of todo) {
      const t = turnoverOf(event);
      if (!t || t.turnover === 0n) continue;
      let brandRates = rates.get(event.brandId);
      if (!brandRates) {
        brandRates = await pointsRates(trx, event.brandId);
        rates.set(event.brandId, brandRates);
      }
      const milli = BigInt(brandRates[t.category]);
      if (milli === 0n && t.turnover > 0n) continue;
      const accrual = await lockAccrual(trx, event.brandId, t.memberId, t.category);
      accrual.accrued += t.turnover * milli;
      const whole = accrual.accrued > 0n ? accrual.accrued / earnDenominator(t.currency) : 0n;
      let change = whole - accrual.posted;
      if (change < 0n) {
        // A rollback or refund: take back what it had earned, as far as the member still holds it.
        const held = await memberPoints(trx, event.brandId, t.memberId);
        change = -(held < -change ? held : -change);
      }
      if (change !== 0n) {
        const member = await pointsAccount(trx, event.brandId, 'member', t.memberId);
        const source = await pointsAccount(trx, event.brandId, 'earned');
        await postPoints(trx, {
          brandId: event.brandId,
          kind: 'earn',
          category: t.category,
          idempotencyKey: `earn:${event.entryId}`,
          requestHash: sha256Hex(`earn|${event.entryId}|${t.memberId}|${change}`),
          reference: `${event.kind}:${event.reference}`,
          legs: [
            { account: source, amount: -change },
            { account: member, amount: change },
          ],
        });
        accrual.posted += change;
      }
      await saveAccrual(trx, event.brandId, t.memberId, t.category, accrual);
    }
  },
};
