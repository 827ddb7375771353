import type { Executor } from '../db/executor.ts';

/**
 * The money facts of the platform (docs/money-facts.md): what a journal entry means, declared once by
 * the domain that posts it, and the typed facts the event feed derives from it for every reader.
 */

/**
 * The closed vocabulary of what a journal entry kind means. Each meaning yields the facts below
 * (FACTS_OF); `stake_and_win` (a vendor's bet and its win in one call) yields a stake and a win.
 */
export const LEDGER_MEANINGS = [
  /** A member's stake on a game left their account. */
  'stake_placed',
  /** A stake came back to the member (a vendor's rollback, a cancelled lottery order or draw). */
  'stake_returned',
  /** A game paid the member. */
  'win_paid',
  /** A stake and its win in one entry. */
  'stake_and_win',
  /** A deposit reached the member's main wallet. */
  'deposit_credited',
  /** A requested withdrawal left the wallet for the brand's withdrawal hold. */
  'withdrawal_held',
  /** A withdrawal's money came back to the member (rejected, or refunded after a dispute). */
  'withdrawal_returned',
  /** A withdrawal left for the payment provider. */
  'withdrawal_paid',
  /** A bonus or reward was paid to the member (promotions, VIP, missions, referrals, points). */
  'bonus_credited',
  /** A bonus was taken back from the member. */
  'bonus_forfeited',
  /** An operator's (or the trial account's) adjustment of a wallet. */
  'adjusted',
  /** Money moved between a member's accounts, or from a member to another member. */
  'transferred',
  /** A member's money set aside for later stakes (a lottery chase's hold). */
  'funds_held',
  /** Money set aside came back to the member's wallet. */
  'funds_released',
] as const;
export type LedgerMeaning = (typeof LEDGER_MEANINGS)[number];

/** The fact types consumers subscribe to: every meaning but the compound one. */
export type FactType = Exclude<LedgerMeaning, 'stake_and_win'>;

/** The facts each meaning yields, in this order. */
export const FACTS_OF: Readonly<Record<LedgerMeaning, readonly FactType[]>> = {
  stake_placed: ['stake_placed'],
  stake_returned: ['stake_returned'],
  win_paid: ['win_paid'],
  stake_and_win: ['stake_placed', 'win_paid'],
  deposit_credited: ['deposit_credited'],
  withdrawal_held: ['withdrawal_held'],
  withdrawal_returned: ['withdrawal_returned'],
  withdrawal_paid: ['withdrawal_paid'],
  bonus_credited: ['bonus_credited'],
  bonus_forfeited: ['bonus_forfeited'],
  adjusted: ['adjusted'],
  transferred: ['transferred'],
  funds_held: ['funds_held'],
  funds_released: ['funds_released'],
};

/** Facts of a game's money: they carry the product, the game source and the game category. */
export const GAME_FACTS: ReadonlySet<FactType> = new Set<GameFactType>([
  'stake_placed',
  'stake_returned',
  'win_paid',
]);

/**
 * The product whose money an entry is: `vendor_games` (games of the game vendors through the
 * seamless wallet: slots, live tables, fish...; the game category tells which) or `lottery` (the
 * house lottery). Sportsbook, e-sports and PVP rooms will add theirs.
 */
export type Product = 'vendor_games' | 'lottery';

/** The category a lookup found for a game fact. */
export type FoundCategory = {
  /** The game category (RNG, LIVE, FISH, SPORTS, LOTT, ELOTT...). */
  category: string;
  /** True when the game's own catalogue row gave it (not a fallback of the lookup). */
  catalogued: boolean;
};

/** What a category lookup is asked about: one game fact's entry. */
export type CategoryQuery = {
  entryId: string;
  brandId: string;
  reference: string;
  vendorId: string | null;
  orderId: string | null;
};

/**
 * How the owner of a kind finds the game category of its entries, asked once per batch for every
 * game fact of the kinds that name it: the answer is keyed by entry id (an entry absent: not found).
 */
export type CategoryLookup = (
  db: Executor,
  queries: readonly CategoryQuery[],
) => Promise<Map<string, FoundCategory>>;

/** The declaration of one journal entry kind by the domain that posts it. */
export type LedgerKind = {
  /** What the entry means. */
  means: LedgerMeaning;
  /** The product of a game's money (required for stakes, returns and wins). */
  product?: Product;
  /** How the game category of its stakes, returns and wins is found. */
  category?: CategoryLookup;
  /** One line for the reader of docs and the back office. */
  description: string;
};

/** A domain's journal entry kinds, keyed by the kind written to `journal_entries.kind`. */
export type LedgerKinds = Readonly<Record<string, LedgerKind>>;

/** Where a fact is in the feed: `(txId, entryId)` orders it; every fact of an entry shares it. */
type FactBase = {
  /** The journal entry's id and kind, and the id of the transaction that wrote it. */
  entryId: string;
  kind: string;
  txId: string;
  brandId: string;
  reference: string;
  metadata: Record<string, unknown>;
  createdAt: Date;
  /**
   * The member whose money moved: the member of the entry's member accounts (MEMBER_ACCOUNT_KINDS),
   * else the member its metadata names; null when neither.
   */
  memberId: string | null;
  /** The currency of the member's account (else of the entry's first posting). */
  currency: string;
};

/** The facts of a game's money: a stake placed, a stake returned, a win paid. */
export type GameFactType = 'stake_placed' | 'stake_returned' | 'win_paid';

type GameFields = {
  /** Minor units, never negative: the member's debit (a stake), their credit (a return, a win). */
  amount: bigint;
  product: Product;
  /** A vendor game's call: the vendor (of the entry's vendor account); its transaction is the reference. */
  vendorId: string | null;
  /** A lottery order's money: the order (metadata `orderId`). */
  orderId: string | null;
  /** The game category the kind's lookup found; null when it found none. */
  category: FoundCategory | null;
};

type AccountFields = {
  /**
   * Minor units: what reached the member (a credit: deposits, bonuses, returns, releases) or left
   * them (a debit: holds, payouts, forfeits); for `adjusted` and `transferred` the member's net
   * change (signed). An entry without a member account: what moved (the sum of its credits).
   */
  amount: bigint;
};

/** The fact of one type (of a union of types: the union of their facts). */
export type FactOf<T extends FactType> = T extends GameFactType
  ? FactBase & GameFields & { type: T }
  : FactBase & AccountFields & { type: T };

/** A stake, a returned stake or a win. */
export type GameFact = FactOf<GameFactType>;
/** Any other money fact: deposits, withdrawals, bonuses, adjustments, transfers, holds. */
export type AccountFact = FactOf<Exclude<FactType, GameFactType>>;
export type MoneyFact = FactOf<FactType>;

/** True for a stake, a returned stake or a win. */
export function isGameFact(fact: MoneyFact): fact is GameFact {
  return GAME_FACTS.has(fact.type);
}

/** (txId, entryId) order of the feed: true when a is after b. */
export function isAfter(a: { txId: string; entryId: string }, b: { txId: string; entryId: string }): boolean {
  const ta = BigInt(a.txId);
  const tb = BigInt(b.txId);
  return ta !== tb ? ta > tb : BigInt(a.entryId) > BigInt(b.entryId);
}
