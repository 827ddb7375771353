import type { RiskSignalKind, RiskSignalStatus } from '@lotus/contracts/kyc';
import { sql } from 'kysely';
import type { Executor } from '../../db/executor.ts';

export type RiskSignalRow = {
  id: string;
  memberId: string;
  username: string;
  kind: RiskSignalKind;
  period: string;
  detail: Record<string, string | number>;
  status: RiskSignalStatus;
  note: string;
  handledBy: string | null;
  createdAt: Date;
  updatedAt: Date;
};

function signals(db: Executor) {
  return db
    .selectFrom('risk_signals as s')
    .innerJoin('members as m', 'm.id', 's.member_id')
    .leftJoin('operators as o', 'o.id', 's.handled_by')
    .select([
      's.id',
      's.member_id as memberId',
      'm.username',
      's.kind',
      's.period',
      's.detail',
      's.status',
      's.operator_note as note',
      'o.username as handledBy',
      's.created_at as createdAt',
      's.updated_at as updatedAt',
    ]);
}

export async function findSignal(
  db: Executor,
  brandId: string,
  id: string,
): Promise<RiskSignalRow | undefined> {
  return signals(db).where('s.brand_id', '=', brandId).where('s.id', '=', id).executeTakeFirst();
}

export async function signalPage(
  db: Executor,
  brandId: string,
  status: RiskSignalStatus | undefined,
  page: number,
  size: number,
): Promise<{ rows: RiskSignalRow[]; total: number }> {
  let q = signals(db).where('s.brand_id', '=', brandId);
  if (status) q = q.where('s.status', '=', status);
  const [rows, count] = await Promise.all([
    q
      .orderBy('s.id', 'desc')
      .limit(size)
      .offset((page - 1) * size)
      .execute(),
    db
      .selectFrom('risk_signals')
      .select(sql<string>`count(*)`.as('n'))
      .where('brand_id', '=', brandId)
      .$if(status !== undefined, (w) => w.where('status', '=', status as RiskSignalStatus))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** Inserts a signal once per member, kind and period; answers whether it is new. */
export async function insertSignal(
  db: Executor,
  signal: {
    brandId: string;
    memberId: string;
    kind: RiskSignalKind;
    period: string;
    detail: Record<string, string | number>;
  },
): Promise<boolean> {
  const row = await db
    .insertInto('risk_signals')
    .values({
      brand_id: signal.brandId,
      member_id: signal.memberId,
      kind: signal.kind,
      period: signal.period,
      detail: JSON.stringify(signal.detail),
    })
    .onConflict((oc) => oc.columns(['brand_id', 'member_id', 'kind', 'period']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function transitionSignal(
  db: Executor,
  brandId: string,
  id: string,
  change: { from: RiskSignalStatus; to: RiskSignalStatus; note: string; operatorId: string },
): Promise<boolean> {
  const row = await db
    .updateTable('risk_signals')
    .set({
      status: change.to,
      operator_note: change.note,
      handled_by: change.operatorId,
      updated_at: sql`now()`,
    })
    .where('brand_id', '=', brandId)
    .where('id', '=', id)
    .where('status', '=', change.from)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Members whose net loss over the 7 days ending `today` (UTC days of the wallet's daily turnover)
 * is above `factor` times their average weekly loss over the 4 weeks before, that average being
 * above zero. Amounts in minor units.
 */
export async function risingLosses(db: Executor, today: string, factor: number) {
  const result = await sql<{
    brand_id: string;
    member_id: string;
    currency: string;
    week_loss: string;
    average_loss: string;
  }>`
    with t as (
      select brand_id, member_id, max(currency) as currency,
        -sum(net) filter (where day > ${today}::date - 7) as week_loss,
        -sum(net) filter (where day <= ${today}::date - 7) / 4 as average_loss
      from member_daily_turnover
      where day > ${today}::date - 35 and day <= ${today}::date
      group by brand_id, member_id
    )
    select brand_id::text, member_id::text, currency, week_loss::bigint::text as week_loss,
      average_loss::bigint::text as average_loss
    from t
    where average_loss > 0 and week_loss > ${factor} * average_loss
  `.execute(db);
  return result.rows;
}

/**
 * Members who logged in (or registered) between 00:00 and 05:00 in their brand's time zone on at
 * least `nights` different nights of the 7 days before `now`.
 */
export async function nightSessions(db: Executor, now: Date, nights: number) {
  const result = await sql<{ brand_id: string; member_id: string; nights: string }>`
    select a.brand_id::text, a.member_id::text,
      count(distinct (a.created_at at time zone b.time_zone)::date)::text as nights
    from login_attempts a
    join brands b on b.id = a.brand_id
    where a.created_at > ${now}::timestamptz - interval '7 days'
      and a.created_at <= ${now}::timestamptz
      and a.member_id is not null
      and a.outcome in ('success', 'registered')
      and extract(hour from a.created_at at time zone b.time_zone) < 5
    group by a.brand_id, a.member_id
    having count(distinct (a.created_at at time zone b.time_zone)::date) >= ${nights}
  `.execute(db);
  return result.rows;
}
