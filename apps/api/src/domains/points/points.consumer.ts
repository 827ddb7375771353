import type { PointCategory } from '@lotus/contracts/points';
import type { EventConsumer, LedgerEvent } from '../../events/event.ts';
import { sha256Hex } from '../../lib/hashing.ts';
import { seamlessCategories } from '../games/bet-category.service.ts';
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

const SEAMLESS_WALLETS = new Set(['member_main', 'member_vendor']);
const LOTTERY_WALLETS = new Set(['member_main', 'lottery_hold']);

/** Sum of the postings on the member's accounts of `kinds` (the member's side of the entry). */
function memberSide(
  event: LedgerEvent,
  kinds: Set<string>,
): { memberId: string; sum: bigint; currency: string } | null {
  let memberId: string | null = null;
  let currency = '';
  let sum = 0n;
  for (const p of event.postings) {
    if (!kinds.has(p.accountKind) || !p.memberId) continue;
    memberId = p.memberId;
    currency = p.currency;
    sum += p.amount;
  }
  return memberId ? { memberId, sum, currency } : null;
}

/**
 * The turnover rule of points (spec §9 "nav point values", per unit of turnover):
 * - a seamless bet (or bet-and-win) counts its stake, the debit of the member's wallet; a rollback
 *   takes its refunded stake back; a win's payout is no turnover;
 * - a lottery order counts its stake (`lottery_bet`, or `lottery_chase_stake` from the chase hold);
 *   a refund (cancelled order or numero) takes it back; a lottery win is no turnover;
 * - a credited deposit counts its amount under the brand's deposit rate.
 */
export function turnoverOf(
  event: LedgerEvent,
  seamlessCategory: PointCategory | undefined,
): PointsTurnover | null {
  switch (event.kind) {
    case 'seamless_bet':
    case 'seamless_bet_win':
    case 'seamless_rollback': {
      const side = memberSide(event, SEAMLESS_WALLETS);
      if (!side || !seamlessCategory) return null;
      let stake = 0n;
      for (const p of event.postings) {
        if (!SEAMLESS_WALLETS.has(p.accountKind) || p.memberId !== side.memberId) continue;
        if (event.kind === 'seamless_rollback' ? p.amount > 0n : p.amount < 0n) stake += p.amount;
      }
      // A bet's stake is a debit (negative), a rollback's refund a credit: turnover is its opposite.
      return {
        memberId: side.memberId,
        category: seamlessCategory,
        turnover: -stake,
        currency: side.currency,
      };
    }
    case 'lottery_bet':
    case 'lottery_chase_stake':
    case 'lottery_refund': {
      const side = memberSide(event, LOTTERY_WALLETS);
      if (!side) return null;
      // A stake leaves the member's wallet or hold (negative sum): turnover; a refund comes back.
      return { memberId: side.memberId, category: 'LOTT', turnover: -side.sum, currency: side.currency };
    }
    case 'deposit': {
      const side = memberSide(event, new Set(['member_main']));
      if (!side || side.sum <= 0n) return null;
      return { memberId: side.memberId, category: 'DEPOSIT', turnover: side.sum, currency: side.currency };
    }
    default:
      return null;
  }
}

/**
 * Earns points from the event feed: `bet_settled` (the category of a seamless bet from its game,
 * through the games domain), `lottery_order_moved` and `deposit_credited`. Each journal entry is
 * claimed once in `points_earned_events` (a redelivered batch counts nothing twice); its turnover
 * times the category's rate (milli-points per major unit) is added to the member's accrual of the
 * category, and the whole points above what was already posted are posted from the brand's
 * `earned` account to the member (key `earn:<entry>`). The fraction stays in the accrual, so
 * nothing is lost to rounding. A rollback or refund lowers the accrual and takes back the whole
 * points it had earned, as far as the member still holds them (never below zero); what the member
 * had spent already stays posted, and later turnover earns again only past it.
 */
export const pointsEarning: EventConsumer = {
  name: 'points_earning',
  events: ['bet_settled', 'lottery_order_moved', 'deposit_credited'],
  handle: async (trx, events) => {
    const fresh = await claimEarnedEvents(trx, events);
    const todo = events.filter((e) => fresh.has(e.entryId));
    if (todo.length === 0) return;
    const categories = await seamlessCategories(trx, {
      entryIds: todo.filter((e) => e.type === 'bet_settled').map((e) => e.entryId),
    });
    const rates = new Map<string, Awaited<ReturnType<typeof pointsRates>>>();
    for (const event of todo) {
      const t = turnoverOf(event, categories.get(event.entryId)?.category);
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
