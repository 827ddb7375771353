import { type Kysely, sql } from 'kysely';
import type { Executor } from '../../db/executor.ts';
import type { Database } from '../../db/schema.ts';

/** SQL of the VIP domain (only this domain imports it; vip.service.ts publishes what others need). */

/**
 * Runs one of the nightly jobs' whole-brand reads in its own transaction with a longer statement
 * limit than the pool's (a read over every member of a large brand takes longer than a request).
 */
export async function longRead<T>(db: Executor, read: (trx: Executor) => Promise<T>): Promise<T> {
  if (db.isTransaction) return read(db);
  return (db as Kysely<Database>).transaction().execute(async (trx) => {
    await sql`set local statement_timeout = '600s'`.execute(trx);
    return read(trx);
  });
}

export type LevelRow = {
  level: number;
  name_en: string;
  name_ms: string;
  name_cn: string;
  badge: string;
  min_deposit: string;
  min_turnover: string;
  keep_deposit: string;
  keep_turnover: string;
  upgrade_bonus: string;
  monthly_bonus: string;
  withdraw_daily_max: string;
  withdraw_daily_count: number;
  rebate_rates: Record<string, number>;
};

export async function levelRows(db: Executor, brandId: string): Promise<LevelRow[]> {
  return db
    .selectFrom('vip_levels')
    .select([
      'level',
      'name_en',
      'name_ms',
      'name_cn',
      'badge',
      'min_deposit',
      'min_turnover',
      'keep_deposit',
      'keep_turnover',
      'upgrade_bonus',
      'monthly_bonus',
      'withdraw_daily_max',
      'withdraw_daily_count',
      'rebate_rates',
    ])
    .where('brand_id', '=', brandId)
    .orderBy('level')
    .execute();
}

export async function replaceLevelRows(
  db: Executor,
  brandId: string,
  rows: readonly LevelRow[],
): Promise<void> {
  await db.deleteFrom('vip_levels').where('brand_id', '=', brandId).execute();
  if (rows.length === 0) return;
  await db
    .insertInto('vip_levels')
    .values(rows.map((r) => ({ ...r, brand_id: brandId, rebate_rates: JSON.stringify(r.rebate_rates) })))
    .execute();
}

export type SettingsRow = { period_days: number; rebate_mode: string; rebate_min_payout: string };

export async function settingsRow(db: Executor, brandId: string): Promise<SettingsRow | undefined> {
  return db
    .selectFrom('vip_settings')
    .select(['period_days', 'rebate_mode', 'rebate_min_payout'])
    .where('brand_id', '=', brandId)
    .executeTakeFirst();
}

export async function upsertSettings(db: Executor, brandId: string, row: SettingsRow): Promise<void> {
  await db
    .insertInto('vip_settings')
    .values({ brand_id: brandId, ...row })
    .onConflict((oc) => oc.column('brand_id').doUpdateSet({ ...row, updated_at: sql<Date>`now()` }))
    .execute();
}

export async function memberLevel(db: Executor, brandId: string, memberId: string): Promise<number> {
  const row = await db
    .selectFrom('vip_members')
    .select('level')
    .where('brand_id', '=', brandId)
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  return row?.level ?? 0;
}

/** Locks the member's VIP row (created at level 0 when missing), one statement: claims of one member queue here. */
export async function lockMember(db: Executor, brandId: string, memberId: string): Promise<number> {
  const { rows } = await sql<{ level: number }>`
    insert into vip_members (brand_id, member_id) values (${brandId}, ${memberId})
    on conflict (brand_id, member_id) do update set level = vip_members.level
    returning level`.execute(db);
  return rows[0]?.level ?? 0;
}

/** Locks the VIP rows of many members at once, in member id order; answers each one's level. */
export async function lockMembers(
  db: Executor,
  brandId: string,
  memberIds: readonly string[],
): Promise<Map<string, number>> {
  const sorted = [...memberIds].sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : BigInt(a) > BigInt(b) ? 1 : 0));
  const { rows } = await sql<{ member_id: string; level: number }>`
    insert into vip_members (brand_id, member_id)
    select ${brandId}, m from unnest(${sorted}::bigint[]) with ordinality as x(m, o) order by o
    on conflict (brand_id, member_id) do update set level = vip_members.level
    returning member_id::text as member_id, level`.execute(db);
  return new Map(rows.map((r) => [r.member_id, r.level]));
}

/** Turnover per category of a member between two UTC days (inclusive). */
export async function turnoverByCategory(
  db: Executor,
  brandId: string,
  memberId: string,
  from: string,
  to: string,
): Promise<Map<string, bigint>> {
  const { rows } = await sql<{ category: string; stake: string }>`
    select category, sum(stake)::text as stake from vip_turnover
    where brand_id = ${brandId} and member_id = ${memberId} and day between ${from}::date and ${to}::date
    group by category order by category`.execute(db);
  return new Map(rows.map((r) => [r.category, BigInt(r.stake)]));
}

