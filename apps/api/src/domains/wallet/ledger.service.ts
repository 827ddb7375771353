import { setTimeout as sleep } from 'node:timers/promises';
import type { Db } from '../../db/database.ts';
import type { Executor, Tx } from '../../db/executor.ts';
import { AppError } from '../../http/app-error.ts';
import {
  claimEntries,
  claimEntry,
  insertPostingRows,
  insertPostings,
  type LedgerAccount,
  type LockOrder,
  moveBalance,
  moveBalances,
  accountBalance as readBalance,
} from './ledger.repository.ts';
import { askStakeGate } from './stake-gate.ts';

/** A wallet held less than a debit asked for; `balance` is what it holds now (for the answer). */
export class InsufficientFunds extends AppError {
  readonly balance: bigint;
  readonly accountId: string;
  constructor(accountId: string, balance: bigint) {
    super('insufficient_balance');
    this.accountId = accountId;
    this.balance = balance;
  }
}

export type Leg = { account: LedgerAccount; amount: bigint };

/** A batch's leg: the account by id and currency (the batch reads whether it may go negative). */
export type BatchLeg = { account: Pick<LedgerAccount, 'id' | 'currency'>; amount: bigint };

/**
 * A stake: money a member puts at risk on a product (a bet). The primitive asks the stake gate
 * (stake-gate.ts) whether this member may stake this amount now before the entry moves anything.
 */
export type StakeMark = { memberId: string; amount: bigint };

export type EntrySpec<L extends BatchLeg = Leg> = {
  brandId: string;
  kind: string;
  /** Mandatory: claimed by the unique index (brand, key) in the same transaction as the postings. */
  idempotencyKey: string;
  /** Fingerprint of the request: the same key with another fingerprint is a mismatch. */
  requestHash: string;
  reference?: string;
  metadata?: Record<string, unknown>;
  /** Set on a stake: the gate is asked before it posts (a replay of a posted stake is not asked). */
  stake?: StakeMark;
  legs: L[];
};

export type PostedEntry = {
  entryId: string;
  /** True when the key already held an entry with the same fingerprint: nothing was applied now. */
  replayed: boolean;
  /** Balance of each account after this entry (empty for a replay). */
  balances: Map<string, bigint>;
};

/** Throws unless every currency's legs sum to zero and each leg is in its account's currency. */
export function assertBalanced(legs: readonly BatchLeg[]): void {
  const sums = new Map<string, bigint>();
  for (const leg of legs) {
    if (leg.account.currency === '' || leg.amount === 0n) throw new Error('ledger: empty leg');
    sums.set(leg.account.currency, (sums.get(leg.account.currency) ?? 0n) + leg.amount);
  }
  for (const [currency, sum] of sums) {
    if (sum !== 0n) throw new Error(`ledger: legs do not sum to zero in ${currency}`);
  }
}

/**
 * Posts one journal entry inside the caller's transaction: claims the idempotency key, moves each
 * balance with a conditional UPDATE (accounts locked in id order, so two entries never deadlock
 * on each other), then writes the postings with the balance after each. The zero-sum rule is
 * checked here before any write and again by the database's deferred trigger at commit.
 * Legs of amount 0 are dropped. A stake (`spec.stake`) claimed now asks the stake gate first.
 * Throws InsufficientFunds and stake_refused (nothing must be committed then: the caller rolls
 * back, or back to a savepoint) and idempotency_mismatch.
 */
export async function postEntry(trx: Executor, spec: EntrySpec): Promise<PostedEntry> {
  const legs = spec.legs.filter((l) => l.amount !== 0n);
  if (legs.length < 2) throw new Error('ledger: an entry needs at least two non-zero legs');
  assertBalanced(legs);
  const claim = await claimEntry(trx, {
    brandId: spec.brandId,
    kind: spec.kind,
    idempotencyKey: spec.idempotencyKey,
    requestHash: spec.requestHash,
    reference: spec.reference ?? '',
    metadata: spec.metadata ?? {},
  });
  if (claim.kind === 'exists') {
    if (claim.requestHash !== spec.requestHash) throw new AppError('idempotency_mismatch');
    return { entryId: claim.entryId, replayed: true, balances: new Map() };
  }
  // The stake gate: the one place this primitive asks it, after the claim, before any balance moves.
  if (spec.stake) await askStakeGate(trx, stakeAsk(spec, spec.stake));
  // Lock order: account id, then debits before credits of the same account.
  const ordered = legs
    .map((leg, index) => ({ leg, index }))
    .sort((a, b) => {
      const byId = BigInt(a.leg.account.id) - BigInt(b.leg.account.id);
      if (byId !== 0n) return byId < 0n ? -1 : 1;
      if (a.leg.amount < 0n !== b.leg.amount < 0n) return a.leg.amount < 0n ? -1 : 1;
      return a.index - b.index;
    });
  const balances = new Map<string, bigint>();
  const postings = [];
  for (const { leg } of ordered) {
    const after = await moveBalance(trx, leg.account, leg.amount);
    if (after === null) throw new InsufficientFunds(leg.account.id, await readBalance(trx, leg.account.id));
    balances.set(leg.account.id, after);
    postings.push({
      entryId: claim.entryId,
      accountId: leg.account.id,
      amount: leg.amount,
      currency: leg.account.currency,
      balanceAfter: after,
    });
  }
  await insertPostings(trx, postings);
  return { entryId: claim.entryId, replayed: false, balances };
}

