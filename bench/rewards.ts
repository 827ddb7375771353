/**
 * The rewards benchmark (issue 15, VIP and rebate part), on a fresh PostgreSQL database: the
 * nightly VIP job and the daily rebate job over BENCH_REWARDS_MEMBERS (100,000) members whose
 * turnover stands for BENCH_REWARDS_BETS (10,000,000) bets over the 30-day VIP period.
 *
 * The jobs never read bets: they read what the event-feed consumers keep (vip_turnover per member,
 * UTC day and category; vip_deposits per member and day). So the data are written set-based in that
 * form, as the consumers would have left it after those bets: each member bets on
 * BENCH_REWARDS_DAYS (10) of the 30 days in two categories, the bets spread over those rows
 * (bets / members / days per member-day), stakes of 1.00 to 200.00 per bet; one member in three
 * deposited. Members are inserted set-based (no password hashing), their wallets opened by the jobs.
 *
 * Timed, in this process as a worker runs them: `runBrandVip` (levels up and down with the history,
 * upgrade and monthly bonuses through the ledger) and `runBrandRebate` (every member's unrebated
 * turnover paid at their level's rates through the ledger), both set-based: one read aggregates the
 * figures of every member, then one transaction per batch of BENCH_REWARDS_BATCH (1,000) members
 * posts the batch's entries with multi-row statements. Target: both under 5 minutes. The load
 * average at the start and end is recorded: the machine may be shared with other work.
 * Afterwards the ledger must reconcile, and a second run of each must pay nothing.
 *
 * Alone: `npx node bench/rewards.ts` (prints Markdown and writes bench/results/rewards.json and
 * rewards.md). BENCH_ADMIN_DATABASE_URL (postgres://.../postgres) says where the database is
 * created; BENCH_REWARDS_KEEP_DB keeps it.
 */
import { randomBytes } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { reconcileLedger, withDatabase } from '@lotus/api/harness';
import { sql } from 'kysely';
import { seed } from '../apps/api/src/db/seed.ts';
import { findBrandByMerchantCode } from '../apps/api/src/domains/brands/brand.repository.ts';
import { runBrandRebate } from '../apps/api/src/domains/vip/rebate.service.ts';
import { NIGHTLY_BATCH, runBrandVip } from '../apps/api/src/domains/vip/vip.service.ts';
import { admin, benchDatabaseUrl, writeResults } from './support.ts';

const _root = join(import.meta.dirname, '..');
const TARGET_MINUTES = 5;

export type RewardsBenchResult = {
  members: number;
  bets: number;
  turnoverRows: number;
  depositRows: number;
  writeSeconds: number;
  vip: { seconds: number; changes: number; bonusesPaid: number; rerunChanges: number };
  rebate: { seconds: number; paid: number; amount: string; rerunPaid: number };
  batchSize: number;
  totalMinutes: number;
  targetMinutes: number;
  met: boolean;
  reconcileOk: boolean;
  reconcileProblems: number;
  machine: { cpus: number; node: string; loadStart: number; loadEnd: number };
};

