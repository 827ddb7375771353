import { type RawBuilder, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { reconcileAfterEach } from '../../../test/money.ts';
import { createBrand, setupTestApp } from '../../../test/support.ts';
import { setLedgerFaults } from '../wallet/ledger.service.ts';
import { runBrandRebate } from './rebate.service.ts';
import { memberVipLevel, runBrandVip } from './vip.service.ts';
import { seedDemoVip } from './vip-seed.ts';

/**
 * The nightly jobs in batches (issue 15): one transaction per batch of members, exactly once per
 * member and day whatever happens between batches. Small batches (2 members) so that a run has many.
 */
const ctx = setupTestApp();
reconcileAfterEach(ctx);

type Brand = { id: string; currency: string };
const BATCH = { batchSize: 2 };
const DAY = 86_400_000;

async function freshBrand(): Promise<Brand> {
  const brand = await createBrand(ctx.db);
  await seedDemoVip(ctx.db, brand.id);
  return { id: brand.id, currency: brand.currency };
}

async function members(brand: Brand, count: number): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    insert into members (brand_id, username, password_hash)
    select ${brand.id}::bigint, 'nb' || substr(md5(random()::text), 1, 12) || g, 'no-login'
    from generate_series(1, ${count}::int) g returning id::text as id`.execute(ctx.db);
  return rows.map((r) => r.id);
}

async function turnover(brand: Brand, memberId: string, rows: Record<string, bigint>, day: string) {
  for (const [category, stake] of Object.entries(rows))
    await sql`insert into vip_turnover (brand_id, member_id, day, category, stake, last_tx_id, last_entry_id)
              values (${brand.id}, ${memberId}, ${day}::date, ${category}, ${stake.toString()}, '0'::xid8, 0)
              on conflict (brand_id, member_id, day, category) do update set stake = vip_turnover.stake + excluded.stake`.execute(
      ctx.db,
    );
}

async function balances(ids: readonly string[]): Promise<bigint[]> {
  const { rows } = await sql<{ member_id: string; balance: string }>`
    select member_id::text as member_id, balance::text as balance from ledger_accounts
    where kind = 'member_main' and member_id = any(${ids}::bigint[])`.execute(ctx.db);
  const of = new Map(rows.map((r) => [r.member_id, BigInt(r.balance)]));
  return ids.map((id) => of.get(id) ?? 0n);
}

const day = (d: Date) => d.toISOString().slice(0, 10);

/**
 * Seven members at level 0 (RNG and FISH 0.30%, LIVE 0.18%, LOTT 0.12%; minimum payout 1.00), each
 * amount rounded down per category: what each is owed to the cent.
 */
async function rebateCase(brand: Brand, now: Date) {
  const ids = await members(brand, 7);
  const [a, b, c, d, e, f, g] = ids as [string, string, string, string, string, string, string];
  const today = day(now);
  await turnover(brand, a, { RNG: 100_000n }, today); // 3.00
  await turnover(brand, b, { RNG: 123_457n, LIVE: 99_999n }, today); // 3.70 + 1.79
  await turnover(brand, c, { RNG: 30_000n }, today); // 0.90: below the minimum, not paid
  await turnover(brand, d, { LOTT: 1_000_000n }, day(new Date(now.getTime() - 5 * DAY))); // 12.00
  await turnover(brand, e, { RNG: 80_000n }, today); // 20,000 of it rebated already: 1.80
  await sql`insert into vip_rebate_watermarks (brand_id, member_id, category, rebated_stake)
            values (${brand.id}, ${e}, 'RNG', 20000)`.execute(ctx.db);
  await turnover(brand, f, { RNG: 1_000_001n }, today); // 30.00
  await turnover(brand, g, { FISH: 333_333n }, today); // 9.99
  return { ids, owed: [300n, 549n, 0n, 1_200n, 180n, 3_000n, 999n] };
}

/** A fresh brand with the seven members of rebateCase, and their balances before any run. */
async function rebateStart() {
  const brand = await freshBrand();
  const now = new Date();
  const { ids, owed } = await rebateCase(brand, now);
  return { brand, now, ids, owed, before: await balances(ids) };
}

async function deposits(brand: Brand, memberId: string, amount: bigint, day: string) {
  await sql`insert into vip_deposits (brand_id, member_id, day, amount, last_tx_id, last_entry_id)
            values (${brand.id}, ${memberId}, ${day}::date, ${amount.toString()}, '0'::xid8, 0)`.execute(
    ctx.db,
  );
}

/**
 * The run's `nth` ledger commit dies with its work done, before COMMIT; with `kill`, on PostgreSQL its
 * connection is killed too.
 */
function crashBeforeCommit(nth: number, kill = false) {
  let commits = 0;
  setLedgerFaults({
    beforeCommit: async (trx) => {
      commits += 1;
      if (commits !== nth) return;
      if (kill && process.env.TEST_DB === 'postgres')
        await sql`select pg_terminate_backend(pg_backend_pid())`.execute(trx);
      throw new Error('crash');
    },
  });
}

/** How many rows a `select count(*)::text as n` query counts. */
async function count(query: RawBuilder<{ n: string }>): Promise<number> {
  const { rows } = await query.execute(ctx.db);
  return Number(rows[0]?.n);
}

const total = (xs: readonly bigint[]) => xs.reduce((t, x) => t + x, 0n);
const minus = (xs: readonly bigint[], ys: readonly bigint[]) => xs.map((x, i) => x - (ys[i] ?? 0n));

describe('daily rebate in batches', () => {
  it('pays each member to the cent once; a rerun the same day pays nobody, the next day only new turnover', async () => {
    const { brand, now, ids, owed, before } = await rebateStart();
    const first = await runBrandRebate(ctx.db, brand, now, BATCH);
    expect(first).toEqual({ paid: 6, amount: total(owed) });
    expect(minus(await balances(ids), before)).toEqual(owed);
    // The same day again, even with new turnover: nobody is paid twice.
    await turnover(brand, ids[0] as string, { RNG: 100_000n }, day(now));
    expect(await runBrandRebate(ctx.db, brand, now, BATCH)).toEqual({ paid: 0, amount: 0n });
    expect(minus(await balances(ids), before)).toEqual(owed);
    // The next day: only the new turnover of the first member.
    const tomorrow = new Date(now.getTime() + DAY);
    expect(await runBrandRebate(ctx.db, brand, tomorrow, BATCH)).toEqual({ paid: 1, amount: 300n });
    expect(minus(await balances(ids), before)).toEqual([600n, ...owed.slice(1)]);
    // One payout row and one journal entry per payment, each under its member's key of the day.
    expect(
      await count(sql`
        select count(*)::text as n from vip_rebate_payouts where brand_id = ${brand.id} and mode = 'daily'`),
    ).toBe(7);
    const keys = await sql<{ k: string }>`
      select idempotency_key as k from journal_entries where brand_id = ${brand.id} and kind = 'vip_rebate'
      order by id`.execute(ctx.db);
    expect(keys.rows.map((r) => r.k).sort()).toEqual(
      [
        ...ids.filter((_, i) => i !== 2).map((m) => `vip:rebate:daily:${m}:${day(now)}`),
        `vip:rebate:daily:${ids[0]}:${day(tomorrow)}`,
      ].sort(),
    );
  });

  it('a crash in the middle of a batch, then a resumed run: every member paid exactly once', async () => {
    const { brand, now, ids, owed, before } = await rebateStart();
    // The second batch dies with its work done, before COMMIT: on PostgreSQL its connection is killed.
    crashBeforeCommit(2, true);
    await expect(runBrandRebate(ctx.db, brand, now, BATCH)).rejects.toThrow();
    setLedgerFaults(null);
    const partial = minus(await balances(ids), before);
    // Each member is paid in full or not at all, and the batch that died paid nobody.
    partial.forEach((p, i) => {
      expect([0n, owed[i]]).toContain(p);
    });
    expect(total(partial)).toBeGreaterThan(0n);
    expect(total(partial)).toBeLessThan(total(owed));
    const resumed = await runBrandRebate(ctx.db, brand, now, BATCH);
    expect(resumed.amount).toBe(total(owed) - total(partial));
    expect(minus(await balances(ids), before)).toEqual(owed);
    expect((await runBrandRebate(ctx.db, brand, now, BATCH)).paid).toBe(0);
    expect(minus(await balances(ids), before)).toEqual(owed);
  });

  it('a reply lost after a commit, then a resumed run: the committed batch is not paid again', async () => {
    const { brand, now, ids, owed, before } = await rebateStart();
    let commits = 0;
    setLedgerFaults({
      afterCommit: async () => {
        commits += 1;
        if (commits === 1) throw new Error('lost reply');
      },
    });
    await expect(runBrandRebate(ctx.db, brand, now, BATCH)).rejects.toThrow('lost reply');
    setLedgerFaults(null);
    await runBrandRebate(ctx.db, brand, now, BATCH);
    expect(minus(await balances(ids), before)).toEqual(owed);
  });
});

describe('nightly VIP job in batches', () => {
  it('a crash mid-way then a resumed run: each upgrade and monthly bonus paid exactly once', async () => {
    const brand = await freshBrand();
    const now = new Date();
    const ids = await members(brand, 6);
    // Silver (2,000 deposits, 25,000 turnover): Bronze's 18.00 + Silver's 58.00 + Silver's monthly 10.00;
    // Bronze (500, 5,000): 18.00; the last has too little for any level.
    const silver = ids.slice(0, 3);
    const bronze = ids.slice(3, 5);
    for (const [group, stake, deposited] of [
      [silver, 3_000_000n, 300_000n],
      [bronze, 600_000n, 60_000n],
    ] as const) {
      for (const m of group) {
        await turnover(brand, m, { RNG: stake }, day(now));
        await deposits(brand, m, deposited, day(now));
      }
    }
    await turnover(brand, ids[5] as string, { RNG: 1_000n }, day(now));
    const owed = [8_600n, 8_600n, 8_600n, 1_800n, 1_800n, 0n];
    const before = await balances(ids);
    crashBeforeCommit(2);
    await expect(runBrandVip(ctx.db, brand, now, BATCH)).rejects.toThrow('crash');
    setLedgerFaults(null);
    const partial = minus(await balances(ids), before);
    expect(total(partial)).toBeLessThan(total(owed));
    const bonuses = () =>
      count(
        sql`select count(*)::text as n from journal_entries where brand_id = ${brand.id} and kind = 'vip_bonus'`,
      );
    const paidBefore = await bonuses();
    const resumed = await runBrandVip(ctx.db, brand, now, BATCH);
    expect(minus(await balances(ids), before)).toEqual(owed);
    // 3 x (Bronze, Silver, Silver's monthly) + 2 x Bronze, each once; the run counts what it paid.
    expect(await bonuses()).toBe(11);
    expect(resumed.paid).toBe(11 - paidBefore);
    for (const [i, m] of ids.entries())
      expect((await memberVipLevel(ctx.db, brand.id, m)).level).toBe(i < 3 ? 2 : i < 5 ? 1 : 0);
    const rerun = await runBrandVip(ctx.db, brand, now, BATCH);
    expect(rerun).toEqual({ changes: [], paid: 0 });
    expect(minus(await balances(ids), before)).toEqual(owed);
    // One history row per change, whatever the crash.
    expect(
      await count(sql`select count(*)::text as n from vip_level_history where brand_id = ${brand.id}`),
    ).toBe(5);
  });
});