export type BatchPosted = {
  entryId: string;
  /**
   * posted: applied now; replayed: the key already held this entry (same fingerprint), nothing
   * applied; mismatch: the key already held an entry of another fingerprint, nothing applied.
   */
  status: 'posted' | 'replayed' | 'mismatch';
};

export type BatchOutcome = {
  /** One per entry, in the order given. */
  results: BatchPosted[];
  /** Balance of each account the posted entries moved, after the batch (empty when none posted). */
  balances: Map<string, bigint>;
};

function stakeAsk(spec: { brandId: string; kind: string }, stake: StakeMark) {
  return { brandId: spec.brandId, memberId: stake.memberId, amount: stake.amount, kind: spec.kind };
}

/**
 * The wallet's batch posting: many journal entries inside the caller's transaction in a fixed
 * number of statements, whatever their count (the lottery's bets and settlements, the nightly
 * jobs' batches): every key claimed in one insert by the unique index, each account's net movement
 * applied in one conditional UPDATE with the accounts locked in `lockOrder` (moveBalances), then
 * every posting in one insert, each with its account's running balance after it in the order of
 * the entries. The rules are postEntry's: legs balanced per currency (checked here and by the
 * deferred trigger at commit), zero legs dropped, a wallet never below zero at any posting
 * (InsufficientFunds: nothing must be committed then), the stake gate asked for each stake claimed
 * now before anything moves (stake_refused: nothing must be committed then). Unlike postEntry, a
 * key already held is answered per entry (replayed or mismatch) instead of throwing, so one such
 * key does not abort the batch; the caller decides. Keys must be distinct within the batch.
 */
export async function postBatch(
  trx: Executor,
  specs: readonly EntrySpec<BatchLeg>[],
  options: { lockOrder?: LockOrder } = {},
): Promise<BatchOutcome> {
  const prepared = specs.map((spec) => {
    const legs = spec.legs.filter((l) => l.amount !== 0n);
    if (legs.length < 2) throw new Error('ledger: an entry needs at least two non-zero legs');
    assertBalanced(legs);
    return { spec, legs };
  });
  const keys = new Set(specs.map((s) => `${s.brandId}\u0000${s.idempotencyKey}`));
  if (keys.size !== specs.length) throw new Error('ledger: a batch names an idempotency key twice');
  const claims = await claimEntries(
    trx,
    specs.map((spec) => ({
      brandId: spec.brandId,
      kind: spec.kind,
      idempotencyKey: spec.idempotencyKey,
      requestHash: spec.requestHash,
      reference: spec.reference ?? '',
      metadata: spec.metadata ?? {},
    })),
  );
  const results: BatchPosted[] = claims.map((claim, i) =>
    claim.kind === 'claimed'
      ? { entryId: claim.entryId, status: 'posted' }
      : {
          entryId: claim.entryId,
          status: claim.requestHash === specs[i]?.requestHash ? 'replayed' : 'mismatch',
        },
  );
  const posted = prepared.filter((_, i) => results[i]?.status === 'posted');
  if (posted.length === 0) return { results, balances: new Map() };
  // The stake gate: the one place this primitive asks it, for each stake claimed now, before any
  // balance moves.
  await askStakeGate(
    trx,
    posted.flatMap(({ spec }) => (spec.stake ? [stakeAsk(spec, spec.stake)] : [])),
  );
  const accounts = new Map<string, { account: BatchLeg['account']; delta: bigint }>();
  for (const { legs } of posted)
    for (const leg of legs) {
      const a = accounts.get(leg.account.id) ?? { account: leg.account, delta: 0n };
      a.delta += leg.amount;
      accounts.set(leg.account.id, a);
    }
  // Every account of the batch, a net-zero one too (it is locked and answers its balance).
  const moved = await moveBalances(
    trx,
    [...accounts.values()].map((a) => ({ accountId: a.account.id, delta: a.delta })),
    options.lockOrder,
  );
  // Each account's balance before the batch, then its running balance posting after posting.
  const running = new Map<string, bigint>();
  const balances = new Map<string, bigint>();
  for (const { account, delta } of accounts.values()) {
    const after = moved.get(account.id);
    if (after === undefined) throw new InsufficientFunds(account.id, await readBalance(trx, account.id));
    running.set(account.id, after.balance - delta);
    balances.set(account.id, after.balance);
  }
  const rows = [];
  for (let i = 0; i < prepared.length; i += 1) {
    if (results[i]?.status !== 'posted') continue;
    const entryId = results[i]?.entryId ?? '';
    for (const leg of prepared[i]?.legs ?? []) {
      const balance = (running.get(leg.account.id) ?? 0n) + leg.amount;
      if (balance < 0n && !moved.get(leg.account.id)?.mayGoNegative)
        throw new InsufficientFunds(leg.account.id, await readBalance(trx, leg.account.id));
      running.set(leg.account.id, balance);
      rows.push({
        entryId,
        accountId: leg.account.id,
        amount: leg.amount,
        currency: leg.account.currency,
        balanceAfter: balance,
      });
    }
  }
  await insertPostingRows(trx, rows);
  return { results, balances };
}

