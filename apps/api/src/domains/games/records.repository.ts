import { TRIAL_TYPE } from '@lotus/contracts/accounts';
import { type RawBuilder, sql } from 'kysely';
import type { Executor } from '../../db/executor.ts';
import { lotteryBetRows } from '../lottery/records.service.ts';

/**
 * Reads of the platform's own seamless records (seamless_transactions, the ledger's journal and
 * postings), never a vendor's, so they hold for every vendor. A member's bets are found through the
 * postings of the member's wallets (indexed by account and time, migration 0007): every bet that
 * took money has a journal entry whose idempotency key names its vendor and whose reference is the
 * vendor's transaction id, the unique key of its seamless row. A bet that moved nothing (refused,
 * or a stake of zero without a win) has no entry and is not a bet of the record.
 *
 * `TRIAL_TYPE` members play demo money: the winners board, popular games and GGR leave them out.
 */

/** A member's seamless journal entries in `[from, to)`, through the postings of the member's wallets. */
function memberEntryIds(brandId: string, memberId: string, from: Date, to: Date): RawBuilder<unknown> {
  return sql`
    select p.entry_id from postings p
    where p.account_id in (
        select a.id from ledger_accounts a
        where a.brand_id = ${brandId} and a.member_id = ${memberId}
          and a.kind in ('member_main', 'member_vendor'))
      and p.created_at >= ${from} and p.created_at < ${to}`;
}

/** The category of a seamless row's game: the game's, else the vendor's first placement, else RNG. */
/** A game's category as the betting record files it: the catalogue's, else the vendor's first placement, else RNG. */
export const CATEGORY_OF = (vendor: string, gameCode: string) =>
  sql.raw(`coalesce(
    (select g.category from games g where g.vendor_id = ${vendor} and g.code = ${gameCode}),
    (select vc.category from vendor_categories vc where vc.vendor_id = ${vendor}
       order by vc.sort_order, vc.category limit 1),
    'RNG')`);

/**
 * Sum of the paid wins of a bet row `b` (several wins per bet are possible while its round is open).
 * A win is attributed to the bet it names: a live table's round (apps/house-vendor, one seat per
 * player and round) has several bets and ONE win naming the first standing bet but paying the whole
 * round, so that bet carries the round's payout and the round's other bets show 0. Every bet row
 * keeps its own stake and the round id, the rows of a round add up to the round, and the totals and
 * the P&L (which sum the wins) equal the ledger to the cent (records.test.ts: a live round).
 */
const PAID_WINS = sql.raw(`coalesce((
    select sum(w.amount) from seamless_transactions w
    where w.round_id = b.round_id and w.vendor_id = b.vendor_id and w.kind = 'win'
      and w.bet_transaction_id = b.transaction_id and w.entry_id is not null), 0)`);

export type BetFilter = {
  brandId: string;
  memberId: string;
  from: Date;
  to: Date;
  category?: string;
  vendorCode?: string;
  /** The lottery's orders beside the vendors' bets (the betting record); false: vendors' bets only. */
  withLottery?: boolean;
};

/** The member's bets of the range with their category, stake kept, payout and state. */
function betsOf(filter: BetFilter): RawBuilder<unknown> {
  return sql`
    select b.id::text as id, b.vendor_id, v.code as vendor_code, coalesce(nullif(v.display_name, ''), v.name) as vendor_name,
           b.transaction_id, b.round_id, b.game_id, b.created_at, b.bet_state, b.amount,
           ${CATEGORY_OF('b.vendor_id', 'b.game_id')} as category,
           (case when b.bet_state = 'rolled_back' then 0 else b.amount end) as stake,
           (case when b.kind = 'bet_win' then b.win_amount else 0 end) + ${PAID_WINS} as payout,
           null::text as name_en, null::text as name_ms, null::text as name_cn, v.verify_url
    from journal_entries je
    join seamless_transactions b
      on b.vendor_id = split_part(je.idempotency_key, ':', 2)::bigint and b.transaction_id = je.reference
    join vendors v on v.id = b.vendor_id
    where je.id in (${memberEntryIds(filter.brandId, filter.memberId, filter.from, filter.to)})
      and je.brand_id = ${filter.brandId}
      and je.kind in ('seamless_bet', 'seamless_bet_win')
      and b.kind in ('bet', 'bet_win') and b.entry_id = je.id`;
}

