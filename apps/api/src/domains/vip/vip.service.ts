import { formatAmount, parseAmount } from '@lotus/contracts/money';
import { GAME_CATEGORIES } from '@lotus/contracts/system';
import {
  type AdminVipLevel,
  type PlayerRankProgress,
  VIP_SERVICE_MIN_LEVEL,
  type VipLevel,
  type VipLevels,
  type VipRebateMode,
} from '@lotus/contracts/vip';
import type { Db } from '../../db/database.ts';
import type { Executor } from '../../db/executor.ts';
import { AppError } from '../../http/app-error.ts';
import { sha256Hex } from '../../lib/hashing.ts';
import { pickText } from '../../lib/localised.ts';
import { excludedMembers } from '../exclusion/exclusion.service.ts';
import {
  type BatchPosted,
  ensureAccount,
  ensureAccounts,
  type LedgerAccount,
  moneyTransaction,
  postEntries,
  postEntry,
} from '../wallet/ledger.service.ts';
import { mainWalletRef } from '../wallet/wallet.service.ts';
import {
  applyLevelChanges,
  brandFigures,
  depositsBetween,
  type LevelChange,
  type LevelRow,
  levelRows,
  lockMembers,
  longRead,
  markMonthlyMany,
  memberLevel,
  monthlyDue,
  settingsRow,
  turnoverByCategory,
} from './vip.repository.ts';

/**
 * VIP levels and player rank (issue 15). A brand's ladder is levels 0..n with rising thresholds on
 * deposits and turnover over a rolling period; the nightly job moves each member to the highest
 * level reached, keeps a member whose figures fell below their level while the level's keep
 * conditions hold, and otherwise moves them down, recording every change with its reason and figures.
 * Upgrade bonuses (once per level ever) and monthly bonuses (once per month) are paid from the
 * brand's account (kind house, owner `vip`) through the ledger with an idempotency key each.
 */

export type Level = {
  level: number;
  nameEn: string;
  nameMs: string;
  nameCn: string;
  badge: string;
  minDeposit: bigint;
  minTurnover: bigint;
  keepDeposit: bigint;
  keepTurnover: bigint;
  upgradeBonus: bigint;
  monthlyBonus: bigint;
  withdrawDailyMax: bigint;
  withdrawDailyCount: number;
  rebateRates: Record<string, number>;
};

export type Settings = { periodDays: number; rebateMode: VipRebateMode; rebateMinPayout: bigint };

export const DEFAULT_SETTINGS: Settings = { periodDays: 30, rebateMode: 'manual', rebateMinPayout: 100n };

function toLevel(r: LevelRow): Level {
  return {
    level: r.level,
    nameEn: r.name_en,
    nameMs: r.name_ms,
    nameCn: r.name_cn,
    badge: r.badge,
    minDeposit: BigInt(r.min_deposit),
    minTurnover: BigInt(r.min_turnover),
    keepDeposit: BigInt(r.keep_deposit),
    keepTurnover: BigInt(r.keep_turnover),
    upgradeBonus: BigInt(r.upgrade_bonus),
    monthlyBonus: BigInt(r.monthly_bonus),
    withdrawDailyMax: BigInt(r.withdraw_daily_max),
    withdrawDailyCount: r.withdraw_daily_count,
    rebateRates: r.rebate_rates ?? {},
  };
}

export function toLevelRow(l: Level): LevelRow {
  return {
    level: l.level,
    name_en: l.nameEn,
    name_ms: l.nameMs,
    name_cn: l.nameCn,
    badge: l.badge,
    min_deposit: l.minDeposit.toString(),
    min_turnover: l.minTurnover.toString(),
    keep_deposit: l.keepDeposit.toString(),
    keep_turnover: l.keepTurnover.toString(),
    upgrade_bonus: l.upgradeBonus.toString(),
    monthly_bonus: l.monthlyBonus.toString(),
    withdraw_daily_max: l.withdrawDailyMax.toString(),
    withdraw_daily_count: l.withdrawDailyCount,
    rebate_rates: l.rebateRates,
  };
}

