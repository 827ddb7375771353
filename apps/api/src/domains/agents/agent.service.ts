import { randomInt } from 'node:crypto';
import { AGENT_TYPES, isAgentType, TRIAL_TYPE } from '@lotus/contracts/accounts';
import type {
  AgentTeamMember,
  AgentTeamOverview,
  AgentTeamOverviewQuery,
  AgentTeamPage,
  AgentTeamQuery,
  OpenDownlineBody,
  OperatorAgent,
} from '@lotus/contracts/agents';
import { formatAmount } from '@lotus/contracts/money';
import type { Db } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { Executor, Tx } from '../../db/executor.ts';
import { AppError } from '../../http/app-error.ts';
import type { Caller } from '../../http/caller.ts';
import type { MemberServices } from '../../http/member-services.ts';
import type { Brand } from '../brands/brand.ts';
import {
  findMemberById,
  findMemberByUsername,
  setAccountKind,
  setUpline,
} from '../members/member.service.ts';
import type { Member } from '../members/member.ts';
import { openDownlineAccount } from '../members/registration.service.ts';
import type { RegisteredMember } from '../members/registration-hooks.ts';
import { recordAudit } from '../operators/audit.service.ts';
import {
  agentStanding,
  findTeamMember,
  isInSubtree,
  listTeam,
  lockTree,
  setAgentStanding,
  type TeamMemberRow,
  teamActiveMembers,
  teamDays,
  teamSizes,
} from './tree.repository.ts';

/** The agent types a member can be made (spec §4: isAgent 1, 2, 41, 42). */
export const AGENT_TYPE_VALUES = [
  AGENT_TYPES.agent,
  AGENT_TYPES.masterAgent,
  AGENT_TYPES.agent41,
  AGENT_TYPES.agent42,
] as const;

type Operator = { id: string; ip: string };

/** Refuses a suspended agent (the kernel's requireAgent has refused non-agents and trial accounts). */
export async function assertActiveAgent(db: Db, member: Member): Promise<void> {
  if (!isAgentType(member.isAgent)) throw new AppError('error_not_agent');
  if ((await agentStanding(db, member.id)) === 'suspended') throw new AppError('agent_suspended');
}

const CODE_LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A new affiliate code: 8 letters and digits without the look-alikes (0/O, 1/I). */
export function newAffiliateCode(): string {
  let code = '';
  for (let i = 0; i < 8; i += 1) code += CODE_LETTERS[randomInt(CODE_LETTERS.length)];
  return code;
}

/**
 * Makes a member an agent of `isAgent` (or changes its agent type), keeping its affiliate code or
 * giving it a new one, audited as `agent.type`. A trial account is refused.
 */
export async function makeAgentIn(
  trx: Executor,
  brandId: string,
  operator: Operator,
  memberId: string,
  isAgent: number,
  note = '',
): Promise<void> {
  if (!(AGENT_TYPE_VALUES as readonly number[]).includes(isAgent)) throw new AppError('agent_type_invalid');
  const member = await findMemberById(trx, brandId, memberId);
  if (!member) throw new AppError('member_not_found');
  if (member.isAgent === TRIAL_TYPE) throw new AppError('agent_trial_refused');
  const affiliateCode = member.affiliateCode ?? newAffiliateCode();
  const changed = await setAccountKind(trx, brandId, memberId, { isAgent, affiliateCode });
  if (!changed) throw new AppError('agent_trial_refused');
  await recordAudit(trx, {
    brandId,
    operatorId: operator.id,
    action: 'agent.type',
    targetType: 'member',
    targetId: memberId,
    before: { isAgent: member.isAgent, affiliateCode: member.affiliateCode },
    after: { isAgent, affiliateCode, note },
    ip: operator.ip,
  });
}

