import type { CategoryLookup, FoundCategory, LedgerKinds } from '../../events/money-facts.ts';
import { orderCategories } from './records.service.ts';

/** The category of a lottery order's money: its game's (LOTT or ELOTT); absent for an unknown order. */
export const lotteryOrderCategory: CategoryLookup = async (db, queries) => {
  const byBrand = new Map<string, { entryId: string; orderId: string }[]>();
  for (const q of queries) {
    if (q.orderId === null) continue;
    const list = byBrand.get(q.brandId) ?? [];
    list.push({ entryId: q.entryId, orderId: q.orderId });
    byBrand.set(q.brandId, list);
  }
  const found = new Map<string, FoundCategory>();
  for (const [brandId, list] of byBrand) {
    const categories = await orderCategories(
      db,
      brandId,
      list.map((l) => l.orderId),
    );
    for (const l of list) {
      const category = categories.get(l.orderId);
      if (category !== undefined) found.set(l.entryId, { category, catalogued: true });
    }
  }
  return found;
};

const order = { product: 'lottery', category: lotteryOrderCategory } as const;

/** The lottery's money (lottery-money.ts, posted through the wallet's postBatch), metadata `orderId` or `chaseId`, and `memberId`. */
export const LOTTERY_LEDGER_KINDS: LedgerKinds = {
  lottery_bet: { means: 'stake_placed', ...order, description: "An order's stake from the wallet." },
  lottery_chase_stake: {
    means: 'stake_placed',
    ...order,
    description: "A chase step's order: its stake from the chase's hold.",
  },
  lottery_win: { means: 'win_paid', ...order, description: "A settled order's win paid to the wallet." },
  lottery_refund: {
    means: 'stake_returned',
    ...order,
    description: "A cancelled order's (or cancelled draw's) stake back to the wallet.",
  },
  lottery_chase_hold: {
    means: 'funds_held',
    description: "A chase's stakes of its future numeros set aside in the member's lottery hold.",
  },
  lottery_chase_return: {
    means: 'funds_released',
    description: "A chase's unplaced stakes back from the hold to the wallet.",
  },
};
