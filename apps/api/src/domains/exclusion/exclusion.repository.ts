import type { ExclusionKind } from '@lotus/contracts/protection';
import { type Expression, type SqlBool, sql } from 'kysely';
import type { Executor } from '../../db/executor.ts';
import type { IdentityKind } from './exclusion.tables.ts';

/** The SQL of "in force": a time-out until its end, a self-exclusion until an operator ends it. */
const IN_FORCE = sql<SqlBool>`member_exclusions.status = 'active' and (member_exclusions.kind = 'self_exclusion' or member_exclusions.ends_at > now())`;

export type ExclusionRow = {
  id: string;
  brandId: string;
  memberId: string;
  kind: ExclusionKind;
  startedAt: Date;
  endsAt: Date | null;
  status: 'active' | 'ended';
  endedAt: Date | null;
};

const EXCLUSION_COLUMNS = [
  'member_exclusions.id',
  'member_exclusions.brand_id',
  'member_exclusions.member_id',
  'member_exclusions.kind',
  'member_exclusions.started_at',
  'member_exclusions.ends_at',
  'member_exclusions.status',
  'member_exclusions.ended_at',
] as const;

function toExclusion(row: {
  id: string;
  brand_id: string;
  member_id: string;
  kind: ExclusionKind;
  started_at: Date;
  ends_at: Date | null;
  status: 'active' | 'ended';
  ended_at: Date | null;
}): ExclusionRow {
  return {
    id: row.id,
    brandId: row.brand_id,
    memberId: row.member_id,
    kind: row.kind,
    startedAt: row.started_at,
    endsAt: row.ends_at,
    status: row.status,
    endedAt: row.ended_at,
  };
}

/** The member's exclusion in force now, or null. */
export async function findExclusionInForce(db: Executor, memberId: string): Promise<ExclusionRow | null> {
  const row = await db
    .selectFrom('member_exclusions')
    .select(EXCLUSION_COLUMNS)
    .where('member_exclusions.member_id', '=', memberId)
    .where(IN_FORCE)
    .executeTakeFirst();
  return row ? toExclusion(row) : null;
}

