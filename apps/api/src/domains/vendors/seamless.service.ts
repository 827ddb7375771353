import { TRIAL_TYPE } from '@lotus/contracts/accounts';
import type { ErrorCode } from '@lotus/contracts/errors';
import { currencyScale, formatAmount, parseAmount } from '@lotus/contracts/money';
import type {
  SeamlessBetRequest,
  SeamlessBetWinRequest,
  SeamlessRollbackRequest,
  SeamlessRound,
  SeamlessRoundEndRequest,
  SeamlessWinRequest,
} from '@lotus/contracts/seamless';
import type { Db } from '../../db/database.ts';
import type { Executor } from '../../db/executor.ts';
import { AppError } from '../../http/app-error.ts';
import { sha256Hex } from '../../lib/hashing.ts';
import {
  type AccountRef,
  accountBalance,
  ensureAccount,
  type LedgerAccount,
  moneyStatement,
} from '../wallet/ledger.service.ts';
import { refusalFromSql } from '../wallet/stake-gate.ts';
import { mainWalletRef, openMemberWallet, vendorWalletRef } from '../wallet/wallet.service.ts';
import {
  type CallBase,
  callBet,
  callBetWin,
  callRollback,
  callRoundEnd,
  callWin,
  findStaleRounds,
  type SeamlessOutcome,
} from './seamless.repository.ts';
import { resolveVendorSession } from './vendor-session.service.ts';

export type { SeamlessOutcome } from './seamless.repository.ts';

/** The calling vendor, known once its signature has been checked. */
export type SeamlessVendor = {
  id: string;
  brandId: string;
  code: string;
  currency: string;
  currencySymbol: string;
};

const brandOf = (v: SeamlessVendor) => ({
  id: v.brandId,
  currency: v.currency,
  currencySymbol: v.currencySymbol,
});

/** The largest balance or amount the ledger holds (PostgreSQL bigint). */
const INT8_MAX = 2n ** 63n - 1n;

function amountOf(text: string, v: SeamlessVendor): bigint {
  const minor = parseAmount(text, v.currency);
  if (minor === null || minor < 0n || minor > INT8_MAX) throw new AppError('amount_invalid');
  return minor;
}

/**
 * Database errors a seamless call answers with a catalogue code, the statement rolled back so
 * nothing changed: a lock not granted within the functions' lock_timeout, or a statement past the
 * pool's statement_timeout, is the temporary wallet_busy (retry the same transaction id); a credit
 * that would take a balance past the bigint range is amount_invalid.
 */
const SQLSTATE_ERRORS: Record<string, ErrorCode> = {
  '55P03': 'wallet_busy',
  '57014': 'wallet_busy',
  '22003': 'amount_invalid',
};

function catalogueError(error: unknown): AppError | null {
  const state = (error as { code?: unknown } | null)?.code;
  const code = typeof state === 'string' ? SQLSTATE_ERRORS[state] : undefined;
  return code ? new AppError(code, { cause: error }) : null;
}

function checkCurrency(currency: string | undefined, v: SeamlessVendor) {
  if (currency !== undefined && currency.toUpperCase() !== v.currency)
    throw new AppError('currency_mismatch');
}

/**
 * A call's content: what its transaction id is bound to (same id, other content: a mismatch). The
 * player's session token (its hash) is part of it, so the same id from another player or session
 * is a mismatch too and never answers another player's stored answer.
 */
function fingerprint(...parts: (string | bigint | undefined)[]): string {
  return sha256Hex(JSON.stringify(parts.map((p) => (p === undefined ? null : p.toString()))));
}

/**
 * Ledger accounts the seamless calls have seen, per database: an account's id, kind and currency
 * never change once it exists, so remembering the player's wallet saves a read per balance call.
 * Only accounts that are committed are remembered, and the map is bounded.
 */
const ACCOUNT_CACHE_LIMIT = 50_000;
const knownAccounts = new WeakMap<Db, Map<string, LedgerAccount>>();

function accountKey(ref: AccountRef): string {
  return `${ref.brandId}|${ref.kind}|${ref.ownerKey}|${ref.currency}`;
}

function rememberAccount(db: Db, ref: AccountRef, account: LedgerAccount): void {
  let accounts = knownAccounts.get(db);
  if (!accounts) {
    accounts = new Map();
    knownAccounts.set(db, accounts);
  }
  if (accounts.size >= ACCOUNT_CACHE_LIMIT) accounts.clear();
  accounts.set(accountKey(ref), account);
}

