import { TRIAL_TYPE } from '@lotus/contracts/accounts';
import type { SupportedLanguage } from '@lotus/contracts/languages';
import {
  type LeaderboardQuery,
  type MemberMission,
  MISSION_RULES,
  type MissionClaimed,
  type MissionLeaderboard,
  type MissionSummary,
  type NewMissionBody,
  type OperatorMission,
  type OperatorMissionPage,
} from '@lotus/contracts/missions';
import { formatAmount, parseAmount } from '@lotus/contracts/money';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { sha256Hex } from '../../lib/hashing.ts';
import { pickText } from '../../lib/localised.ts';
import { assertReachable } from '../exclusion/exclusion.service.ts';
import { maskName } from '../games/records.service.ts';
import { recordAudit } from '../operators/audit.service.ts';
import type { OperatorContext } from '../operators/operator-session.service.ts';
import { ensureAccount, moneyTransaction, postEntry } from '../wallet/ledger.service.ts';
import { openMemberWallet, type WalletBrand, type WalletOwner } from '../wallet/wallet.service.ts';
import {
  activeMissions,
  findMission,
  insertMission,
  leaderboard,
  listMissions,
  loginDays,
  type MissionRow,
  markClaimed,
  memberProgress,
  type OperatorMissionRow,
  setMissionActive,
  setProgress,
} from './mission.repository.ts';
import { dayWindow, periodWindow, weekWindow } from './periods.ts';

/** The brand's account the rewards are paid from (a house account of its own). */
const REWARD_ACCOUNT = { kind: 'house', ownerKey: 'missions' } as const;

function quantity(mission: Pick<MissionRow, 'kind'>, value: bigint | string, currency: string): string {
  return mission.kind === 'login_days' ? String(value) : formatAmount(BigInt(value), currency);
}

/** Login missions' progress is counted from the login records, stored as it is read. */
async function refreshLoginProgress(
  db: Db,
  brandId: string,
  memberId: string,
  missions: readonly MissionRow[],
  now: Date,
): Promise<void> {
  for (const mission of missions) {
    if (mission.kind !== 'login_days') continue;
    const window = periodWindow(mission.period, mission.startsAt, now, mission.timeZone);
    const from = window.from < mission.startsAt ? mission.startsAt : window.from;
    const days = await loginDays(db, brandId, memberId, from, window.to, mission.timeZone);
    if (days === 0n) continue;
    await setProgress(db, {
      missionId: mission.id,
      memberId,
      brandId,
      periodKey: window.key,
      progress: days,
      target: BigInt(mission.target),
      at: now,
    });
  }
}

/** `MCSFE_getMissionSummaryDetails`: the member's active missions in their current period. */
export async function missionSummary(
  db: Db,
  brand: WalletBrand,
  memberId: string,
  language: SupportedLanguage,
  now = new Date(),
): Promise<MissionSummary> {
  const missions = (await activeMissions(db, [brand.id])).filter((m) => m.startsAt <= now);
  await refreshLoginProgress(db, brand.id, memberId, missions, now);
  const windows = missions.map((m) => ({
    mission: m,
    window: periodWindow(m.period, m.startsAt, now, m.timeZone),
  }));
  const rows = await memberProgress(
    db,
    memberId,
    windows.map((w) => ({ missionId: w.mission.id, periodKey: w.window.key })),
  );
  const byKey = new Map(rows.map((r) => [`${r.missionId}|${r.periodKey}`, r]));
  const items: MemberMission[] = windows.map(({ mission, window }) => {
    const row = byKey.get(`${mission.id}|${window.key}`);
    const target = BigInt(mission.target);
    const progress = row ? BigInt(row.progress) : 0n;
    return {
      id: mission.id,
      name: pickText({ en: mission.nameEn, ms: mission.nameMs, cn: mission.nameCn }, language),
      description: pickText(
        { en: mission.descriptionEn, ms: mission.descriptionMs, cn: mission.descriptionCn },
        language,
      ),
      kind: mission.kind,
      category: (mission.category as MemberMission['category']) ?? null,
      period: mission.period,
      target: quantity(mission, target, brand.currency),
      progress: quantity(mission, progress > target ? target : progress, brand.currency),
      reward: formatAmount(BigInt(mission.reward), brand.currency),
      completed: row?.completedAt != null,
      claimed: row?.claimedAt != null,
      periodEnd: window.to ? window.to.getTime() : null,
    };
  });
  return {
    missionCount: items.filter((m) => m.completed && !m.claimed).length,
    missions: items,
    currency: brand.currency,
  };
}

