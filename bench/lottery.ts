/**
 * The lottery benchmark (issue 14), on a fresh PostgreSQL database:
 *
 * 1. Orders placed per second at 16 concurrent members: each member loops `POST /lgw/orders/betting`
 *    (a one-slip cart of 2.00, a fresh request id each time) over its own keep-alive connection to
 *    the real server (apps/api/src/main.ts, web role only, so no job runs meanwhile) for
 *    BENCH_LOTTERY_SECONDS after BENCH_LOTTERY_WARMUP unrecorded seconds. Every order is one
 *    transaction: numero share-locked, order row, exposure per number, one journal entry.
 * 2. The time to settle one numero of BENCH_LOTTERY_ORDERS (100,000) orders: the orders and their
 *    stakes are written set-based (the lottery's own batched ledger postings, the same ones its
 *    settlement uses: one journal entry per order, the ledger reconciling), spread over
 *    BENCH_LOTTERY_MEMBERS (1,000) members, half of them big/small on the sum (about one in two wins)
 *    and half a straight digit (one in ten); then the numero is drawn and `settleNumero` (the settle
 *    job's code) is timed, in this process as a worker would run it. Target: under 10 s. Afterwards
 *    the ledger must reconcile and every winning order have exactly one win entry.
 *
 * Part of `npm run bench`; alone: `npx node bench/lottery.ts` (prints Markdown and writes
 * bench/results/lottery.json and lottery.md). BENCH_ADMIN_DATABASE_URL (postgres://.../postgres)
 * says where the database is created; BENCH_LOTTERY_KEEP_DB keeps it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { createMember, fundMember, reconcileLedger, withDatabase } from '@lotus/api/harness';
import { sql } from 'kysely';
import type { Db } from '../apps/api/src/db/database.ts';
import { findBrandByMerchantCode } from '../apps/api/src/domains/brands/brand.repository.ts';
import { seedHash } from '../apps/api/src/domains/lottery/engine/index.ts';
import { insertGame } from '../apps/api/src/domains/lottery/game.repository.ts';
import { lotteryHouseAccount } from '../apps/api/src/domains/lottery/game.service.ts';
import { postTransfers, type Transfer } from '../apps/api/src/domains/lottery/lottery-money.ts';
import { drawNumero } from '../apps/api/src/domains/lottery/numero.service.ts';
import { settleNumero } from '../apps/api/src/domains/lottery/settlement.service.ts';
import { findMemberByUsername } from '../apps/api/src/domains/members/member.repository.ts';
import { SessionService } from '../apps/api/src/domains/members/session.service.ts';
import { findMainWallet } from '../apps/api/src/domains/wallet/wallet.service.ts';
import { freePort, stop } from './platform.ts';
import { percentile, VendorConnection } from './seamless-load.ts';
import { admin, benchDatabaseUrl, writeResults } from './support.ts';

const root = join(import.meta.dirname, '..');
const MERCHANT = 'DEMO';
const CONNECTIONS = 16;
const TARGET_SETTLE_SECONDS = 10;

export type LotteryBenchResult = {
  placement: {
    members: number;
    seconds: number;
    orders: number;
    ordersPerSecond: number;
    p50Ms: number;
    p99Ms: number;
    errors: number;
    firstError: string | null;
  };
  settlement: {
    orders: number;
    members: number;
    winners: number;
    paid: string;
    seconds: number;
    writeSeconds: number;
    targetSeconds: number;
    met: boolean;
    winEntries: number;
    reconcileOk: boolean;
    reconcileProblems: number;
  };
  machine: { cpus: number; node: string };
};

async function startServer(databaseUrl: string, port: number): Promise<ChildProcess> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    // The demo brand is meant here (SEED_DEMO_BRAND is off by default under production).
    SEED_DEMO_BRAND: '1',
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    ROLES: 'web',
  };
  delete env.REDIS_URL;
  delete env.DATA_DIR;
  const child = spawn(process.execPath, [join(root, 'apps/api/src/main.ts')], {
    cwd: root,
    env,
    stdio: 'inherit',
  });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early (${child.exitCode})`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/wps/system/status`, { headers: { Merchant: MERCHANT } })).ok)
        return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server not ready in 120 s');
}

/** A digits game of its own (an hour between draws, so its numero stays open through the run). */
async function benchGame(db: Db, brandId: string, code: string): Promise<string> {
  const game = await insertGame(db, {
    brandId,
    code,
    family: 'digits',
    category: 'ELOTT',
    accountTypeName: 'ELOTT',
    nameEn: 'Bench lotto',
    nameMs: '',
    nameCn: '',
    drawSource: 'platform',
    schedule: { kind: 'interval', seconds: 3600 },
    utcOffsetMinutes: 0,
    closeOffsetSeconds: 60,
    status: 'active',
    prizeModes: ['LOTT', 'ZY', 'ELOTT', 'SEA'],
    sortOrder: 999,
    isHot: false,
  });
  if (!game) throw new Error('bench game not created');
  return game.id;
}

