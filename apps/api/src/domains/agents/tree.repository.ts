import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Executor } from '../../db/executor.ts';

/**
 * SQL of the downline tree (the closure table `agent_tree`, kept by the trigger of migration
 * 20261201T183548_agent_tree) and of the agents' standing. Every query names the brand and, for an
 * agent's view, starts from the agent's own rows of the closure (ancestor_id = the agent): nothing
 * outside its sub-tree can be read.
 */

/** Takes the brand's tree lock (the trigger takes it again, re-entrantly): moves are one at a time. */
export async function lockTree(trx: Executor, brandId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('agent_tree'), ${Number(brandId)}::integer)`.execute(trx);
}

/** True when `descendantId` is `ancestorId` or below it. */
export async function isInSubtree(
  executor: Executor,
  brandId: string,
  ancestorId: string,
  descendantId: string,
): Promise<boolean> {
  const row = await executor
    .selectFrom('agent_tree')
    .select('depth')
    .where('brand_id', '=', brandId)
    .where('ancestor_id', '=', ancestorId)
    .where('descendant_id', '=', descendantId)
    .executeTakeFirst();
  return row !== undefined;
}

/** The number of members directly below, and at every level below, the agent. */
export async function teamSizes(
  db: Db,
  brandId: string,
  agentId: string,
): Promise<{ direct: number; team: number }> {
  const row = await db
    .selectFrom('agent_tree')
    .select([
      sql<string>`count(*) filter (where depth = 1)`.as('direct'),
      sql<string>`count(*) filter (where depth > 0)`.as('team'),
    ])
    .where('brand_id', '=', brandId)
    .where('ancestor_id', '=', agentId)
    .executeTakeFirstOrThrow();
  return { direct: Number(row.direct), team: Number(row.team) };
}

export type TeamMemberRow = {
  id: string;
  username: string;
  level: number;
  is_agent: number;
  status: string;
  created_at: Date;
  last_login_at: Date | null;
  upline: string | null;
};

/** One page of the agent's team (depth > 0), by level then user name; `search`: part of the user name. */
export async function listTeam(
  db: Db,
  brandId: string,
  agentId: string,
  filter: { search: string; directOnly: boolean },
  page: number,
  size: number,
): Promise<{ rows: TeamMemberRow[]; total: number }> {
  let query = db
    .selectFrom('agent_tree as t')
    .innerJoin('members as m', 'm.id', 't.descendant_id')
    .where('t.brand_id', '=', brandId)
    .where('m.brand_id', '=', brandId)
    .where('t.ancestor_id', '=', agentId);
  query = filter.directOnly ? query.where('t.depth', '=', 1) : query.where('t.depth', '>', 0);
  if (filter.search !== '') {
    const escaped = filter.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
    query = query.where(sql<string>`lower(m.username)`, 'like', `%${escaped}%`);
  }
  const [rows, count] = await Promise.all([
    query
      .leftJoin('members as u', 'u.id', 'm.upline_id')
      .select([
        'm.id',
        'm.username',
        't.depth as level',
        'm.is_agent',
        'm.status',
        'm.created_at',
        'm.last_login_at',
        'u.username as upline',
      ])
      .orderBy('t.depth')
      .orderBy('m.username')
      .limit(size)
      .offset((page - 1) * size)
      .execute(),
    query.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** One member of the agent's team by id, or null when it is not below the agent. */
export async function findTeamMember(
  db: Db,
  brandId: string,
  agentId: string,
  memberId: string,
): Promise<TeamMemberRow | null> {
  const row = await db
    .selectFrom('agent_tree as t')
    .innerJoin('members as m', 'm.id', 't.descendant_id')
    .leftJoin('members as u', 'u.id', 'm.upline_id')
    .select([
      'm.id',
      'm.username',
      't.depth as level',
      'm.is_agent',
      'm.status',
      'm.created_at',
      'm.last_login_at',
      'u.username as upline',
    ])
    .where('t.brand_id', '=', brandId)
    .where('t.ancestor_id', '=', agentId)
    .where('t.descendant_id', '=', memberId)
    .where('t.depth', '>', 0)
    .executeTakeFirst();
  return row ?? null;
}

export type TeamDayRow = {
  day: string;
  new_members: string;
  active_members: string;
  deposits: string;
  withdrawals: string;
  turnover: string;
  win_loss: string;
};

/**
 * The team's figures by UTC day over [from, to] (YYYY-MM-DD, inclusive): new members (registered
 * that day), active members (at least one bet), credited deposits, paid withdrawals, stakes and the
 * members' result (payouts - stakes), from member_daily_turnover, deposits and withdrawals; every
 * source is filtered by the agent's sub-tree first.
 */
export async function teamDays(
  db: Db,
  brandId: string,
  agentId: string,
  from: string,
  to: string,
): Promise<TeamDayRow[]> {
  const result = await sql<TeamDayRow>`
    with team as (
      select descendant_id as member_id from agent_tree
      where brand_id = ${brandId} and ancestor_id = ${agentId} and depth > 0
    ),
    days as (
      select to_char(d, 'YYYY-MM-DD') as day
      from generate_series(${from}::date, ${to}::date, interval '1 day') as d
    ),
    joined as (
      select to_char((m.created_at at time zone 'UTC')::date, 'YYYY-MM-DD') as day, count(*) as n
      from members m join team on team.member_id = m.id
      where m.brand_id = ${brandId}
        and m.created_at >= ${from}::date at time zone 'UTC'
        and m.created_at < (${to}::date + 1) at time zone 'UTC'
      group by 1
    ),
    play as (
      select to_char(t.day::date, 'YYYY-MM-DD') as day,
             count(distinct t.member_id) filter (where t.bet_count > 0) as active,
             coalesce(sum(t.stake), 0) as stake,
             coalesce(sum(t.payout - t.stake), 0) as net
      from member_daily_turnover t join team on team.member_id = t.member_id
      where t.brand_id = ${brandId} and t.day >= ${from}::date and t.day <= ${to}::date
      group by 1
    ),
    dep as (
      select to_char((d.resolved_at at time zone 'UTC')::date, 'YYYY-MM-DD') as day, sum(d.amount) as amount
      from deposits d join team on team.member_id = d.member_id
      where d.brand_id = ${brandId} and d.status in ('approved', 'paid')
        and d.resolved_at >= ${from}::date at time zone 'UTC'
        and d.resolved_at < (${to}::date + 1) at time zone 'UTC'
      group by 1
    ),
    wd as (
      select to_char((w.paid_at at time zone 'UTC')::date, 'YYYY-MM-DD') as day, sum(w.amount) as amount
      from withdrawals w join team on team.member_id = w.member_id
      where w.brand_id = ${brandId} and w.paid_at is not null
        and w.paid_at >= ${from}::date at time zone 'UTC'
        and w.paid_at < (${to}::date + 1) at time zone 'UTC'
      group by 1
    )
    select days.day,
           coalesce(joined.n, 0)::text as new_members,
           coalesce(play.active, 0)::text as active_members,
           coalesce(dep.amount, 0)::text as deposits,
           coalesce(wd.amount, 0)::text as withdrawals,
           coalesce(play.stake, 0)::text as turnover,
           coalesce(play.net, 0)::text as win_loss
    from days
    left join joined on joined.day = days.day
    left join play on play.day = days.day
    left join dep on dep.day = days.day
    left join wd on wd.day = days.day
    order by days.day desc`.execute(db);
  return result.rows;
}

/** Members of the team with at least one bet over the whole period (a member active on two days counts once). */
export async function teamActiveMembers(
  db: Db,
  brandId: string,
  agentId: string,
  from: string,
  to: string,
): Promise<number> {
  const result = await sql<{ n: string }>`
    select count(distinct t.member_id)::text as n
    from member_daily_turnover t
    join agent_tree a on a.descendant_id = t.member_id and a.ancestor_id = ${agentId} and a.depth > 0 and a.brand_id = ${brandId}
    where t.brand_id = ${brandId} and t.day >= ${from}::date and t.day <= ${to}::date and t.bet_count > 0`.execute(
    db,
  );
  return Number(result.rows[0]?.n ?? 0);
}

export type AgentStanding = 'active' | 'suspended';

export async function agentStanding(executor: Executor, memberId: string): Promise<AgentStanding> {
  const row = await executor
    .selectFrom('agent_profiles')
    .select('status')
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  return row?.status ?? 'active';
}

export async function setAgentStanding(
  executor: Executor,
  brandId: string,
  memberId: string,
  status: AgentStanding,
  note: string,
): Promise<void> {
  await executor
    .insertInto('agent_profiles')
    .values({ member_id: memberId, brand_id: brandId, status, note })
    .onConflict((oc) => oc.column('member_id').doUpdateSet({ status, note, updated_at: new Date() }))
    .execute();
}
