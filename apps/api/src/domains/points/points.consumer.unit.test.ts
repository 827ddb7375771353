import { describe, expect, it } from 'vitest';
import type { EventPosting, JournalEntry } from '../../events/event.ts';
import { factsOf } from '../../events/facts.ts';
import { isGameFact, type LedgerKinds } from '../../events/money-facts.ts';
import { DEPOSIT_LEDGER_KINDS } from '../deposits/deposits.ledger-kinds.ts';
import { LOTTERY_LEDGER_KINDS } from '../lottery/lottery.ledger-kinds.ts';
import { VENDOR_LEDGER_KINDS } from '../vendors/vendors.ledger-kinds.ts';
import { turnoverOf as turnoverOfFact } from './points.consumer.ts';

const leg = (accountKind: string, amount: bigint, memberId: string | null = null): EventPosting => ({
  accountId: String(Math.floor(Math.random() * 1e6)),
  accountKind,
  memberId,
  vendorId: accountKind === 'vendor' ? '7' : null,
  amount,
  currency: 'MYR',
});

const event = (kind: string, _type: string, postings: EventPosting[]): JournalEntry => ({
  kind,
  entryId: '1',
  txId: '1',
  brandId: '1',
  reference: 'r',
  metadata: {},
  createdAt: new Date(),
  postings,
});

/**
 * The points of an entry: its facts as the feed derives them, with `category` as the category the
 * feed found for a vendor game (undefined: none found), through the points' rule.
 */
const KINDS: LedgerKinds = { ...VENDOR_LEDGER_KINDS, ...LOTTERY_LEDGER_KINDS, ...DEPOSIT_LEDGER_KINDS };

function turnoverOf(entry: JournalEntry, category: string | undefined) {
  const declared = KINDS[entry.kind];
  if (!declared) throw new Error(`undeclared kind ${entry.kind}`);
  for (const fact of factsOf(entry, declared)) {
    if (isGameFact(fact)) fact.category = category === undefined ? null : { category, catalogued: true };
    if (fact.type !== 'stake_placed' && fact.type !== 'stake_returned' && fact.type !== 'deposit_credited')
      continue;
    const t = turnoverOfFact(fact);
    if (t) return t;
  }
  return null;
}

describe('the turnover of points', () => {
  it('counts a seamless stake, takes a rollback back and leaves wins out', () => {
    const bet = event('seamless_bet', 'bet_settled', [leg('member_main', -500n, '9'), leg('vendor', 500n)]);
    expect(turnoverOf(bet, 'LIVE')).toEqual({
      memberId: '9',
      category: 'LIVE',
      turnover: 500n,
      currency: 'MYR',
    });
    const betWin = event('seamless_bet_win', 'bet_settled', [
      leg('member_vendor', -300n, '9'),
      leg('vendor', 300n),
      leg('vendor', -900n),
      leg('member_vendor', 900n, '9'),
    ]);
    expect(turnoverOf(betWin, 'RNG')?.turnover).toBe(300n);
    const rollback = event('seamless_rollback', 'bet_settled', [
      leg('vendor', -500n),
      leg('member_main', 500n, '9'),
    ]);
    expect(turnoverOf(rollback, 'LIVE')?.turnover).toBe(-500n);
    const win = event('seamless_win', 'bet_settled', [leg('vendor', -900n), leg('member_main', 900n, '9')]);
    expect(turnoverOf(win, 'LIVE')).toBeNull();
  });

  it('counts a lottery stake (from the wallet or the chase hold), takes a refund back, leaves wins out', () => {
    const bet = event('lottery_bet', 'lottery_order_moved', [
      leg('member_main', -200n, '4'),
      leg('house', 200n),
    ]);
    expect(turnoverOf(bet, undefined)).toEqual({
      memberId: '4',
      category: 'LOTT',
      turnover: 200n,
      currency: 'MYR',
    });
    const chase = event('lottery_chase_stake', 'lottery_order_moved', [
      leg('lottery_hold', -100n, '4'),
      leg('house', 100n),
    ]);
    expect(turnoverOf(chase, undefined)?.turnover).toBe(100n);
    const refund = event('lottery_refund', 'lottery_order_moved', [
      leg('house', -200n),
      leg('member_main', 200n, '4'),
    ]);
    expect(turnoverOf(refund, undefined)?.turnover).toBe(-200n);
    const won = event('lottery_win', 'lottery_order_moved', [
      leg('house', -800n),
      leg('member_main', 800n, '4'),
    ]);
    expect(turnoverOf(won, undefined)).toBeNull();
  });

  it('counts a credited deposit under DEPOSIT', () => {
    const deposit = event('deposit', 'deposit_credited', [
      leg('payment_provider', -10_000n),
      leg('member_main', 10_000n, '5'),
    ]);
    expect(turnoverOf(deposit, undefined)).toEqual({
      memberId: '5',
      category: 'DEPOSIT',
      turnover: 10_000n,
      currency: 'MYR',
    });
  });
});