/** makeAgentIn in its own transaction, tried again with another code if the random one was taken. */
export async function makeAgent(
  db: Db,
  brandId: string,
  operator: Operator,
  memberId: string,
  isAgent: number,
  note = '',
): Promise<OperatorAgent> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      await db.transaction().execute((trx) => makeAgentIn(trx, brandId, operator, memberId, isAgent, note));
      break;
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 3) throw error;
    }
  }
  return operatorAgent(db, brandId, memberId);
}

/** Suspends an agent (refused from the agent area with agent_suspended) or lifts it; audited. */
export async function suspendAgent(
  db: Db,
  brandId: string,
  operator: Operator,
  memberId: string,
  change: { suspended: boolean; note: string },
): Promise<OperatorAgent> {
  const member = await findMemberById(db, brandId, memberId);
  if (!member || !isAgentType(member.isAgent)) throw new AppError('agent_not_found');
  const status = change.suspended ? 'suspended' : 'active';
  await db.transaction().execute(async (trx) => {
    const before = await agentStanding(trx, memberId);
    await setAgentStanding(trx, brandId, memberId, status, change.note.trim());
    await recordAudit(trx, {
      brandId,
      operatorId: operator.id,
      action: 'agent.status',
      targetType: 'member',
      targetId: memberId,
      before: { status: before },
      after: { status, note: change.note.trim() },
      ip: operator.ip,
    });
  });
  return operatorAgent(db, brandId, memberId);
}

/**
 * Moves a member, with its whole sub-tree, under another agent of the brand. Under the brand's tree
 * lock: the member and the new upline read again, a trial account refused, the new upline an
 * active agent, and not the member itself nor one of its downlines (agent_move_cycle). The
 * members row changes and the trigger rewrites the closure and closes the upline history's open
 * row at this instant (later bets belong to the new tree), audited as `agent.move`.
 */
export async function moveMember(
  db: Db,
  brandId: string,
  operator: Operator,
  memberId: string,
  change: { uplineUsername: string; note: string },
): Promise<OperatorAgent> {
  await db.transaction().execute(async (trx: Tx) => {
    await lockTree(trx, brandId);
    const member = await findMemberById(trx, brandId, memberId);
    if (!member) throw new AppError('member_not_found');
    if (member.isAgent === TRIAL_TYPE) throw new AppError('agent_trial_refused');
    const upline = await findMemberByUsername(trx, brandId, change.uplineUsername.trim());
    if (!upline || !isAgentType(upline.isAgent) || upline.status !== 'ACTIVE') {
      throw new AppError('agent_upline_invalid');
    }
    if ((await agentStanding(trx, upline.id)) === 'suspended') throw new AppError('agent_upline_invalid');
    if (await isInSubtree(trx, brandId, member.id, upline.id)) throw new AppError('agent_move_cycle');
    if (member.uplineId === upline.id) return;
    await setUpline(trx, brandId, member.id, upline.id);
    await recordAudit(trx, {
      brandId,
      operatorId: operator.id,
      action: 'agent.move',
      targetType: 'member',
      targetId: member.id,
      before: { uplineId: member.uplineId, upline: member.uplineUsername },
      after: { uplineId: upline.id, upline: upline.username, note: change.note.trim() },
      ip: operator.ip,
    });
  });
  return operatorAgent(db, brandId, memberId);
}

/** A member as the back office's agent pages show it. */
export async function operatorAgent(db: Db, brandId: string, memberId: string): Promise<OperatorAgent> {
  const member = await findMemberById(db, brandId, memberId);
  if (!member) throw new AppError('member_not_found');
  const sizes = await teamSizes(db, brandId, member.id);
  return {
    id: member.id,
    username: member.username,
    isAgent: member.isAgent,
    affiliateCode: member.affiliateCode ?? '',
    uplineUsername: member.uplineUsername ?? '',
    status: await agentStanding(db, member.id),
    directSize: sizes.direct,
    teamSize: sizes.team,
  };
}

/**
 * The registration hook: a member registered under an upline (an affiliate code, or an agent
 * opening the account) only under an active agent of the same brand (members' look-up already
 * checked the kind and the brand; a suspended agent's code is refused here).
 */
