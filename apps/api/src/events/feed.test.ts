import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { PGlite } from '@electric-sql/pglite';
import { signSeamlessRequest } from '@lotus/contracts/seamless-signature';
import { Kysely, type KyselyPlugin, PGliteDialect, sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeVendor, vendorPlayer } from '../../test/factories.ts';
import { setupTestApp } from '../../test/support.ts';
import type { Db } from '../db/database.ts';
import { migrateToLatest } from '../db/migrator.ts';
import type { Database } from '../db/schema.ts';
import { findBrandByMerchantCode } from '../domains/brands/brand.repository.ts';
import type { Brand } from '../domains/brands/brand.ts';
import { memberDailyTurnover } from '../domains/wallet/turnover.consumer.ts';
import { memberTurnover } from '../domains/wallet/turnover.repository.ts';
import type { EventConsumer } from './event.ts';
import { consumersView } from './events.service.ts';
import type { FactOf } from './money-facts.ts';
import { consumeBatch, drainConsumer, PLATFORM_CONSUMERS, startEventRunner } from './runner.ts';

const ctx = setupTestApp();

/** A raw journal entry (a deposit with no postings: the feed reads entries, the handler only records). */
async function insertEntry(executor: Pick<Db, 'insertInto'>, brandId: string, reference: string) {
  const row = await executor
    .insertInto('journal_entries')
    .values({
      brand_id: brandId,
      kind: 'deposit',
      idempotency_key: `feed-test:${randomUUID()}`,
      request_hash: 'x',
      reference,
      metadata: JSON.stringify({}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A consumer that remembers every deposit it was handed whose reference starts with `prefix`. */
function recorder(prefix: string) {
  const seen: string[] = [];
  const consumer: EventConsumer = {
    name: `test_${randomUUID().replaceAll('-', '').slice(0, 12)}`,
    facts: ['deposit_credited'],
    handle: async (_trx, events) => {
      for (const e of events) if (e.reference.startsWith(prefix)) seen.push(e.reference);
    },
  };
  return { consumer, seen };
}

/**
 * Drains until `done` holds: on a shared PostgreSQL server any transaction in flight, in any
 * database (another suite's CREATE DATABASE), holds the feed back until it ends.
 */
async function drainUntil(db: Db, consumer: EventConsumer, done: () => boolean | Promise<boolean>) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    await drainConsumer(db, consumer, { maxBatches: 1000 });
    if (await done()) return;
    if (Date.now() > deadline) throw new Error(`${consumer.name} did not catch up`);
    await sleep(100);
  }
}

type InFlight = { commit: () => Promise<void> };

/**
 * Opens a transaction that inserts an entry and stays open. PostgreSQL: a connection of the pool
 * held open. PGlite (one connection): a prepared transaction, in flight until COMMIT PREPARED.
 */
async function openTransaction(
  db: Db,
  brandId: string,
  reference: string,
  pglite: boolean,
): Promise<InFlight> {
  if (pglite) {
    const gid = `t${randomUUID().replaceAll('-', '')}`;
    await db.connection().execute(async (conn) => {
      await sql`begin`.execute(conn);
      await insertEntry(conn, brandId, reference);
      await sql.raw(`prepare transaction '${gid}'`).execute(conn);
    });
    return { commit: async () => void (await sql.raw(`commit prepared '${gid}'`).execute(db)) };
  }
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let opened!: () => void;
  const isOpen = new Promise<void>((resolve) => {
    opened = resolve;
  });
  const done = db.connection().execute(async (conn) => {
    await sql`begin`.execute(conn);
    await insertEntry(conn, brandId, reference);
    opened();
    await released;
    await sql`commit`.execute(conn);
  });
  await isOpen;
  return {
    commit: async () => {
      release();
      await done;
    },
  };
}

describe('event feed', () => {
  let brand: Brand;
  beforeAll(async () => {
    const found = await findBrandByMerchantCode(ctx.db, 'DEMO');
    if (!found) throw new Error('no demo brand');
    brand = found;
  });

  it('never reads past a transaction in flight: an entry committed out of order is consumed once, after it commits', async () => {
    const pglite = process.env.TEST_DB !== 'postgres';
    // PGlite needs prepared transactions to hold one open beside others: a database of its own.
    let db: Db = ctx.db;
    let brandId = brand.id;
    if (pglite) {
      const own = await PGlite.create({ postgresqlconf: ['max_prepared_transactions=2'] } as never);
      db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite: own }) });
      await migrateToLatest(db);
      const b = await db
        .insertInto('brands')
        .values({ merchant_code: 'FEED', name: 'Feed' } as never)
        .returning('id')
        .executeTakeFirstOrThrow();
      brandId = String(b.id);
    }
    try {
      const prefix = `ooo:${randomUUID()}:`;
      const { consumer, seen } = recorder(prefix);
      await drainConsumer(db, consumer);
      const a = await openTransaction(db, brandId, `${prefix}A`, pglite);
      await insertEntry(db, brandId, `${prefix}B`); // committed at once, after A's entry
      await drainConsumer(db, consumer);
      expect(seen).toEqual([]); // B is behind A's transaction: not read, not skipped past A
      await a.commit();
      await drainUntil(db, consumer, () => seen.length >= 2);
      await drainConsumer(db, consumer);
      expect(seen).toEqual([`${prefix}A`, `${prefix}B`]);
    } finally {
      if (pglite) await db.destroy();
    }
  }, 120_000);

  it('the runner: idle polls read only the feed head; an entry behind a transaction in flight, and a later one, are still consumed', async () => {
    const pglite = process.env.TEST_DB !== 'postgres';
    let base: Db = ctx.db;
    let brandId = brand.id;
    if (pglite) {
      const own = await PGlite.create({ postgresqlconf: ['max_prepared_transactions=2'] } as never);
      base = new Kysely<Database>({ dialect: new PGliteDialect({ pglite: own }) });
      await migrateToLatest(base);
      const b = await base
        .insertInto('brands')
        .values({ merchant_code: 'FEED', name: 'Feed' } as never)
        .returning('id')
        .executeTakeFirstOrThrow();
      brandId = String(b.id);
    }
    // Every table the runner's statements name, in order (the feed head reads journal_entries only).
    const tables: string[][] = [];
    const counting: KyselyPlugin = {
      transformQuery: (args) => {
        const names: string[] = [];
        JSON.stringify(args.node, (key, value) => {
          if (key === 'table' && value?.identifier?.name) names.push(value.identifier.name);
          return value;
        });
        tables.push(names);
        return args.node;
      },
      transformResult: async (args) => args.result,
    };
    const db = base.withPlugin(counting);
    const prefix = `runner:${randomUUID()}:`;
    const { consumer, seen } = recorder(prefix);
    const runner = startEventRunner(db, { info: () => {}, error: () => {} }, [consumer], { pollMs: 20 });
    try {
      const a = await openTransaction(base, brandId, `${prefix}A`, pglite);
      await insertEntry(base, brandId, `${prefix}B`);
      await sleep(200);
      expect(seen).toEqual([]); // B waits behind A's transaction
      await a.commit();
      // The head (B) did not move when A committed: the runner must not have taken it as caught up.
      const deadline = Date.now() + 20_000;
      while (seen.length < 2 && Date.now() < deadline) await sleep(50);
      expect(seen).toEqual([`${prefix}A`, `${prefix}B`]);
      // Idle: once caught up, a stretch of polls reads only the feed head (no consumer transaction,
      // no cursor row). On a shared PostgreSQL server a long transaction of another database keeps
      // the head unreadable (the snapshot's xmin is the cluster's) and the runner polls in full
      // meanwhile: the stretch is looked for within 20 s.
      let idle: string[][] = [];
      const idleBy = Date.now() + 20_000;
      do {
        const from = tables.length;
        await sleep(300);
        idle = tables.slice(from);
      } while (idle.some((names) => names.includes('event_consumers')) && Date.now() < idleBy);
      expect(idle.filter((names) => names.includes('event_consumers'))).toEqual([]);
      expect(idle.length).toBeGreaterThanOrEqual(1);
      // A later entry moves the head: consumed.
      await insertEntry(base, brandId, `${prefix}C`);
      const until = Date.now() + 20_000;
      while (seen.length < 3 && Date.now() < until) await sleep(50);
      expect(seen).toEqual([`${prefix}A`, `${prefix}B`, `${prefix}C`]);
    } finally {
      await runner.stop();
      if (pglite) await base.destroy();
    }
  }, 120_000);

  it('hands over only the consumer’s event types, moves the cursor past the rest, and one process at a time has a cursor', async () => {
    const prefix = `lock:${randomUUID()}:`;
    const { consumer, seen } = recorder(prefix);
    await insertEntry(ctx.db, brand.id, `${prefix}1`);
    await drainUntil(ctx.db, consumer, () => seen.length > 0);
    await drainConsumer(ctx.db, consumer, { batchSize: 2 });
    expect(seen).toEqual([`${prefix}1`]);
    expect((await consumeBatch(ctx.db, consumer)).status).toBe('done');
    if (process.env.TEST_DB === 'postgres') {
      // A second process finds the cursor locked and does nothing.
      await ctx.db.transaction().execute(async (trx) => {
        await trx
          .selectFrom('event_consumers')
          .select('name')
          .where('name', '=', consumer.name)
          .forUpdate()
          .execute();
        expect(await consumeBatch(ctx.db, consumer)).toEqual({ status: 'busy' });
      });
    }
  });

  it('keeps a failing batch unconsumed with its error, and delivers it again once the handler works', async () => {
    const prefix = `fail:${randomUUID()}:`;
    const { consumer, seen } = recorder(prefix);
    await drainConsumer(ctx.db, consumer);
    await insertEntry(ctx.db, brand.id, `${prefix}1`);
    let broken = true;
    const flaky: EventConsumer = {
      ...consumer,
      handle: async (trx, events) => {
        await consumer.handle(trx, events);
        if (broken && events.some((e) => e.reference.startsWith(prefix))) throw new Error('handler down');
      },
    };
    await expect(drainUntil(ctx.db, flaky, () => false)).rejects.toThrow('handler down');
    const cursor = await ctx.db
      .selectFrom('event_consumers')
      .select(['last_error'])
      .where('name', '=', consumer.name)
      .executeTakeFirstOrThrow();
    expect(cursor.last_error).toBe('handler down');
    broken = false;
    await drainUntil(ctx.db, flaky, () => seen.length >= 2);
    // In memory the failed attempt saw it too (its transaction rolled back): delivered at least once.
    expect(seen).toEqual([`${prefix}1`, `${prefix}1`]);
    const view = await consumersView(ctx.db, brand.id);
    const mine = view.consumers.find((c) => c.name === consumer.name);
    expect(mine).toMatchObject({ entriesBehind: 0, secondsBehind: 0, lastError: '' });
  });

  it('shows how far a consumer is behind in the brand’s entries', async () => {
    const { consumer, seen } = recorder('lag:0');
    await insertEntry(ctx.db, brand.id, 'lag:0');
    await drainUntil(ctx.db, consumer, () => seen.length > 0);
    await insertEntry(ctx.db, brand.id, 'lag:1');
    await insertEntry(ctx.db, brand.id, 'lag:2');
    const later = new Date(Date.now() + 65_000);
    const view = await consumersView(ctx.db, brand.id, later);
    expect(view.consumers.find((c) => c.name === consumer.name)).toMatchObject({
      entriesBehind: 2,
      entriesBehindCapped: false,
    });
    expect(view.consumers.find((c) => c.name === consumer.name)?.secondsBehind).toBeGreaterThanOrEqual(64);
  });
});

