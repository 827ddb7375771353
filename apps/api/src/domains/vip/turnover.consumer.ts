import { sql } from 'kysely';
import type { EventConsumer, EventTx, LedgerEvent } from '../../events/event.ts';
import { seamlessCategories } from '../games/bet-category.service.ts';
import { orderCategories } from '../lottery/records.service.ts';

/** Accounts whose money is the member's own (a stake leaves one, a refund returns to one). */
const MEMBER_ACCOUNTS = new Set(['member_main', 'member_vendor', 'lottery_hold']);

type Position = { txId: string; entryId: string };

/** (txId, entryId) order of the feed: true when a is after b. */
export function isAfter(a: Position, b: Position): boolean {
  const ta = BigInt(a.txId);
  const tb = BigInt(b.txId);
  return ta !== tb ? ta > tb : BigInt(a.entryId) > BigInt(b.entryId);
}

/** One event's turnover: the member, UTC day, the key that finds its category, the stake moved. */
export type StakeMove = {
  brandId: string;
  memberId: string;
  day: string;
  /** `seamless:<vendor>|<transaction>` or `lottery:<orderId>`. */
  source: string;
  stake: bigint;
};

/**
 * The stake an event adds to its member's turnover: a seamless bet (or bet-and-win) its debit of the
 * member's wallet, a rollback the refunded stake back off; a lottery stake (order or chase step) its
 * debit of the member's wallet or chase hold, a lottery refund its credit back off. Wins add nothing.
 */
export function stakeOf(event: LedgerEvent): StakeMove | null {
  const day = event.createdAt.toISOString().slice(0, 10);
  const mine = event.postings.filter((p) => MEMBER_ACCOUNTS.has(p.accountKind) && p.memberId);
  const memberId = mine[0]?.memberId;
  if (!memberId) return null;
  let debits = 0n;
  let credits = 0n;
  for (const p of mine) {
    if (p.memberId !== memberId) continue;
    if (p.amount < 0n) debits -= p.amount;
    else credits += p.amount;
  }
  const base = { brandId: event.brandId, memberId, day };
  if (event.type === 'bet_settled') {
    const vendor = event.postings.find((p) => p.accountKind === 'vendor' && p.vendorId)?.vendorId;
    if (!vendor) return null;
    const source = `seamless:${vendor}|${event.reference}`;
    if (event.kind === 'seamless_bet' || event.kind === 'seamless_bet_win')
      return { ...base, source, stake: debits };
    if (event.kind === 'seamless_rollback') return { ...base, source, stake: -credits };
    return null;
  }
  if (event.type === 'lottery_order_moved') {
    const orderId = event.metadata.orderId;
    if (typeof orderId !== 'string' && typeof orderId !== 'number') return null;
    const source = `lottery:${orderId}`;
    if (event.kind === 'lottery_bet' || event.kind === 'lottery_chase_stake')
      return { ...base, source, stake: debits };
    if (event.kind === 'lottery_refund') return { ...base, source, stake: -credits };
    return null;
  }
  return null;
}

/** The categories of a batch's stakes: `source` -> category (RNG when the game is unknown). */
async function categoriesOf(trx: EventTx, moves: readonly StakeMove[]): Promise<Map<string, string>> {
  const seamless: { vendorId: string; transactionId: string }[] = [];
  const orders = new Map<string, string[]>();
  for (const m of moves) {
    if (m.source.startsWith('seamless:')) {
      const [vendorId, transactionId] = m.source.slice('seamless:'.length).split(/\|(.*)/s) as [
        string,
        string,
      ];
      seamless.push({ vendorId, transactionId });
    } else {
      const list = orders.get(m.brandId) ?? [];
      list.push(m.source.slice('lottery:'.length));
      orders.set(m.brandId, list);
    }
  }
  const result = new Map<string, string>();
  for (const [k, v] of await seamlessCategories(trx, { calls: seamless }))
    result.set(`seamless:${k}`, v.category);
  for (const [brandId, ids] of orders)
    for (const [id, category] of await orderCategories(trx, brandId, ids))
      result.set(`lottery:${id}`, category);
  return result;
}

type Row = { brandId: string; memberId: string; day: string; category: string; amount: bigint } & Position;

const rowKey = (r: { brandId: string; memberId: string; day: string; category?: string }) =>
  `${r.brandId}|${r.memberId}|${r.day}|${r.category ?? ''}`;

/** Sums a batch per row, leaving out each event at or before the row's stored position. */
function sumRows(
  items: readonly (Omit<Row, 'txId' | 'entryId'> & { position: Position })[],
  applied: ReadonlyMap<string, Position>,
): Row[] {
  const sums = new Map<string, Row>();
  for (const item of items) {
    const k = rowKey(item);
    const last = applied.get(k);
    if (last && !isAfter(item.position, last)) continue;
    const sum = sums.get(k);
    if (!sum) {
      sums.set(k, { ...item, ...item.position });
      continue;
    }
    sum.amount += item.amount;
    if (isAfter(item.position, sum)) {
      sum.txId = item.position.txId;
      sum.entryId = item.position.entryId;
    }
  }
  return [...sums.values()];
}