/** Of `memberIds`, those under an exclusion in force. */
export async function membersInForce(db: Executor, memberIds: readonly string[]): Promise<Set<string>> {
  if (memberIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('member_exclusions')
    .select('member_id')
    .where('member_id', 'in', memberIds)
    .where(IN_FORCE)
    .execute();
  return new Set(rows.map((r) => r.member_id));
}

/** Whether the owner of a wallet (ledger account) is under an exclusion in force. */
export async function walletOwnerExcluded(db: Executor, memberId: string): Promise<boolean> {
  const row = await db
    .selectFrom('member_exclusions')
    .select('id')
    .where('member_id', '=', memberId)
    .where(IN_FORCE)
    .executeTakeFirst();
  return row !== undefined;
}

/** A SQL condition "the member in `column` is not excluded now", for other domains' queries. */
export function notExcludedCondition(column: Expression<string>): Expression<SqlBool> {
  return sql<SqlBool>`not exists (select 1 from member_exclusions where member_exclusions.member_id = ${column} and ${IN_FORCE})`;
}

export async function exclusionsOf(db: Executor, memberId: string): Promise<ExclusionRow[]> {
  const rows = await db
    .selectFrom('member_exclusions')
    .select(EXCLUSION_COLUMNS)
    .where('member_id', '=', memberId)
    .orderBy('id', 'desc')
    .limit(50)
    .execute();
  return rows.map(toExclusion);
}

/** Time-outs whose end has passed are over: their row leaves the one-active slot. */
export async function closeFinishedTimeouts(db: Executor, memberId: string): Promise<void> {
  await db
    .updateTable('member_exclusions')
    .set({ status: 'ended', ended_at: sql<Date>`ends_at` })
    .where('member_id', '=', memberId)
    .where('status', '=', 'active')
    .where('kind', '=', 'timeout')
    .where('ends_at', '<=', sql<Date>`now()`)
    .execute();
}

export async function insertExclusion(
  db: Executor,
  input: { brandId: string; memberId: string; kind: ExclusionKind; endsAt: Date | null },
): Promise<ExclusionRow> {
  const row = await db
    .insertInto('member_exclusions')
    .values({
      brand_id: input.brandId,
      member_id: input.memberId,
      kind: input.kind,
      ends_at: input.endsAt,
    })
    .returning(['id', 'brand_id', 'member_id', 'kind', 'started_at', 'ends_at', 'status', 'ended_at'])
    .executeTakeFirstOrThrow();
  return toExclusion(row);
}

export async function insertIdentities(
  db: Executor,
  brandId: string,
  exclusionId: string,
  identities: readonly { kind: IdentityKind; value: string }[],
): Promise<void> {
  if (identities.length === 0) return;
  await db
    .insertInto('excluded_identities')
    .values(
      identities.map((i) => ({ brand_id: brandId, exclusion_id: exclusionId, kind: i.kind, value: i.value })),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** Whether any of `identities` belongs to an exclusion in force of the brand. */
export async function identityExcluded(
  db: Executor,
  brandId: string,
  identities: readonly { kind: IdentityKind; value: string }[],
): Promise<boolean> {
  if (identities.length === 0) return false;
  const row = await db
    .selectFrom('excluded_identities')
    .innerJoin('member_exclusions', 'member_exclusions.id', 'excluded_identities.exclusion_id')
    .select('excluded_identities.id')
    .where('excluded_identities.brand_id', '=', brandId)
    .where((eb) =>
      eb.or(
        identities.map((i) =>
          eb.and([
            eb('excluded_identities.kind', '=', i.kind),
            eb('excluded_identities.value', '=', i.value),
          ]),
        ),
      ),
    )
    .where(IN_FORCE)
    .executeTakeFirst();
  return row !== undefined;
}

export type IdentitySource = {
  id: string;
  brandId: string;
  username: string;
  mobile: string | null;
  email: string | null;
  idNumber: string;
  name: string;
  birthday: string;
  passwordHash: string;
  status: string;
};

async function memberSource(
  db: Executor,
  where: { brandId: string; id?: string; username?: string },
): Promise<IdentitySource | null> {
  let query = db
    .selectFrom('members')
    .select([
      'id',
      'brand_id',
      'username',
      'mobile',
      'email',
      'id_number',
      'payee_name',
      'birthday',
      'password_hash',
      'status',
    ])
    .where('brand_id', '=', where.brandId);
  if (where.id !== undefined) query = query.where('id', '=', where.id);
  if (where.username !== undefined)
    query = query.where(sql<string>`lower(username)`, '=', where.username.toLowerCase());
  const row = await query.executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    brandId: row.brand_id,
    username: row.username,
    mobile: row.mobile,
    email: row.email,
    idNumber: row.id_number,
    name: row.payee_name,
    birthday: row.birthday,
    passwordHash: row.password_hash,
    status: row.status,
  };
}

export function memberById(db: Executor, brandId: string, id: string) {
  return memberSource(db, { brandId, id });
}

export function memberByUsername(db: Executor, brandId: string, username: string) {
  return memberSource(db, { brandId, username });
}

/** Takes the member's row lock, the one every login takes first (members/session.repository.ts). */
export async function lockMember(db: Executor, brandId: string, memberId: string): Promise<boolean> {
  const row = await db
    .selectFrom('members')
    .select('id')
    .where('id', '=', memberId)
    .where('brand_id', '=', brandId)
    .forUpdate()
    .executeTakeFirst();
  return row !== undefined;
}

// End requests

export type EndRequestRow = {
  id: string;
  brandId: string;
  exclusionId: string;
  memberId: string;
  username: string;
  status: 'pending' | 'approved' | 'refused';
  requestedAt: Date;
  decidableAt: Date;
  decidedAt: Date | null;
  decidedBy: string | null;
  note: string;
  exclusionEndsAt: Date | null;
};

function endRequests(db: Executor) {
  return db
    .selectFrom('exclusion_end_requests as r')
    .innerJoin('members as m', 'm.id', 'r.member_id')
    .innerJoin('member_exclusions as x', 'x.id', 'r.exclusion_id')
    .leftJoin('operators as o', 'o.id', 'r.decided_by')
    .select([
      'r.id',
      'r.brand_id',
      'r.exclusion_id',
      'r.member_id',
      'm.username',
      'r.status',
      'r.requested_at',
      'r.decidable_at',
      'r.decided_at',
      'o.username as decided_by',
      'r.note',
      'x.ends_at',
    ]);
}

type EndRequestSelect = {
  id: string;
  brand_id: string;
  exclusion_id: string;
  member_id: string;
  username: string;
  status: 'pending' | 'approved' | 'refused';
  requested_at: Date;
  decidable_at: Date;
  decided_at: Date | null;
  decided_by: string | null;
  note: string;
  ends_at: Date | null;
};

function toEndRequest(r: EndRequestSelect): EndRequestRow {
  return {
    id: r.id,
    brandId: r.brand_id,
    exclusionId: r.exclusion_id,
    memberId: r.member_id,
    username: r.username,
    status: r.status,
    requestedAt: r.requested_at,
    decidableAt: r.decidable_at,
    decidedAt: r.decided_at,
    decidedBy: r.decided_by,
    note: r.note,
    exclusionEndsAt: r.ends_at,
  };
}

export async function insertEndRequest(
  db: Executor,
  input: { brandId: string; exclusionId: string; memberId: string; decidableAt: Date },
): Promise<string> {
  const row = await db
    .insertInto('exclusion_end_requests')
    .values({
      brand_id: input.brandId,
      exclusion_id: input.exclusionId,
      member_id: input.memberId,
      decidable_at: input.decidableAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function findEndRequest(
  db: Executor,
  brandId: string,
  id: string,
): Promise<EndRequestRow | null> {
  const row = await endRequests(db)
    .where('r.brand_id', '=', brandId)
    .where('r.id', '=', id)
    .executeTakeFirst();
  return row ? toEndRequest(row) : null;
}

export async function listEndRequests(
  db: Executor,
  brandId: string,
  filter: { status?: 'pending' | 'approved' | 'refused'; memberId?: string },
): Promise<EndRequestRow[]> {
  let query = endRequests(db).where('r.brand_id', '=', brandId);
  if (filter.status) query = query.where('r.status', '=', filter.status);
  if (filter.memberId) query = query.where('r.member_id', '=', filter.memberId);
  const rows = await query.orderBy('r.id', 'asc').limit(200).execute();
  return rows.map(toEndRequest);
}

/** Moves a pending request (conditional: two operators at once decide it once). */
export async function decideEndRequest(
  db: Executor,
  input: { id: string; brandId: string; status: 'approved' | 'refused'; operatorId: string; note: string },
): Promise<boolean> {
  const result = await db
    .updateTable('exclusion_end_requests')
    .set({ status: input.status, decided_at: new Date(), decided_by: input.operatorId, note: input.note })
    .where('id', '=', input.id)
    .where('brand_id', '=', input.brandId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function endExclusion(db: Executor, exclusionId: string, operatorId: string): Promise<boolean> {
  const result = await db
    .updateTable('member_exclusions')
    .set({ status: 'ended', ended_at: new Date(), ended_by: operatorId })
    .where('id', '=', exclusionId)
    .where('status', '=', 'active')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

// Settings, reality checks

export async function findSettings(
  db: Executor,
  memberId: string,
): Promise<{ sessionLimitMinutes: number; realityCheckMinutes: number }> {
  const row = await db
    .selectFrom('protection_settings')
    .select(['session_limit_minutes', 'reality_check_minutes'])
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  return {
    sessionLimitMinutes: row?.session_limit_minutes ?? 0,
    realityCheckMinutes: row?.reality_check_minutes ?? 0,
  };
}

export async function upsertSettings(
  db: Executor,
  input: { brandId: string; memberId: string; sessionLimitMinutes: number; realityCheckMinutes: number },
): Promise<void> {
  await db
    .insertInto('protection_settings')
    .values({
      member_id: input.memberId,
      brand_id: input.brandId,
      session_limit_minutes: input.sessionLimitMinutes,
      reality_check_minutes: input.realityCheckMinutes,
    })
    .onConflict((oc) =>
      oc.column('member_id').doUpdateSet({
        session_limit_minutes: input.sessionLimitMinutes,
        reality_check_minutes: input.realityCheckMinutes,
        updated_at: new Date(),
      }),
    )
    .execute();
}

export async function sessionStart(db: Executor, sessionId: string): Promise<Date | null> {
  const row = await db
    .selectFrom('sessions')
    .select('created_at')
    .where('id', '=', sessionId)
    .executeTakeFirst();
  return row?.created_at ?? null;
}

export async function lastAck(db: Executor, sessionId: string): Promise<Date | null> {
  const row = await db
    .selectFrom('reality_check_acks')
    .select('acked_at')
    .where('session_id', '=', sessionId)
    .executeTakeFirst();
  return row?.acked_at ?? null;
}

export async function storeAck(db: Executor, sessionId: string, memberId: string, at: Date): Promise<void> {
  await db
    .insertInto('reality_check_acks')
    .values({ session_id: sessionId, member_id: memberId, acked_at: at })
    .onConflict((oc) => oc.column('session_id').doUpdateSet({ acked_at: at }))
    .execute();
}

/** The kinds of journal entry that are play: stakes, wins, refunds of games and the lottery. */
const PLAY_KINDS = [
  'seamless_bet',
  'seamless_win',
  'seamless_bet_win',
  'seamless_rollback',
  'lottery_bet',
  'lottery_win',
  'lottery_refund',
  'lottery_chase_hold',
  'lottery_chase_return',
] as const;

/** What play moved on the member's wallets since `since` (minor units; wins less stakes). */
export async function netPlaySince(db: Executor, memberId: string, since: Date): Promise<bigint> {
  const row = await db
    .selectFrom('postings as p')
    .innerJoin('ledger_accounts as a', 'a.id', 'p.account_id')
    .innerJoin('journal_entries as e', 'e.id', 'p.entry_id')
    .select(sql<string>`coalesce(sum(p.amount), 0)::text`.as('net'))
    .where('a.member_id', '=', memberId)
    .where('a.kind', 'in', ['member_main', 'member_vendor'])
    .where('p.created_at', '>=', since)
    .where('e.kind', 'in', PLAY_KINDS)
    .executeTakeFirstOrThrow();
  return BigInt(row.net);
}

/**
 * Active login sessions past their member's session limit, and any active session of a member
 * under an exclusion in force (at most 500 each a sweep). Each side is driven by its small table
 * (members with a limit, exclusions in force) and reaches the member's one active session through
 * `sessions_one_active_uq`, so the sweep never scans the sessions.
 */
export async function sessionsPastLimit(
  db: Executor,
): Promise<{ memberId: string; brandId: string; reason: 'session_limit' | 'excluded' }[]> {
  const [limited, excluded] = await Promise.all([
    db
      .selectFrom('protection_settings as ps')
      .innerJoin('sessions as s', 's.member_id', 'ps.member_id')
      .select(['s.member_id', 's.brand_id'])
      .where('ps.session_limit_minutes', '>', 0)
      .where('s.revoked_at', 'is', null)
      .where('s.expires_at', '>', sql<Date>`now()`)
      .where(sql<SqlBool>`s.created_at + make_interval(mins => ps.session_limit_minutes) <= now()`)
      .limit(500)
      .execute(),
    db
      .selectFrom('member_exclusions')
      .innerJoin('sessions as s', 's.member_id', 'member_exclusions.member_id')
      .select(['s.member_id', 's.brand_id'])
      .where(IN_FORCE)
      .where('s.revoked_at', 'is', null)
      .where('s.expires_at', '>', sql<Date>`now()`)
      .limit(500)
      .execute(),
  ]);
  return [
    ...excluded.map((r) => ({ memberId: r.member_id, brandId: r.brand_id, reason: 'excluded' as const })),
    ...limited.map((r) => ({ memberId: r.member_id, brandId: r.brand_id, reason: 'session_limit' as const })),
  ];
}

export type SessionSummary = {
  startedAt: Date;
  lastSeenAt: Date;
  ip: string;
  device: string;
  revokedAt: Date | null;
  revokedReason: string | null;
  expiresAt: Date;
};

export async function recentSessions(db: Executor, memberId: string): Promise<SessionSummary[]> {
  const rows = await db
    .selectFrom('sessions')
    .select(['created_at', 'last_seen_at', 'ip', 'device', 'revoked_at', 'revoked_reason', 'expires_at'])
    .where('member_id', '=', memberId)
    .orderBy('id', 'desc')
    .limit(20)
    .execute();
  return rows.map((r) => ({
    startedAt: r.created_at,
    lastSeenAt: r.last_seen_at,
    ip: r.ip,
    device: r.device,
    revokedAt: r.revoked_at,
    revokedReason: r.revoked_reason,
    expiresAt: r.expires_at,
  }));
}

// Audit

export type AuditInput = {
  brandId: string;
  memberId: string;
  actorKind: 'member' | 'operator' | 'system';
  actorId: string | null;
  action: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  effectiveFrom: Date | null;
  ip: string;
};

export async function insertAudit(db: Executor, input: AuditInput): Promise<void> {
  await db
    .insertInto('protection_audit')
    .values({
      brand_id: input.brandId,
      member_id: input.memberId,
      actor_kind: input.actorKind,
      actor_id: input.actorId,
      action: input.action,
      before: input.before === null ? null : JSON.stringify(input.before),
      after: input.after === null ? null : JSON.stringify(input.after),
      effective_from: input.effectiveFrom,
      ip: input.ip,
    })
    .execute();
}

export async function auditOf(db: Executor, memberId: string) {
  return db
    .selectFrom('protection_audit as a')
    .leftJoin('operators as o', (join) =>
      join.onRef('o.id', '=', 'a.actor_id').on('a.actor_kind', '=', 'operator'),
    )
    .select([
      'a.created_at',
      'a.actor_kind',
      'o.username',
      'a.action',
      'a.before',
      'a.after',
      'a.effective_from',
    ])
    .where('a.member_id', '=', memberId)
    .orderBy('a.id', 'desc')
    .limit(100)
    .execute();
}
