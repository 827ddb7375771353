import { describe, expect, it } from 'vitest';
import type { EventPosting, JournalEntry } from './event.ts';
import { CategoryCache, deriveFacts, factsOf, withCategories } from './facts.ts';
import type { CategoryLookup, LedgerKind, MoneyFact } from './money-facts.ts';

const leg = (
  accountKind: string,
  amount: bigint,
  owner: { memberId?: string; vendorId?: string; accountId?: string } = {},
): EventPosting => ({
  accountId: owner.accountId ?? accountKind,
  accountKind,
  memberId: owner.memberId ?? null,
  vendorId: owner.vendorId ?? null,
  amount,
  currency: 'MYR',
});

const entry = (
  kind: string,
  postings: EventPosting[],
  metadata: Record<string, unknown> = {},
): JournalEntry => ({
  kind,
  entryId: '41',
  txId: '7',
  brandId: '1',
  reference: 'tx-1',
  metadata,
  createdAt: new Date('2026-11-28T10:00:00Z'),
  postings,
});

const game = (means: LedgerKind['means'], category?: CategoryLookup): LedgerKind => ({
  means,
  product: 'vendor_games',
  description: 'a test kind',
  ...(category ? { category } : {}),
});

describe('the facts of a journal entry', () => {
  it("splits a bet-and-win into its stake and its win, on the member's account, with the vendor", () => {
    const facts = factsOf(
      entry('seamless_bet_win', [
        leg('member_vendor', -300n, { memberId: '9' }),
        leg('vendor', 300n, { vendorId: '3' }),
        leg('vendor', -900n, { vendorId: '3' }),
        leg('member_vendor', 900n, { memberId: '9' }),
      ]),
      game('stake_and_win'),
    );
    expect(facts.map((f) => [f.type, f.memberId, f.amount, 'vendorId' in f ? f.vendorId : null])).toEqual([
      ['stake_placed', '9', 300n, '3'],
      ['win_paid', '9', 900n, '3'],
    ]);
    expect(facts.every((f) => f.entryId === '41' && f.txId === '7' && f.currency === 'MYR')).toBe(true);
  });

  it("counts a chase's stake from the member's hold, and takes the member from metadata when no account names one", () => {
    const lottery: LedgerKind = { means: 'stake_placed', product: 'lottery', description: 'a lottery stake' };
    const [stake] = factsOf(
      entry('lottery_chase_stake', [leg('lottery_hold', -100n, { memberId: '4' }), leg('house', 100n)], {
        orderId: '77',
        memberId: '4',
      }),
      lottery,
    );
    expect(stake).toMatchObject({
      type: 'stake_placed',
      memberId: '4',
      amount: 100n,
      product: 'lottery',
      orderId: '77',
    });
    const [refund] = factsOf(entry('lottery_refund', [], { orderId: 78, memberId: '5' }), {
      ...lottery,
      means: 'stake_returned',
    });
    expect(refund).toMatchObject({ type: 'stake_returned', memberId: '5', amount: 0n, orderId: '78' });
  });

  it('gives an entry without a member what moved, and no member', () => {
    const [paid] = factsOf(
      entry('withdrawal_paid', [leg('withdrawal_hold', -5000n), leg('payment_provider', 5000n)]),
      { means: 'withdrawal_paid', description: 'a withdrawal paid out' },
    );
    expect(paid).toMatchObject({ type: 'withdrawal_paid', memberId: null, amount: 5000n });
  });

  it('looks the category up once per lookup for the batch, null when not found', async () => {
    const asked: string[][] = [];
    const lookup: CategoryLookup = async (_db, queries) => {
      asked.push(queries.map((q) => `${q.entryId}:${q.vendorId}:${q.reference}`));
      return new Map([['41', { category: 'LIVE', catalogued: true }]]);
    };
    const kind = game('stake_placed', lookup);
    const bet = (entryId: string) => ({
      ...entry('seamless_bet', [
        leg('member_main', -5n, { memberId: '2' }),
        leg('vendor', 5n, { vendorId: '3' }),
      ]),
      entryId,
    });
    const facts = [...factsOf(bet('41'), kind), ...factsOf(bet('42'), kind)];
    await withCategories({} as never, facts, new Map([['seamless_bet', kind]]));
    expect(asked).toEqual([['41:3:tx-1', '42:3:tx-1']]);
    expect(facts.map((f) => ('category' in f ? f.category : undefined))).toEqual([
      { category: 'LIVE', catalogued: true },
      null,
    ]);
  });

  it('skips the lookups for a consumer that reads no category, and asks them by default', async () => {
    let calls = 0;
    const lookup: CategoryLookup = async () => {
      calls += 1;
      return new Map([['41', { category: 'SLOT', catalogued: true }]]);
    };
    const kinds = new Map([['seamless_bet', game('stake_placed', lookup)]]);
    const bet = entry('seamless_bet', [
      leg('member_main', -5n, { memberId: '2' }),
      leg('vendor', 5n, { vendorId: '3' }),
    ]);
    const without = await deriveFacts({} as never, [bet], kinds, undefined, false);
    expect(calls).toBe(0);
    expect(without.map((f) => ('category' in f ? f.category : undefined))).toEqual([null]);
    const withCategory = await deriveFacts({} as never, [bet], kinds);
    expect(calls).toBe(1);
    expect(withCategory.map((f) => ('category' in f ? f.category : undefined))).toEqual([
      { category: 'SLOT', catalogued: true },
    ]);
  });

  it('asks the lookup once per entry for consumers sharing a cache, "not found" included, and forgets the oldest past its capacity', async () => {
    const asked: string[][] = [];
    const lookup: CategoryLookup = async (_db, queries) => {
      asked.push(queries.map((q) => q.entryId));
      return new Map(
        queries
          .filter((q) => q.entryId !== '42')
          .map((q) => [q.entryId, { category: 'SLOT', catalogued: true }]),
      );
    };
    const kinds = new Map([['seamless_bet', game('stake_placed', lookup)]]);
    const bet = (entryId: string) => ({
      ...entry('seamless_bet', [
        leg('member_main', -5n, { memberId: '2' }),
        leg('vendor', 5n, { vendorId: '3' }),
      ]),
      entryId,
    });
    const cache = new CategoryCache(2);
    const categories = (facts: readonly MoneyFact[]) =>
      facts.map((f) => ('category' in f ? f.category : undefined));
    const first = await deriveFacts({} as never, [bet('41'), bet('42')], kinds, undefined, cache);
    const second = await deriveFacts({} as never, [bet('41'), bet('42')], kinds, undefined, cache);
    expect(asked).toEqual([['41', '42']]);
    expect(categories(second)).toEqual(categories(first));
    expect(categories(second)).toEqual([{ category: 'SLOT', catalogued: true }, null]);
    const third = await deriveFacts({} as never, [bet('42'), bet('43')], kinds, undefined, cache);
    expect(asked).toEqual([['41', '42'], ['43']]);
    expect(categories(third)).toEqual([null, { category: 'SLOT', catalogued: true }]);
    expect(cache.size).toBe(2);
    expect(cache.has('41')).toBe(false);
    await deriveFacts({} as never, [bet('41')], kinds, undefined, cache);
    expect(asked.at(-1)).toEqual(['41']);
  });
});