export async function brandLevels(db: Executor, brandId: string): Promise<Level[]> {
  return (await levelRows(db, brandId)).map(toLevel);
}

export async function vipSettings(db: Executor, brandId: string): Promise<Settings> {
  const row = await settingsRow(db, brandId);
  if (!row) return DEFAULT_SETTINGS;
  return {
    periodDays: row.period_days,
    rebateMode: row.rebate_mode as VipRebateMode,
    rebateMinPayout: BigInt(row.rebate_min_payout),
  };
}

/** A level as the brand's ladder defines it, or a bare level 0 when the brand has no ladder. */
export function levelOf(levels: readonly Level[], level: number): Level {
  return (
    levels.find((l) => l.level === level) ?? {
      level,
      nameEn: `VIP${level}`,
      nameMs: `VIP${level}`,
      nameCn: `VIP${level}`,
      badge: '',
      minDeposit: 0n,
      minTurnover: 0n,
      keepDeposit: 0n,
      keepTurnover: 0n,
      upgradeBonus: 0n,
      monthlyBonus: 0n,
      withdrawDailyMax: 0n,
      withdrawDailyCount: 0,
      rebateRates: {},
    }
  );
}

const nameOf = (l: Level, language: string) =>
  pickText({ en: l.nameEn, ms: l.nameMs, cn: l.nameCn }, language);

export function hasVipService(level: number): boolean {
  return level >= VIP_SERVICE_MIN_LEVEL;
}

/**
 * Where a member's figures put them: the highest level whose thresholds are met; below the current
 * level, the member keeps the highest level at or under the current one whose keep conditions hold.
 */
export function decideLevel(
  levels: readonly Level[],
  current: number,
  figures: { deposits: bigint; turnover: bigint },
): { to: number; reason: 'upgrade' | 'downgrade' | null } {
  let reached = 0;
  for (const l of levels)
    if (figures.deposits >= l.minDeposit && figures.turnover >= l.minTurnover)
      reached = Math.max(reached, l.level);
  if (reached > current) return { to: reached, reason: 'upgrade' };
  if (reached === current) return { to: current, reason: null };
  let kept = reached;
  for (const l of levels)
    if (
      l.level <= current &&
      l.level > kept &&
      figures.deposits >= l.keepDeposit &&
      figures.turnover >= l.keepTurnover
    )
      kept = l.level;
  if (kept === current) return { to: current, reason: null };
  return { to: kept, reason: 'downgrade' };
}

/** UTC day `n` days before `now`'s. */
export function dayBefore(now: Date, n: number): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - n))
    .toISOString()
    .slice(0, 10);
}

/** The rolling period ending with `now`'s UTC day: [from, to] inclusive. */
export function periodOf(now: Date, periodDays: number): { from: string; to: string } {
  return { from: dayBefore(now, periodDays - 1), to: dayBefore(now, 0) };
}

// ---- published reads ---------------------------------------------------------------------------

/** Published: a member's turnover per category between two UTC days (inclusive), minor units. */
export function memberTurnoverByCategory(
  db: Executor,
  brandId: string,
  memberId: string,
  from: string,
  to: string,
): Promise<Map<string, bigint>> {
  return turnoverByCategory(db, brandId, memberId, from, to);
}

/** Published: the member's current VIP level with its name and whether it has VIP customer service. */
export async function memberVipLevel(
  db: Executor,
  brandId: string,
  memberId: string,
  language = 'EN',
): Promise<{ level: number; name: string; vipService: boolean }> {
  const level = await memberLevel(db, brandId, memberId);
  const def = levelOf(await brandLevels(db, brandId), level);
  return { level, name: nameOf(def, language), vipService: hasVipService(level) };
}

/**
 * Published (registered with the members domain's clubLabel provider by vip.module.ts): the member
 * info's clubLabel (wire-protocol.md), the name of the member's level in the language (`VIP<level>`
 * when the brand has no ladder) and the rank level (spec §6: above 4 gets VIP service).
 */