async function benchNumero(db: Db, brandId: string, gameId: string, openAt: Date, drawAt: Date) {
  const seed = randomBytes(32).toString('hex');
  const numero = `B${Date.now().toString(36)}`;
  const row = await db
    .insertInto('lottery_numeros')
    .values({
      brand_id: brandId,
      game_id: gameId,
      numero,
      open_at: openAt,
      close_at: drawAt,
      draw_at: drawAt,
      seed,
      seed_hash: seedHash(seed),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, numero };
}

async function members(db: Db, prefix: string, count: number, funds: string) {
  const out: { id: string; username: string }[] = [];
  for (let i = 0; i < count; i += 1) {
    const username = `${prefix}${String(i).padStart(5, '0')}`;
    const { id } = await createMember(db, { merchantCode: MERCHANT, username, password: 'Bench1234' });
    await fundMember(db, { merchantCode: MERCHANT, username, amount: funds });
    out.push({ id, username });
  }
  return out;
}

async function placementBench(databaseUrl: string, seconds: number, warmup: number) {
  const port = await freePort();
  const server = await startServer(databaseUrl, port);
  try {
    const prepared = await withDatabase(databaseUrl, async (db) => {
      const brand = await findBrandByMerchantCode(db, MERCHANT);
      if (!brand) throw new Error('no demo brand');
      const gameId = await benchGame(db, brand.id, 'BENCHP');
      const numero = await benchNumero(
        db,
        brand.id,
        gameId,
        new Date(Date.now() - 60_000),
        new Date(Date.now() + 3_600_000),
      );
      const sessions = new SessionService(db, 120);
      const tokens: string[] = [];
      for (const m of await members(db, 'benchbet', CONNECTIONS, '1000000.00')) {
        const member = await findMemberByUsername(db, brand.id, m.username);
        if (!member) throw new Error('bench member vanished');
        tokens.push(await sessions.start(member, { ip: '127.0.0.1', device: 'web' }));
      }
      return { gameId, numero: numero.numero, tokens };
    });
    let recording = false;
    let running = true;
    const latencies: number[] = [];
    let errors = 0;
    let firstError: string | null = null;
    const worker = async (token: string, index: number) => {
      const connection = new VendorConnection(port);
      const head = `content-type: application/json\r\nmerchant: ${MERCHANT}\r\nauthorization: ${token}\r\n`;
      let n = 0;
      try {
        while (running) {
          n += 1;
          const digit = (index + n) % 10;
          const body = JSON.stringify({
            requestId: `bench-${index}-${n}-${randomBytes(4).toString('hex')}`,
            gameId: prepared.gameId,
            currentNumero: prepared.numero,
            winningStop: false,
            abandoning: false,
            betCartAmountSum: '2.00',
            device: 'web',
            prizeModeId: 'LOTT',
            bettingSlipString:
              n % 2 === 0 ? `${digit}||||~1~101~1~1~1` : `${n % 4 === 1 ? 'B' : 'S'}~1~103~1~1~1`,
          });
          const started = performance.now();
          const answer = await connection.post('/lgw/orders/betting', head, body);
          const took = performance.now() - started;
          if (!recording) continue;
          if (answer.status === 200 && answer.body?.success) latencies.push(took);
          else {
            errors += 1;
            firstError ??= `${answer.status} ${answer.body?.errorCode ?? ''}`;
          }
        }
      } finally {
        await connection.close();
      }
    };
    const workers = prepared.tokens.map((token, i) => worker(token, i));
    await new Promise((r) => setTimeout(r, warmup * 1000));
    recording = true;
    const started = performance.now();
    await new Promise((r) => setTimeout(r, seconds * 1000));
    recording = false;
    const elapsed = (performance.now() - started) / 1000;
    running = false;
    await Promise.all(workers);
    latencies.sort((a, b) => a - b);
    return {
      members: CONNECTIONS,
      seconds: Number(elapsed.toFixed(1)),
      orders: latencies.length,
      ordersPerSecond: Math.round(latencies.length / elapsed),
      p50Ms: percentile(latencies, 50),
      p99Ms: percentile(latencies, 99),
      errors,
      firstError,
    };
  } finally {
    await stop(server);
  }
}

async function settlementBench(databaseUrl: string, orders: number, memberCount: number) {
  return withDatabase(databaseUrl, async (db) => {
    const brand = await findBrandByMerchantCode(db, MERCHANT);
    if (!brand) throw new Error('no demo brand');
    const gameId = await benchGame(db, brand.id, 'BENCHS');
    const now = Date.now();
    const numero = await benchNumero(db, brand.id, gameId, new Date(now - 3_600_000), new Date(now - 1000));
    const people = await members(db, 'benchset', memberCount, '1000000.00');
    const accounts: { memberId: string; wallet: string; house: string }[] = [];
    for (const m of people) {
      const wallet = await findMainWallet(db, brand, m.id);
      if (!wallet) throw new Error('bench member without a wallet');
      const house = await lotteryHouseAccount(db, brand, m.id, false);
      accounts.push({ memberId: m.id, wallet: wallet.id, house: house.id });
    }
    const writeStarted = performance.now();
    const CHUNK = 5_000;
    for (let start = 0; start < orders; start += CHUNK) {
      const rows = Array.from({ length: Math.min(CHUNK, orders - start) }, (_, k) => {
        const i = start + k;
        const who = accounts[i % accounts.length] as (typeof accounts)[number];
        const straight = i % 2 === 1;
        const balls = straight ? `${(Math.floor(i / 2) * 7) % 10}||||` : i % 4 === 0 ? 'B' : 'S';
        const playId = straight ? 101 : 103;
        return {
          ...who,
          requestId: `bench-${i}`,
          slips: JSON.stringify([
            {
              playId,
              balls,
              mode: '1',
              series: 1,
              multiple: '1',
              unit: '200',
              combinations: '1',
              amount: '200',
            },
          ]),
          odds: JSON.stringify({ [playId]: { hit: straight ? '98000' : '19600' } }),
        };
      });
      await db.transaction().execute(async (trx) => {
        const inserted = await sql<{ id: string; member_id: string; request_id: string }>`
          insert into lottery_orders (brand_id, member_id, game_id, numero_id, request_id, prize_mode, slips, odds,
                                      amount, is_trial, device, wallet_account_id, house_account_id)
          select ${brand.id}::bigint, r.member_id, ${gameId}::bigint, ${numero.id}::bigint, r.request_id, 'LOTT',
                 r.slips::jsonb, r.odds::jsonb, 200, false, 'bench', r.wallet, r.house
          from unnest(${rows.map((r) => r.memberId)}::bigint[], ${rows.map((r) => r.requestId)}::text[],
                      ${rows.map((r) => r.slips)}::text[], ${rows.map((r) => r.odds)}::text[],
                      ${rows.map((r) => r.wallet)}::bigint[], ${rows.map((r) => r.house)}::bigint[])
               as r(member_id, request_id, slips, odds, wallet, house)
          returning id, member_id, request_id`.execute(trx);
        const byRequest = new Map(rows.map((r) => [r.requestId, r]));
        const transfers: Transfer[] = inserted.rows.map((o) => {
          const row = byRequest.get(o.request_id) as (typeof rows)[number];
          return {
            key: `lottery:bet:${o.member_id}:${o.request_id}`,
            kind: 'lottery_bet',
            reference: `lottery:order:${o.id}`,
            metadata: { orderId: o.id, memberId: o.member_id },
            from: row.wallet,
            to: row.house,
            amount: 200n,
            stake: true,
          };
        });
        await postTransfers(trx, brand.id, brand.currency, transfers);
      });
    }
    const writeSeconds = (performance.now() - writeStarted) / 1000;
    if (!(await drawNumero(db, numero.id, new Date()))) throw new Error('bench numero not drawn');
    const started = performance.now();
    const outcome = await settleNumero(db, numero.id, new Date());
    const seconds = (performance.now() - started) / 1000;
    const report = await reconcileLedger(db);
    const wins = await sql<{ n: string }>`
      select count(*) as n from journal_entries e
      join lottery_orders o on e.idempotency_key = 'lottery:order:' || o.id || ':win'
      where o.numero_id = ${numero.id}::bigint and e.brand_id = ${brand.id}::bigint`.execute(db);
    return {
      orders: outcome.settled,
      members: memberCount,
      winners: outcome.won,
      paid: outcome.paid.toString(),
      seconds: Number(seconds.toFixed(2)),
      writeSeconds: Number(writeSeconds.toFixed(1)),
      targetSeconds: TARGET_SETTLE_SECONDS,
      met: seconds < TARGET_SETTLE_SECONDS && report.ok && Number(wins.rows[0]?.n ?? 0) === outcome.won,
      winEntries: Number(wins.rows[0]?.n ?? 0),
      reconcileOk: report.ok,
      reconcileProblems: report.problems.length,
    };
  });
}

export async function lotteryBench(): Promise<LotteryBenchResult> {
  const seconds = Number(process.env.BENCH_LOTTERY_SECONDS ?? 15);
  const warmup = Number(process.env.BENCH_LOTTERY_WARMUP ?? 3);
  const orders = Number(process.env.BENCH_LOTTERY_ORDERS ?? 100_000);
  const memberCount = Number(process.env.BENCH_LOTTERY_MEMBERS ?? 1_000);
  const dbName = `lotus_bench_lottery_${randomBytes(4).toString('hex')}`;
  await admin(`CREATE DATABASE ${dbName}`);
  const databaseUrl = benchDatabaseUrl(`${dbName}`);
  try {
    const placement = await placementBench(databaseUrl, seconds, warmup);
    const settlement = await settlementBench(databaseUrl, orders, memberCount);
    return { placement, settlement, machine: { cpus: cpus().length, node: process.version } };
  } finally {
    if (!process.env.BENCH_LOTTERY_KEEP_DB) await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  }
}

/** The results as a Markdown section of bench/results/latest.md (and lottery.md when run alone). */
export function lotteryMarkdown(r: LotteryBenchResult): string {
  const p = r.placement;
  const s = r.settlement;
  return [
    '## Lottery: orders per second and settling one numero on PostgreSQL',
    '',
    `${p.members} members each loop \`POST /lgw/orders/betting\` (a one-slip cart of 2.00: a straight digit or big/small on the sum; a new request id each time) over their own keep-alive connection to the real server (web role only) on a fresh PostgreSQL database, ${p.seconds} s measured. Each order is one transaction: the numero share-locked, the order, the exposure per number, one journal entry from the wallet to a house shard.`,
    '',
    '| members | orders/s | orders | p50 ms | p99 ms | errors |',
    '|---|---|---|---|---|---|',
    `| ${p.members} | ${p.ordersPerSecond} | ${p.orders} | ${p.p50Ms} | ${p.p99Ms} | ${p.errors}${p.firstError ? ` (${p.firstError})` : ''} |`,
    '',
    `Settling one numero of **${s.orders.toLocaleString('en')} orders** of ${s.members} members (half big/small on the sum, half a straight digit): **${s.seconds} s** (target under ${s.targetSeconds} s: ${s.met ? '**met**' : '**not met**'}), ${s.winners.toLocaleString('en')} winning orders paid ${s.paid} minor units, one journal entry each (${s.winEntries} found). The orders and their stakes were written set-based beforehand in ${s.writeSeconds} s (not measured). Afterwards the ledger reconciles: ${s.reconcileOk ? 'yes' : `no (${s.reconcileProblems} problems)`}.`,
    '',
  ].join('\n');
}

if (import.meta.main) {
  const result = await lotteryBench();
  writeResults('lottery', 'Lottery benchmark', result, lotteryMarkdown(result));
}
