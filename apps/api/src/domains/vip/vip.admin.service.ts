import { formatAmount, parseAmount } from '@lotus/contracts/money';
import type {
  AdminVipLevel,
  AdminVipLevels,
  RebateRecordPage,
  VipHistoryPage,
  VipRebateMode,
  VipSettings,
} from '@lotus/contracts/vip';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Executor } from '../../db/executor.ts';
import { AppError } from '../../http/app-error.ts';
import { type AuditOperator, auditChange } from '../operators/audit.service.ts';
import { replaceLevelRows, upsertSettings } from './vip.repository.ts';
import { brandLevels, type Level, parseLevels, toLevelRow, vipSettings } from './vip.service.ts';

/**
 * The VIP back office: the levels editor (the whole ladder at once), VIP and rebate settings, the
 * members' level history and the rebate payouts. Every change writes its audit row in its transaction.
 */

export type Operator = AuditOperator;
type Brand = { id: string; currency: string };

function audit(
  executor: Executor,
  operator: Operator,
  action: string,
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
) {
  return auditChange(executor, operator, action, { type: 'vip', id: operator.brandId }, before, after);
}

function toAdminLevel(l: Level, currency: string): AdminVipLevel {
  const fmt = (v: bigint) => formatAmount(v, currency);
  return {
    level: l.level,
    nameEn: l.nameEn,
    nameMs: l.nameMs,
    nameCn: l.nameCn,
    badge: l.badge,
    minDeposit: fmt(l.minDeposit),
    minTurnover: fmt(l.minTurnover),
    keepDeposit: fmt(l.keepDeposit),
    keepTurnover: fmt(l.keepTurnover),
    upgradeBonus: fmt(l.upgradeBonus),
    monthlyBonus: fmt(l.monthlyBonus),
    withdrawDailyMax: fmt(l.withdrawDailyMax),
    withdrawDailyCount: l.withdrawDailyCount,
    rebateRates: l.rebateRates as AdminVipLevel['rebateRates'],
  };
}

export async function adminLevels(db: Db, brand: Brand): Promise<AdminVipLevels> {
  return { levels: (await brandLevels(db, brand.id)).map((l) => toAdminLevel(l, brand.currency)) };
}

export async function replaceLevels(
  db: Db,
  brand: Brand,
  operator: Operator,
  input: readonly AdminVipLevel[],
): Promise<AdminVipLevels> {
  const levels = parseLevels(input, brand.currency);
  await db.transaction().execute(async (trx) => {
    const before = await brandLevels(trx, brand.id);
    await replaceLevelRows(trx, brand.id, levels.map(toLevelRow));
    await audit(
      trx,
      operator,
      'vip.levels.update',
      { levels: before.map((l) => toAdminLevel(l, brand.currency)) },
      { levels: levels.map((l) => toAdminLevel(l, brand.currency)) },
    );
  });
  return adminLevels(db, brand);
}

export async function adminSettings(db: Db, brand: Brand): Promise<VipSettings> {
  const s = await vipSettings(db, brand.id);
  return {
    periodDays: s.periodDays,
    rebateMode: s.rebateMode,
    rebateMinPayout: formatAmount(s.rebateMinPayout, brand.currency),
  };
}

export async function changeSettings(
  db: Db,
  brand: Brand,
  operator: Operator,
  input: VipSettings,
): Promise<VipSettings> {
  const minimum = parseAmount(input.rebateMinPayout, brand.currency);
  if (minimum === null || minimum < 1n || minimum > 1_000_000_000_000n)
    throw new AppError('request_param_err', { fieldErrors: { rebateMinPayout: 'invalid' } });
  await db.transaction().execute(async (trx) => {
    const before = await adminSettings(trx as unknown as Db, brand);
    await upsertSettings(trx, brand.id, {
      period_days: input.periodDays,
      rebate_mode: input.rebateMode as VipRebateMode,
      rebate_min_payout: minimum.toString(),
    });
    await audit(trx, operator, 'vip.settings.update', before, {
      ...input,
      rebateMinPayout: formatAmount(minimum, brand.currency),
    });
  });
  return adminSettings(db, brand);
}

const page = (q: { page?: number; size?: number }) => {
  const size = q.size ?? 20;
  return { size, offset: ((q.page ?? 1) - 1) * size };
};

export async function levelHistory(
  db: Db,
  brand: Brand,
  query: { memberId?: string; page?: number; size?: number },
): Promise<VipHistoryPage> {
  const { size, offset } = page(query);
  const member = query.memberId ?? null;
  const { rows } = await sql<{
    id: string;
    member_id: string;
    username: string;
    from_level: number;
    to_level: number;
    reason: string;
    deposits: string;
    turnover: string;
    period_days: number;
    created_at: Date;
    total: string;
  }>`
    select h.id::text, h.member_id::text, coalesce(m.username, '') as username, h.from_level, h.to_level, h.reason,
           h.deposits::text, h.turnover::text, h.period_days, h.created_at, count(*) over ()::text as total
    from vip_level_history h left join members m on m.id = h.member_id and m.brand_id = h.brand_id
    where h.brand_id = ${brand.id} and (${member}::bigint is null or h.member_id = ${member}::bigint)
    order by h.id desc limit ${size} offset ${offset}`.execute(db);
  return {
    total: Number(rows[0]?.total ?? 0),
    items: rows.map((r) => ({
      id: r.id,
      memberId: r.member_id,
      username: r.username,
      fromLevel: r.from_level,
      toLevel: r.to_level,
      reason: r.reason,
      deposits: formatAmount(r.deposits, brand.currency),
      turnover: formatAmount(r.turnover, brand.currency),
      periodDays: r.period_days,
      createdAt: r.created_at.getTime(),
    })),
  };
}

export async function rebatePayouts(
  db: Db,
  brand: Brand,
  query: { memberId?: string; page?: number; size?: number },
): Promise<RebateRecordPage> {
  const { size, offset } = page(query);
  const member = query.memberId ?? null;
  const { rows } = await sql<{
    id: string;
    member_id: string;
    username: string;
    mode: string;
    amount: string;
    level: number;
    details: { lines?: { category: string; turnover: string; rate: number; amount: string }[] };
    created_at: Date;
    total: string;
  }>`
    select p.id::text, p.member_id::text, coalesce(m.username, '') as username, p.mode, p.amount::text, p.level,
           p.details, p.created_at, count(*) over ()::text as total
    from vip_rebate_payouts p left join members m on m.id = p.member_id and m.brand_id = p.brand_id
    where p.brand_id = ${brand.id} and (${member}::bigint is null or p.member_id = ${member}::bigint)
    order by p.id desc limit ${size} offset ${offset}`.execute(db);
  return {
    total: Number(rows[0]?.total ?? 0),
    items: rows.map((r) => ({
      id: r.id,
      memberId: r.member_id,
      username: r.username,
      mode: r.mode,
      amount: formatAmount(r.amount, brand.currency),
      rankLevel: r.level,
      items: (r.details.lines ?? []).map((l) => ({
        gameCategory: l.category,
        turnover: formatAmount(l.turnover, brand.currency),
        rate: l.rate,
        amount: formatAmount(l.amount, brand.currency),
      })),
      createdAt: r.created_at.getTime(),
    })),
  };
}
