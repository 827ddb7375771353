import { formatAmount } from '@lotus/contracts/money';
import type { RebateClaimResult, RebateSummary } from '@lotus/contracts/vip';
import type { Db } from '../../db/database.ts';
import type { Executor } from '../../db/executor.ts';
import { AppError } from '../../http/app-error.ts';
import type { Brand as FullBrand } from '../brands/brand.ts';
import { flagOn } from '../brands/brand.ts';
import { moneyTransaction } from '../wallet/ledger.service.ts';
import {
  insertPayout,
  insertPayouts,
  lockMember,
  lockMembers,
  longRead,
  memberLevel,
  raiseWatermarks,
  raiseWatermarksMany,
  type Unrebated,
  unrebated,
  watermarksOf,
} from './vip.repository.ts';
import {
  type BatchOptions,
  brandLevels,
  dayBefore,
  inLanes,
  type Level,
  levelOf,
  payMember,
  payMembers,
  vipSettings,
  vipSources,
} from './vip.service.ts';

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
 * Pays a member's claimed rebate now inside `trx` (locks the member's VIP row first). Null when it is
 * below the minimum payout (nothing changes: the turnover waits for the next claim or run).
 */
async function payRebate(
  trx: Executor,
  brand: Brand,
  memberId: string,
  mode: 'manual' | 'daily',
  levels: readonly Level[],
  minimum: bigint,
): Promise<{ payoutId: string; amount: bigint; lines: RebateLine[] } | null> {
  const levelNo = await lockMember(trx, brand.id, memberId);
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

/** What each member of a batch is owed now (its watermarks read under the batch's locks). */
function owed(
  totals: readonly Unrebated[],
  marks: Map<string, bigint> | undefined,
  level: Level,
  minimum: bigint,
): { amount: bigint; lines: RebateLine[]; raise: { category: string; total: bigint }[] } | null {
  const rows = totals.map((t) => ({ ...t, rebated: marks?.get(t.category) ?? 0n }));
  const lines = rebateLines(rows, level);
  const amount = sum(lines);
  if (amount <= 0n || amount < minimum) return null;
  // Every category's turnover is consumed at today's rates (a category at 0% is rebated as 0).
  const raise = rows
    .filter((r) => r.total > r.rebated)
    .map((r) => ({ category: r.category, total: r.total }));
  return { amount, lines: lines.filter((l) => l.amount > 0n), raise };
}

/**
 * The automatic daily rebate of one brand (mode `daily`), set-based: one read aggregates every
 * member's turnover per category against their watermarks (the members with something to rebate),
 * then batches of members (BatchOptions.batchSize, NIGHTLY_BATCH by default), one transaction each:
 * the batch's VIP rows locked in id order (a member's own claim waits, or made the batch wait), the
 * batch's watermarks read again under those locks (a claim since the read has raised them), each
 * member's rebate on the turnover above them at their level's rates, every payout posted with the
 * ledger's batch posting under the key `vip:rebate:daily:<member>:<UTC day>`, then the watermarks
 * of the members paid raised and their payout rows written, one statement each.
 *
 * Exactly once per member and day: a batch commits whole or not at all, so a crash leaves each
 * member paid or not; a rerun (or a run resumed after a crash) finds the paid members' turnover
 * rebated and their day's key held; a key already held pays nothing and raises nothing. Turnover
 * that arrives after the read waits for the next run.
 */
export async function runBrandRebate(
  db: Db,
  brand: Brand,
  now = new Date(),
  options: BatchOptions = {},
): Promise<{ paid: number; amount: bigint }> {
  const [levels, settings] = await Promise.all([brandLevels(db, brand.id), vipSettings(db, brand.id)]);
  const day = dayBefore(now, 0);
  const byMember = new Map<string, Unrebated[]>();
  for (const r of await longRead(db, (trx) => unrebated(trx, brand.id, null))) {
    const list = byMember.get(r.memberId) ?? [];
    list.push(r);
    byMember.set(r.memberId, list);
  }
  const sources = await vipSources(db, brand);
  let paid = 0;
  let amount = 0n;
  await inLanes(
    [...byMember.keys()],
    (m) => m,
    async (batch) => {
      const done = await moneyTransaction(db, async (trx) => {
        const locked = await lockMembers(trx, brand.id, batch);
        const marks = await watermarksOf(trx, brand.id, batch);
        const due = [];
        for (const m of batch) {
          const level = locked.get(m) ?? 0;
          const o = owed(
            byMember.get(m) ?? [],
            marks.get(m),
            levelOf(levels, level),
            settings.rebateMinPayout,
          );
          if (o) due.push({ memberId: m, level, ...o });
        }
        const results = await payMembers(
          trx,
          brand,
          due.map((d) => ({
            memberId: d.memberId,
            amount: d.amount,
            kind: 'vip_rebate' as const,
            key: `vip:rebate:daily:${d.memberId}:${day}`,
            metadata: { mode: 'daily', level: d.level, day },
          })),
          sources,
        );
        const posted = due
          .map((d, i) => ({ ...d, entryId: results[i]?.entryId ?? '', status: results[i]?.status }))
          .filter((d) => d.status === 'posted');
        await raiseWatermarksMany(
          trx,
          brand.id,
          posted.flatMap((d) => d.raise.map((r) => ({ memberId: d.memberId, ...r }))),
        );
        await insertPayouts(
          trx,
          brand.id,
          posted.map((d) => ({
            memberId: d.memberId,
            mode: 'daily',
            amount: d.amount,
            level: d.level,
            details: {
              lines: d.lines.map((l) => ({
                ...l,
                turnover: l.turnover.toString(),
                amount: l.amount.toString(),
              })),
            },
            entryId: d.entryId,
          })),
        );
        return posted;
      });
      paid += done.length;
      for (const d of done) amount += d.amount;
    },
    options.batchSize,
  );
  return { paid, amount };
}

/** The daily rebate job: every brand whose rebate mode is `daily`. */
export async function dailyRebate(db: Db, now: Date): Promise<number> {
  const brands = await db
    .selectFrom('vip_settings')
    .innerJoin('brands', 'brands.id', 'vip_settings.brand_id')
    .select(['brands.id', 'brands.currency'])
    .where('vip_settings.rebate_mode', '=', 'daily')
    .execute();
  let paid = 0;
  for (const b of brands) paid += (await runBrandRebate(db, b, now)).paid;
  return paid;
}
