import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { makeMember } from '../../../test/factories.ts';
import { reconcileAfterEach } from '../../../test/money.ts';
import { refuseStakesOf, restoreStakeGates, restoreStakeGatesAfterEach } from '../../../test/stake-gate.ts';
import { setupTestApp } from '../../../test/support.ts';
import { AppError } from '../../http/app-error.ts';
import {
  type BatchLeg,
  type EntrySpec,
  ensureAccount,
  InsufficientFunds,
  type LedgerAccount,
  moneyTransaction,
  postBatch,
  postEntry,
} from './ledger.service.ts';

/**
 * The one invariant suite of the wallet's posting primitives (docs/money-posting.md), the same cases
 * run against each of them: the TypeScript single posting (postEntry), the TypeScript batch posting
 * (postBatch, the lottery's) and the PL/pgSQL one (seamless_post, domains/vendors/sql). Balanced
 * entries, no wallet below zero (the platform's accounts may go), one entry per key, parallel stakes
 * past the balance, and the stake gate asked before a stake (never before a payout).
 */
const ctx = setupTestApp();
reconcileAfterEach(ctx);
restoreStakeGatesAfterEach(ctx);

/** A member's main wallet and a house account of its own (balance 0, may go negative). */
type World = {
  brandId: string;
  currency: string;
  memberId: string;
  wallet: LedgerAccount;
  house: LedgerAccount;
};

/** One movement under `key`: the wallet stakes `stake` to the house and/or the house pays `payout`. */
type Move = { key: string; stake: bigint; payout: bigint };

type Outcome = 'posted' | 'insufficient' | 'duplicate' | 'refused';

type Primitive = { name: string; post: (w: World, move: Move) => Promise<Outcome> };

function legsOf(w: World, move: Move) {
  const legs = [];
  if (move.stake > 0n)
    legs.push({ account: w.wallet, amount: -move.stake }, { account: w.house, amount: move.stake });
  if (move.payout > 0n)
    legs.push({ account: w.house, amount: -move.payout }, { account: w.wallet, amount: move.payout });
  return legs;
}

function specOf<L extends BatchLeg>(w: World, move: Move, legs: L[]): EntrySpec<L> {
  return {
    brandId: w.brandId,
    kind: 'test',
    idempotencyKey: move.key,
    requestHash: `${move.stake}|${move.payout}`,
    reference: move.key,
    ...(move.stake > 0n ? { stake: { memberId: w.memberId, amount: move.stake } } : {}),
    legs,
  };
}

function refusal(error: unknown): Outcome {
  if (error instanceof InsufficientFunds) return 'insufficient';
  if (error instanceof AppError && error.code === 'stake_refused') return 'refused';
  throw error;
}

const PRIMITIVES: Primitive[] = [
  {
    name: 'TypeScript single posting (postEntry)',
    post: async (w, move) => {
      try {
        const posted = await moneyTransaction(ctx.db, (trx) =>
          postEntry(trx, specOf(w, move, legsOf(w, move))),
        );
        return posted.replayed ? 'duplicate' : 'posted';
      } catch (error) {
        return refusal(error);
      }
    },
  },
  {
    name: 'TypeScript batch posting (postBatch)',
    post: async (w, move) => {
      try {
        const legs = legsOf(w, move).map((l) => ({
          account: { id: l.account.id, currency: w.currency },
          amount: l.amount,
        }));
        const { results } = await moneyTransaction(ctx.db, (trx) =>
          postBatch(trx, [specOf(w, move, legs)], { lockOrder: 'wallets_first' }),
        );
        return results[0]?.status === 'posted' ? 'posted' : 'duplicate';
      } catch (error) {
        return refusal(error);
      }
    },
  },
  {
    name: 'PL/pgSQL posting (seamless_post)',
    post: async (w, move) => {
      try {
        const { rows } = await sql<{ o_ok: boolean }>`
          select o_ok from seamless_post(${w.brandId}::bigint, 0, 'INVARIANTS', ${move.key}, ${`${move.stake}|${move.payout}`},
                                         'test', ${w.currency}, ${w.wallet.id}::bigint, ${w.house.id}::bigint,
                                         ${move.stake.toString()}::bigint, ${move.payout.toString()}::bigint)`.execute(
          ctx.db,
        );
        return rows[0]?.o_ok ? 'posted' : 'insufficient';
      } catch (error) {
        const message = error instanceof Error ? error.message : '';
        // The primitive's answer to a key it holds (a replay is answered before it, from the call's record).
        if (message === 'seamless:idempotency_mismatch') return 'duplicate';
        if (message === 'seamless:stake_refused') return 'refused';
        throw error;
      }
    },
  },
];

async function world(): Promise<World> {
  const member = await makeMember(ctx);
  const { brand } = member;
  const ref = { brandId: brand.id, currency: brand.currency };
  const { account: wallet } = await ensureAccount(ctx.db, {
    ...ref,
    kind: 'member_main',
    ownerKey: `member:${member.id}`,
    memberId: member.id,
  });
  const { account: house } = await ensureAccount(ctx.db, {
    ...ref,
    kind: 'house',
    ownerKey: `invariants:${randomUUID()}`,
  });
  return { brandId: brand.id, currency: brand.currency, memberId: member.id, wallet, house };
}