/** postBatch answering only each entry's outcome (accounts locked in id order). */
export async function postEntries(trx: Executor, specs: readonly EntrySpec[]): Promise<BatchPosted[]> {
  return (await postBatch(trx, specs)).results;
}

/** Test hook: faults injected just before or just after a money transaction commits. */
export type LedgerFaults = {
  /** Runs inside the transaction after the work; throw (or run failing SQL) to abort it. */
  beforeCommit?: (trx: Tx, attempt: number) => Promise<void>;
  /** Runs after the commit, before the answer: throw to lose the reply (a crash after commit). */
  afterCommit?: (attempt: number) => Promise<void>;
};
let faults: LedgerFaults | null = null;

/** Installs (or with null removes) the fault hooks; only tests call this. */
export function setLedgerFaults(next: LedgerFaults | null): void {
  faults = next;
}

const RETRYABLE = new Set(['40001', '40P01']);
export const MONEY_TX_ATTEMPTS = 4;

function isRetryable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && RETRYABLE.has(code)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Runs `attempt` until it succeeds: serialization failures and deadlocks (40001, 40P01) are
 * retried with a short jittered pause, at most MONEY_TX_ATTEMPTS times, then answered as the
 * temporary `wallet_busy` (503) — never as insufficient funds. Anything else is thrown as it is.
 */
async function withMoneyRetries<T>(attempt: (n: number) => Promise<T>): Promise<T> {
  for (let n = 1; ; n += 1) {
    try {
      return await attempt(n);
    } catch (error) {
      if (!isRetryable(error)) throw error;
      if (n >= MONEY_TX_ATTEMPTS) throw new AppError('wallet_busy', { cause: error });
      await sleep(5 * n + Math.floor(Math.random() * 10));
    }
  }
}

/** Runs money work in one transaction, retried as withMoneyRetries says. */
export async function moneyTransaction<T>(db: Db, work: (trx: Tx) => Promise<T>): Promise<T> {
  let attempts = 0;
  const result = await withMoneyRetries((attempt) => {
    attempts = attempt;
    return db.transaction().execute(async (trx) => {
      const value = await work(trx);
      if (faults?.beforeCommit) await faults.beforeCommit(trx, attempt);
      return value;
    });
  });
  // After the commit, outside the retries: a failure here is a lost reply, never a second run.
  if (faults?.afterCommit) await faults.afterCommit(attempts);
  return result;
}

/**
 * Runs money work that is one SQL statement (a PL/pgSQL function doing a whole call): PostgreSQL
 * runs it in its own implicit transaction, so it costs one round trip instead of three with
 * BEGIN and COMMIT. Retried like moneyTransaction. While test fault hooks are installed it runs
 * inside moneyTransaction instead, the only way to inject a failure between the statement and its
 * commit; the statement is the same.
 */
export async function moneyStatement<T>(db: Db, run: (executor: Executor) => Promise<T>): Promise<T> {
  if (faults) return moneyTransaction(db, run);
  return withMoneyRetries(() => run(db));
}

/** Ledger accounts published to the other domains (their statements stay in the repository). */
export {
  type AccountRef,
  accountBalance,
  ensureAccount,
  ensureAccounts,
  type LedgerAccount,
  type LockOrder,
} from './ledger.repository.ts';
export { replaceStakeGateForTests, type StakeAsk, type StakeGate } from './stake-gate.ts';