async function positions(
  trx: EventTx,
  table: 'vip_turnover' | 'vip_deposits',
  keys: readonly { brandId: string; memberId: string; day: string }[],
): Promise<Map<string, Position>> {
  const { rows } = await sql<{
    brand_id: string;
    member_id: string;
    day: string;
    category: string | null;
    tx: string;
    entry: string;
  }>`
    select brand_id::text, member_id::text, day::text as day,
           ${table === 'vip_turnover' ? sql`category` : sql`null::text`} as category,
           last_tx_id::text as tx, last_entry_id::text as entry
    from ${sql.table(table)}
    where (brand_id, member_id, day) in (
      select k.brand_id, k.member_id, k.day
      from unnest(${keys.map((k) => k.brandId)}::bigint[], ${keys.map((k) => k.memberId)}::bigint[],
                  ${keys.map((k) => k.day)}::date[]) as k(brand_id, member_id, day))
    for update`.execute(trx);
  return new Map(
    rows.map((r) => [
      rowKey({ brandId: r.brand_id, memberId: r.member_id, day: r.day, category: r.category ?? undefined }),
      { txId: r.tx, entryId: r.entry },
    ]),
  );
}

/**
 * Turnover per member, UTC day and category (VIP thresholds and rebate): seamless bets filed under
 * their game's category (the games domain's published function), lottery stakes under their game's
 * LOTT/ELOTT (the lottery's). Each row keeps the feed position it last applied: a redelivered
 * batch, or one overlapping an applied one, counts once; the upsert's condition keeps the rule too.
 */
export const vipTurnover: EventConsumer = {
  name: 'vip_turnover',
  events: ['bet_settled', 'lottery_order_moved'],
  handle: async (trx, events) => {
    const moves = events.flatMap((e) => {
      const m = stakeOf(e);
      return m && m.stake !== 0n ? [{ move: m, position: { txId: e.txId, entryId: e.entryId } }] : [];
    });
    if (moves.length === 0) return;
    const categories = await categoriesOf(
      trx,
      moves.map((m) => m.move),
    );
    const items = moves.map(({ move, position }) => ({
      brandId: move.brandId,
      memberId: move.memberId,
      day: move.day,
      category: categories.get(move.source) ?? 'RNG',
      amount: move.stake,
      position,
    }));
    const rows = sumRows(items, await positions(trx, 'vip_turnover', items));
    if (rows.length === 0) return;
    await sql`
      insert into vip_turnover (brand_id, member_id, day, category, stake, last_tx_id, last_entry_id)
      select b, m, d, c, s, t::xid8, e
      from unnest(${rows.map((r) => r.brandId)}::bigint[], ${rows.map((r) => r.memberId)}::bigint[],
                  ${rows.map((r) => r.day)}::date[], ${rows.map((r) => r.category)}::text[],
                  ${rows.map((r) => r.amount.toString())}::bigint[], ${rows.map((r) => r.txId)}::text[],
                  ${rows.map((r) => r.entryId)}::bigint[]) as x(b, m, d, c, s, t, e)
      on conflict (brand_id, member_id, day, category) do update
        set stake = vip_turnover.stake + excluded.stake,
            last_tx_id = excluded.last_tx_id, last_entry_id = excluded.last_entry_id
        where (vip_turnover.last_tx_id, vip_turnover.last_entry_id) < (excluded.last_tx_id, excluded.last_entry_id)`.execute(
      trx,
    );
  },
};

/** Deposits credited per member and UTC day (VIP thresholds), counted once like the turnover. */
export const vipDeposits: EventConsumer = {
  name: 'vip_deposits',
  events: ['deposit_credited'],
  handle: async (trx, events) => {
    const items = events.flatMap((e) => {
      const wallet = e.postings.find((p) => p.accountKind === 'member_main' && p.memberId && p.amount > 0n);
      if (!wallet?.memberId) return [];
      return [
        {
          brandId: e.brandId,
          memberId: wallet.memberId,
          day: e.createdAt.toISOString().slice(0, 10),
          category: undefined as string | undefined,
          amount: wallet.amount,
          position: { txId: e.txId, entryId: e.entryId },
        },
      ];
    });
    if (items.length === 0) return;
    const rows = sumRows(items as never, await positions(trx, 'vip_deposits', items));
    if (rows.length === 0) return;
    await sql`
      insert into vip_deposits (brand_id, member_id, day, amount, last_tx_id, last_entry_id)
      select b, m, d, a, t::xid8, e
      from unnest(${rows.map((r) => r.brandId)}::bigint[], ${rows.map((r) => r.memberId)}::bigint[],
                  ${rows.map((r) => r.day)}::date[], ${rows.map((r) => r.amount.toString())}::bigint[],
                  ${rows.map((r) => r.txId)}::text[], ${rows.map((r) => r.entryId)}::bigint[]) as x(b, m, d, a, t, e)
      on conflict (brand_id, member_id, day) do update
        set amount = vip_deposits.amount + excluded.amount,
            last_tx_id = excluded.last_tx_id, last_entry_id = excluded.last_entry_id
        where (vip_deposits.last_tx_id, vip_deposits.last_entry_id) < (excluded.last_tx_id, excluded.last_entry_id)`.execute(
      trx,
    );
  },
};