export async function agentSignup(trx: Tx, member: RegisteredMember): Promise<void> {
  if (member.uplineId === null) return;
  if ((await agentStanding(trx, member.uplineId)) === 'suspended')
    throw new AppError('invitation_code_error');
}

function toTeamMember(row: TeamMemberRow): AgentTeamMember {
  return {
    id: row.id,
    account: row.username,
    level: Number(row.level),
    isAgent: row.is_agent,
    status: row.status,
    registeredAt: row.created_at.getTime(),
    lastLoginAt: row.last_login_at ? row.last_login_at.getTime() : null,
    upline: row.upline ?? '',
    // No agent policy setting shows balances yet (AGENTPOLICY has none): hidden.
    balance: null,
  };
}

export async function teamPage(
  db: Db,
  brand: Brand,
  agent: Member,
  query: AgentTeamQuery,
): Promise<AgentTeamPage> {
  const page = query.page ?? 1;
  const size = query.size ?? 20;
  const { rows, total } = await listTeam(
    db,
    brand.id,
    agent.id,
    { search: (query.search ?? '').replace(/\0/g, '').trim(), directOnly: query.directOnly ?? false },
    page,
    size,
  );
  return { items: rows.map(toTeamMember), total, page, size };
}

/** One member of the agent's team; any other id (another agent's downline, a stranger) is downline_not_found. */
export async function teamMember(db: Db, brand: Brand, agent: Member, id: string): Promise<AgentTeamMember> {
  const row = await findTeamMember(db, brand.id, agent.id, id);
  if (!row) throw new AppError('downline_not_found');
  return toTeamMember(row);
}

const utcDay = (date: Date) => date.toISOString().slice(0, 10);

export async function teamOverview(
  db: Db,
  brand: Brand,
  agent: Member,
  query: AgentTeamOverviewQuery,
  now = new Date(),
): Promise<AgentTeamOverview> {
  const days = query.days ?? 7;
  const to = utcDay(now);
  const from = utcDay(new Date(now.getTime() - (days - 1) * 86_400_000));
  const [sizes, rows, active] = await Promise.all([
    teamSizes(db, brand.id, agent.id),
    teamDays(db, brand.id, agent.id, from, to),
    teamActiveMembers(db, brand.id, agent.id, from, to),
  ]);
  const money = (minor: bigint) => formatAmount(minor, brand.currency);
  let deposits = 0n;
  let withdrawals = 0n;
  let turnover = 0n;
  let winLoss = 0n;
  let newMembers = 0;
  const dayRows = rows.map((r) => {
    deposits += BigInt(r.deposits);
    withdrawals += BigInt(r.withdrawals);
    turnover += BigInt(r.turnover);
    winLoss += BigInt(r.win_loss);
    newMembers += Number(r.new_members);
    return {
      day: r.day,
      newMembers: Number(r.new_members),
      activeMembers: Number(r.active_members),
      deposits: money(BigInt(r.deposits)),
      withdrawals: money(BigInt(r.withdrawals)),
      turnover: money(BigInt(r.turnover)),
      winLoss: money(BigInt(r.win_loss)),
    };
  });
  return {
    teamSize: sizes.team,
    directSize: sizes.direct,
    from,
    to,
    newMembers,
    activeMembers: active,
    deposits: money(deposits),
    withdrawals: money(withdrawals),
    turnover: money(turnover),
    winLoss: money(winLoss),
    days: dayRows,
  };
}

/** registerCenter: the agent opens an account for a direct downline. */
export async function openDownline(
  members: MemberServices,
  caller: Caller,
  agent: Member,
  body: OpenDownlineBody,
): Promise<AgentTeamMember> {
  await assertActiveAgent(members.db, agent);
  const id = await openDownlineAccount(members, caller, agent, {
    username: body.username.replace(/\0/g, ''),
    password: body.password,
    birthday: body.birthday,
  });
  return teamMember(members.db, caller.brand, agent, id);
}