export async function vipClubLabel(
  db: Executor,
  brandId: string,
  memberId: string,
  language = 'EN',
): Promise<{ labelName: string; rankLevel: number }> {
  const { level, name } = await memberVipLevel(db, brandId, memberId, language);
  return { labelName: name, rankLevel: level };
}

/** Published: the withdrawal limits of the member's level (0 = no limit of the level). */
export async function vipWithdrawalLimits(
  db: Executor,
  brandId: string,
  memberId: string,
): Promise<{ dailyMax: bigint; dailyCount: number }> {
  const level = levelOf(await brandLevels(db, brandId), await memberLevel(db, brandId, memberId));
  return { dailyMax: level.withdrawDailyMax, dailyCount: level.withdrawDailyCount };
}

// ---- member calls ------------------------------------------------------------------------------

type Brand = { id: string; currency: string };

export function toWireLevel(l: Level, currency: string, language: string): VipLevel {
  return {
    level: l.level,
    name: nameOf(l, language),
    badge: l.badge,
    minDeposit: formatAmount(l.minDeposit, currency),
    minTurnover: formatAmount(l.minTurnover, currency),
    keepDeposit: formatAmount(l.keepDeposit, currency),
    keepTurnover: formatAmount(l.keepTurnover, currency),
    upgradeBonus: formatAmount(l.upgradeBonus, currency),
    monthlyBonus: formatAmount(l.monthlyBonus, currency),
    withdrawDailyMax: formatAmount(l.withdrawDailyMax, currency),
    withdrawDailyCount: l.withdrawDailyCount,
    rebateRates: l.rebateRates,
    vipService: hasVipService(l.level),
  };
}

export async function vipLevelList(db: Db, brand: Brand, language: string): Promise<VipLevels> {
  const [levels, settings] = await Promise.all([brandLevels(db, brand.id), vipSettings(db, brand.id)]);
  return {
    periodDays: settings.periodDays,
    levels: levels.map((l) => toWireLevel(l, brand.currency, language)),
  };
}

/** `MCSFE_getPlayerRankProgress`: the rank, the next one and the period's figures against its thresholds. */
export async function playerRankProgress(
  db: Db,
  brand: Brand,
  memberId: string,
  language: string,
  now = new Date(),
): Promise<PlayerRankProgress> {
  const [levels, settings, level] = await Promise.all([
    brandLevels(db, brand.id),
    vipSettings(db, brand.id),
    memberLevel(db, brand.id, memberId),
  ]);
  const { from, to } = periodOf(now, settings.periodDays);
  const [byCategory, deposits] = await Promise.all([
    turnoverByCategory(db, brand.id, memberId, from, to),
    depositsBetween(db, brand.id, memberId, from, to),
  ]);
  let turnover = 0n;
  for (const v of byCategory.values()) turnover += v;
  if (turnover < 0n) turnover = 0n;
  const current = levelOf(levels, level);
  const next = levels.find((l) => l.level > level);
  const fmt = (v: bigint) => formatAmount(v, brand.currency);
  return {
    playerRankName: nameOf(current, language),
    nextRankName: next ? nameOf(next, language) : '',
    rankLevel: level,
    badge: current.badge,
    monthlyTurnover: { actual: fmt(turnover), expected: fmt(next?.minTurnover ?? current.minTurnover) },
    deposits: { actual: fmt(deposits), expected: fmt(next?.minDeposit ?? current.minDeposit) },
    periodDays: settings.periodDays,
    vipService: hasVipService(level),
  };
}

// ---- money -------------------------------------------------------------------------------------

/** The brand's VIP accounts (kind house, owner `vip:<member % VIP_SHARDS>`), so payouts spread over rows. */
export const VIP_SHARDS = 16n;