export async function rewardsBench(): Promise<RewardsBenchResult> {
  const memberCount = Number(process.env.BENCH_REWARDS_MEMBERS ?? 100_000);
  const bets = Number(process.env.BENCH_REWARDS_BETS ?? 10_000_000);
  const days = Number(process.env.BENCH_REWARDS_DAYS ?? 10);
  const batchSize = Number(process.env.BENCH_REWARDS_BATCH ?? NIGHTLY_BATCH);
  const dbName = `lotus_bench_rewards_${randomBytes(4).toString('hex')}`;
  await admin(`CREATE DATABASE ${dbName}`);
  const databaseUrl = benchDatabaseUrl(`${dbName}`);
  try {
    return await withDatabase(databaseUrl, async (db) => {
      await seed(db);
      const brand = await findBrandByMerchantCode(db, 'DEMO');
      if (!brand) throw new Error('no demo brand');
      const writeStarted = performance.now();
      const betsPerRow = Math.max(1, Math.round(bets / memberCount / days / 2));
      await db.transaction().execute(async (trx) => {
        await sql`set local statement_timeout = 0`.execute(trx);
        await sql`
          insert into members (brand_id, username, password_hash)
          select ${brand.id}::bigint, 'rw' || lpad(g::text, 7, '0'), 'bench-no-login'
          from generate_series(1, ${memberCount}::int) g`.execute(trx);
        // Each member: `days` days of the last 30, two categories a day, `betsPerRow` bets per row at
        // 1.00-200.00 each (a hash of the member and day picks the figures, so runs are repeatable).
        await sql`
          insert into vip_turnover (brand_id, member_id, day, category, stake, last_tx_id, last_entry_id)
          select m.brand_id, m.id, current_date - ((d * 3 + abs(hashtext(m.id::text))) % 30)::int, c.category,
                 ${betsPerRow}::bigint * (100 + (abs(hashtext(m.id::text || d::text || c.category)) % 19900)),
                 '0'::xid8, 0
          from members m
          cross join generate_series(0, ${days - 1}::int) d
          cross join (values ('RNG'), ('LIVE'), ('SPORTS'), ('FISH')) as c(category)
          where m.brand_id = ${brand.id}::bigint and m.username like 'rw%'
            and (c.category = 'RNG' or c.category = (array['LIVE', 'SPORTS', 'FISH'])[1 + (abs(hashtext(m.id::text || 'c')) % 3)::int])
          on conflict do nothing`.execute(trx);
        await sql`
          insert into vip_deposits (brand_id, member_id, day, amount, last_tx_id, last_entry_id)
          select m.brand_id, m.id, current_date - (abs(hashtext(m.id::text || 'e')) % 30)::int, 10000 + (abs(hashtext(m.id::text)) % 5000000), '0'::xid8, 0
          from members m where m.brand_id = ${brand.id}::bigint and m.username like 'rw%' and abs(hashtext(m.id::text || 'd')) % 3 = 0`.execute(
          trx,
        );
      });
      await sql`analyze`.execute(db);
      const writeSeconds = (performance.now() - writeStarted) / 1000;
      const counts = await sql<{ t: string; d: string }>`
        select (select count(*) from vip_turnover)::text as t, (select count(*) from vip_deposits)::text as d`.execute(
        db,
      );
      const now = new Date();
      const loadStart = loadavg()[0] ?? 0;
      const vipStarted = performance.now();
      const vip = await runBrandVip(db, brand, now, { batchSize });
      const vipSeconds = (performance.now() - vipStarted) / 1000;
      const rebateStarted = performance.now();
      const rebate = await runBrandRebate(db, brand, now, { batchSize });
      const rebateSeconds = (performance.now() - rebateStarted) / 1000;
      const loadEnd = loadavg()[0] ?? 0;
      const rerunVip = await runBrandVip(db, brand, now, { batchSize });
      const rerunRebate = await runBrandRebate(db, brand, now, { batchSize });
      const report = await reconcileLedger(db);
      const totalMinutes = (vipSeconds + rebateSeconds) / 60;
      return {
        members: memberCount,
        bets: betsPerRow * memberCount * days * 2,
        turnoverRows: Number(counts.rows[0]?.t ?? 0),
        depositRows: Number(counts.rows[0]?.d ?? 0),
        writeSeconds: Number(writeSeconds.toFixed(1)),
        vip: {
          seconds: Number(vipSeconds.toFixed(1)),
          changes: vip.changes.length,
          bonusesPaid: vip.paid,
          rerunChanges: rerunVip.changes.length + rerunVip.paid,
        },
        rebate: {
          seconds: Number(rebateSeconds.toFixed(1)),
          paid: rebate.paid,
          amount: rebate.amount.toString(),
          rerunPaid: rerunRebate.paid,
        },
        batchSize,
        totalMinutes: Number(totalMinutes.toFixed(2)),
        targetMinutes: TARGET_MINUTES,
        met: totalMinutes < TARGET_MINUTES && report.ok && rerunRebate.paid === 0,
        reconcileOk: report.ok,
        reconcileProblems: report.problems.length,
        machine: {
          cpus: cpus().length,
          node: process.version,
          loadStart: Number(loadStart.toFixed(2)),
          loadEnd: Number(loadEnd.toFixed(2)),
        },
      };
    });
  } finally {
    if (!process.env.BENCH_REWARDS_KEEP_DB) await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  }
}

export function rewardsMarkdown(r: RewardsBenchResult): string {
  return [
    '## Rewards: the nightly VIP job and the daily rebate job on PostgreSQL',
    '',
    `${r.members.toLocaleString('en')} members whose turnover stands for ${r.bets.toLocaleString('en')} bets over the 30-day period, written set-based as the event-feed consumers keep it (${r.turnoverRows.toLocaleString('en')} rows of turnover per member, day and category; ${r.depositRows.toLocaleString('en')} of deposits per member and day) in ${r.writeSeconds} s (not measured). The jobs read only those rows, never the bets; the consumers' own cost is paid as the bets arrive, not here.`,
    '',
    '| job | seconds | result | rerun |',
    '|---|---|---|---|',
    `| VIP levels (runBrandVip) | ${r.vip.seconds} | ${r.vip.changes.toLocaleString('en')} level changes, ${r.vip.bonusesPaid.toLocaleString('en')} bonuses paid | ${r.vip.rerunChanges} changes |`,
    `| daily rebate (runBrandRebate) | ${r.rebate.seconds} | ${r.rebate.paid.toLocaleString('en')} members paid, ${r.rebate.amount} minor units | ${r.rebate.rerunPaid} paid |`,
    '',
    `Batches of ${r.batchSize.toLocaleString('en')} members, one transaction each. The machine (${r.machine.cpus} cores) was shared with other work during the run: load average ${r.machine.loadStart} at the start, ${r.machine.loadEnd} at the end.`,
    '',
    `Both jobs: **${r.totalMinutes} minutes** (target under ${r.targetMinutes}: ${r.met ? '**met**' : '**not met**'}). Afterwards the ledger reconciles: ${r.reconcileOk ? 'yes' : `no (${r.reconcileProblems} problems)`}.`,
    '',
  ].join('\n');
}

if (import.meta.main) {
  const result = await rewardsBench();
  writeResults('rewards', 'Rewards benchmark', result, rewardsMarkdown(result));
}