async function knownAccount(db: Db, executor: Executor, ref: AccountRef): Promise<LedgerAccount> {
  const hit = knownAccounts.get(db)?.get(accountKey(ref));
  if (hit) return hit;
  const { account, created } = await ensureAccount(executor, ref);
  if (!created || executor === db) rememberAccount(db, ref, account);
  return account;
}

/**
 * The vendor's side of its players' bets is split over this many ledger accounts (kind `vendor`,
 * the same vendor_id), chosen by member: every bet and win updates the vendor's side and holds
 * its row lock until commit, so with a single account all the vendor's players would queue on one
 * row. The vendor's position is the sum of its `vendor` accounts. 64 rather than 16: with 10 calls in
 * the database at once, 16 accounts made about 4 calls in 10 wait for another's commit (row-lock
 * waits sampled under the seamless benchmark fell by two thirds at 64); 256 rather than 64 (issue
 * 23): at 64 still about one call in seven found its shard held by another member's call (9 others
 * in flight over 64 rows), at 256 about one in thirty. A win credits the account
 * of its bet's member by the count in force, so changing it never strands a balance: the vendor's
 * position is still the sum.
 */
export const VENDOR_ACCOUNT_SHARDS = 256;

const baseOf = (v: SeamlessVendor): CallBase => ({
  brandId: v.brandId,
  vendorId: v.id,
  vendorCode: v.code,
  currency: v.currency,
  scale: currencyScale(v.currency),
  shards: VENDOR_ACCOUNT_SHARDS,
});

/**
 * A player's wallet, from the vendor session token: the main wallet (opened first, with a trial
 * account's demo credit), or in the transfer mode the member's wallet at this vendor. Trial
 * accounts always play from the main wallet (their demo balance).
 */
async function playerOf(
  db: Db,
  v: SeamlessVendor,
  token: string,
): Promise<{ wallet: LedgerAccount; memberId: string } | null> {
  const session = await resolveVendorSession(db, v.id, token);
  if (!session) return null;
  if (!session.singleWallet && session.isAgent !== TRIAL_TYPE) {
    const wallet = await knownAccount(db, db, vendorWalletRef(brandOf(v), session.memberId, v.id));
    return { wallet, memberId: session.memberId };
  }
  const ref = mainWalletRef(brandOf(v), session.memberId);
  let wallet = knownAccounts.get(db)?.get(accountKey(ref));
  if (!wallet) {
    // Opened (and committed) here when new, so it may be remembered either way.
    wallet = await openMemberWallet(db, brandOf(v), {
      id: session.memberId,
      brandId: v.brandId,
      isAgent: session.isAgent,
    });
    rememberAccount(db, ref, wallet);
  }
  return { wallet, memberId: session.memberId };
}

export async function seamlessBalance(db: Db, v: SeamlessVendor, token: string): Promise<SeamlessOutcome> {
  const player = await playerOf(db, v, token);
  if (!player) throw new AppError('vendor_session_invalid');
  return {
    success: true,
    errorCode: '',
    value: {
      balance: formatAmount(await accountBalance(db, player.wallet.id), v.currency),
      currency: v.currency,
    },
  };
}

/**
 * One player's calls go to the database one at a time in this process (issue 23): a wallet whose
 * row stays locked (a stuck transaction, a long report) otherwise had every call of that player
 * hold a pool connection while it waited for the lock, and with a vendor calling on more
 * connections than the pool has, everybody else's bets waited behind them. Now one call of the
 * player waits in the database (at most the functions' lock_timeout, then wallet_busy) and the
 * player's other calls wait here, holding no connection; one that cannot start within
 * QUEUE_WAIT_MS answers wallet_busy without touching the database, as a lock timeout does.
 * The player is known by the session token's hash: a bet or bet-and-win carries the token, and a
 * win or rollback either carries it or names a bet this process saw (remembered per bet
 * transaction, bounded). A win or rollback for a bet placed through another process runs ungated.
 */
const QUEUE_WAIT_MS = 1_000;
/**
 * Calls of one player in the database at once, per process. One, as issue 23 asks; measured with 2
 * as well (bench/results/seamless-issue23.md): the hot player gained nothing, since what its calls
 * did in parallel before was the work ahead of the wallet lock, on up to the pool's 10 connections.
 */
const CALLS_PER_PLAYER = 1;
const BET_KEYS_LIMIT = 100_000;
type Gate = { inFlight: number; waiting: (() => void)[] };
const gates = new WeakMap<Db, Map<string, Gate>>();
const betKeys = new WeakMap<Db, Map<string, string>>();