/** The brand's account a member's VIP bonuses and rebates are paid from (cached per transaction in `cache`). */
export async function vipSource(
  trx: Executor,
  brand: Brand,
  memberId: string,
  cache?: Map<string, LedgerAccount>,
): Promise<LedgerAccount> {
  const ownerKey = `vip:${BigInt(memberId) % VIP_SHARDS}`;
  const cached = cache?.get(ownerKey);
  if (cached) return cached;
  const { account } = await ensureAccount(trx, {
    brandId: brand.id,
    kind: 'house',
    ownerKey,
    currency: brand.currency,
  });
  cache?.set(ownerKey, account);
  return account;
}

/** Credits a member's main wallet from the brand's VIP account (idempotent by `key`). */
export async function payMember(
  trx: Executor,
  brand: Brand,
  memberId: string,
  amount: bigint,
  kind: 'vip_bonus' | 'vip_rebate',
  key: string,
  metadata: Record<string, unknown>,
  sources?: Map<string, LedgerAccount>,
): Promise<{ entryId: string; replayed: boolean }> {
  const source = await vipSource(trx, brand, memberId, sources);
  const { account: wallet } = await ensureAccount(trx, mainWalletRef(brand, memberId));
  const posted = await postEntry(trx, {
    brandId: brand.id,
    kind,
    idempotencyKey: key,
    requestHash: sha256Hex(`${key}|${amount}`),
    reference: `member:${memberId}`,
    metadata: { ...metadata, memberId },
    legs: [
      { account: source, amount: -amount },
      { account: wallet, amount },
    ],
  });
  return { entryId: posted.entryId, replayed: posted.replayed };
}

// ---- batches -----------------------------------------------------------------------------------

/** The brand's VIP accounts of every shard, created once before a job's batches (shard -> account). */
export async function vipSources(db: Executor, brand: Brand): Promise<Map<string, LedgerAccount>> {
  const keys = Array.from({ length: Number(VIP_SHARDS) }, (_, i) => `vip:${i}`);
  const accounts = await ensureAccounts(
    db,
    keys.map((ownerKey) => ({
      brandId: brand.id,
      kind: 'house' as const,
      ownerKey,
      currency: brand.currency,
    })),
  );
  return new Map(keys.map((k, i) => [k, accounts[i] as LedgerAccount]));
}

export type VipCredit = {
  memberId: string;
  amount: bigint;
  kind: 'vip_bonus' | 'vip_rebate';
  key: string;
  metadata: Record<string, unknown>;
};

/**
 * Credits many members' main wallets from the brand's VIP accounts inside `trx` in a fixed number
 * of statements (wallets opened at once, then the ledger's batch posting): the same entries, keys
 * and fingerprints as payMember, each answered posted, replayed or mismatch (a key already held:
 * nothing paid now).
 */
export async function payMembers(
  trx: Executor,
  brand: Brand,
  allCredits: readonly VipCredit[],
  sources: Map<string, LedgerAccount>,
): Promise<BatchPosted[]> {
  // VIP gifts (bonuses) skip members on a time-out or self-excluded (docs/exclusion.md); a
  // rebate is their play's due and is paid.
  const gifted = allCredits.filter((c) => c.kind === 'vip_bonus').map((c) => c.memberId);
  const protectedIds = gifted.length > 0 ? await excludedMembers(trx, gifted) : new Set<string>();
  const credits =
    protectedIds.size > 0
      ? allCredits.filter((c) => c.kind !== 'vip_bonus' || !protectedIds.has(c.memberId))
      : allCredits;
  if (credits.length === 0) return [];
  const members = [...new Set(credits.map((c) => c.memberId))];
  const wallets = await ensureAccounts(
    trx,
    members.map((m) => mainWalletRef(brand, m)),
  );
  const walletOf = new Map(members.map((m, i) => [m, wallets[i] as LedgerAccount]));
  return postEntries(
    trx,
    credits.map((c) => {
      const source = sources.get(`vip:${BigInt(c.memberId) % VIP_SHARDS}`);
      const wallet = walletOf.get(c.memberId);
      if (!source || !wallet) throw new Error('vip: no account to pay from or to');
      return {
        brandId: brand.id,
        kind: c.kind,
        idempotencyKey: c.key,
        requestHash: sha256Hex(`${c.key}|${c.amount}`),
        reference: `member:${c.memberId}`,
        metadata: { ...c.metadata, memberId: c.memberId },
        legs: [
          { account: source, amount: -c.amount },
          { account: wallet, amount: c.amount },
        ],
      };
    }),
  );
}

