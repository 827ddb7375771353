import type { Db } from '../../db/database.ts';
import { levelRows, replaceLevelRows, upsertSettings } from './vip.repository.ts';
import { type Level, toLevelRow } from './vip.service.ts';

/** A rate table: slots and fish pay the most back, live and sports less, the lottery least. */
function rates(bp: number): Record<string, number> {
  return {
    RNG: bp,
    FISH: bp,
    PVP: Math.round(bp * 0.8),
    LIVE: Math.round(bp * 0.6),
    SPORTS: Math.round(bp * 0.6),
    ESPORTS: Math.round(bp * 0.6),
    LOTT: Math.round(bp * 0.4),
    ELOTT: Math.round(bp * 0.4),
  };
}

const M = 100n; // minor units of one MYR

/** The demo brand's ladder (amounts in MYR): names in EN, MS and CN. */
export const DEMO_VIP_LEVELS: Level[] = [
  ['Member', 'Ahli', '普通会员', 0n, 0n, 0n, 0n, 0n, 0n, 50_000n, 3, 30],
  ['Bronze', 'Gangsa', '青铜', 500n, 5_000n, 250n, 2_500n, 18n, 0n, 80_000n, 5, 40],
  ['Silver', 'Perak', '白银', 2_000n, 25_000n, 1_000n, 12_500n, 58n, 10n, 150_000n, 5, 50],
  ['Gold', 'Emas', '黄金', 10_000n, 100_000n, 5_000n, 50_000n, 188n, 38n, 300_000n, 8, 60],
  ['Platinum', 'Platinum', '铂金', 30_000n, 300_000n, 15_000n, 150_000n, 588n, 88n, 500_000n, 10, 70],
  ['Diamond', 'Berlian', '钻石', 80_000n, 800_000n, 40_000n, 400_000n, 1_888n, 288n, 1_000_000n, 15, 80],
  ['Royal', 'Diraja', '皇家', 200_000n, 2_000_000n, 100_000n, 1_000_000n, 5_888n, 888n, 2_000_000n, 20, 100],
].map(([en, ms, cn, dep, to, kdep, kto, up, monthly, wmax, wcount, bp], level) => ({
  level,
  nameEn: en as string,
  nameMs: ms as string,
  nameCn: cn as string,
  badge: `vip${level}`,
  minDeposit: (dep as bigint) * M,
  minTurnover: (to as bigint) * M,
  keepDeposit: (kdep as bigint) * M,
  keepTurnover: (kto as bigint) * M,
  upgradeBonus: (up as bigint) * M,
  monthlyBonus: (monthly as bigint) * M,
  withdrawDailyMax: (wmax as bigint) * M,
  withdrawDailyCount: wcount as number,
  rebateRates: rates(bp as number),
}));

/** Seeds the demo brand's VIP ladder and settings unless it has levels already. */
export async function seedDemoVip(db: Db, brandId: string): Promise<void> {
  if ((await levelRows(db, brandId)).length > 0) return;
  await db.transaction().execute(async (trx) => {
    await replaceLevelRows(trx, brandId, DEMO_VIP_LEVELS.map(toLevelRow));
    await upsertSettings(trx, brandId, { period_days: 30, rebate_mode: 'manual', rebate_min_payout: '100' });
  });
}
