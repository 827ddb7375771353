import { type RawBuilder, sql } from 'kysely';
import type { Executor } from '../../db/executor.ts';

/**
 * What the lottery publishes for the member's betting record and profit and loss (the games
 * domain's reports, which list every bet of a member across vendors and the lottery): the member's
 * lottery orders as bet rows, in the columns the games domain's seamless bets have.
 *
 * An order is one bet: its stake is the order's amount, its payout what settlement paid; a placed
 * order is pending (`open`), a won or lost one settled, a cancelled or refunded one cancelled
 * (`rolled_back`: neither stake nor payout counts). The vendor of a row is the lottery's account
 * type (LOTT, ELOTT, TCG_LOTTO_VN, TCG_SEA), the round its numero, the transaction `lottery:order:<id>`.
 */

export type LotteryBetFilter = {
  brandId: string;
  memberId: string;
  from: Date;
  to: Date;
};

/** The lottery's products as the betting record names them (proper names, like vendors' names). */
const PRODUCT_NAMES: Record<string, string> = {
  LOTT: 'Lotus Lottery',
  ELOTT: 'Lotus E-Lottery',
  TCG_LOTTO_VN: 'Lotus VN Lottery',
  TCG_SEA: 'Lotus 4D',
};

const productName = sql.raw(
  `case g.account_type_name ${Object.entries(PRODUCT_NAMES)
    .map(([code, name]) => `when '${code}' then '${name}'`)
    .join(' ')} else g.account_type_name end`,
);

/**
 * The member's lottery orders of `[from, to)` (by the time they were placed) as rows of
 * (id text, vendor_id bigint null, vendor_code, vendor_name, transaction_id, round_id, game_id,
 * created_at, bet_state, amount, category, stake, payout, name_en, name_ms, name_cn).
 */
export function lotteryBetRows(filter: LotteryBetFilter): RawBuilder<unknown> {
  return sql`
    select 'L' || o.id::text as id, null::bigint as vendor_id,
           g.account_type_name as vendor_code, ${productName} as vendor_name,
           'lottery:order:' || o.id::text as transaction_id, n.numero as round_id, g.code as game_id,
           o.created_at,
           (case o.status when 'placed' then 'open'
                          when 'cancelled' then 'rolled_back' when 'refunded' then 'rolled_back'
                          else 'settled' end) as bet_state,
           o.amount, g.category,
           (case when o.status in ('cancelled', 'refunded') then 0 else o.amount end) as stake,
           o.payout, g.name_en, g.name_ms, g.name_cn, ''::text as verify_url
    from lottery_orders o
    join lottery_games g on g.id = o.game_id
    join lottery_numeros n on n.id = o.numero_id
    where o.brand_id = ${filter.brandId}::bigint and o.member_id = ${filter.memberId}::bigint
      and o.created_at >= ${filter.from} and o.created_at < ${filter.to}`;
}

export type LotteryProfitRow = {
  day: string;
  category: string;
  vendor_code: string;
  bets: string;
  stake: string;
  payout: string;
};

/**
 * The member's lottery orders of `[from, to)` per local day of placing (`offsetMinutes` east of UTC),
 * category and product: orders not cancelled, their stakes and what they paid.
 */
export async function lotteryProfitRows(
  db: Executor,
  filter: LotteryBetFilter & { offsetMinutes: number },
): Promise<LotteryProfitRow[]> {
  const { rows } = await sql<LotteryProfitRow>`
    select to_char((created_at at time zone 'UTC') + make_interval(mins => ${filter.offsetMinutes}), 'YYYY-MM-DD') as day,
           category, vendor_code,
           count(*) filter (where bet_state <> 'rolled_back')::text as bets,
           coalesce(sum(stake), 0)::text as stake,
           coalesce(sum(payout), 0)::text as payout
    from (${lotteryBetRows(filter)}) o
    group by 1, 2, 3
    order by 1, 2, 3`.execute(db);
  return rows;
}

/**
 * The bottom-nav category (LOTT or ELOTT) of each of the brand's orders among `orderIds` (ids not
 * of the brand are left out): how the rewards' turnover files a lottery stake.
 */
export async function orderCategories(
  db: Executor,
  brandId: string,
  orderIds: readonly string[],
): Promise<Map<string, string>> {
  const ids = [...new Set(orderIds.filter((id) => /^[0-9]{1,19}$/.test(id)))];
  if (ids.length === 0) return new Map();
  const { rows } = await sql<{ id: string; category: string }>`
    select o.id::text as id, g.category
    from lottery_orders o join lottery_games g on g.id = o.game_id
    where o.brand_id = ${brandId} and o.id = any(${ids}::bigint[])`.execute(db);
  return new Map(rows.map((r) => [r.id, r.category]));
}