// ---- nightly job -------------------------------------------------------------------------------

/** Members per transaction of the nightly jobs (VIP levels and bonuses, daily rebate). */
export const NIGHTLY_BATCH = 1_000;
/** Lanes a job runs at once; lane k handles the members of the VIP account shards k, k+LANES, ... */
const LANES = 2;

export type BatchOptions = { batchSize?: number };

/**
 * Runs `work` over `items` in batches of `size`, in LANES lanes at once split by the member's VIP
 * account shard: no two lanes credit from the same account, so their transactions never wait on
 * each other. Each batch is one transaction of the caller's; the first that fails stops the job
 * (the batches committed before it stay paid, and a rerun resumes with the rest).
 */
export async function inLanes<T>(
  items: readonly T[],
  memberOf: (item: T) => string,
  work: (batch: readonly T[]) => Promise<void>,
  size = NIGHTLY_BATCH,
): Promise<void> {
  let failed = false;
  const lane = async (k: number) => {
    const mine = items.filter((i) => Number(BigInt(memberOf(i)) % VIP_SHARDS) % LANES === k);
    for (let i = 0; i < mine.length && !failed; i += size) {
      try {
        await work(mine.slice(i, i + size));
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  // A failed batch stops every lane after its current batch; the job answers once all have stopped.
  const settled = await Promise.allSettled(Array.from({ length: LANES }, (_, k) => lane(k)));
  for (const s of settled) if (s.status === 'rejected') throw s.reason;
}

const postedCount = (results: readonly BatchPosted[]) => results.filter((r) => r.status === 'posted').length;

/**
 * The nightly VIP run for one brand: the period's figures of every member in one set-based read,
 * the levels decided, then batches of members, one transaction each: the batch's VIP rows locked,
 * its level changes and history written in one statement each, and the upgrade bonuses of each
 * newly reached level (key `vip:upgrade:<member>:<level>`, once ever) posted together. Then this
 * month's bonus of each level that has one (key `vip:monthly:<member>:<YYYY-MM>`, once a month,
 * marked in the same transaction), in batches too. A rerun, or a run resumed after a crash (a batch
 * commits whole or not at all), changes nothing twice and pays nobody twice.
 */
export async function runBrandVip(
  db: Db,
  brand: Brand,
  now: Date,
  options: BatchOptions = {},
): Promise<{ changes: LevelChange[]; paid: number }> {
  const [levels, settings] = await Promise.all([brandLevels(db, brand.id), vipSettings(db, brand.id)]);
  if (levels.length === 0) return { changes: [], paid: 0 };
  const { from, to } = periodOf(now, settings.periodDays);
  const figures = await longRead(db, (trx) => brandFigures(trx, brand.id, from, to));
  const changes: LevelChange[] = [];
  for (const f of figures) {
    const d = decideLevel(levels, f.level, f);
    if (d.reason)
      changes.push({
        memberId: f.memberId,
        from: f.level,
        to: d.to,
        reason: d.reason,
        deposits: f.deposits,
        turnover: f.turnover,
      });
  }
  const sources = await vipSources(db, brand);
  let paid = 0;
  await inLanes(
    changes,
    (c) => c.memberId,
    async (batch) => {
      const posted = await moneyTransaction(db, async (trx) => {
        // The batch's VIP rows first, in id order (as a member's rebate claim takes its own row first).
        await lockMembers(
          trx,
          brand.id,
          batch.map((c) => c.memberId),
        );
        await applyLevelChanges(trx, brand.id, batch, settings.periodDays, to);
        const credits: VipCredit[] = [];
        for (const c of batch) {
          if (c.reason !== 'upgrade') continue;
          for (const l of levels) {
            if (l.level <= c.from || l.level > c.to || l.upgradeBonus <= 0n) continue;
            credits.push({
              memberId: c.memberId,
              amount: l.upgradeBonus,
              kind: 'vip_bonus',
              key: `vip:upgrade:${c.memberId}:${l.level}`,
              metadata: { bonus: 'upgrade', level: l.level },
            });
          }
        }
        return postedCount(await payMembers(trx, brand, credits, sources));
      });
      // Added after the await: lanes run at once, and `paid += await ...` would lose their counts.
      paid += posted;
    },
    options.batchSize,
  );
  const month = to.slice(0, 7);
  const due = await longRead(db, (trx) => monthlyDue(trx, brand.id, month));
  await inLanes(
    due,
    (m) => m.member_id,
    async (batch) => {
      const posted = await moneyTransaction(db, async (trx) => {
        const marked = await markMonthlyMany(
          trx,
          brand.id,
          month,
          batch.map((m) => ({ memberId: m.member_id, level: m.level })),
        );
        const credits: VipCredit[] = batch
          .filter((m) => marked.has(m.member_id))
          .map((m) => ({
            memberId: m.member_id,
            amount: BigInt(m.amount),
            kind: 'vip_bonus',
            key: `vip:monthly:${m.member_id}:${month}`,
            metadata: { bonus: 'monthly', level: m.level, month },
          }));
        return postedCount(await payMembers(trx, brand, credits, sources));
      });
      // Added after the await: lanes run at once, and `paid += await ...` would lose their counts.
      paid += posted;
    },
    options.batchSize,
  );
  return { changes, paid };
}

/** Every brand with a VIP ladder. */
export async function vipNightly(db: Db, now: Date): Promise<number> {
  const brands = await db
    .selectFrom('brands')
    .select(['id', 'currency'])
    .where('id', 'in', db.selectFrom('vip_levels').select('brand_id'))
    .execute();
  let changed = 0;
  for (const b of brands) {
    const r = await runBrandVip(db, { id: b.id, currency: b.currency }, now);
    changed += r.changes.length + r.paid;
  }
  return changed;
}

// ---- back-office input -------------------------------------------------------------------------

/** Parses and checks an edited ladder: levels 0..n-1 in order, thresholds not falling. */
export function parseLevels(input: readonly AdminVipLevel[], currency: string): Level[] {
  const amount = (text: string) => {
    const v = parseAmount(text, currency);
    if (v === null || v > 1_000_000_000_000_000n) throw new AppError('vip_levels_invalid');
    return v;
  };
  const levels = input.map((l) => ({
    level: l.level,
    nameEn: l.nameEn.trim(),
    nameMs: l.nameMs.trim(),
    nameCn: l.nameCn.trim(),
    badge: l.badge.trim(),
    minDeposit: amount(l.minDeposit),
    minTurnover: amount(l.minTurnover),
    keepDeposit: amount(l.keepDeposit),
    keepTurnover: amount(l.keepTurnover),
    upgradeBonus: amount(l.upgradeBonus),
    monthlyBonus: amount(l.monthlyBonus),
    withdrawDailyMax: amount(l.withdrawDailyMax),
    withdrawDailyCount: l.withdrawDailyCount,
    rebateRates: { ...l.rebateRates } as Record<string, number>,
  }));
  levels.forEach((l, i) => {
    if (l.level !== i || l.nameEn === '') throw new AppError('vip_levels_invalid');
    const prev = levels[i - 1];
    if (prev && (l.minDeposit < prev.minDeposit || l.minTurnover < prev.minTurnover))
      throw new AppError('vip_levels_invalid');
    for (const [category, rate] of Object.entries(l.rebateRates))
      if (
        !(GAME_CATEGORIES as readonly string[]).includes(category) ||
        !Number.isInteger(rate) ||
        rate < 0 ||
        rate > 10_000
      )
        throw new AppError('vip_levels_invalid');
    if (l.keepDeposit > l.minDeposit || l.keepTurnover > l.minTurnover)
      throw new AppError('vip_levels_invalid');
  });
  return levels;
}
