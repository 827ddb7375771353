import { sql } from 'kysely';
import type { Executor } from '../../db/executor.ts';

export type MissionRow = {
  id: string;
  brandId: string;
  nameEn: string;
  nameMs: string;
  nameCn: string;
  descriptionEn: string;
  descriptionMs: string;
  descriptionCn: string;
  kind: 'bet' | 'deposit' | 'login_days';
  category: string | null;
  period: 'daily' | 'weekly' | 'once';
  target: string;
  reward: string;
  active: boolean;
  startsAt: Date;
  createdAt: Date;
  /** The brand's time zone: daily and weekly periods start at its midnight. */
  timeZone: string;
};

const missionColumns = [
  'id',
  'brand_id as brandId',
  'name_en as nameEn',
  'name_ms as nameMs',
  'name_cn as nameCn',
  'description_en as descriptionEn',
  'description_ms as descriptionMs',
  'description_cn as descriptionCn',
  'kind',
  'category',
  'period',
  'target',
  'reward',
  'active',
  'starts_at as startsAt',
  'created_at as createdAt',
  sql<string>`(select b.time_zone from brands b where b.id = missions.brand_id)`.as('timeZone'),
] as const;

/** The brand's active missions (of the kinds given, all when none). */
export async function activeMissions(
  db: Executor,
  brandIds: readonly string[],
  kinds?: readonly string[],
): Promise<MissionRow[]> {
  if (brandIds.length === 0) return [];
  let query = db
    .selectFrom('missions')
    .select(missionColumns)
    .where('brand_id', 'in', brandIds)
    .where('active', '=', true);
  if (kinds) query = query.where('kind', 'in', kinds);
  return (await query.orderBy('id').execute()) as MissionRow[];
}

export async function findMission(
  db: Executor,
  brandId: string,
  id: string,
): Promise<MissionRow | undefined> {
  return (await db
    .selectFrom('missions')
    .select(missionColumns)
    .where('brand_id', '=', brandId)
    .where('id', '=', id)
    .executeTakeFirst()) as MissionRow | undefined;
}

/** Claims journal entries for the consumer; answers the ids not applied before. */
export async function claimEntries(db: Executor, entryIds: readonly string[]): Promise<Set<string>> {
  if (entryIds.length === 0) return new Set();
  const rows = await db
    .insertInto('mission_applied_entries')
    .values(entryIds.map((entry_id) => ({ entry_id })))
    .onConflict((oc) => oc.column('entry_id').doNothing())
    .returning('entry_id')
    .execute();
  return new Set(rows.map((r) => String(r.entry_id)));
}

export type ProgressDelta = {
  missionId: string;
  memberId: string;
  brandId: string;
  periodKey: string;
  delta: bigint;
  target: bigint;
  at: Date;
};

/**
 * Adds to a member's progress in a period (never below 0); the first time it reaches the target
 * is kept as the completion (a later refund does not take it back).
 */
export async function addProgress(db: Executor, d: ProgressDelta): Promise<void> {
  const start = d.delta > 0n ? d.delta : 0n;
  await sql`
    insert into mission_progress (mission_id, member_id, brand_id, period_key, progress, completed_at)
    values (${d.missionId}, ${d.memberId}, ${d.brandId}, ${d.periodKey}, ${start},
            case when ${start}::bigint >= ${d.target}::bigint then ${d.at}::timestamptz end)
    on conflict (mission_id, member_id, period_key) do update set
      progress = greatest(mission_progress.progress + ${d.delta}::bigint, 0),
      completed_at = coalesce(mission_progress.completed_at,
        case when mission_progress.progress + ${d.delta}::bigint >= ${d.target}::bigint
             then ${d.at}::timestamptz end),
      updated_at = now()`.execute(db);
}

/** Sets a login mission's progress (days counted from the login records). */
export async function setProgress(
  db: Executor,
  d: Omit<ProgressDelta, 'delta'> & { progress: bigint },
): Promise<void> {
  await sql`
    insert into mission_progress (mission_id, member_id, brand_id, period_key, progress, completed_at)
    values (${d.missionId}, ${d.memberId}, ${d.brandId}, ${d.periodKey}, ${d.progress},
            case when ${d.progress}::bigint >= ${d.target}::bigint then ${d.at}::timestamptz end)
    on conflict (mission_id, member_id, period_key) do update set
      progress = greatest(mission_progress.progress, excluded.progress),
      completed_at = coalesce(mission_progress.completed_at, excluded.completed_at),
      updated_at = now()`.execute(db);
}

export type ProgressRow = {
  missionId: string;
  periodKey: string;
  progress: string;
  completedAt: Date | null;
  claimedAt: Date | null;
};