function rememberBetKey(db: Db, vendorId: string, transactionId: string, key: string): void {
  let keys = betKeys.get(db);
  if (!keys) {
    keys = new Map();
    betKeys.set(db, keys);
  }
  if (keys.size >= BET_KEYS_LIMIT) keys.clear();
  keys.set(`${vendorId}|${transactionId}`, key);
}

/** The player key of a call: its token's hash, or the one its bet was placed with here. */
function playerKey(db: Db, vendorId: string, tokenHash: string | null, betTransactionId?: string) {
  if (tokenHash !== null) return tokenHash;
  if (betTransactionId === undefined) return null;
  return betKeys.get(db)?.get(`${vendorId}|${betTransactionId}`) ?? null;
}

/** Runs `call` once fewer than CALLS_PER_PLAYER calls of the same player are in the database. */
async function onePerPlayer<T>(db: Db, key: string | null, call: () => Promise<T>): Promise<T> {
  if (key === null) return call();
  let byKey = gates.get(db);
  if (!byKey) {
    byKey = new Map();
    gates.set(db, byKey);
  }
  let gate = byKey.get(key);
  if (!gate) {
    gate = { inFlight: 0, waiting: [] };
    byKey.set(key, gate);
  }
  if (gate.inFlight < CALLS_PER_PLAYER) gate.inFlight += 1;
  else {
    const waiting = gate.waiting;
    // A turn handed over keeps the count: the finishing call's place passes to this one.
    await new Promise<void>((resolve, reject) => {
      const turn = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        waiting.splice(waiting.indexOf(turn), 1);
        reject(new AppError('wallet_busy'));
      }, QUEUE_WAIT_MS);
      waiting.push(turn);
    });
  }
  try {
    return await call();
  } finally {
    const next = gate.waiting.shift();
    if (next) next();
    else {
      gate.inFlight -= 1;
      if (gate.inFlight === 0) byKey.delete(key);
    }
  }
}

/** The DETAIL of a database error (node-postgres and PGlite both name it `detail`). */
function sqlDetailOf(error: unknown): string | null {
  const detail = error && typeof error === 'object' ? (error as { detail?: unknown }).detail : undefined;
  return typeof detail === 'string' && detail.length > 0 ? detail : null;
}

/** The player's main wallet does not exist yet: the service opens it (see withOpenWallet). */
class WalletNotOpen extends Error {}

/**
 * Runs one seamless function (the whole call in one statement, so one round trip): retried on
 * serialization failures and deadlocks like every money call, and its `seamless:<code>` refusals
 * answered as that catalogue error (the statement, and with it the claim, rolls back).
 */
async function runSeamless(db: Db, call: (executor: Executor) => Promise<SeamlessOutcome>) {
  return moneyStatement(db, async (executor) => {
    try {
      return await call(executor);
    } catch (error) {
      const code = /^seamless:([a-z_]+)$/.exec(error instanceof Error ? error.message : '')?.[1];
      if (code === 'wallet_not_open') throw new WalletNotOpen(code, { cause: error });
      if (code) {
        // A stake gate's refusal carries its detail (a limit and when it frees) as the error's DETAIL.
        const refusal =
          code === 'stake_refused' || code.startsWith('limit_') ? refusalFromSql(sqlDetailOf(error)) : null;
        throw new AppError(code as ErrorCode, {
          cause: error,
          ...(refusal?.detail ? { detail: refusal.detail } : {}),
        });
      }
      throw catalogueError(error) ?? error;
    }
  });
}

/**
 * A call that takes money from the token's player (bet, bet-and-win): a player whose main wallet
 * was never opened has it opened here first (a trial account gets its demo balance then), and the
 * call runs again; nothing was kept of the first run.
 */
async function withOpenWallet(
  db: Db,
  v: SeamlessVendor,
  token: string,
  call: (executor: Executor) => Promise<SeamlessOutcome>,
): Promise<SeamlessOutcome> {
  try {
    return await runSeamless(db, call);
  } catch (error) {
    if (!(error instanceof WalletNotOpen)) throw error;
    if (!(await playerOf(db, v, token))) throw new AppError('vendor_session_invalid');
    return runSeamless(db, call);
  }
}