export type BetRow = {
  id: string;
  vendor_code: string;
  vendor_name: string;
  transaction_id: string;
  round_id: string;
  game_id: string;
  created_at: Date;
  bet_state: string | null;
  amount: string;
  category: string;
  stake: string;
  payout: string;
  /** A lottery order's game names (null for a vendor's bet: the lobby names those). */
  name_en: string | null;
  name_ms: string | null;
  name_cn: string | null;
  /** The vendor's fairness page template ('' for a lottery order: its draws are public). */
  verify_url: string;
};

/** The columns of the betting record's union (betsOf and the lottery's rows give these, in this order). */
const BET_COLUMNS = sql.raw(
  [
    'id',
    'vendor_id',
    'vendor_code',
    'vendor_name',
    'transaction_id',
    'round_id',
    'game_id',
    'created_at',
    'bet_state',
    'amount',
    'category',
    'stake',
    'payout',
    'name_en',
    'name_ms',
    'name_cn',
    'verify_url',
  ]
    .map((c) => `bets.${c}`)
    .join(', '),
);

function filtered(filter: BetFilter) {
  const lottery =
    filter.withLottery === false
      ? sql``
      : sql` union all ${lotteryBetRows({
          brandId: filter.brandId,
          memberId: filter.memberId,
          from: filter.from,
          to: filter.to,
        })}`;
  return sql`
    select ${BET_COLUMNS} from (${betsOf(filter)}${lottery}) bets
    where (${filter.category ?? null}::text is null or bets.category = ${filter.category ?? null})
      and (${filter.vendorCode ?? null}::text is null or bets.vendor_code = ${filter.vendorCode ?? null})`;
}

/** A page of the member's bets, newest first. */
export async function betPage(
  db: Executor,
  filter: BetFilter,
  page: number,
  size: number,
): Promise<BetRow[]> {
  const { rows } = await sql<BetRow>`
    ${filtered(filter)}
    order by created_at desc, id desc
    limit ${size} offset ${(page - 1) * size}`.execute(db);
  return rows;
}

export type BetTotalsRow = { total: string; bets: string; stake: string; payout: string };

/** Count of the member's bets and the totals of those not cancelled (stake, payout). */
export async function betTotals(db: Executor, filter: BetFilter): Promise<BetTotalsRow> {
  const { rows } = await sql<BetTotalsRow>`
    select count(*)::text as total,
           count(*) filter (where bet_state is distinct from 'rolled_back')::text as bets,
           coalesce(sum(stake), 0)::text as stake,
           coalesce(sum(payout), 0)::text as payout
    from (${filtered(filter)}) f`.execute(db);
  return rows[0] ?? { total: '0', bets: '0', stake: '0', payout: '0' };
}

export type ProfitRow = { day: string; category: string; bets: string; stake: string; payout: string };

/**
 * Money the member's seamless entries moved in `[from, to)`, per local day (`offsetMinutes` east of
 * UTC) and category: bets add one bet and their debit to the stake, wins their credit to the payout,
 * a rollback takes its bet and the refunded stake back (as member_daily_turnover counts them).
 */
export async function profitRows(
  db: Executor,
  filter: BetFilter & { offsetMinutes: number },
): Promise<ProfitRow[]> {
  const { rows } = await sql<ProfitRow>`
    with moves as (
      select p.entry_id,
             sum(case when p.amount < 0 then -p.amount else 0 end) as debit,
             sum(case when p.amount > 0 then p.amount else 0 end) as credit,
             min(p.created_at) as at
      from postings p
      where p.account_id in (
          select a.id from ledger_accounts a
          where a.brand_id = ${filter.brandId} and a.member_id = ${filter.memberId}
            and a.kind in ('member_main', 'member_vendor'))
        and p.created_at >= ${filter.from} and p.created_at < ${filter.to}
      group by p.entry_id
    ), calls as (
      select m.debit, m.credit, m.at, je.kind,
             st.vendor_id, v.code as vendor_code, coalesce(b.game_id, st.game_id) as game_code
      from moves m
      join journal_entries je on je.id = m.entry_id
      join seamless_transactions st
        on st.vendor_id = split_part(je.idempotency_key, ':', 2)::bigint and st.transaction_id = je.reference
      join vendors v on v.id = st.vendor_id
      left join seamless_transactions b
        on st.kind in ('win', 'rollback') and b.vendor_id = st.vendor_id
        and b.transaction_id = st.bet_transaction_id
      where je.brand_id = ${filter.brandId}
        and je.kind in ('seamless_bet', 'seamless_bet_win', 'seamless_win', 'seamless_rollback')
    ), sorted as (
      select to_char((at at time zone 'UTC') + make_interval(mins => ${filter.offsetMinutes}), 'YYYY-MM-DD') as day,
             ${CATEGORY_OF('vendor_id', 'game_code')} as category,
             vendor_code, kind, debit, credit
      from calls
    )
    select day, category,
           sum(case when kind in ('seamless_bet', 'seamless_bet_win') then 1
                    when kind = 'seamless_rollback' then -1 else 0 end)::text as bets,
           sum(case when kind in ('seamless_bet', 'seamless_bet_win') then debit
                    when kind = 'seamless_rollback' then -credit else 0 end)::text as stake,
           sum(case when kind in ('seamless_win', 'seamless_bet_win') then credit else 0 end)::text as payout
    from sorted
    where (${filter.category ?? null}::text is null or category = ${filter.category ?? null})
      and (${filter.vendorCode ?? null}::text is null or vendor_code = ${filter.vendorCode ?? null})
    group by day, category
    order by day, category`.execute(db);
  return rows;
}

