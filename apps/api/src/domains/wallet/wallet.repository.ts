import type { TransactionType } from '@lotus/contracts/wallet';
import { sql } from 'kysely';
import type { Executor } from '../../db/executor.ts';

/** The member's wallets (main and vendor wallets) in the brand's currency, by account id. */
export async function memberWallets(db: Executor, brandId: string, memberId: string, currency: string) {
  return db
    .selectFrom('ledger_accounts')
    .select(['id', 'kind', 'vendor_id', 'balance'])
    .where('brand_id', '=', brandId)
    .where('member_id', '=', memberId)
    .where('kind', 'in', ['member_main', 'member_vendor'])
    .where('currency', '=', currency)
    .orderBy('id')
    .execute();
}

/** The member's vendor wallets locked for update in id order (the ledger's lock order). */
export async function lockVendorWallets(db: Executor, brandId: string, memberId: string, currency: string) {
  return db
    .selectFrom('ledger_accounts')
    .select(['id', 'vendor_id', 'balance'])
    .where('brand_id', '=', brandId)
    .where('member_id', '=', memberId)
    .where('kind', '=', 'member_vendor')
    .where('currency', '=', currency)
    .orderBy('id')
    .forUpdate()
    .execute();
}

export async function brandVendors(db: Executor, brandId: string) {
  return db
    .selectFrom('vendors')
    .select(['id', 'code', 'name', 'active'])
    .where('brand_id', '=', brandId)
    .orderBy('id')
    .execute();
}

export async function findBrandVendor(db: Executor, brandId: string, vendorId: number) {
  return db
    .selectFrom('vendors')
    .select(['id', 'code', 'active'])
    .where('brand_id', '=', brandId)
    .where('id', '=', String(vendorId))
    .executeTakeFirst();
}

/** Money of the member's withdrawals requested and not yet paid out or returned (held). */
export async function heldWithdrawals(db: Executor, brandId: string, memberId: string): Promise<bigint> {
  const row = await db
    .selectFrom('withdrawals')
    .select(sql<string>`coalesce(sum(amount), 0)`.as('total'))
    .where('brand_id', '=', brandId)
    .where('member_id', '=', memberId)
    .where('status', 'in', ['pending', 'approved'])
    .executeTakeFirstOrThrow();
  return BigInt(row.total);
}

/** Deposits the member submitted that are not yet credited (awaiting review or the gateway). */
export async function pendingDeposits(db: Executor, brandId: string, memberId: string): Promise<bigint> {
  const row = await db
    .selectFrom('deposits')
    .select(sql<string>`coalesce(sum(amount), 0)`.as('total'))
    .where('brand_id', '=', brandId)
    .where('member_id', '=', memberId)
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  return BigInt(row.total);
}

/**
 * The account-record type of a posting, from its entry's kind and, where one kind covers both
 * directions (a bet-and-win, a transfer, a withdrawal and its return), the posting's sign. Kinds
 * added by later features fall back to `other` until they are named here.
 */
const TYPE_OF_POSTING = sql<TransactionType>`case
  when e.kind = 'seamless_bet' then 'bet'
  when e.kind = 'seamless_win' then 'win'
  when e.kind = 'seamless_rollback' then 'rollback'
  when e.kind = 'seamless_bet_win' then (case when p.amount < 0 then 'bet' else 'win' end)
  when e.kind like 'wallet\\_transfer%' then (case when p.amount < 0 then 'transfer_out' else 'transfer_in' end)
  when e.kind like 'deposit%' then 'deposit'
  when e.kind like '%upline%' then 'transfer_upline'
  when e.kind like 'withdrawal%' then (case when p.amount < 0 then 'withdrawal' else 'withdrawal_return' end)
  when e.kind like 'adjustment%' then 'adjustment'
  when e.kind = 'demo_credit' then 'demo_credit'
  when e.kind in ('lottery_bet', 'lottery_chase_hold') then 'bet'
  when e.kind = 'lottery_win' then 'win'
  when e.kind in ('lottery_refund', 'lottery_chase_return') then 'rollback'
  when e.kind in ('promotion_bonus', 'promotion_free_round_win', 'vip_bonus', 'vip_rebate', 'mission_reward', 'referral_reward',
                  'points_convert', 'points_exchange_cash') then 'reward'
  when e.kind = 'promotion_forfeit' then 'forfeit'
  else 'other' end`;

export type HistoryFilter = {
  accountIds: string[];
  from: Date;
  to: Date;
  type?: TransactionType;
};

function historyQuery(db: Executor, filter: HistoryFilter) {
  return db
    .selectFrom('postings as p')
    .innerJoin('journal_entries as e', 'e.id', 'p.entry_id')
    .where('p.account_id', 'in', filter.accountIds)
    .where('p.created_at', '>=', filter.from)
    .where('p.created_at', '<', filter.to)
    .$if(filter.type !== undefined, (q) => q.where(TYPE_OF_POSTING, '=', filter.type as TransactionType));
}

/** One page of the member's postings, newest first (index postings_account_time_idx per wallet). */
export async function historyPage(db: Executor, filter: HistoryFilter, page: number, size: number) {
  if (filter.accountIds.length === 0) return { rows: [], total: 0 };
  const [rows, count] = await Promise.all([
    historyQuery(db, filter)
      .select([
        'p.id',
        'p.account_id',
        'p.amount',
        'p.balance_after',
        'p.created_at',
        'e.id as entry_id',
        'e.reference',
        TYPE_OF_POSTING.as('type'),
      ])
      .orderBy('p.created_at', 'desc')
      .orderBy('p.id', 'desc')
      .limit(size)
      .offset((page - 1) * size)
      .execute(),
    historyQuery(db, filter).select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}
