import { randomUUID } from 'node:crypto';
import { formatAmount, parseAmount } from '@lotus/contracts/money';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeMember } from '../../../test/factories.ts';
import { raiseSqlState, reconcileAfterEach, seeded } from '../../../test/money.ts';
import { setupTestApp } from '../../../test/support.ts';
import type { Tx } from '../../db/executor.ts';
import { findBrandByMerchantCode } from '../brands/brand.repository.ts';
import type { Brand } from '../brands/brand.ts';
import { accountBalance, ensureAccount, type LedgerAccount } from './ledger.repository.ts';
import {
  InsufficientFunds,
  moneyStatement,
  moneyTransaction,
  postEntry,
  setLedgerFaults,
} from './ledger.service.ts';
import { reconcile } from './reconcile.ts';
import { houseAdjustment, openMemberWallet, type WalletOwner } from './wallet.service.ts';

const ctx = setupTestApp();
reconcileAfterEach(ctx);

let brand: Brand;
beforeAll(async () => {
  const found = await findBrandByMerchantCode(ctx.db, 'DEMO');
  if (!found) throw new Error('no demo brand');
  brand = found;
});

async function newMember(isAgent = 0): Promise<WalletOwner> {
  return (await makeMember(ctx, { prefix: 'l', isAgent })).owner;
}

async function fund(member: WalletOwner, minor: bigint) {
  return houseAdjustment(ctx.db, brand, member, minor, `fund:${randomUUID()}`);
}

async function balanceOf(member: WalletOwner) {
  return accountBalance(ctx.db, (await openMemberWallet(ctx.db, brand, member)).id);
}

async function house(): Promise<LedgerAccount> {
  const { account } = await ensureAccount(ctx.db, {
    brandId: brand.id,
    kind: 'house',
    ownerKey: '',
    currency: brand.currency,
  });
  return account;
}

/** A debit of the member's wallet to the house, as one entry under `key`. */
async function debit(member: WalletOwner, minor: bigint, key = randomUUID()) {
  const wallet = await openMemberWallet(ctx.db, brand, member);
  const target = await house();
  return moneyTransaction(ctx.db, async (trx) => {
    return postEntry(trx, {
      brandId: brand.id,
      kind: 'test_debit',
      idempotencyKey: key,
      requestHash: `debit|${member.id}|${minor}`,
      legs: [
        { account: wallet, amount: -minor },
        { account: target, amount: minor },
      ],
    });
  });
}

