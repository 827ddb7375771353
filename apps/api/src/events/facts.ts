import type { Executor } from '../db/executor.ts';
import type { EventPosting, JournalEntry } from './event.ts';
import {
  type AccountFact,
  type CategoryLookup,
  type CategoryQuery,
  FACTS_OF,
  type FactType,
  type FoundCategory,
  GAME_FACTS,
  type GameFactType,
  isGameFact,
  type LedgerKind,
  type MoneyFact,
} from './money-facts.ts';

/**
 * The accounts that hold a member's own money: the main wallet, a transfer-mode wallet at a vendor,
 * a lottery chase's hold. The one list every reader of money used to keep for itself.
 */
export const MEMBER_ACCOUNT_KINDS: ReadonlySet<string> = new Set([
  'member_main',
  'member_vendor',
  'lottery_hold',
]);

const idOf = (value: unknown): string | null =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null;

/** Facts that move money to the member (their amount is the member's credit). */
const CREDITS: ReadonlySet<FactType> = new Set([
  'stake_returned',
  'win_paid',
  'deposit_credited',
  'withdrawal_returned',
  'bonus_credited',
  'funds_released',
]);
/** Facts that move the member's money away (their amount is the member's debit). */
const DEBITS: ReadonlySet<FactType> = new Set([
  'stake_placed',
  'withdrawal_held',
  'withdrawal_paid',
  'bonus_forfeited',
  'funds_held',
]);

/**
 * The facts of one journal entry, as its kind's declaration means it (without the game category,
 * which withCategories looks up for a batch). The member is the one of the entry's member accounts
 * (MEMBER_ACCOUNT_KINDS), else the one its metadata names (`memberId`); the amounts are that
 * member's debits and credits, or, with no member account in the entry, what moved.
 */
export function factsOf(entry: JournalEntry, declared: LedgerKind): MoneyFact[] {
  const legs = entry.postings.filter((p) => MEMBER_ACCOUNT_KINDS.has(p.accountKind) && p.memberId);
  const memberId = legs[0]?.memberId ?? idOf(entry.metadata.memberId);
  let debits = 0n;
  let credits = 0n;
  for (const p of legs) {
    if (p.memberId !== memberId) continue;
    if (p.amount < 0n) debits -= p.amount;
    else credits += p.amount;
  }
  const moved = entry.postings.reduce((sum, p) => (p.amount > 0n ? sum + p.amount : sum), 0n);
  const member = legs.length > 0;
  const base = {
    entryId: entry.entryId,
    kind: entry.kind,
    txId: entry.txId,
    brandId: entry.brandId,
    reference: entry.reference,
    metadata: entry.metadata,
    createdAt: entry.createdAt,
    memberId,
    currency: legs[0]?.currency ?? entry.postings[0]?.currency ?? '',
  };
  const amountOf = (type: FactType): bigint => {
    if (!member) return moved;
    if (CREDITS.has(type)) return credits;
    if (DEBITS.has(type)) return debits;
    return credits - debits;
  };
  return FACTS_OF[declared.means].map((type): MoneyFact => {
    if (!GAME_FACTS.has(type)) return { ...base, type: type as AccountFact['type'], amount: amountOf(type) };
    return {
      ...base,
      type: type as GameFactType,
      amount: type === 'stake_placed' ? debits : credits,
      product: declared.product ?? 'vendor_games',
      vendorId: vendorOf(entry.postings),
      orderId: idOf(entry.metadata.orderId),
      category: null,
    };
  });
}

const vendorOf = (postings: readonly EventPosting[]) =>
  postings.find((p) => p.accountKind === 'vendor' && p.vendorId)?.vendorId ?? null;

/**
 * The categories already found, by entry id, shared by every consumer of one process and database:
 * the consumers read the same entries one after another, so the feed asks the owner's lookup once
 * per entry instead of once per consumer. An entry's category is a fact of the entry (its game's
 * catalogue row when it was looked up); "not found" is kept too. Bounded: the oldest answers go first.
 */
export class CategoryCache {
  readonly #found = new Map<string, FoundCategory | null>();
  readonly capacity: number;
  constructor(capacity = 50_000) {
    this.capacity = capacity;
  }
  get size(): number {
    return this.#found.size;
  }
  has(entryId: string): boolean {
    return this.#found.has(entryId);
  }
  get(entryId: string): FoundCategory | null {
    return this.#found.get(entryId) ?? null;
  }
  set(entryId: string, found: FoundCategory | null): void {
    this.#found.delete(entryId);
    this.#found.set(entryId, found);
    while (this.#found.size > this.capacity) {
      const oldest = this.#found.keys().next().value;
      if (oldest === undefined) break;
      this.#found.delete(oldest);
    }
  }
}

/**
 * Fills in the game category of every game fact, one lookup per declared lookup for the whole
 * batch (the category found once, for every reader): a fact whose lookup finds nothing keeps null.
 * With a cache, entries it already answers are not asked again, and the answers are kept in it.
 */
export async function withCategories(
  db: Executor,
  facts: readonly MoneyFact[],
  kinds: ReadonlyMap<string, LedgerKind>,
  cache?: CategoryCache,
): Promise<void> {
  const asked = new Map<CategoryLookup, Map<string, CategoryQuery>>();
  for (const fact of facts) {
    if (!isGameFact(fact)) continue;
    const lookup = kinds.get(fact.kind)?.category;
    if (!lookup || cache?.has(fact.entryId)) continue;
    const queries = asked.get(lookup) ?? new Map<string, CategoryQuery>();
    queries.set(fact.entryId, {
      entryId: fact.entryId,
      brandId: fact.brandId,
      reference: fact.reference,
      vendorId: fact.vendorId,
      orderId: fact.orderId,
    });
    asked.set(lookup, queries);
  }
  const answers = new Map<string, FoundCategory | null>();
  for (const [lookup, queries] of asked) {
    const found = await lookup(db, [...queries.values()]);
    for (const entryId of queries.keys()) answers.set(entryId, found.get(entryId) ?? null);
  }
  for (const fact of facts) {
    if (!isGameFact(fact) || !kinds.get(fact.kind)?.category) continue;
    fact.category = answers.has(fact.entryId)
      ? (answers.get(fact.entryId) ?? null)
      : (cache?.get(fact.entryId) ?? null);
  }
  if (cache) for (const [entryId, found] of answers) cache.set(entryId, found);
}

/**
 * The facts of a batch of entries that a reader subscribed to (`wanted`), in feed order, with their
 * categories: what the runner hands a consumer. Entries of undeclared kinds yield nothing.
 */
export async function deriveFacts(
  db: Executor,
  entries: readonly JournalEntry[],
  kinds: ReadonlyMap<string, LedgerKind>,
  wanted?: ReadonlySet<FactType>,
  categories: boolean | CategoryCache = true,
): Promise<MoneyFact[]> {
  const facts = entries.flatMap((entry) => {
    const declared = kinds.get(entry.kind);
    if (!declared) return [];
    return factsOf(entry, declared).filter((f) => !wanted || wanted.has(f.type));
  });
  if (categories !== false)
    await withCategories(db, facts, kinds, categories === true ? undefined : categories);
  return facts;
}