const stake = (amount: bigint): Move => ({ key: randomUUID(), stake: amount, payout: 0n });
const payout = (amount: bigint): Move => ({ key: randomUUID(), stake: 0n, payout: amount });

async function balanceOf(account: LedgerAccount): Promise<bigint> {
  const row = await ctx.db
    .selectFrom('ledger_accounts')
    .select('balance')
    .where('id', '=', account.id)
    .executeTakeFirstOrThrow();
  return BigInt(row.balance);
}

/** The entries posted under these moves' keys, each with its postings' sum and count. */
async function entriesOf(moves: readonly Move[]) {
  const { rows } = await sql<{ reference: string; total: string; postings: string }>`
    select j.reference, coalesce(sum(p.amount), 0)::text as total, count(p.id)::text as postings
    from journal_entries j left join postings p on p.entry_id = j.id
    where j.reference = any(${moves.map((m) => m.key)}::text[])
    group by j.id, j.reference order by j.id`.execute(ctx.db);
  return rows.map((r) => ({ reference: r.reference, total: r.total, postings: Number(r.postings) }));
}

/** Sum of an account's postings, and the balance its last posting recorded. */
async function postedOf(account: LedgerAccount) {
  const { rows } = await sql<{ total: string | null; last: string | null }>`
    select (select sum(amount) from postings where account_id = ${account.id}::bigint)::text as total,
           (select balance_after from postings where account_id = ${account.id}::bigint order by id desc limit 1)::text as last`.execute(
    ctx.db,
  );
  return { total: BigInt(rows[0]?.total ?? '0'), last: BigInt(rows[0]?.last ?? '0') };
}

describe.each(PRIMITIVES)('posting invariants: $name', (primitive) => {
  it('posts a payout, a stake and a stake-and-payout as one balanced entry each; balances equal their postings', async () => {
    const w = await world();
    const moves = [payout(100n), stake(30n), { key: randomUUID(), stake: 10n, payout: 25n }];
    for (const move of moves) expect(await primitive.post(w, move)).toBe('posted');
    const entries = await entriesOf(moves);
    expect(entries.map((e) => e.reference)).toEqual(moves.map((m) => m.key));
    expect(entries.map((e) => e.total)).toEqual(['0', '0', '0']);
    expect(entries.map((e) => e.postings)).toEqual([2, 2, 4]);
    expect(await balanceOf(w.wallet)).toBe(85n);
    expect(await balanceOf(w.house)).toBe(-85n);
    for (const account of [w.wallet, w.house]) {
      const { total, last } = await postedOf(account);
      expect(total).toBe(await balanceOf(account));
      expect(last).toBe(total);
    }
  });

  it("refuses a stake the wallet cannot afford and moves nothing; the platform's account goes below zero", async () => {
    const w = await world();
    expect(await primitive.post(w, payout(100n))).toBe('posted');
    const tooMuch = stake(101n);
    expect(await primitive.post(w, tooMuch)).toBe('insufficient');
    expect(await entriesOf([tooMuch])).toEqual([]);
    expect(await balanceOf(w.wallet)).toBe(100n);
    expect(await balanceOf(w.house)).toBe(-100n);
    // The whole balance may go.
    expect(await primitive.post(w, stake(100n))).toBe('posted');
    expect(await balanceOf(w.wallet)).toBe(0n);
  });

  it('posts one entry per key: the same key again moves nothing', async () => {
    const w = await world();
    const credit = payout(100n);
    expect(await primitive.post(w, credit)).toBe('posted');
    expect(await primitive.post(w, credit)).toBe('duplicate');
    const debit = stake(40n);
    expect(await primitive.post(w, debit)).toBe('posted');
    expect(await primitive.post(w, debit)).toBe('duplicate');
    expect((await entriesOf([credit, debit])).length).toBe(2);
    expect(await balanceOf(w.wallet)).toBe(60n);
  });

  it('lets exactly floor(balance / stake) of parallel stakes through, the wallet never below zero', async () => {
    const w = await world();
    expect(await primitive.post(w, payout(100n))).toBe('posted');
    const outcomes = await Promise.all(Array.from({ length: 10 }, () => primitive.post(w, stake(30n))));
    expect(outcomes.filter((o) => o === 'posted')).toHaveLength(3);
    expect(outcomes.filter((o) => o === 'insufficient')).toHaveLength(7);
    expect(await balanceOf(w.wallet)).toBe(10n);
  });

  it('asks the stake gate before a stake: refused, nothing moves, nothing kept; a payout is not asked', async () => {
    const w = await world();
    await refuseStakesOf(ctx.db, [w.memberId]);
    expect(await primitive.post(w, payout(100n))).toBe('posted');
    const refused = stake(10n);
    expect(await primitive.post(w, refused)).toBe('refused');
    expect(await primitive.post(w, { key: randomUUID(), stake: 10n, payout: 5n })).toBe('refused');
    expect(await entriesOf([refused])).toEqual([]);
    expect(await balanceOf(w.wallet)).toBe(100n);
    // Another member's stake passes the same gate.
    const other = await world();
    expect(await primitive.post(other, payout(10n))).toBe('posted');
    expect(await primitive.post(other, stake(10n))).toBe('posted');
    // Nothing of the refused stake was kept: the same key posts once the gate lets it.
    await restoreStakeGates(ctx.db);
    expect(await primitive.post(w, refused)).toBe('posted');
    expect(await balanceOf(w.wallet)).toBe(90n);
  });
});