export async function memberProgress(
  db: Executor,
  memberId: string,
  keys: readonly { missionId: string; periodKey: string }[],
): Promise<ProgressRow[]> {
  if (keys.length === 0) return [];
  return db
    .selectFrom('mission_progress')
    .select([
      'mission_id as missionId',
      'period_key as periodKey',
      'progress',
      'completed_at as completedAt',
      'claimed_at as claimedAt',
    ])
    .where('member_id', '=', memberId)
    .where((eb) =>
      eb.or(
        keys.map((k) => eb.and([eb('mission_id', '=', k.missionId), eb('period_key', '=', k.periodKey)])),
      ),
    )
    .execute();
}

/** The claim: a completed, unclaimed row becomes claimed; false when it was not (claimed or not done). */
export async function markClaimed(
  db: Executor,
  key: { missionId: string; memberId: string; periodKey: string },
  reward: bigint,
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('mission_progress')
    .set({ claimed_at: now, reward, updated_at: now })
    .where('mission_id', '=', key.missionId)
    .where('member_id', '=', key.memberId)
    .where('period_key', '=', key.periodKey)
    .where('completed_at', 'is not', null)
    .where('claimed_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Distinct UTC days with a successful login of the member in [from, to). */
export async function loginDays(
  db: Executor,
  brandId: string,
  memberId: string,
  from: Date,
  to: Date | null,
  timeZone: string,
) {
  const row = await sql<{ days: string }>`
    select count(distinct (created_at at time zone ${timeZone})::date)::text as days
    from login_attempts
    where brand_id = ${brandId} and member_id = ${memberId} and outcome = 'success'
      and created_at >= ${from} and (${to}::timestamptz is null or created_at < ${to}::timestamptz)`.execute(
    db,
  );
  return BigInt(row.rows[0]?.days ?? '0');
}

export type BoardRow = { memberId: string; username: string; completed: string; rewards: string };

/** Members by missions completed in [from, to), then by who got there first. */
export async function leaderboard(db: Executor, brandId: string, from: Date, to: Date, limit: number) {
  const result = await sql<BoardRow>`
    select p.member_id::text as "memberId", m.username,
           count(*)::text as completed,
           coalesce(sum(p.reward) filter (where p.claimed_at is not null), 0)::text as rewards
    from mission_progress p
    join members m on m.id = p.member_id
    where p.brand_id = ${brandId} and p.completed_at >= ${from} and p.completed_at < ${to}
    group by p.member_id, m.username
    order by count(*) desc, max(p.completed_at) asc, p.member_id asc
    limit ${limit}`.execute(db);
  return result.rows;
}

// Back office

export type NewMission = {
  brandId: string;
  name: { en: string; ms: string; cn: string };
  description: { en: string; ms: string; cn: string };
  kind: string;
  category: string | null;
  period: string;
  target: bigint;
  reward: bigint;
  createdBy: string;
};

export async function insertMission(db: Executor, m: NewMission): Promise<string> {
  const row = await db
    .insertInto('missions')
    .values({
      brand_id: m.brandId,
      name_en: m.name.en,
      name_ms: m.name.ms,
      name_cn: m.name.cn,
      description_en: m.description.en,
      description_ms: m.description.ms,
      description_cn: m.description.cn,
      kind: m.kind,
      category: m.category,
      period: m.period,
      target: m.target,
      reward: m.reward,
      created_by: m.createdBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function setMissionActive(db: Executor, brandId: string, id: string, active: boolean) {
  const result = await db
    .updateTable('missions')
    .set({ active, updated_at: new Date() })
    .where('brand_id', '=', brandId)
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export type OperatorMissionRow = Omit<MissionRow, 'timeZone'> & { claims: string; paid: string };

export async function listMissions(db: Executor, brandId: string, page: number, size: number) {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('missions as ms')
      .select([
        'ms.id',
        'ms.brand_id as brandId',
        'ms.name_en as nameEn',
        'ms.name_ms as nameMs',
        'ms.name_cn as nameCn',
        'ms.description_en as descriptionEn',
        'ms.description_ms as descriptionMs',
        'ms.description_cn as descriptionCn',
        'ms.kind',
        'ms.category',
        'ms.period',
        'ms.target',
        'ms.reward',
        'ms.active',
        'ms.starts_at as startsAt',
        'ms.created_at as createdAt',
        (eb) =>
          eb
            .selectFrom('mission_progress as p')
            .select(sql<string>`count(*)::text`.as('n'))
            .whereRef('p.mission_id', '=', 'ms.id')
            .where('p.claimed_at', 'is not', null)
            .as('claims'),
        (eb) =>
          eb
            .selectFrom('mission_progress as p')
            .select(sql<string>`coalesce(sum(p.reward), 0)::text`.as('n'))
            .whereRef('p.mission_id', '=', 'ms.id')
            .as('paid'),
      ])
      .where('ms.brand_id', '=', brandId)
      .orderBy('ms.id', 'desc')
      .limit(size)
      .offset((page - 1) * size)
      .execute(),
    db
      .selectFrom('missions')
      .select(sql<string>`count(*)`.as('n'))
      .where('brand_id', '=', brandId)
      .executeTakeFirstOrThrow(),
  ]);
  return { items: rows as unknown as OperatorMissionRow[], total: Number(count.n) };
}