/**
 * Claims a completed mission's reward for the current period: the conditional claim and the ledger
 * entry (from the brand's missions account to the member's main wallet, idempotency key per
 * mission, member and period) commit together, so concurrent claims pay once.
 */
export async function claimMission(
  db: Db,
  brand: WalletBrand,
  member: WalletOwner,
  missionId: string,
  now = new Date(),
): Promise<MissionClaimed> {
  if (member.isAgent === TRIAL_TYPE) throw new AppError('trial_account_restricted');
  await assertReachable(db, member.id);
  const mission = await findMission(db, brand.id, missionId);
  if (!mission?.active || mission.startsAt > now) throw new AppError('mission_not_found');
  await refreshLoginProgress(db, brand.id, member.id, [mission], now);
  const window = periodWindow(mission.period, mission.startsAt, now, mission.timeZone);
  const reward = BigInt(mission.reward);
  const wallet = await openMemberWallet(db, brand, member);
  const key = { missionId: mission.id, memberId: member.id, periodKey: window.key };
  const balance = await moneyTransaction(db, async (trx) => {
    if (!(await markClaimed(trx, key, reward, now))) {
      const [row] = await memberProgress(trx, member.id, [key]);
      throw new AppError(row?.claimedAt ? 'mission_already_claimed' : 'mission_not_completed');
    }
    const { account: source } = await ensureAccount(trx, {
      brandId: brand.id,
      ...REWARD_ACCOUNT,
      currency: brand.currency,
    });
    const idempotencyKey = `mission:${mission.id}:${member.id}:${window.key}`;
    const posted = await postEntry(trx, {
      brandId: brand.id,
      kind: 'mission_reward',
      idempotencyKey,
      requestHash: sha256Hex(`${idempotencyKey}|${reward}`),
      reference: `mission:${mission.id}`,
      metadata: { missionId: mission.id, memberId: member.id, period: window.key },
      legs: [
        { account: source, amount: -reward },
        { account: wallet, amount: reward },
      ],
    });
    return posted.balances.get(wallet.id) ?? 0n;
  });
  return {
    missionId: mission.id,
    reward: formatAmount(reward, brand.currency),
    balance: formatAmount(balance, brand.currency),
  };
}

/** `MCSFE_getMissionLeaderboard`: the period's members by missions completed, names masked. */
export async function missionLeaderboard(
  db: Db,
  brand: WalletBrand & { timeZone: string },
  memberId: string,
  query: LeaderboardQuery,
  now = new Date(),
): Promise<MissionLeaderboard> {
  const period = query.period ?? 'daily';
  const window = period === 'weekly' ? weekWindow(now, brand.timeZone) : dayWindow(now, brand.timeZone);
  const rows = await leaderboard(db, brand.id, window.from, window.to, query.limitNum ?? 10);
  return {
    period,
    from: window.from.getTime(),
    to: window.to.getTime(),
    items: rows.map((r, i) => ({
      rank: i + 1,
      name: maskName(r.username),
      completed: Number(r.completed),
      rewards: formatAmount(BigInt(r.rewards), brand.currency),
      me: r.memberId === memberId,
    })),
  };
}

// Back office

function toOperator(row: OperatorMissionRow, currency: string): OperatorMission {
  return {
    id: row.id,
    name: { en: row.nameEn, ms: row.nameMs, cn: row.nameCn },
    description: { en: row.descriptionEn, ms: row.descriptionMs, cn: row.descriptionCn },
    kind: row.kind,
    category: (row.category as OperatorMission['category']) ?? null,
    period: row.period,
    target: quantity(row, row.target, currency),
    reward: formatAmount(BigInt(row.reward), currency),
    active: row.active,
    claims: Number(row.claims ?? 0),
    paid: formatAmount(BigInt(row.paid ?? 0), currency),
    createdAt: row.createdAt.toISOString(),
  };
}

export async function missionList(
  db: Db,
  brand: WalletBrand,
  query: { page?: number; size?: number },
): Promise<OperatorMissionPage> {
  const page = query.page ?? 1;
  const size = query.size ?? 20;
  const { items, total } = await listMissions(db, brand.id, page, size);
  return { items: items.map((r) => toOperator(r, brand.currency)), total, page, size };
}

