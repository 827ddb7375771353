import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { reconcileAfterEach } from '../../../test/money.ts';
import { createBrand, setupTestApp } from '../../../test/support.ts';
import {
  type EntrySpec,
  ensureAccounts,
  InsufficientFunds,
  type LedgerAccount,
  moneyTransaction,
  postEntries,
} from './ledger.service.ts';

/** The ledger's batch posting (postEntries): many entries, a fixed number of statements, the same rules. */
const ctx = setupTestApp();
reconcileAfterEach(ctx);

async function accounts(): Promise<{
  brandId: string;
  house: LedgerAccount;
  a: LedgerAccount;
  b: LedgerAccount;
}> {
  const brand = await createBrand(ctx.db);
  const ref = (kind: 'house' | 'member_main', ownerKey: string) => ({
    brandId: brand.id,
    kind,
    ownerKey,
    currency: brand.currency,
  });
  const [house, a, b] = await ensureAccounts(ctx.db, [
    ref('house', 'batch'),
    ref('member_main', 'x:1'),
    ref('member_main', 'x:2'),
  ]);
  if (!house || !a || !b) throw new Error('no accounts');
  // ensureAccounts again answers the same rows, in the order asked.
  expect(
    (await ensureAccounts(ctx.db, [ref('member_main', 'x:2'), ref('house', 'batch')])).map((x) => x.id),
  ).toEqual([b.id, house.id]);
  return { brandId: brand.id, house, a, b };
}

const spec = (brandId: string, key: string, legs: EntrySpec['legs'], hash = key): EntrySpec => ({
  brandId,
  kind: 'test',
  idempotencyKey: key,
  requestHash: hash,
  legs,
});

async function postings(accountId: string) {
  const { rows } = await sql<{ amount: string; after: string }>`
    select amount::text as amount, balance_after::text as after from postings where account_id = ${accountId} order by id`.execute(
    ctx.db,
  );
  return rows.map((r) => [r.amount, r.after]);
}

describe('postEntries', () => {
  it("posts entries in order, each posting with its account's running balance", async () => {
    const { brandId, house, a, b } = await accounts();
    const k = randomUUID();
    const results = await moneyTransaction(ctx.db, (trx) =>
      postEntries(trx, [
        spec(brandId, `${k}:1`, [
          { account: house, amount: -1_000n },
          { account: a, amount: 1_000n },
        ]),
        spec(brandId, `${k}:2`, [
          { account: house, amount: -250n },
          { account: b, amount: 250n },
        ]),
        spec(brandId, `${k}:3`, [
          { account: a, amount: -400n },
          { account: b, amount: 400n },
        ]),
      ]),
    );
    expect(results.map((r) => r.status)).toEqual(['posted', 'posted', 'posted']);
    expect(await postings(a.id)).toEqual([
      ['1000', '1000'],
      ['-400', '600'],
    ]);
    expect(await postings(b.id)).toEqual([
      ['250', '250'],
      ['400', '650'],
    ]);
    expect(await postings(house.id)).toEqual([
      ['-1000', '-1000'],
      ['-250', '-1250'],
    ]);
    // The same keys again: replayed (same fingerprint) or mismatch (another), nothing applied.
    const again = await moneyTransaction(ctx.db, (trx) =>
      postEntries(trx, [
        spec(brandId, `${k}:1`, [
          { account: house, amount: -1_000n },
          { account: a, amount: 1_000n },
        ]),
        spec(
          brandId,
          `${k}:2`,
          [
            { account: house, amount: -999n },
            { account: b, amount: 999n },
          ],
          'another',
        ),
        spec(brandId, `${k}:4`, [
          { account: house, amount: -1n },
          { account: a, amount: 1n },
        ]),
      ]),
    );
    expect(again.map((r) => r.status)).toEqual(['replayed', 'mismatch', 'posted']);
    expect(again[0]?.entryId).toBe(results[0]?.entryId);
    expect(await postings(a.id)).toEqual([
      ['1000', '1000'],
      ['-400', '600'],
      ['1', '601'],
    ]);
  });

  it('refuses a wallet going below zero at any posting, even when the batch nets positive; nothing is kept', async () => {
    const { brandId, house, a } = await accounts();
    const k = randomUUID();
    const run = moneyTransaction(ctx.db, (trx) =>
      postEntries(trx, [
        spec(brandId, `${k}:debit`, [
          { account: a, amount: -500n },
          { account: house, amount: 500n },
        ]),
        spec(brandId, `${k}:credit`, [
          { account: house, amount: -800n },
          { account: a, amount: 800n },
        ]),
      ]),
    );
    await expect(run).rejects.toBeInstanceOf(InsufficientFunds);
    // Net negative for the wallet: the UPDATE's own condition refuses it.
    const net = moneyTransaction(ctx.db, (trx) =>
      postEntries(trx, [
        spec(brandId, `${k}:big`, [
          { account: a, amount: -1n },
          { account: house, amount: 1n },
        ]),
      ]),
    );
    await expect(net).rejects.toBeInstanceOf(InsufficientFunds);
    expect(await postings(a.id)).toEqual([]);
    const entries = await sql<{ n: string }>`
      select count(*)::text as n from journal_entries where idempotency_key like ${`${k}%`}`.execute(ctx.db);
    expect(entries.rows[0]?.n).toBe('0');
  });

  it('refuses an unbalanced entry and a key named twice before writing anything', async () => {
    const { brandId, house, a } = await accounts();
    const k = randomUUID();
    await expect(
      moneyTransaction(ctx.db, (trx) =>
        postEntries(trx, [
          spec(brandId, `${k}:x`, [
            { account: house, amount: -2n },
            { account: a, amount: 1n },
          ]),
        ]),
      ),
    ).rejects.toThrow('sum to zero');
    const legs = [
      { account: house, amount: -2n },
      { account: a, amount: 2n },
    ];
    await expect(
      moneyTransaction(ctx.db, (trx) =>
        postEntries(trx, [spec(brandId, `${k}:y`, legs), spec(brandId, `${k}:y`, legs)]),
      ),
    ).rejects.toThrow('twice');
    expect(await postings(a.id)).toEqual([]);
  });
});
