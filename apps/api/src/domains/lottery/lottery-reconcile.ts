import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

export type LotteryProblem =
  | { check: 'order_entries'; orderId: string; status: string; stakes: number; wins: number; refunds: number }
  | { check: 'win_equals_payout'; orderId: string; payout: string; paid: string }
  | { check: 'hold_equals_pending_steps'; accountId: string; balance: string; pending: string }
  | { check: 'numero_settled_with_open_orders'; numeroId: string };

/**
 * The lottery's proof of its money, next to the ledger's own (wallet/reconcile.ts), read-only:
 * every order has exactly one stake entry, one win entry when won (paying its payout to its wallet)
 * and one refund entry when cancelled or refunded, and none otherwise; each chase hold holds exactly
 * the pending steps of its active chases; no settled or cancelled numero has an order still placed.
 */
export async function lotteryReconcile(db: Db): Promise<LotteryProblem[]> {
  const problems: LotteryProblem[] = [];
  const orders = await sql<{
    id: string;
    status: string;
    payout: string;
    stakes: string;
    wins: string;
    refunds: string;
    paid: string;
  }>`
    select o.id, o.status, o.payout::text,
           count(distinct e.id) filter (where e.kind in ('lottery_bet', 'lottery_chase_stake')) as stakes,
           count(distinct e.id) filter (where e.kind = 'lottery_win') as wins,
           count(distinct e.id) filter (where e.kind = 'lottery_refund') as refunds,
           coalesce(sum(p.amount) filter (where e.kind = 'lottery_win' and p.account_id = o.wallet_account_id), 0)::text as paid
    from lottery_orders o
    left join journal_entries e on e.brand_id = o.brand_id and e.reference = 'lottery:order:' || o.id
    left join postings p on p.entry_id = e.id
    group by o.id, o.status, o.payout`.execute(db);
  for (const r of orders.rows) {
    const stakes = Number(r.stakes);
    const wins = Number(r.wins);
    const refunds = Number(r.refunds);
    const expectWin = r.status === 'won' ? 1 : 0;
    const expectRefund = r.status === 'cancelled' || r.status === 'refunded' ? 1 : 0;
    if (stakes !== 1 || wins !== expectWin || refunds !== expectRefund) {
      problems.push({ check: 'order_entries', orderId: r.id, status: r.status, stakes, wins, refunds });
    }
    if (r.status === 'won' && r.paid !== r.payout) {
      problems.push({ check: 'win_equals_payout', orderId: r.id, payout: r.payout, paid: r.paid });
    }
  }
  const holds = await sql<{ id: string; balance: string; pending: string }>`
    select a.id, a.balance::text as balance,
           coalesce(sum(s.amount) filter (where c.status = 'active' and s.status = 'pending'), 0)::text as pending
    from ledger_accounts a
    left join lottery_chases c on c.hold_account_id = a.id
    left join lottery_chase_steps s on s.chase_id = c.id
    where a.kind = 'lottery_hold'
    group by a.id, a.balance`.execute(db);
  for (const r of holds.rows) {
    if (r.balance !== r.pending) {
      problems.push({
        check: 'hold_equals_pending_steps',
        accountId: r.id,
        balance: r.balance,
        pending: r.pending,
      });
    }
  }
  const stuck = await sql<{ id: string }>`
    select distinct n.id from lottery_numeros n join lottery_orders o on o.numero_id = n.id
    where n.status = 'settled' and o.status = 'placed'`.execute(db);
  for (const r of stuck.rows) problems.push({ check: 'numero_settled_with_open_orders', numeroId: r.id });
  return problems;
}