function text(value: string | undefined, max: number, required: boolean): string | null {
  const trimmed = (value ?? '').trim();
  if (trimmed === '') {
    if (required) throw new AppError('mission_definition_invalid');
    return null;
  }
  if ([...trimmed].length > max) throw new AppError('mission_definition_invalid');
  for (const ch of trimmed) {
    const code = ch.codePointAt(0) ?? 0;
    if (code < 0x20 || code === 0x7f) throw new AppError('mission_definition_invalid');
  }
  return trimmed;
}

/** Defines a mission (audited): a name, a target above zero, a reward above zero. */
export async function createMission(
  db: Db,
  brand: WalletBrand,
  operator: OperatorContext & { ip: string },
  input: NewMissionBody,
): Promise<OperatorMission> {
  const nameEn = text(input.name.en, MISSION_RULES.nameMaxLength, true) as string;
  const name = {
    en: nameEn,
    ms: text(input.name.ms, MISSION_RULES.nameMaxLength, false) ?? nameEn,
    cn: text(input.name.cn, MISSION_RULES.nameMaxLength, false) ?? nameEn,
  };
  const d = input.description;
  const descEn = text(d?.en, MISSION_RULES.descriptionMaxLength, false) ?? '';
  const description = {
    en: descEn,
    ms: text(d?.ms, MISSION_RULES.descriptionMaxLength, false) ?? descEn,
    cn: text(d?.cn, MISSION_RULES.descriptionMaxLength, false) ?? descEn,
  };
  if (input.category !== undefined && input.kind !== 'bet') throw new AppError('mission_definition_invalid');
  let target: bigint | null;
  if (input.kind === 'login_days') {
    target = /^\d{1,3}$/.test(input.target) ? BigInt(input.target) : null;
    if (target !== null && target > BigInt(MISSION_RULES.maxLoginDays)) target = null;
    if (target !== null && input.period === 'daily' && target > 1n) target = null;
    if (target !== null && input.period === 'weekly' && target > 7n) target = null;
  } else {
    target = parseAmount(input.target, brand.currency);
  }
  const reward = parseAmount(input.reward, brand.currency);
  if (target === null || target <= 0n || reward === null || reward <= 0n) {
    throw new AppError('mission_definition_invalid');
  }
  const id = await db.transaction().execute(async (trx) => {
    const missionId = await insertMission(trx, {
      brandId: brand.id,
      name,
      description,
      kind: input.kind,
      category: input.category ?? null,
      period: input.period,
      target,
      reward,
      createdBy: operator.id,
    });
    await recordAudit(trx, {
      brandId: brand.id,
      operatorId: operator.id,
      action: 'mission.create',
      targetType: 'mission',
      targetId: missionId,
      before: null,
      after: {
        name: name.en,
        kind: input.kind,
        category: input.category ?? null,
        period: input.period,
        target: String(target),
        reward: String(reward),
      },
      ip: operator.ip,
    });
    return missionId;
  });
  const mission: Omit<MissionRow, 'timeZone'> = {
    id,
    brandId: brand.id,
    nameEn: name.en,
    nameMs: name.ms,
    nameCn: name.cn,
    descriptionEn: description.en,
    descriptionMs: description.ms,
    descriptionCn: description.cn,
    kind: input.kind,
    category: input.category ?? null,
    period: input.period,
    target: String(target),
    reward: String(reward),
    active: true,
    startsAt: new Date(),
    createdAt: new Date(),
  };
  return toOperator({ ...mission, claims: '0', paid: '0' }, brand.currency);
}

/** Turns a mission on or off (audited); an inactive mission is neither shown, counted nor claimed. */
export async function changeMissionActive(
  db: Db,
  brand: WalletBrand,
  operator: OperatorContext & { ip: string },
  id: string,
  active: boolean,
): Promise<{ id: string; active: boolean }> {
  const before = await findMission(db, brand.id, id);
  if (!before) throw new AppError('mission_not_found');
  await db.transaction().execute(async (trx) => {
    if (!(await setMissionActive(trx, brand.id, id, active))) throw new AppError('mission_not_found');
    await recordAudit(trx, {
      brandId: brand.id,
      operatorId: operator.id,
      action: 'mission.active',
      targetType: 'mission',
      targetId: id,
      before: { active: before.active },
      after: { active },
      ip: operator.ip,
    });
  });
  return { id, active };
}
