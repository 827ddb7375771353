import { formatAmount } from '@lotus/contracts/money';
import {
  type EndDecisionBody,
  type EndRequest,
  type EndRequestBody,
  type Exclusion,
  type ExclusionBody,
  PROTECTION_RULES,
  type ProtectionBlock,
  type ProtectionBlocks,
  type ProtectionPanel,
  type ProtectionSettings,
  type ProtectionStatus,
} from '@lotus/contracts/protection';
import type { Db } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { Executor, Tx } from '../../db/executor.ts';
import { AppError } from '../../http/app-error.ts';
import { verifyPassword } from '../../lib/hashing.ts';
import { endMemberSessions } from '../members/session.service.ts';
import { recordAudit } from '../operators/audit.service.ts';
import type { OperatorContext } from '../operators/operator-session.service.ts';
import {
  auditOf,
  closeFinishedTimeouts,
  decideEndRequest,
  type EndRequestRow,
  type ExclusionRow,
  endExclusion,
  exclusionsOf,
  findEndRequest,
  findExclusionInForce,
  findSettings,
  identityExcluded,
  insertAudit,
  insertEndRequest,
  insertExclusion,
  insertIdentities,
  lastAck,
  listEndRequests,
  lockMember,
  memberById,
  memberByUsername,
  membersInForce,
  netPlaySince,
  recentSessions,
  sessionStart,
  sessionsPastLimit,
  storeAck,
  upsertSettings,
  walletOwnerExcluded,
} from './exclusion.repository.ts';
import { identitiesOf } from './identity.ts';

const HOUR_MS = 3_600_000;

