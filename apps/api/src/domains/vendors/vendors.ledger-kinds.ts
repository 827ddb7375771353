import type { CategoryLookup, LedgerKinds } from '../../events/money-facts.ts';
import { seamlessCategories } from '../games/bet-category.service.ts';

/**
 * The category of a vendor's call, from the games domain: its game's (a win's or a rollback's: its
 * bet's game) catalogue row, else the vendor's first placement, else RNG; absent for an entry
 * without a seamless call.
 */
export const vendorGameCategory: CategoryLookup = (db, queries) =>
  seamlessCategories(db, { entryIds: queries.map((q) => q.entryId) });

const game = { product: 'vendor_games', category: vendorGameCategory } as const;

/**
 * The journal entries the seamless wallet's SQL functions post (sql/seamless_post.sql, one per money
 * call, and sql/seamless_free_round_pay.sql).
 */
export const VENDOR_LEDGER_KINDS: LedgerKinds = {
  seamless_bet: {
    means: 'stake_placed',
    ...game,
    description: "A vendor's bet: the stake leaves the wallet.",
  },
  seamless_win: { means: 'win_paid', ...game, description: "A vendor's win paid to the wallet." },
  seamless_bet_win: {
    means: 'stake_and_win',
    ...game,
    description: 'A bet and its win in one call: the stake leaves, the payout arrives.',
  },
  seamless_rollback: {
    means: 'stake_returned',
    ...game,
    description: "A vendor's rollback: a bet's stake back to the wallet.",
  },
  promotion_free_round_win: {
    means: 'bonus_credited',
    description:
      "A free spin's win: the bonus pool pays the member's main wallet, bonus money of the grant's promotion (no stake, no vendor win).",
  },
};