const VENDOR = 'FEEDV';
const SECRET = 'feed-secret-0123456789abcdef';

async function send(path: string, body: Record<string, unknown>) {
  const raw = JSON.stringify({ vendor: VENDOR, ...body });
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/seamless/v1/${path}`,
    headers: {
      merchant: 'DEMO',
      'x-vendor': VENDOR,
      'x-signature': await signSeamlessRequest(SECRET, 'POST', `/seamless/v1/${path}`, raw),
      'content-type': 'application/json',
    },
    payload: raw,
  });
  const answer = res.json() as { success: boolean; errorCode: string };
  expect(answer).toMatchObject({ success: true });
  return answer;
}

const ids = () => ({ transactionId: randomUUID(), roundId: randomUUID(), gameId: 'slots-1' });

describe('member daily turnover', () => {
  let brand: Brand;
  let vendorId: string;
  beforeAll(async () => {
    const found = await findBrandByMerchantCode(ctx.db, 'DEMO');
    if (!found) throw new Error('no demo brand');
    brand = found;
    vendorId = (await makeVendor(ctx, { code: VENDOR, secret: SECRET })).id;
  });

  const player = () => vendorPlayer(ctx, VENDOR, { prefix: 'f', funds: 100_000n });

  const today = () => new Date().toISOString().slice(0, 10);
  const totals = async (memberId: string) => {
    const rows = await memberTurnover(ctx.db, brand.id, memberId, '2000-01-01', '2100-01-01');
    return rows.reduce(
      (t, r) => ({
        bets: t.bets + r.bets,
        stake: t.stake + r.stake,
        payout: t.payout + r.payout,
        net: t.net + r.net,
        vendors: [...new Set([...t.vendors, r.vendorId])],
      }),
      { bets: 0n, stake: 0n, payout: 0n, net: 0n, vendors: [] as string[] },
    );
  };

  it('equals the seamless calls made: bets and stakes, wins, a bet-and-win, a rollback', async () => {
    // The days the calls fell on: from the day the test began to the day it reads (two at midnight).
    const first = today();
    const p = await player();
    const b1 = { ...ids(), token: p.token, amount: '10.00', currency: 'MYR' };
    const b2 = { ...ids(), token: p.token, amount: '5.50', currency: 'MYR' };
    const b3 = { ...ids(), token: p.token, amount: '7.00', currency: 'MYR' };
    await send('bet', b1);
    await send('bet', b2);
    await send('bet', b3);
    await send('bet', b1); // a retry of the same call: the same entry, no second bet
    await send('win', {
      ...ids(),
      roundId: b1.roundId,
      betTransactionId: b1.transactionId,
      amount: '25.00',
      currency: 'MYR',
    });
    await send('rollback', {
      ...ids(),
      roundId: b2.roundId,
      betTransactionId: b2.transactionId,
      currency: 'MYR',
    });
    await send('betWin', { ...ids(), token: p.token, betAmount: '3.00', winAmount: '4.25', currency: 'MYR' });

    await drainUntil(ctx.db, memberDailyTurnover, async () => (await totals(p.id)).payout === 2925n);
    // Bets: b1, b3 and the bet-and-win (b2 rolled back). Stake 10 + 7 + 3; payout 25 + 4.25.
    expect(await totals(p.id)).toEqual({
      bets: 3n,
      stake: 2000n,
      payout: 2925n,
      net: 925n,
      vendors: [vendorId],
    });
    const rows = await memberTurnover(ctx.db, brand.id, p.id, first, today());
    expect([...new Set(rows.map((r) => r.currency))]).toEqual(['MYR']);
    expect(rows.reduce((t, r) => t + r.stake, 0n)).toBe(2000n);
    expect(PLATFORM_CONSUMERS).toContain(memberDailyTurnover);
  });

  it('counts nothing twice when events are delivered again (a batch handled twice, the cursor reset)', async () => {
    const p = await player();
    const b = { ...ids(), token: p.token, amount: '12.00', currency: 'MYR' };
    await send('bet', b);
    await send('win', {
      ...ids(),
      roundId: b.roundId,
      betTransactionId: b.transactionId,
      amount: '2.00',
      currency: 'MYR',
    });
    await drainUntil(ctx.db, memberDailyTurnover, async () => (await totals(p.id)).payout === 200n);
    const once = await totals(p.id);
    expect(once).toMatchObject({ bets: 1n, stake: 1200n, payout: 200n, net: -1000n });

    // The same events handed over again, one by one and as one batch.
    const captured: FactOf<'stake_placed' | 'stake_returned' | 'win_paid'>[] = [];
    const capture: EventConsumer<'stake_placed' | 'stake_returned' | 'win_paid'> = {
      name: `capture_${randomUUID().replaceAll('-', '').slice(0, 12)}`,
      facts: ['stake_placed', 'stake_returned', 'win_paid'],
      handle: async (_trx, events) => void captured.push(...events),
    };
    const mine = () => captured.filter((e) => e.memberId === p.id);
    await drainUntil(ctx.db, capture, () => mine().length === 2);
    await ctx.db.transaction().execute(async (trx) => {
      await memberDailyTurnover.handle(trx, mine());
      for (const e of mine()) await memberDailyTurnover.handle(trx, [e]);
    });
    expect(await totals(p.id)).toEqual(once);

    // The cursor back to the start of the journal: everything is read again, nothing counted again.
    await ctx.db
      .updateTable('event_consumers')
      .set({ last_tx_id: sql<string>`'0'::xid8`, last_entry_id: '0' })
      .where('name', '=', memberDailyTurnover.name)
      .execute();
    const caughtUp = async () =>
      (await consumersView(ctx.db, brand.id)).consumers.find((c) => c.name === memberDailyTurnover.name)
        ?.entriesBehind === 0;
    expect(await caughtUp()).toBe(false);
    await drainUntil(ctx.db, memberDailyTurnover, caughtUp);
    expect(await totals(p.id)).toEqual(once);
  });
});