/** `2027-06-01 14:05 UTC`: the end date named in refusals (the same in every language). */
export function untilText(at: Date | null): string {
  if (at === null) return 'indefinite';
  return `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** The refusal of a member under an exclusion in force, naming its end. */
export function exclusionError(row: ExclusionRow): AppError {
  const value = { kind: row.kind, until: untilText(row.endsAt), endsAt: row.endsAt?.toISOString() ?? null };
  return new AppError(row.kind === 'timeout' ? 'member_timed_out' : 'member_self_excluded', { value });
}

// Published checks (login, registration, stake gate, deposits, marketing senders, agents)

/** Throws member_timed_out / member_self_excluded (with the end date) while an exclusion is in force. */
export async function assertNotExcluded(db: Executor, memberId: string): Promise<void> {
  const row = await findExclusionInForce(db, memberId);
  if (row) throw exclusionError(row);
}

/** Answers already given inside one posting transaction (a batch asks once per stake entry). */
const answered = new WeakMap<Executor, Map<string, boolean>>();

/**
 * The stake gate's check (docs/money-posting.md): no stake while an exclusion is in force. One
 * index probe per member and transaction: a batch of many stakes of one member asks once.
 */
export async function stakeOpenForExclusion(db: Executor, ask: { memberId: string }): Promise<boolean> {
  let known = answered.get(db);
  if (!known) {
    known = new Map();
    answered.set(db, known);
  }
  const cached = known.get(ask.memberId);
  if (cached !== undefined) return cached;
  const open = !(await walletOwnerExcluded(db, ask.memberId));
  if (db.isTransaction) known.set(ask.memberId, open);
  return open;
}

/** Of `memberIds`, those marketing must skip (time-out or self-exclusion in force). */
export function excludedMembers(db: Executor, memberIds: readonly string[]): Promise<Set<string>> {
  return membersInForce(db, [...new Set(memberIds)]);
}

/** For a sender that targets one member (a gift, an agent's transfer or message): member_protected. */
export async function assertReachable(db: Executor, memberId: string): Promise<void> {
  if ((await membersInForce(db, [memberId])).size > 0) throw new AppError('member_protected');
}

export { notExcludedCondition } from './exclusion.repository.ts';

// Sessions ended: the hooks other domains register (vendors: their seamless sessions and sockets)

export type SessionsEnded = {
  db: Db;
  brandId: string;
  memberId: string;
  reason: 'excluded' | 'session_limit';
};
export type SessionsEndedHook = (event: SessionsEnded) => Promise<void>;
const endedHooks: SessionsEndedHook[] = [];

/**
 * Published for other domains: `hook` runs after a member's login sessions were ended by an
 * exclusion or the session limit (committed), to end what that domain holds for the member (the
 * vendors domain: seamless sessions, and a notice to the vendors so they close the member's sockets).
 * A hook's failure is logged by the caller and never undoes the exclusion.
 */
export function onSessionsEnded(hook: SessionsEndedHook): void {
  if (!endedHooks.includes(hook)) endedHooks.push(hook);
}

async function runEndedHooks(event: SessionsEnded): Promise<void> {
  await Promise.all(
    endedHooks.map(async (hook) => {
      try {
        await hook(event);
      } catch (error) {
        console.error('protection: a sessions-ended hook failed', error);
      }
    }),
  );
}

// Sections of the "why am I blocked" page

export type BlockSection = (db: Db, brandId: string, memberId: string) => Promise<ProtectionBlock[]>;
const sections: { domain: string; read: BlockSection }[] = [];

/**
 * Published for other domains (limits): a section of the member's "why am I blocked" page
 * (GET /wps/protection/blocks), in registration order after this domain's own.
 */
export function registerBlockSection(domain: string, read: BlockSection): void {
  if (!sections.some((s) => s.domain === domain)) sections.push({ domain, read });
}

// The member's own calls

export type MemberRef = { id: string; brandId: string };
export type Actor = { kind: 'member' | 'operator' | 'system'; id: string | null; ip: string };

/** The end of a time-out or self-exclusion from the request, or exclusion_length_invalid. */
export function exclusionEnd(body: ExclusionBody, now: Date): Date | null {
  if (body.kind === 'timeout') {
    const hours = body.hours ?? 0;
    if (
      body.months !== undefined ||
      body.indefinite === true ||
      hours < PROTECTION_RULES.timeoutMinHours ||
      hours > PROTECTION_RULES.timeoutMaxHours
    )
      throw new AppError('exclusion_length_invalid');
    return new Date(now.getTime() + hours * HOUR_MS);
  }
  if (body.hours !== undefined) throw new AppError('exclusion_length_invalid');
  if (body.indefinite === true) {
    if (body.months !== undefined) throw new AppError('exclusion_length_invalid');
    return null;
  }
  const months = body.months ?? 0;
  if (months < PROTECTION_RULES.selfExclusionMinMonths || months > PROTECTION_RULES.selfExclusionMaxMonths)
    throw new AppError('exclusion_length_invalid');
  const end = new Date(now);
  end.setUTCMonth(end.getUTCMonth() + months);
  return end;
}

function toWireExclusion(row: ExclusionRow): Exclusion {
  return {
    id: row.id,
    kind: row.kind,
    startedAt: row.startedAt.toISOString(),
    endsAt: row.endsAt?.toISOString() ?? null,
    status: row.status,
    endedAt: row.endedAt?.toISOString() ?? null,
  };
}

/**
 * A time-out or self-exclusion, effective at once: under the member's row lock (the one every
 * login takes) the exclusion, the member's identities and the audit row are written and every
 * login session ends, in one transaction; then the other domains end what they hold (seamless
 * sessions, the vendors' sockets). Two requests at once make one exclusion (the second answers
 * exclusion_already_active).
 */
export async function excludeMember(
  db: Db,
  member: MemberRef,
  body: ExclusionBody,
  actor: Actor,
  now = new Date(),
): Promise<Exclusion> {
  const endsAt = exclusionEnd(body, now);
  let row: ExclusionRow;
  try {
    row = await db.transaction().execute(async (trx) => {
      if (!(await lockMember(trx, member.brandId, member.id))) throw new AppError('exclusion_not_found');
      await closeFinishedTimeouts(trx, member.id);
      if (await findExclusionInForce(trx, member.id)) throw new AppError('exclusion_already_active');
      const created = await insertExclusion(trx, {
        brandId: member.brandId,
        memberId: member.id,
        kind: body.kind,
        endsAt,
      });
      const source = await memberById(trx, member.brandId, member.id);
      if (source) await insertIdentities(trx, member.brandId, created.id, identitiesOf(source));
      await insertAudit(trx, {
        brandId: member.brandId,
        memberId: member.id,
        actorKind: actor.kind,
        actorId: actor.id,
        action: `exclusion.${body.kind}`,
        before: null,
        after: { kind: body.kind, endsAt: endsAt?.toISOString() ?? null, indefinite: endsAt === null },
        effectiveFrom: created.startedAt,
        ip: actor.ip,
      });
      await endMemberSessions(trx, member.id, 'excluded');
      return created;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('exclusion_already_active');
    throw error;
  }
  await runEndedHooks({ db, brandId: member.brandId, memberId: member.id, reason: 'excluded' });
  return toWireExclusion(row);
}

/** The registration hook: a new account whose identity belongs to an excluded person is refused. */
export async function refuseExcludedIdentity(trx: Tx, registered: { brandId: string; memberId: string }) {
  const source = await memberById(trx, registered.brandId, registered.memberId);
  if (!source) return;
  if (await identityExcluded(trx, registered.brandId, identitiesOf(source)))
    throw new AppError('member_excluded_identity');
}

/** The same before anything is written (members' identity check), so the answer is this code. */
export async function refuseExcludedRegistration(
  db: Executor,
  identity: {
    brandId: string;
    mobile: string | null;
    email: string;
    idNumber: string;
    name: string;
    birthday: string;
  },
): Promise<void> {
  if (await identityExcluded(db, identity.brandId, identitiesOf(identity)))
    throw new AppError('member_excluded_identity');
}

export function validSettings(input: ProtectionSettings): ProtectionSettings {
  const ok = (v: number, min: number, max: number) =>
    v === 0 || (Number.isInteger(v) && v >= min && v <= max);
  if (
    !ok(input.sessionLimitMinutes, PROTECTION_RULES.sessionLimitMin, PROTECTION_RULES.sessionLimitMax) ||
    !ok(input.realityCheckMinutes, PROTECTION_RULES.realityCheckMin, PROTECTION_RULES.realityCheckMax)
  )
    throw new AppError('protection_setting_invalid');
  return { sessionLimitMinutes: input.sessionLimitMinutes, realityCheckMinutes: input.realityCheckMinutes };
}

/** The member's session limit and reality-check interval; effective at once, audited. */
export async function changeSettings(
  db: Db,
  member: MemberRef,
  input: ProtectionSettings,
  actor: Actor,
): Promise<ProtectionSettings> {
  const next = validSettings(input);
  await db.transaction().execute(async (trx) => {
    const before = await findSettings(trx, member.id);
    await upsertSettings(trx, { brandId: member.brandId, memberId: member.id, ...next });
    await insertAudit(trx, {
      brandId: member.brandId,
      memberId: member.id,
      actorKind: actor.kind,
      actorId: actor.id,
      action: 'protection.settings',
      before,
      after: next,
      effectiveFrom: new Date(),
      ip: actor.ip,
    });
  });
  return next;
}

export function settingsOf(db: Executor, memberId: string): Promise<ProtectionSettings> {
  return findSettings(db, memberId);
}

/**
 * What a game asks at its round boundary: the session's start and the limit's end, and whether a
 * reality check is due (elapsed time and net result since login); play waits until it is
 * acknowledged.
 */
export async function protectionStatus(
  db: Db,
  brand: { currency: string },
  auth: { memberId: string; sessionId: string },
  now = new Date(),
): Promise<ProtectionStatus> {
  const [started, settings, acked] = await Promise.all([
    sessionStart(db, auth.sessionId),
    findSettings(db, auth.memberId),
    lastAck(db, auth.sessionId),
  ]);
  const start = started ?? now;
  const net = await netPlaySince(db, auth.memberId, start);
  const interval = settings.realityCheckMinutes * 60_000;
  const dueAt = interval > 0 ? new Date((acked ?? start).getTime() + interval) : null;
  return {
    sessionStartedAt: start.toISOString(),
    sessionEndsAt:
      settings.sessionLimitMinutes > 0
        ? new Date(start.getTime() + settings.sessionLimitMinutes * 60_000).toISOString()
        : null,
    settings,
    realityCheck: {
      due: dueAt !== null && dueAt.getTime() <= now.getTime(),
      dueAt: dueAt?.toISOString() ?? null,
      elapsedSeconds: Math.max(0, Math.floor((now.getTime() - start.getTime()) / 1000)),
      net: formatAmount(net, brand.currency),
      currency: brand.currency,
    },
  };
}

/** The member saw the reality check: play continues until the next interval. */
export async function acknowledgeRealityCheck(
  db: Db,
  brand: { currency: string },
  auth: { memberId: string; sessionId: string },
  now = new Date(),
): Promise<ProtectionStatus> {
  await storeAck(db, auth.sessionId, auth.memberId, now);
  return protectionStatus(db, brand, auth, now);
}

/** This domain's section of the "why am I blocked" page. */
async function ownSection(db: Db, _brandId: string, memberId: string): Promise<ProtectionBlock[]> {
  const blocks: ProtectionBlock[] = [];
  const inForce = await findExclusionInForce(db, memberId);
  if (inForce)
    blocks.push({
      kind: inForce.kind,
      since: inForce.startedAt.toISOString(),
      until: inForce.endsAt?.toISOString() ?? null,
      value: null,
    });
  const settings = await findSettings(db, memberId);
  if (settings.sessionLimitMinutes > 0)
    blocks.push({
      kind: 'session_limit',
      since: null,
      until: null,
      value: String(settings.sessionLimitMinutes),
    });
  if (settings.realityCheckMinutes > 0)
    blocks.push({
      kind: 'reality_check',
      since: null,
      until: null,
      value: String(settings.realityCheckMinutes),
    });
  return blocks;
}

/** Every active restriction of the member, one section per domain. */
export async function blocksOf(db: Db, brandId: string, memberId: string): Promise<ProtectionBlocks> {
  const all = [{ domain: 'exclusion', read: ownSection }, ...sections];
  return {
    sections: await Promise.all(
      all.map(async (s) => ({ domain: s.domain, blocks: await s.read(db, brandId, memberId) })),
    ),
  };
}

function toWireRequest(row: EndRequestRow): EndRequest {
  return {
    id: row.id,
    exclusionId: row.exclusionId,
    memberId: row.memberId,
    username: row.username,
    status: row.status,
    requestedAt: row.requestedAt.toISOString(),
    decidableAt: row.decidableAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    decidedBy: row.decidedBy,
    note: row.note,
    exclusionEndsAt: row.exclusionEndsAt?.toISOString() ?? null,
  };
}

/** When a self-exclusion's term is over: its end, or 6 months after its start when indefinite. */
function termOver(row: ExclusionRow, now: Date): boolean {
  if (row.endsAt !== null) return row.endsAt.getTime() <= now.getTime();
  const min = new Date(row.startedAt);
  min.setUTCMonth(min.getUTCMonth() + PROTECTION_RULES.selfExclusionMinMonths);
  return min.getTime() <= now.getTime();
}

/**
 * A self-excluded member (who cannot log in) asks, with their user name and password, to end the
 * exclusion once its term is over; an operator decides after the 24-hour cooling-off. Unknown names
 * and wrong passwords answer alike (wrong_account_or_password).
 */
export async function requestEnd(
  db: Db,
  brandId: string,
  body: EndRequestBody,
  ip: string,
  now = new Date(),
): Promise<EndRequest> {
  const member = await memberByUsername(db, brandId, body.username.trim());
  const DUMMY =
    '$argon2id$v=19$m=19456,t=2,p=1$R/IUstOTqIDe8wV2izqkgw$ibTeAi34dEHWqnmigS0F0Od8lnUDEdWeAiuoh2J80HA';
  const matches = await verifyPassword(member?.passwordHash ?? DUMMY, body.password);
  if (!member || !matches) throw new AppError('wrong_account_or_password');
  const row = await findExclusionInForce(db, member.id);
  if (row?.kind !== 'self_exclusion') throw new AppError('exclusion_not_found');
  if (!termOver(row, now)) throw new AppError('exclusion_term_running');
  const decidableAt = new Date(now.getTime() + PROTECTION_RULES.endCoolingOffHours * HOUR_MS);
  let id: string;
  try {
    id = await db.transaction().execute(async (trx) => {
      const created = await insertEndRequest(trx, {
        brandId,
        exclusionId: row.id,
        memberId: member.id,
        decidableAt,
      });
      await insertAudit(trx, {
        brandId,
        memberId: member.id,
        actorKind: 'member',
        actorId: member.id,
        action: 'exclusion.end_requested',
        before: { exclusionId: row.id, status: 'active' },
        after: { requestId: created, decidableAt: decidableAt.toISOString() },
        effectiveFrom: null,
        ip,
      });
      return created;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('exclusion_request_pending');
    throw error;
  }
  const saved = await findEndRequest(db, brandId, id);
  if (!saved) throw new AppError('exclusion_not_found');
  return toWireRequest(saved);
}

// Back office

export async function pendingEndRequests(db: Db, brandId: string): Promise<{ items: EndRequest[] }> {
  return { items: (await listEndRequests(db, brandId, { status: 'pending' })).map(toWireRequest) };
}

/**
 * An operator approves (after the cooling-off) or refuses a request to end a self-exclusion. The
 * request's conditional move, the exclusion's end and both audit rows commit together.
 */
export async function decideEnd(
  db: Db,
  brandId: string,
  operator: OperatorContext & { ip: string },
  requestId: string,
  body: EndDecisionBody,
  now = new Date(),
): Promise<EndRequest> {
  const request = await findEndRequest(db, brandId, requestId);
  if (!request) throw new AppError('exclusion_not_found');
  if (request.status !== 'pending') throw new AppError('exclusion_request_state_invalid');
  if (body.decision === 'approve' && request.decidableAt.getTime() > now.getTime())
    throw new AppError('exclusion_cooling_off');
  const note = (body.note ?? '').trim();
  await db.transaction().execute(async (trx) => {
    const status = body.decision === 'approve' ? 'approved' : 'refused';
    if (!(await decideEndRequest(trx, { id: requestId, brandId, status, operatorId: operator.id, note })))
      throw new AppError('exclusion_request_state_invalid');
    if (status === 'approved') await endExclusion(trx, request.exclusionId, operator.id);
    const change = {
      before: { requestId, status: 'pending' },
      after: { requestId, status, exclusionEnded: status === 'approved', note },
    };
    await insertAudit(trx, {
      brandId,
      memberId: request.memberId,
      actorKind: 'operator',
      actorId: operator.id,
      action: `exclusion.end_${status}`,
      ...change,
      effectiveFrom: status === 'approved' ? now : null,
      ip: operator.ip,
    });
    await recordAudit(trx, {
      brandId,
      operatorId: operator.id,
      action: `protection.end_request.${body.decision}`,
      targetType: 'member',
      targetId: request.memberId,
      ...change,
      ip: operator.ip,
    });
  });
  const saved = await findEndRequest(db, brandId, requestId);
  if (!saved) throw new AppError('exclusion_not_found');
  return toWireRequest(saved);
}

/** The member's protection panel: settings, sessions, exclusions, end requests and the audit. */
export async function protectionPanel(db: Db, brandId: string, memberId: string): Promise<ProtectionPanel> {
  const member = await memberById(db, brandId, memberId);
  if (!member) throw new AppError('exclusion_not_found');
  const now = Date.now();
  const [settings, sessions, exclusions, requests, audit] = await Promise.all([
    findSettings(db, memberId),
    recentSessions(db, memberId),
    exclusionsOf(db, memberId),
    listEndRequests(db, brandId, { memberId }),
    auditOf(db, memberId),
  ]);
  return {
    memberId,
    username: member.username,
    settings,
    sessions: sessions.map((s) => ({
      startedAt: s.startedAt.toISOString(),
      lastSeenAt: s.lastSeenAt.toISOString(),
      ip: s.ip,
      device: s.device,
      active: s.revokedAt === null && s.expiresAt.getTime() > now,
      endReason: s.revokedReason,
    })),
    exclusions: exclusions.map(toWireExclusion),
    requests: requests.map(toWireRequest),
    audit: audit.map((a) => ({
      at: a.created_at.toISOString(),
      actor: a.actor_kind === 'operator' ? (a.username ?? 'operator') : a.actor_kind,
      action: a.action,
      before: a.before,
      after: a.after,
      effectiveFrom: a.effective_from?.toISOString() ?? null,
    })),
  };
}

/**
 * The sweep (job `protection_session_sweep`, every 10 seconds): ends the login sessions past their
 * member's session limit, and any session of an excluded member that escaped (defence in depth;
 * the exclusion ends them itself), then runs the sessions-ended hooks.
 */
export async function sweepSessions(db: Db): Promise<number> {
  const due = await sessionsPastLimit(db);
  const seen = new Set<string>();
  for (const s of due) {
    if (seen.has(s.memberId)) continue;
    seen.add(s.memberId);
    await endMemberSessions(db, s.memberId, s.reason);
    await runEndedHooks({ db, brandId: s.brandId, memberId: s.memberId, reason: s.reason });
  }
  return seen.size;
}
