import { formatAmount } from '@lotus/contracts/money';
import type { RebateClaimResult, RebateSummary } from '@lotus/contracts/vip';
import type { Db } from '../../db/database.ts';
import type { Executor } from '../../db/executor.ts';
import { AppError } from '../../http/app-error.ts';
import type { Brand as FullBrand } from '../brands/brand.ts';
import { flagOn } from '../brands/brand.ts';
import { type LedgerAccount, moneyTransaction } from '../wallet/ledger.service.ts';
import {
  insertPayout,
  lockMember,
  lockMembers,
  longRead,
  memberLevel,
  raiseWatermarks,
  type Unrebated,
  unrebated,
} from './vip.repository.ts';
import { brandLevels, type Level, levelOf, payMember, VIP_SHARDS, vipSettings } from './vip.service.ts';

/**
 * Rebate (cashback, issue 15): a member's turnover per category not yet rebated (the category's
 * total less its watermark, the turnover already paid back) times the rate of the member's level
 * for that category. A payout raises the watermarks to the totals it paid on and credits the
 * member from the brand's VIP account in one transaction, under the lock of the member's VIP row,
 * with the idempotency key `vip:rebate:<member>:<sum of the new watermarks>` (the sum only rises):
 * a claim pays once, concurrent claims pay once, and the manual claim and the daily job never
 * rebate the same turnover twice.
 */

type Brand = { id: string; currency: string };

export type RebateLine = { category: string; turnover: bigint; rate: number; amount: bigint };

/** What the unrebated turnover pays at the level's rates (per category, rounded down). */
export function rebateLines(rows: readonly Unrebated[], level: Level): RebateLine[] {
  return rows
    .filter((r) => r.total > r.rebated)
    .map((r) => {
      const turnover = r.total - r.rebated;
      const rate = level.rebateRates[r.category] ?? 0;
      return { category: r.category, turnover, rate, amount: (turnover * BigInt(rate)) / 10_000n };
    });
}

const sum = (lines: readonly RebateLine[]) => lines.reduce((t, l) => t + l.amount, 0n);

const wireLines = (lines: readonly RebateLine[], currency: string) =>
  lines.map((l) => ({
    gameCategory: l.category,
    turnover: formatAmount(l.turnover, currency),
    rate: l.rate,
    amount: formatAmount(l.amount, currency),
  }));

/**
 * Pays a member's rebate now inside `trx` (locks the member's VIP row first). Null when it is
 * below the minimum payout (nothing changes: the turnover waits for the next claim or run).
 */
async function payRebate(
  trx: Executor,
  brand: Brand,
  memberId: string,
  mode: 'manual' | 'daily',
  levels: readonly Level[],
  minimum: bigint,
  sources?: Map<string, LedgerAccount>,
  lockedLevel?: number,
): Promise<{ payoutId: string; amount: bigint; lines: RebateLine[] } | null> {
  const levelNo = lockedLevel ?? (await lockMember(trx, brand.id, memberId));
  const rows = await unrebated(trx, brand.id, memberId);
  const lines = rebateLines(rows, levelOf(levels, levelNo));
  const amount = sum(lines);
  if (amount <= 0n || amount < minimum) return null;
  const paidOn = lines.filter((l) => l.amount > 0n);
  // Every category's turnover is consumed at today's rates (a category at 0% is rebated as 0).
  const open = rows.filter((r) => r.total > r.rebated);
  const totals = open.map((r) => ({ category: r.category, total: r.total }));
  // The sum of the member's watermarks once raised: it only rises, so it keys this payout.
  const watermark = rows.reduce((t, r) => t + (r.total > r.rebated ? r.total : r.rebated), 0n);
  await raiseWatermarks(trx, brand.id, memberId, totals);
  const entry = await payMember(
    trx,
    brand,
    memberId,
    amount,
    'vip_rebate',
    `vip:rebate:${memberId}:${watermark}`,
    {
      mode,
      level: levelNo,
    },
    sources,
  );
  if (entry.replayed) return null;
  const payoutId = await insertPayout(trx, {
    brandId: brand.id,
    memberId,
    mode,
    amount,
    level: levelNo,
    details: {
      lines: paidOn.map((l) => ({ ...l, turnover: l.turnover.toString(), amount: l.amount.toString() })),
    },
    entryId: entry.entryId,
  });
  return { payoutId, amount, lines: paidOn };
}