export type WinnerRow = {
  won: string;
  stake: string;
  created_at: Date;
  username: string;
  nickname: string;
  vendor_code: string;
  game_code: string;
  category: string;
};

/**
 * The biggest paid wins of the brand since `since`, one row per bet (its wins summed), real
 * members only; through the BRIN index on the seamless rows' time.
 */
export async function biggestWins(
  db: Executor,
  brandId: string,
  since: Date,
  category: string | null,
  limit: number,
): Promise<WinnerRow[]> {
  const { rows } = await sql<WinnerRow>`
    with wins as (
      select st.vendor_id, coalesce(st.bet_transaction_id, st.transaction_id) as bet_tx,
             sum(case when st.kind = 'win' then st.amount else st.win_amount end) as won
      from seamless_transactions st
      where st.brand_id = ${brandId} and st.created_at >= ${since} and st.entry_id is not null
        and (st.kind = 'win' or (st.kind = 'bet_win' and st.win_amount > 0))
      group by 1, 2
    )
    select w.won::text as won, b.amount::text as stake, b.created_at, m.username, m.nickname,
           v.code as vendor_code, b.game_id as game_code, ${CATEGORY_OF('b.vendor_id', 'b.game_id')} as category
    from wins w
    join seamless_transactions b on b.vendor_id = w.vendor_id and b.transaction_id = w.bet_tx
    join members m on m.id = b.member_id and m.is_agent <> ${TRIAL_TYPE}
    join vendors v on v.id = w.vendor_id
    where ${category}::text is null or ${CATEGORY_OF('b.vendor_id', 'b.game_id')} = ${category}
    order by w.won desc, b.id desc
    limit ${limit}`.execute(db);
  return rows;
}

/** Games by bets of real members since `since`, most played first. */
export async function mostPlayed(
  db: Executor,
  brandId: string,
  since: Date,
  limit: number,
): Promise<{ vendor_id: string; game_code: string; bets: string }[]> {
  const { rows } = await sql<{ vendor_id: string; game_code: string; bets: string }>`
    select st.vendor_id, st.game_id as game_code, count(*)::text as bets
    from seamless_transactions st
    join members m on m.id = st.member_id and m.is_agent <> ${TRIAL_TYPE}
    where st.brand_id = ${brandId} and st.created_at >= ${since} and st.entry_id is not null
      and st.kind in ('bet', 'bet_win')
    group by st.vendor_id, st.game_id
    order by count(*) desc, st.game_id
    limit ${limit}`.execute(db);
  return rows;
}

/** The rounds of a member's bets in the range (newest bet first), a page of them and their count. */
export async function memberRoundKeys(
  db: Executor,
  filter: BetFilter,
  page: number,
  size: number,
): Promise<{ keys: { vendor_id: string; round_id: string }[]; total: number }> {
  const { rows } = await sql<{ vendor_id: string; round_id: string; total: string }>`
    select vendor_id, round_id, count(*) over ()::text as total from (${filtered({ ...filter, withLottery: false })}) f
    group by vendor_id, round_id
    order by max(created_at) desc, round_id desc
    limit ${size} offset ${(page - 1) * size}`.execute(db);
  if (rows.length > 0) return { keys: rows, total: Number(rows[0]?.total ?? 0) };
  const { rows: counted } = await sql<{ n: string }>`
    select count(*)::text as n from (select distinct vendor_id, round_id from (${filtered({ ...filter, withLottery: false })}) f) r`.execute(
    db,
  );
  return { keys: [], total: Number(counted[0]?.n ?? 0) };
}