/** A journal entry written behind the service, for the database's own checks to judge. */
function rawEntry(trx: Tx) {
  return trx
    .insertInto('journal_entries')
    .values({
      brand_id: brand.id,
      kind: 'raw',
      idempotency_key: randomUUID(),
      request_hash: 'x',
      metadata: '{}',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

describe('double entry', () => {
  it('posts one entry whose postings sum to zero and moves both balances', async () => {
    const m = await newMember();
    const result = await fund(m, 12_345n);
    expect(result.balance).toBe(12_345n);
    const postings = await ctx.db
      .selectFrom('postings')
      .select(['amount', 'balance_after'])
      .where('entry_id', '=', result.entryId)
      .execute();
    expect(postings).toHaveLength(2);
    expect(postings.reduce((s, p) => s + BigInt(p.amount), 0n)).toBe(0n);
  });

  it('refuses unbalanced legs in the service before any write', async () => {
    const m = await newMember();
    const wallet = await openMemberWallet(ctx.db, brand, m);
    await expect(
      moneyTransaction(ctx.db, (trx) =>
        postEntry(trx, {
          brandId: brand.id,
          kind: 'bad',
          idempotencyKey: randomUUID(),
          requestHash: 'x',
          legs: [
            { account: wallet, amount: 5n },
            { account: wallet, amount: 5n },
          ],
        }),
      ),
    ).rejects.toThrow(/sum to zero/);
    expect(await balanceOf(m)).toBe(0n);
  });

  it('runs the commit-time check with sequential scans off, so the plan each connection keeps reads postings by entry', async () => {
    const { rows } = await sql<{ proconfig: string[] | null }>`
      select proconfig from pg_proc where proname = 'ledger_entry_balanced'`.execute(ctx.db);
    expect(rows[0]?.proconfig).toEqual(['enable_seqscan=off']);
  });

  it('refuses a posting to an account of another currency: the deferred trigger fails the commit', async () => {
    const m = await newMember();
    const wallet = await openMemberWallet(ctx.db, brand, m);
    const other = brand.currency === 'USD' ? 'EUR' : 'USD';
    await expect(
      ctx.db.transaction().execute(async (trx) => {
        const entry = await rawEntry(trx);
        await trx
          .insertInto('postings')
          .values([
            { entry_id: entry.id, account_id: wallet.id, amount: '5', currency: other, balance_after: '5' },
            { entry_id: entry.id, account_id: wallet.id, amount: '-5', currency: other, balance_after: '0' },
          ])
          .execute();
      }),
    ).rejects.toThrow(/another currency/);
    expect(await balanceOf(m)).toBe(0n);
  });

  it('refuses an unbalanced entry written behind the service: the deferred trigger fails the commit', async () => {
    const m = await newMember();
    const wallet = await openMemberWallet(ctx.db, brand, m);
    await expect(
      ctx.db.transaction().execute(async (trx) => {
        const entry = await rawEntry(trx);
        await trx
          .insertInto('postings')
          .values({
            entry_id: entry.id,
            account_id: wallet.id,
            amount: '7',
            currency: brand.currency,
            balance_after: '7',
          })
          .execute();
        await trx.updateTable('ledger_accounts').set({ balance: '7' }).where('id', '=', wallet.id).execute();
      }),
    ).rejects.toThrow(/sum to zero/);
    expect(await balanceOf(m)).toBe(0n);
  });

  it('keeps entries and postings append-only and wallets never below zero', async () => {
    const m = await newMember();
    const { entryId } = await fund(m, 100n);
    await expect(
      sql`update postings set amount = 1 where entry_id = ${entryId}`.execute(ctx.db),
    ).rejects.toThrow(/append-only/);
    await expect(sql`delete from journal_entries where id = ${entryId}`.execute(ctx.db)).rejects.toThrow(
      /append-only/,
    );
    const wallet = await openMemberWallet(ctx.db, brand, m);
    await expect(
      sql`update ledger_accounts set balance = -1 where id = ${wallet.id}`.execute(ctx.db),
    ).rejects.toThrow(/non_negative/);
  });
});

describe('idempotency keys', () => {
  it('answers a replay with the original entry and applies nothing twice', async () => {
    const m = await newMember();
    const key = `once:${randomUUID()}`;
    const first = await houseAdjustment(ctx.db, brand, m, 500n, key);
    const again = await houseAdjustment(ctx.db, brand, m, 500n, key);
    expect(again).toMatchObject({ entryId: first.entryId, replayed: true, balance: 500n });
    expect(await balanceOf(m)).toBe(500n);
  });

  it('refuses the same key with other content as a mismatch', async () => {
    const m = await newMember();
    const key = `mismatch:${randomUUID()}`;
    await houseAdjustment(ctx.db, brand, m, 500n, key);
    await expect(houseAdjustment(ctx.db, brand, m, 501n, key)).rejects.toMatchObject({
      code: 'idempotency_mismatch',
    });
    expect(await balanceOf(m)).toBe(500n);
  });

  it('is enforced by the unique index itself, not by a prior SELECT', async () => {
    const key = `raw:${randomUUID()}`;
    const row = { brand_id: brand.id, kind: 'raw', idempotency_key: key, request_hash: 'x', metadata: '{}' };
    await ctx.db.insertInto('journal_entries').values(row).execute();
    await expect(ctx.db.insertInto('journal_entries').values(row).execute()).rejects.toMatchObject({
      code: '23505',
    });
  });

  it('posts a credit replayed 50 times at once exactly once (test 3)', async () => {
    const m = await newMember();
    const key = `replayed:${randomUUID()}`;
    const results = await Promise.all(
      Array.from({ length: 50 }, () => houseAdjustment(ctx.db, brand, m, 777n, key)),
    );
    expect(new Set(results.map((r) => r.entryId)).size).toBe(1);
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    expect(await balanceOf(m)).toBe(777n);
  });
});

describe('balances', () => {
  it('refuses a debit of 99.90 against 99.80 and keeps the balance (test 7)', async () => {
    const m = await newMember();
    await fund(m, parseAmount('99.8', brand.currency) as bigint);
    const error = await debit(m, parseAmount('99.90', brand.currency) as bigint).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InsufficientFunds);
    expect((error as InsufficientFunds).balance).toBe(9_980n);
    await debit(m, parseAmount('99.80', brand.currency) as bigint);
    expect(await balanceOf(m)).toBe(0n);
  });

  it('lets exactly floor(balance / stake) of N parallel debits through and never goes below zero (test 1)', async () => {
    const m = await newMember();
    await fund(m, 1_050n);
    const outcomes = await Promise.allSettled(Array.from({ length: 25 }, () => debit(m, 100n)));
    const passed = outcomes.filter((o) => o.status === 'fulfilled').length;
    expect(passed).toBe(10);
    for (const o of outcomes) {
      if (o.status === 'rejected') expect(o.reason).toBeInstanceOf(InsufficientFunds);
    }
    expect(await balanceOf(m)).toBe(50n);
  });

  it('raises the balance by exactly the sum of 50 parallel credits (test 2)', async () => {
    const m = await newMember();
    const amounts = Array.from({ length: 50 }, (_, i) => BigInt(i * 37 + 1));
    await Promise.all(amounts.map((a) => fund(m, a)));
    expect(await balanceOf(m)).toBe(amounts.reduce((s, a) => s + a, 0n));
  });

  it('keeps amounts above 2^53 exact through SQL (test 8)', async () => {
    const m = await newMember();
    const big = 2n ** 62n + 123_456_789n;
    await fund(m, big);
    expect(await balanceOf(m)).toBe(big);
    await debit(m, 2n ** 53n + 1n);
    expect(await balanceOf(m)).toBe(big - 2n ** 53n - 1n);
    expect(formatAmount(big, 'MYR')).toBe('46116860185508446.93');
  });
});

describe('property: random movements over minor units (test 7)', () => {
  it('keeps every journal at zero, every balance equal to its postings and no wallet negative', async () => {
    const rng = seeded(20_260_404);
    const members = await Promise.all(Array.from({ length: 4 }, () => newMember()));
    const expected = new Map(members.map((m) => [m.id, 0n]));
    for (let i = 0; i < 120; i += 1) {
      const m = rng.pick(members);
      const amount = rng.next() < 0.02 ? rng.bigint(2n ** 60n) : rng.bigint(100_000n) + 1n;
      if (rng.next() < 0.55) {
        await fund(m, amount);
        expected.set(m.id, (expected.get(m.id) ?? 0n) + amount);
      } else {
        const outcome = await debit(m, amount).catch((e: unknown) => e);
        const before = expected.get(m.id) ?? 0n;
        if (amount <= before) {
          expect(outcome).not.toBeInstanceOf(Error);
          expected.set(m.id, before - amount);
        } else {
          expect(outcome).toBeInstanceOf(InsufficientFunds);
        }
      }
    }
    for (const m of members) expect(await balanceOf(m)).toBe(expected.get(m.id));
    expect((await reconcile(ctx.db)).ok).toBe(true);
  });

  it('round-trips decimal strings through minor units exactly', () => {
    const rng = seeded(7);
    for (let i = 0; i < 500; i += 1) {
      const minor = rng.bigint(9_223_372_036_854_775_807n);
      expect(parseAmount(formatAmount(minor, 'MYR'), 'MYR')).toBe(minor);
      expect(parseAmount(formatAmount(minor, 'JPY'), 'JPY')).toBe(minor);
    }
    expect(parseAmount('10.505', 'MYR')).toBeNull();
    expect(parseAmount('1e3', 'MYR')).toBeNull();
    expect(parseAmount('9223372036854775808', 'JPY')).toBeNull();
    expect(parseAmount('0.1', 'MYR')).toBe(10n);
  });
});

describe('injected serialization failures and deadlocks (test 6)', () => {
  it('retries a 40001 and applies the movement once', async () => {
    const m = await newMember();
    setLedgerFaults({
      beforeCommit: async (trx, attempt) => {
        if (attempt === 1) await sql.raw(raiseSqlState('40001')).execute(trx);
      },
    });
    const result = await fund(m, 300n);
    expect(result.replayed).toBe(false);
    expect(await balanceOf(m)).toBe(300n);
  });

  it('answers wallet_busy, never insufficient funds, when every attempt deadlocks; nothing moves', async () => {
    const m = await newMember();
    await fund(m, 1_000n);
    setLedgerFaults({
      beforeCommit: async (trx) => void (await sql.raw(raiseSqlState('40P01')).execute(trx)),
    });
    await expect(debit(m, 100n)).rejects.toMatchObject({ code: 'wallet_busy', statusCode: 503 });
    setLedgerFaults(null);
    expect(await balanceOf(m)).toBe(1_000n);
  });

  it('retries a one-statement money call (no transaction of its own) after a 40001 or a deadlock', async () => {
    let attempts = 0;
    const answer = await moneyStatement(ctx.db, async (executor) => {
      attempts += 1;
      if (attempts <= 2) await sql.raw(raiseSqlState(attempts === 1 ? '40001' : '40P01')).execute(executor);
      return 'done';
    });
    expect(answer).toBe('done');
    expect(attempts).toBe(3);
  });

  it('answers wallet_busy for a one-statement money call that keeps deadlocking, and passes other errors through', async () => {
    let attempts = 0;
    await expect(
      moneyStatement(ctx.db, async (executor) => {
        attempts += 1;
        await sql.raw(raiseSqlState('40P01')).execute(executor);
      }),
    ).rejects.toMatchObject({ code: 'wallet_busy', statusCode: 503 });
    expect(attempts).toBe(4);
    let once = 0;
    await expect(
      moneyStatement(ctx.db, async () => {
        once += 1;
        throw new InsufficientFunds('1', 0n);
      }),
    ).rejects.toBeInstanceOf(InsufficientFunds);
    expect(once).toBe(1);
  });
});

describe('trial wallets', () => {
  it('credits the demo balance once, even when the wallet is opened 20 times at once', async () => {
    const trial = await newMember(4);
    await Promise.all(Array.from({ length: 20 }, () => openMemberWallet(ctx.db, brand, trial)));
    expect(await balanceOf(trial)).toBe(200_000n);
    const ordinary = await newMember();
    expect(await balanceOf(ordinary)).toBe(0n);
  });
});