/** The manual rebate page: the member's unrebated turnover and what a claim pays now. */
export async function rebateSummary(db: Db, brand: FullBrand, memberId: string): Promise<RebateSummary> {
  const [levels, settings, levelNo, rows] = await Promise.all([
    brandLevels(db, brand.id),
    vipSettings(db, brand.id),
    memberLevel(db, brand.id, memberId),
    unrebated(db, brand.id, memberId),
  ]);
  const lines = rebateLines(rows, levelOf(levels, levelNo));
  const total = sum(lines);
  const enabled = flagOn(brand, 'MANPLAYREB3');
  return {
    enabled,
    mode: settings.rebateMode,
    rankLevel: levelNo,
    items: wireLines(lines, brand.currency),
    total: formatAmount(total, brand.currency),
    minimumPayout: formatAmount(settings.rebateMinPayout, brand.currency),
    claimable: enabled && total > 0n && total >= settings.rebateMinPayout,
  };
}

/** The member claims their rebate (flag MANPLAYREB3): pays once what the summary shows. */
export async function claimRebate(db: Db, brand: FullBrand, memberId: string): Promise<RebateClaimResult> {
  if (!flagOn(brand, 'MANPLAYREB3')) throw new AppError('vip_rebate_disabled');
  const [levels, settings] = await Promise.all([brandLevels(db, brand.id), vipSettings(db, brand.id)]);
  const paid = await moneyTransaction(db, (trx) =>
    payRebate(trx, brand, memberId, 'manual', levels, settings.rebateMinPayout),
  );
  if (!paid) throw new AppError('vip_rebate_below_minimum');
  return {
    payoutId: paid.payoutId,
    amount: formatAmount(paid.amount, brand.currency),
    items: wireLines(paid.lines, brand.currency),
  };
}

const CHUNK = 200;
/** Lanes of the daily job run at once; lane k pays members of the VIP account shards k, k+LANES, ... */
const LANES = 3;

/**
 * The automatic daily rebate of one brand (mode `daily`): every member with unrebated turnover is
 * paid what the rates give, when it reaches the minimum. Members are split in lanes by their VIP
 * account shard (no two lanes credit from the same account, so they never wait on each other), each
 * lane paying chunks of members in one transaction each.
 */
export async function runBrandRebate(db: Db, brand: Brand): Promise<{ paid: number; amount: bigint }> {
  const [levels, settings] = await Promise.all([brandLevels(db, brand.id), vipSettings(db, brand.id)]);
  const members = [
    ...new Set((await longRead(db, (trx) => unrebated(trx, brand.id, null))).map((r) => r.memberId)),
  ];
  let paid = 0;
  let amount = 0n;
  const lane = async (k: number) => {
    const mine = members.filter((m) => Number(BigInt(m) % VIP_SHARDS) % LANES === k);
    const sources = new Map<string, LedgerAccount>();
    for (let i = 0; i < mine.length; i += CHUNK) {
      const chunk = mine.slice(i, i + CHUNK);
      const results = await moneyTransaction(db, async (trx) => {
        sources.clear();
        // The chunk's VIP rows first, in id order (as a member's claim takes its own row first).
        const locked = await lockMembers(trx, brand.id, chunk);
        const out = [];
        for (const m of chunk)
          out.push(
            await payRebate(
              trx,
              brand,
              m,
              'daily',
              levels,
              settings.rebateMinPayout,
              sources,
              locked.get(m) ?? 0,
            ),
          );
        return out;
      });
      for (const r of results)
        if (r) {
          paid += 1;
          amount += r.amount;
        }
    }
  };
  await Promise.all(Array.from({ length: LANES }, (_, k) => lane(k)));
  return { paid, amount };
}

/** The daily rebate job: every brand whose rebate mode is `daily`. */
export async function dailyRebate(db: Db, _now: Date): Promise<number> {
  const brands = await db
    .selectFrom('vip_settings')
    .innerJoin('brands', 'brands.id', 'vip_settings.brand_id')
    .select(['brands.id', 'brands.currency'])
    .where('vip_settings.rebate_mode', '=', 'daily')
    .execute();
  let paid = 0;
  for (const b of brands) paid += (await runBrandRebate(db, b)).paid;
  return paid;
}