export async function seamlessBet(
  db: Db,
  v: SeamlessVendor,
  req: SeamlessBetRequest,
): Promise<SeamlessOutcome> {
  checkCurrency(req.currency, v);
  const amount = amountOf(req.amount, v);
  const tokenHash = sha256Hex(req.token);
  const hash = fingerprint(
    'bet',
    req.transactionId,
    req.roundId,
    req.gameId,
    amount,
    req.currency,
    tokenHash,
    // A free spin is bound to its grant: the same id with or without it is a mismatch.
    ...(req.freeRoundGrantId === undefined ? [] : [`fr:${req.freeRoundGrantId}`]),
  );
  const call = { ...req, hash, amount, tokenHash, trialType: TRIAL_TYPE };
  rememberBetKey(db, v.id, req.transactionId, tokenHash);
  return onePerPlayer(db, tokenHash, () =>
    withOpenWallet(db, v, req.token, (executor) => callBet(executor, baseOf(v), call)),
  );
}

export async function seamlessWin(
  db: Db,
  v: SeamlessVendor,
  req: SeamlessWinRequest,
): Promise<SeamlessOutcome> {
  checkCurrency(req.currency, v);
  const amount = amountOf(req.amount, v);
  const tokenHash = req.token === undefined ? null : sha256Hex(req.token);
  const hash = fingerprint(
    'win',
    req.transactionId,
    req.betTransactionId,
    req.roundId,
    req.gameId,
    amount,
    req.currency,
    tokenHash ?? undefined,
  );
  return onePerPlayer(db, playerKey(db, v.id, tokenHash, req.betTransactionId), () =>
    runSeamless(db, (executor) => callWin(executor, baseOf(v), { ...req, hash, amount, tokenHash })),
  );
}

export async function seamlessRollback(
  db: Db,
  v: SeamlessVendor,
  req: SeamlessRollbackRequest,
): Promise<SeamlessOutcome> {
  checkCurrency(req.currency, v);
  const amount = req.amount === undefined ? undefined : amountOf(req.amount, v);
  const tokenHash = req.token === undefined ? null : sha256Hex(req.token);
  const hash = fingerprint(
    'rollback',
    req.transactionId,
    req.betTransactionId,
    req.roundId,
    req.gameId,
    amount,
    tokenHash ?? undefined,
  );
  return onePerPlayer(db, playerKey(db, v.id, tokenHash, req.betTransactionId), () =>
    runSeamless(db, (executor) => callRollback(executor, baseOf(v), { ...req, hash, amount, tokenHash })),
  );
}

export async function seamlessBetWin(
  db: Db,
  v: SeamlessVendor,
  req: SeamlessBetWinRequest,
): Promise<SeamlessOutcome> {
  checkCurrency(req.currency, v);
  const bet = amountOf(req.betAmount, v);
  const win = amountOf(req.winAmount, v);
  const tokenHash = sha256Hex(req.token);
  const hash = fingerprint(
    'bet_win',
    req.transactionId,
    req.roundId,
    req.gameId,
    bet,
    win,
    req.currency,
    tokenHash,
    ...(req.freeRoundGrantId === undefined ? [] : [`fr:${req.freeRoundGrantId}`]),
  );
  const call = { ...req, hash, bet, win, tokenHash, trialType: TRIAL_TYPE };
  return onePerPlayer(db, tokenHash, () =>
    withOpenWallet(db, v, req.token, (executor) => callBetWin(executor, baseOf(v), call)),
  );
}

/**
 * Ends a round: its open bets become settled (lost) and the round `settled`, or `cancelled` when
 * every bet was rolled back or refused (or it never had one: a later bet on it is then refused).
 * Ending an ended round answers its status again.
 */
export async function seamlessRoundEnd(
  db: Db,
  v: SeamlessVendor,
  req: SeamlessRoundEndRequest,
): Promise<SeamlessRound> {
  const status = await moneyStatement(db, (executor) =>
    callRoundEnd(executor, {
      brandId: v.brandId,
      vendorId: v.id,
      roundId: req.roundId,
      gameId: req.gameId,
    }).catch((error: unknown) => {
      throw catalogueError(error) ?? error;
    }),
  );
  return { roundId: req.roundId, status };
}

/**
 * Rounds are never open forever: a round with no round-end after `olderThanMinutes` is closed as
 * the vendor's round end would close it (open bets settled as lost, or cancelled when no bet
 * stands). Meant for a scheduled job; answers how many rounds it closed.
 */
export async function closeStaleRounds(db: Db, olderThanMinutes: number): Promise<number> {
  const stale = await findStaleRounds(db, new Date(Date.now() - olderThanMinutes * 60_000));
  for (const r of stale) {
    const vendor = {
      id: r.vendor_id,
      brandId: r.brand_id,
      code: r.code,
      currency: r.currency,
      currencySymbol: r.currency_symbol,
    };
    await seamlessRoundEnd(db, vendor, { vendor: r.code, roundId: r.round_id, gameId: r.game_id });
  }
  return stale.length;
}