export async function depositsBetween(
  db: Executor,
  brandId: string,
  memberId: string,
  from: string,
  to: string,
): Promise<bigint> {
  const { rows } = await sql<{ amount: string }>`
    select coalesce(sum(amount), 0)::text as amount from vip_deposits
    where brand_id = ${brandId} and member_id = ${memberId} and day between ${from}::date and ${to}::date`.execute(
    db,
  );
  return BigInt(rows[0]?.amount ?? '0');
}

export type Figures = { memberId: string; level: number; deposits: bigint; turnover: bigint };

/**
 * One set-based read for the nightly job: every member of the brand with turnover or deposits in
 * the period, or a level above 0, with the period's figures and the current level.
 */
export async function brandFigures(
  db: Executor,
  brandId: string,
  from: string,
  to: string,
): Promise<Figures[]> {
  const { rows } = await sql<{ member_id: string; level: number; deposits: string; turnover: string }>`
    with t as (
      select member_id, sum(stake) as turnover from vip_turnover
      where brand_id = ${brandId} and day between ${from}::date and ${to}::date group by member_id
    ), d as (
      select member_id, sum(amount) as deposits from vip_deposits
      where brand_id = ${brandId} and day between ${from}::date and ${to}::date group by member_id
    ), m as (
      select member_id, level from vip_members where brand_id = ${brandId} and level > 0
    ), ids as (
      select member_id from t union select member_id from d union select member_id from m
    )
    select ids.member_id::text as member_id, coalesce(vm.level, 0) as level,
           coalesce(d.deposits, 0)::text as deposits, greatest(coalesce(t.turnover, 0), 0)::text as turnover
    from ids
    left join t on t.member_id = ids.member_id
    left join d on d.member_id = ids.member_id
    left join vip_members vm on vm.brand_id = ${brandId} and vm.member_id = ids.member_id`.execute(db);
  return rows.map((r) => ({
    memberId: r.member_id,
    level: r.level,
    deposits: BigInt(r.deposits),
    turnover: BigInt(r.turnover),
  }));
}

export type LevelChange = {
  memberId: string;
  from: number;
  to: number;
  reason: 'upgrade' | 'downgrade' | 'operator';
  deposits: bigint;
  turnover: bigint;
};

/** Applies level changes and their history rows in one statement each. */
export async function applyLevelChanges(
  db: Executor,
  brandId: string,
  changes: readonly LevelChange[],
  periodDays: number,
  runDay: string,
): Promise<void> {
  if (changes.length === 0) return;
  const ids = changes.map((c) => c.memberId);
  await sql`
    insert into vip_members (brand_id, member_id, level, since, updated_at)
    select ${brandId}, m, l, now(), now() from unnest(${ids}::bigint[], ${changes.map((c) => c.to)}::int[]) as x(m, l)
    on conflict (brand_id, member_id) do update set level = excluded.level, since = now(), updated_at = now()`.execute(
    db,
  );
  await sql`
    insert into vip_level_history (brand_id, member_id, from_level, to_level, reason, deposits, turnover, period_days, run_day)
    select ${brandId}, m, f, t, r, d, o, ${periodDays}, ${runDay}::date
    from unnest(${ids}::bigint[], ${changes.map((c) => c.from)}::int[], ${changes.map((c) => c.to)}::int[],
                ${changes.map((c) => c.reason)}::text[], ${changes.map((c) => c.deposits.toString())}::bigint[],
                ${changes.map((c) => c.turnover.toString())}::bigint[]) as x(m, f, t, r, d, o)
    on conflict do nothing`.execute(db);
}

export type Unrebated = { memberId: string; category: string; total: bigint; rebated: bigint };

/**
 * Each category's turnover total and watermark: of one member (every category, rebated or not), or
 * of every member of the brand (only the categories with turnover not yet rebated).
 */
export async function unrebated(
  db: Executor,
  brandId: string,
  memberId: string | null,
): Promise<Unrebated[]> {
  const { rows } = await sql<{ member_id: string; category: string; total: string; rebated: string }>`
    with t as (
      select member_id, category, sum(stake) as total from vip_turnover
      where brand_id = ${brandId} and (${memberId}::bigint is null or member_id = ${memberId}::bigint)
      group by member_id, category
    )
    select t.member_id::text as member_id, t.category, t.total::text as total,
           coalesce(w.rebated_stake, 0)::text as rebated
    from t left join vip_rebate_watermarks w
      on w.brand_id = ${brandId} and w.member_id = t.member_id and w.category = t.category
    where ${memberId}::bigint is not null or t.total > coalesce(w.rebated_stake, 0)
    order by t.member_id, t.category`.execute(db);
  return rows.map((r) => ({
    memberId: r.member_id,
    category: r.category,
    total: BigInt(r.total),
    rebated: BigInt(r.rebated),
  }));
}

