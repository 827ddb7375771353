import { sql } from 'kysely';
import type { EventConsumer, EventTx } from '../../events/event.ts';
import { type FactOf, isAfter } from '../../events/money-facts.ts';

type Position = { txId: string; entryId: string };

/** One event's turnover: the member, UTC day, its game's category, the stake moved. */
export type StakeMove = {
  brandId: string;
  memberId: string;
  day: string;
  /** The game category the feed found (RNG when none was found). */
  category: string;
  stake: bigint;
};

type Stake = FactOf<'stake_placed' | 'stake_returned'>;

/**
 * The stake a fact adds to its member's turnover: a stake its amount, a returned stake its amount
 * back off (a vendor game's with its vendor, a lottery order's with its order). Wins add nothing.
 */
export function stakeOf(fact: Stake): StakeMove | null {
  if (!fact.memberId) return null;
  if (fact.product === 'vendor_games' ? !fact.vendorId : !fact.orderId) return null;
  return {
    brandId: fact.brandId,
    memberId: fact.memberId,
    day: fact.createdAt.toISOString().slice(0, 10),
    category: fact.category?.category ?? 'RNG',
    stake: fact.type === 'stake_placed' ? fact.amount : -fact.amount,
  };
}

/** A credited deposit's member, UTC day and amount, or null. */
export function depositOf(fact: FactOf<'deposit_credited'>) {
  if (!fact.memberId || fact.amount <= 0n) return null;
  return {
    brandId: fact.brandId,
    memberId: fact.memberId,
    day: fact.createdAt.toISOString().slice(0, 10),
    amount: fact.amount,
  };
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
export const vipTurnover: EventConsumer<Stake['type']> = {
  name: 'vip_turnover',
  facts: ['stake_placed', 'stake_returned'],
  handle: async (trx, events) => {
    const items = events.flatMap((e) => {
      const m = stakeOf(e);
      if (!m || m.stake === 0n) return [];
      const { stake, ...key } = m;
      return [{ ...key, amount: stake, position: { txId: e.txId, entryId: e.entryId } }];
    });
    if (items.length === 0) return;
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
export const vipDeposits: EventConsumer<'deposit_credited'> = {
  name: 'vip_deposits',
  facts: ['deposit_credited'],
  handle: async (trx, events) => {
    const items = events.flatMap((e) => {
      const deposit = depositOf(e);
      if (!deposit) return [];
      return [
        {
          ...deposit,
          category: undefined as string | undefined,
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
