import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

export type ReconcileProblem =
  | { check: 'balance_equals_postings'; accountId: string; balance: string; postings: string }
  | { check: 'entry_sums_to_zero'; entryId: string; currency: string; sum: string }
  | { check: 'posting_currency'; postingId: string }
  | { check: 'wallet_not_negative'; accountId: string; balance: string }
  | { check: 'closed_round_bets_settled'; vendorId: string; roundId: string; transactionId: string }
  | { check: 'money_call_has_entry'; vendorId: string; transactionId: string };

export type ReconcileReport = {
  ok: boolean;
  accounts: number;
  entries: number;
  problems: ReconcileProblem[];
};

/**
 * The ledger's proof of itself (money-rules.md, test 10), read-only and safe on a live database:
 * every balance equals the sum of its postings; every entry sums to zero per currency; each posting
 * is in its account's currency; no wallet is negative; every bet of a closed round is settled or
 * rolled back; every applied seamless debit or credit has its journal entry.
 */
export async function reconcile(db: Db): Promise<ReconcileReport> {
  const problems: ReconcileProblem[] = [];

  const balances = await sql<{ id: string; balance: string; postings: string }>`
    select a.id, a.balance::text as balance, coalesce(p.total, 0)::text as postings
    from ledger_accounts a
    left join (select account_id, sum(amount) as total from postings group by account_id) p
      on p.account_id = a.id
    where a.balance <> coalesce(p.total, 0)`.execute(db);
  for (const r of balances.rows) {
    problems.push({
      check: 'balance_equals_postings',
      accountId: r.id,
      balance: r.balance,
      postings: r.postings,
    });
  }

  const sums = await sql<{ entry_id: string; currency: string; total: string }>`
    select entry_id, currency, sum(amount)::text as total from postings
    group by entry_id, currency having sum(amount) <> 0`.execute(db);
  for (const r of sums.rows) {
    problems.push({ check: 'entry_sums_to_zero', entryId: r.entry_id, currency: r.currency, sum: r.total });
  }

  const currencies = await sql<{ id: string }>`
    select p.id from postings p join ledger_accounts a on a.id = p.account_id
    where p.currency <> a.currency`.execute(db);
  for (const r of currencies.rows) problems.push({ check: 'posting_currency', postingId: r.id });

  const negative = await sql<{ id: string; balance: string }>`
    select id, balance::text as balance from ledger_accounts where not may_go_negative and balance < 0`.execute(
    db,
  );
  for (const r of negative.rows) {
    problems.push({ check: 'wallet_not_negative', accountId: r.id, balance: r.balance });
  }

  const openBets = await sql<{ vendor_id: string; round_id: string; transaction_id: string }>`
    select t.vendor_id, t.round_id, t.transaction_id from seamless_transactions t
    join seamless_rounds r on r.vendor_id = t.vendor_id and r.round_id = t.round_id
    where r.status <> 'open' and t.bet_state = 'open'`.execute(db);
  for (const r of openBets.rows) {
    problems.push({
      check: 'closed_round_bets_settled',
      vendorId: r.vendor_id,
      roundId: r.round_id,
      transactionId: r.transaction_id,
    });
  }

  const missing = await sql<{ vendor_id: string; transaction_id: string }>`
    select vendor_id, transaction_id from seamless_transactions
    where entry_id is null and error_code = ''
      -- A free spin's stake (free_round_grant_id, docs/free-rounds.md) moves no money: no entry.
      and ((kind = 'bet' and amount > 0 and free_round_grant_id is null) or (kind = 'win' and amount > 0)
        or (kind = 'bet_win' and ((amount > 0 and free_round_grant_id is null) or win_amount > 0)))`.execute(
    db,
  );
  for (const r of missing.rows) {
    problems.push({ check: 'money_call_has_entry', vendorId: r.vendor_id, transactionId: r.transaction_id });
  }

  const counts = await sql<{ accounts: string; entries: string }>`
    select (select count(*) from ledger_accounts)::text as accounts,
           (select count(*) from journal_entries)::text as entries`.execute(db);
  const row = counts.rows[0];
  return {
    ok: problems.length === 0,
    accounts: Number(row?.accounts ?? 0),
    entries: Number(row?.entries ?? 0),
    problems,
  };
}