/** Moves a member's watermarks up to `totals` (never down: a lower total is left alone). */
export async function raiseWatermarks(
  db: Executor,
  brandId: string,
  memberId: string,
  totals: readonly { category: string; total: bigint }[],
): Promise<void> {
  await sql`
    insert into vip_rebate_watermarks (brand_id, member_id, category, rebated_stake)
    select ${brandId}, ${memberId}, c, t from unnest(${totals.map((t) => t.category)}::text[],
                                                     ${totals.map((t) => t.total.toString())}::bigint[]) as x(c, t)
    on conflict (brand_id, member_id, category) do update
      set rebated_stake = greatest(vip_rebate_watermarks.rebated_stake, excluded.rebated_stake), updated_at = now()`.execute(
    db,
  );
}

export async function insertPayout(
  db: Executor,
  row: {
    brandId: string;
    memberId: string;
    mode: string;
    amount: bigint;
    level: number;
    details: Record<string, unknown>;
    entryId: string;
  },
): Promise<string> {
  const inserted = await db
    .insertInto('vip_rebate_payouts')
    .values({
      brand_id: row.brandId,
      member_id: row.memberId,
      mode: row.mode,
      amount: row.amount,
      level: row.level,
      details: JSON.stringify(row.details),
      entry_id: row.entryId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

/** Members of the brand whose level pays a monthly bonus and who have not had this month's. */
export async function monthlyDue(db: Executor, brandId: string, month: string) {
  const { rows } = await sql<{ member_id: string; level: number; amount: string }>`
    select vm.member_id::text as member_id, vm.level, l.monthly_bonus::text as amount
    from vip_members vm join vip_levels l on l.brand_id = vm.brand_id and l.level = vm.level
    where vm.brand_id = ${brandId} and l.monthly_bonus > 0
      and not exists (select 1 from vip_monthly_bonuses b
                      where b.brand_id = vm.brand_id and b.member_id = vm.member_id and b.month = ${month})`.execute(
    db,
  );
  return rows;
}

// ---- batches of the nightly jobs -----------------------------------------------------------------

/** The rebate watermarks of many members (member -> category -> turnover already rebated). */
export async function watermarksOf(
  db: Executor,
  brandId: string,
  memberIds: readonly string[],
): Promise<Map<string, Map<string, bigint>>> {
  const out = new Map<string, Map<string, bigint>>();
  if (memberIds.length === 0) return out;
  const { rows } = await sql<{ member_id: string; category: string; rebated: string }>`
    select member_id::text as member_id, category, rebated_stake::text as rebated from vip_rebate_watermarks
    where brand_id = ${brandId} and member_id = any(${memberIds}::bigint[])`.execute(db);
  for (const r of rows) {
    const m = out.get(r.member_id) ?? new Map<string, bigint>();
    m.set(r.category, BigInt(r.rebated));
    out.set(r.member_id, m);
  }
  return out;
}

/** Moves many members' watermarks up to their totals in one statement (never down). */
export async function raiseWatermarksMany(
  db: Executor,
  brandId: string,
  rows: readonly { memberId: string; category: string; total: bigint }[],
): Promise<void> {
  if (rows.length === 0) return;
  await sql`
    insert into vip_rebate_watermarks (brand_id, member_id, category, rebated_stake)
    select ${brandId}, m, c, t from unnest(${rows.map((r) => r.memberId)}::bigint[], ${rows.map((r) => r.category)}::text[],
                                           ${rows.map((r) => r.total.toString())}::bigint[]) as x(m, c, t)
    on conflict (brand_id, member_id, category) do update
      set rebated_stake = greatest(vip_rebate_watermarks.rebated_stake, excluded.rebated_stake), updated_at = now()`.execute(
    db,
  );
}

/** Many rebate payouts in one insert. */
export async function insertPayouts(
  db: Executor,
  brandId: string,
  rows: readonly {
    memberId: string;
    mode: string;
    amount: bigint;
    level: number;
    details: Record<string, unknown>;
    entryId: string;
  }[],
): Promise<void> {
  if (rows.length === 0) return;
  await sql`
    insert into vip_rebate_payouts (brand_id, member_id, mode, amount, level, details, entry_id)
    select ${brandId}, m, d, a, l, j::jsonb, e
    from unnest(${rows.map((r) => r.memberId)}::bigint[], ${rows.map((r) => r.mode)}::text[],
                ${rows.map((r) => r.amount.toString())}::bigint[], ${rows.map((r) => r.level)}::int[],
                ${rows.map((r) => JSON.stringify(r.details))}::text[], ${rows.map((r) => r.entryId)}::bigint[])
           with ordinality as x(m, d, a, l, j, e, o)
    order by o`.execute(db);
}

/** Marks this month's bonus of many members at once; answers the members marked now (not before). */
export async function markMonthlyMany(
  db: Executor,
  brandId: string,
  month: string,
  rows: readonly { memberId: string; level: number }[],
): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const { rows: marked } = await sql<{ member_id: string }>`
    insert into vip_monthly_bonuses (brand_id, member_id, month, level)
    select ${brandId}, m, ${month}, l from unnest(${rows.map((r) => r.memberId)}::bigint[], ${rows.map((r) => r.level)}::int[]) as x(m, l)
    on conflict do nothing returning member_id::text as member_id`.execute(db);
  return new Set(marked.map((r) => r.member_id));
}
