import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { EventTx } from '../../events/event.ts';

/** One row of member_daily_turnover: (brand, member, UTC day, vendor, currency). */
export type TurnoverKey = {
  brandId: string;
  memberId: string;
  day: string;
  vendorId: string;
  currency: string;
};

/** What a batch adds to a row, and the feed position of the last entry it applies. */
export type TurnoverDelta = TurnoverKey & {
  bets: bigint;
  stake: bigint;
  payout: bigint;
  lastTxId: string;
  lastEntryId: string;
};

export type TurnoverPosition = TurnoverKey & { lastTxId: string; lastEntryId: string };

/** The feed position last applied to each existing row among `keys`, locked until commit. */
export async function turnoverPositions(
  trx: EventTx,
  keys: readonly TurnoverKey[],
): Promise<TurnoverPosition[]> {
  if (keys.length === 0) return [];
  const rows = await trx
    .selectFrom('member_daily_turnover')
    .select([
      'brand_id',
      'member_id',
      sql<string>`day::text`.as('day'),
      'vendor_id',
      'currency',
      sql<string>`last_tx_id::text`.as('last_tx_id'),
      'last_entry_id',
    ])
    .where(
      'brand_id',
      'in',
      keys.map((k) => k.brandId),
    )
    .where(
      'member_id',
      'in',
      keys.map((k) => k.memberId),
    )
    .where(
      'day',
      'in',
      keys.map((k) => k.day),
    )
    .forUpdate()
    .execute();
  return rows.map((r) => ({
    brandId: r.brand_id,
    memberId: r.member_id,
    day: r.day,
    vendorId: r.vendor_id,
    currency: r.currency,
    lastTxId: r.last_tx_id,
    lastEntryId: r.last_entry_id,
  }));
}

/**
 * Adds each delta to its row (created when new). A row already at or past the delta's position is
 * left alone: the database keeps the rule too, not only the caller's filter.
 */
export async function addTurnover(trx: EventTx, deltas: readonly TurnoverDelta[]): Promise<void> {
  if (deltas.length === 0) return;
  await trx
    .insertInto('member_daily_turnover')
    .values(
      deltas.map((d) => ({
        brand_id: d.brandId,
        member_id: d.memberId,
        day: d.day,
        vendor_id: d.vendorId,
        currency: d.currency,
        bet_count: d.bets.toString(),
        stake: d.stake.toString(),
        payout: d.payout.toString(),
        last_tx_id: sql<string>`${d.lastTxId}::xid8`,
        last_entry_id: d.lastEntryId,
      })),
    )
    .onConflict((oc) =>
      oc
        .columns(['brand_id', 'member_id', 'day', 'vendor_id', 'currency'])
        .doUpdateSet({
          bet_count: sql<string>`member_daily_turnover.bet_count + excluded.bet_count`,
          stake: sql<string>`member_daily_turnover.stake + excluded.stake`,
          payout: sql<string>`member_daily_turnover.payout + excluded.payout`,
          last_tx_id: sql<string>`excluded.last_tx_id`,
          last_entry_id: sql<string>`excluded.last_entry_id`,
          updated_at: sql<Date>`now()`,
        })
        .where(
          sql<boolean>`(member_daily_turnover.last_tx_id, member_daily_turnover.last_entry_id) < (excluded.last_tx_id, excluded.last_entry_id)`,
        ),
    )
    .execute();
}

export type TurnoverRow = TurnoverKey & { bets: bigint; stake: bigint; payout: bigint; net: bigint };

/** A member's rows between two UTC days (inclusive), oldest first. */
export async function memberTurnover(
  trx: EventTx | Db,
  brandId: string,
  memberId: string,
  from: string,
  to: string,
): Promise<TurnoverRow[]> {
  const rows = await trx
    .selectFrom('member_daily_turnover')
    .select([
      'brand_id',
      'member_id',
      sql<string>`day::text`.as('day'),
      'vendor_id',
      'currency',
      'bet_count',
      'stake',
      'payout',
      'net',
    ])
    .where('brand_id', '=', brandId)
    .where('member_id', '=', memberId)
    .where(sql<boolean>`day between ${from}::date and ${to}::date`)
    .orderBy('day')
    .orderBy('vendor_id')
    .execute();
  return rows.map((r) => ({
    brandId: r.brand_id,
    memberId: r.member_id,
    day: r.day,
    vendorId: r.vendor_id,
    currency: r.currency,
    bets: BigInt(r.bet_count),
    stake: BigInt(r.stake),
    payout: BigInt(r.payout),
    net: BigInt(r.net),
  }));
}
