import { TRIAL_TYPE } from '@lotus/contracts/accounts';
import type { ErrorCode } from '@lotus/contracts/errors';
import { currencyScale, formatAmount, parseAmount } from '@lotus/contracts/money';
import type {
  SeamlessBalance,
  SeamlessBetRequest,
  SeamlessBetWinRequest,
  SeamlessRollbackRequest,
  SeamlessRound,
  SeamlessRoundEndRequest,
  SeamlessWinRequest,
} from '@lotus/contracts/seamless';
import { type RawBuilder, sql } from 'kysely';
import { type Db, preparedStatementMark } from '../../db/database.ts';
import type { Executor, Tx } from '../../db/executor.ts';
import { AppError } from '../../http/app-error.ts';
import { sha256Hex } from '../../lib/hashing.ts';
import {
  type AccountRef,
  accountBalance,
  ensureAccount,
  InsufficientFunds,
  type LedgerAccount,
  type Leg,
  moneyStatement,
  moneyTransaction,
  postEntry,
} from '../wallet/ledger.service.ts';
import { mainWalletRef, openMemberWallet, vendorWalletRef } from '../wallet/wallet.service.ts';
import { resolveVendorSession } from './vendor-session.service.ts';

/** The calling vendor, known once its signature has been checked. */
export type SeamlessVendor = {
  id: string;
  brandId: string;
  code: string;
  currency: string;
  currencySymbol: string;
};

/** What a seamless call answers; stored with its transaction so a retry gets exactly this again. */
export type SeamlessOutcome = { success: boolean; errorCode: string; value: SeamlessBalance | null };

type BetRow = {
  id: string;
  kind: string;
  member_id: string | null;
  amount: string;
  bet_state: string | null;
  vendor_wallet_id: string | null;
};

const brandOf = (v: SeamlessVendor) => ({
  id: v.brandId,
  currency: v.currency,
  currencySymbol: v.currencySymbol,
});

function amountOf(text: string, v: SeamlessVendor): bigint {
  const minor = parseAmount(text, v.currency);
  if (minor === null || minor < 0n) throw new AppError('amount_invalid');
  return minor;
}

function checkCurrency(currency: string | undefined, v: SeamlessVendor) {
  if (currency !== undefined && currency.toUpperCase() !== v.currency)
    throw new AppError('currency_mismatch');
}

function fingerprint(...parts: (string | bigint | undefined)[]): string {
  return sha256Hex(JSON.stringify(parts.map((p) => (p === undefined ? null : p.toString()))));
}

async function balanceValue(trx: Tx, v: SeamlessVendor, accountId: string): Promise<SeamlessBalance> {
  return { balance: formatAmount(await accountBalance(trx, accountId), v.currency), currency: v.currency };
}

const ok = (value: SeamlessBalance): SeamlessOutcome => ({ success: true, errorCode: '', value });
const refused = (errorCode: ErrorCode, value: SeamlessBalance | null): SeamlessOutcome => ({
  success: false,
  errorCode,
  value,
});

type Claim = { fresh: true; rowId: string } | { fresh: false; outcome: SeamlessOutcome };

/**
 * Claims a vendor transaction id by the unique index (vendor, transaction id) inside the money
 * transaction. Already there: same fingerprint -> the stored answer; a tombstone left by a rollback
 * refuses the bet; another fingerprint -> idempotency_mismatch.
 */
async function claim(
  trx: Tx,
  v: SeamlessVendor,
  transactionId: string,
  kind: string,
  hash: string,
): Promise<Claim> {
  const isBet = kind === 'bet' || kind === 'bet_win';
  const inserted = await trx
    .insertInto('seamless_transactions')
    .values({
      brand_id: v.brandId,
      vendor_id: v.id,
      transaction_id: transactionId,
      kind,
      request_hash: hash,
      bet_state: isBet ? 'open' : null,
    })
    .onConflict((oc) => oc.columns(['vendor_id', 'transaction_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) return { fresh: true, rowId: inserted.id };
  const row = await trx
    .selectFrom('seamless_transactions')
    .select(['kind', 'request_hash', 'answer'])
    .where('vendor_id', '=', v.id)
    .where('transaction_id', '=', transactionId)
    .executeTakeFirstOrThrow();
  if (row.kind === 'tombstone' && isBet) return { fresh: false, outcome: refused('bet_cancelled', null) };
  if (row.kind !== kind || row.request_hash !== hash) throw new AppError('idempotency_mismatch');
  return { fresh: false, outcome: row.answer as SeamlessOutcome };
}

async function finish(
  trx: Tx,
  rowId: string,
  outcome: SeamlessOutcome,
  fields: {
    memberId: string | null;
    roundId: string;
    gameId: string;
    currency: string;
    amount?: bigint;
    winAmount?: bigint;
    betTransactionId?: string;
    betState?: string;
    entryId?: string | null;
    /** The wallet a bet debited when it is not the main wallet (transfer mode). */
    wallet?: LedgerAccount;
  },
): Promise<SeamlessOutcome> {
  await trx
    .updateTable('seamless_transactions')
    .set({
      member_id: fields.memberId,
      round_id: fields.roundId,
      game_id: fields.gameId,
      currency: fields.currency,
      amount: (fields.amount ?? 0n).toString(),
      win_amount: (fields.winAmount ?? 0n).toString(),
      bet_transaction_id: fields.betTransactionId ?? null,
      ...(fields.betState ? { bet_state: fields.betState } : {}),
      error_code: outcome.errorCode,
      answer: JSON.stringify(outcome),
      entry_id: fields.entryId ?? null,
      ...(fields.wallet?.kind === 'member_vendor' ? { vendor_wallet_id: fields.wallet.id } : {}),
      updated_at: new Date(),
    })
    .where('id', '=', rowId)
    .execute();
  return outcome;
}

/**
 * Ledger accounts the seamless calls have seen, per database: an account's id, kind and currency
 * never change once it exists, and every bet and win needs the vendor's account and the player's
 * wallet, so remembering them saves reads on the hottest money path. Only accounts that existed
 * before the current transaction are remembered (one created by a transaction that then rolls back
 * must not be), and the map is bounded.
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
  // One created outside a transaction is committed already.
  if (!created || executor === db) rememberAccount(db, ref, account);
  return account;
}

/**
 * The vendor's side of its players' bets is split over this many ledger accounts (kind `vendor`,
 * the same vendor_id), chosen by member: every bet and win updates the vendor's side and holds
 * its row lock until commit, so with a single account all the vendor's players would queue on one
 * row. The vendor's position is the sum of its `vendor` accounts. 64 rather than 16: with 10 calls in
 * the database at once, 16 accounts made about 4 calls in 10 wait for another's commit (row-lock
 * waits sampled under the seamless benchmark fell by two thirds at 64). A win credits the account
 * of its bet's member by the count in force, so changing it never strands a balance: the vendor's
 * position is still the sum.
 */
export const VENDOR_ACCOUNT_SHARDS = 64;

function vendorAccount(db: Db, trx: Executor, v: SeamlessVendor, memberId: string) {
  const shard = BigInt(memberId) % BigInt(VENDOR_ACCOUNT_SHARDS);
  return knownAccount(db, trx, {
    brandId: v.brandId,
    kind: 'vendor',
    ownerKey: `vendor:${v.id}:${shard}`,
    vendorId: v.id,
    currency: v.currency,
  });
}

function memberWallet(db: Db, trx: Tx, v: SeamlessVendor, memberId: string) {
  return knownAccount(db, trx, mainWalletRef(brandOf(v), memberId));
}

/** The round's status, opening it on first sight; a share lock keeps it open until this commits. */
async function roundStatus(trx: Tx, v: SeamlessVendor, roundId: string, gameId: string): Promise<string> {
  await trx
    .insertInto('seamless_rounds')
    .values({ brand_id: v.brandId, vendor_id: v.id, round_id: roundId, game_id: gameId })
    .onConflict((oc) => oc.columns(['vendor_id', 'round_id']).doNothing())
    .execute();
  const row = await trx
    .selectFrom('seamless_rounds')
    .select('status')
    .where('vendor_id', '=', v.id)
    .where('round_id', '=', roundId)
    .forShare()
    .executeTakeFirstOrThrow();
  return row.status;
}

type Posted = { entryId: string | null; balances: Map<string, bigint> };

/**
 * Posts the legs. When a leg debits a wallet that may refuse (insufficient funds), under a savepoint
 * so that the refusal leaves the claim in place to be answered; the savepoint is not released
 * explicitly (the commit does it), which keeps a round trip out of the time the accounts are locked.
 * Credits and debits of accounts that may go negative cannot be refused: no savepoint then.
 */
async function postOrRefuse(
  trx: Tx,
  v: SeamlessVendor,
  transactionId: string,
  kind: string,
  hash: string,
  legs: Leg[],
): Promise<Posted | InsufficientFunds> {
  if (legs.every((l) => l.amount === 0n)) return { entryId: null, balances: new Map() };
  const post = () =>
    postEntry(trx, {
      brandId: v.brandId,
      kind: `seamless_${kind}`,
      idempotencyKey: `seamless:${v.id}:${transactionId}`,
      requestHash: hash,
      reference: transactionId,
      metadata: { vendor: v.code },
      legs,
    });
  if (!legs.some((l) => l.amount < 0n && !l.account.mayGoNegative)) {
    const posted = await post();
    return { entryId: posted.entryId, balances: posted.balances };
  }
  await sql`savepoint seamless_post`.execute(trx);
  try {
    const posted = await post();
    return { entryId: posted.entryId, balances: posted.balances };
  } catch (error) {
    if (!(error instanceof InsufficientFunds)) throw error;
    await sql`rollback to savepoint seamless_post`.execute(trx);
    return error;
  }
}

/** The wallet's balance after a posting: from the posting's own UPDATE when it moved the wallet. */
async function balanceAfter(
  trx: Tx,
  v: SeamlessVendor,
  wallet: LedgerAccount,
  posted: Posted,
): Promise<SeamlessBalance> {
  const after = posted.balances.get(wallet.id);
  return after === undefined
    ? balanceValue(trx, v, wallet.id)
    : { balance: formatAmount(after, v.currency), currency: v.currency };
}

/**
 * A bet's player, from the vendor session token, and the wallet the game plays from: the main
 * wallet (opened first, with a trial account's demo credit), or in the transfer mode the member's
 * wallet at this vendor. Trial accounts always play from the main wallet (their demo balance).
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
  return ok({
    balance: formatAmount(await accountBalance(db, player.wallet.id), v.currency),
    currency: v.currency,
  });
}

/** A bet and a win are the calls of every game round: prepared once per database connection. */
const PREPARED_BET = sql.raw(preparedStatementMark('seamless_bet'));
const PREPARED_WIN = sql.raw(preparedStatementMark('seamless_win'));

/** The player's main wallet does not exist yet: the service opens it (see seamlessBet). */
class WalletNotOpen extends Error {}

/**
 * Runs one of the seamless functions of migration 0008 (the whole call in one statement, so one
 * round trip): retried on serialization failures and deadlocks like every money call, and its
 * `seamless:<code>` refusals answered as that catalogue error (the statement, and with it the
 * claim, rolls back).
 */
async function runSeamlessFunction(db: Db, query: RawBuilder<{ outcome: SeamlessOutcome }>) {
  return moneyStatement(db, async (executor) => {
    try {
      const { rows } = await query.execute(executor);
      const outcome = rows[0]?.outcome;
      if (!outcome) throw new Error('seamless function answered nothing');
      return outcome;
    } catch (error) {
      const code = /^seamless:([a-z_]+)$/.exec(error instanceof Error ? error.message : '')?.[1];
      if (code === 'wallet_not_open') throw new WalletNotOpen(code, { cause: error });
      if (code) throw new AppError(code as ErrorCode, { cause: error });
      throw error;
    }
  });
}

/**
 * A bet, all in the database (seamless_bet): the claim of its id, the player behind the token and
 * the wallet it plays from, the round check, the debit and the stored answer. A player whose main
 * wallet was never opened has it opened here first (a trial account gets its demo balance then),
 * and the bet runs again; nothing was kept of the first run.
 */
export async function seamlessBet(
  db: Db,
  v: SeamlessVendor,
  req: SeamlessBetRequest,
): Promise<SeamlessOutcome> {
  checkCurrency(req.currency, v);
  const amount = amountOf(req.amount, v);
  const hash = fingerprint('bet', req.transactionId, req.roundId, req.gameId, amount, req.currency);
  const run = () =>
    runSeamlessFunction(
      db,
      sql<{ outcome: SeamlessOutcome }>`${PREPARED_BET}select seamless_bet(
        ${v.brandId}::bigint, ${v.id}::bigint, ${v.code}, ${req.transactionId}, ${hash},
        ${req.roundId}, ${req.gameId}, ${sha256Hex(req.token)}, ${TRIAL_TYPE}::integer,
        ${amount.toString()}::bigint, ${v.currency}, ${currencyScale(v.currency)}::integer,
        ${VENDOR_ACCOUNT_SHARDS}::integer
      ) as outcome`,
    );
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof WalletNotOpen)) throw error;
    if (!(await playerOf(db, v, req.token))) throw new AppError('vendor_session_invalid');
    return run();
  }
}

/** The vendor wallet a transfer-mode bet debited (its win or rollback credits it), else null. */
function walletOfBet(v: SeamlessVendor, bet: BetRow): LedgerAccount | null {
  if (!bet.vendor_wallet_id) return null;
  return {
    id: bet.vendor_wallet_id,
    brandId: v.brandId,
    kind: 'member_vendor',
    currency: v.currency,
    mayGoNegative: false,
  };
}

async function lockBet(trx: Tx, v: SeamlessVendor, betTransactionId: string): Promise<BetRow | undefined> {
  return trx
    .selectFrom('seamless_transactions')
    .select(['id', 'kind', 'member_id', 'amount', 'bet_state', 'vendor_wallet_id'])
    .where('vendor_id', '=', v.id)
    .where('transaction_id', '=', betTransactionId)
    .forUpdate()
    .executeTakeFirst();
}

const BET_KINDS = new Set(['bet', 'bet_win', 'tombstone']);

export async function seamlessWin(
  db: Db,
  v: SeamlessVendor,
  req: SeamlessWinRequest,
): Promise<SeamlessOutcome> {
  checkCurrency(req.currency, v);
  const amount = amountOf(req.amount, v);
  const hash = fingerprint(
    'win',
    req.transactionId,
    req.betTransactionId,
    req.roundId,
    req.gameId,
    amount,
    req.currency,
  );
  return runSeamlessFunction(
    db,
    sql<{ outcome: SeamlessOutcome }>`${PREPARED_WIN}select seamless_win(
      ${v.brandId}::bigint, ${v.id}::bigint, ${v.code}, ${req.transactionId}, ${hash},
      ${req.betTransactionId}, ${req.roundId}, ${req.gameId}, ${amount.toString()}::bigint,
      ${v.currency}, ${currencyScale(v.currency)}::integer, ${VENDOR_ACCOUNT_SHARDS}::integer
    ) as outcome`,
  );
}

export async function seamlessRollback(
  db: Db,
  v: SeamlessVendor,
  req: SeamlessRollbackRequest,
): Promise<SeamlessOutcome> {
  checkCurrency(req.currency, v);
  const stated = req.amount === undefined ? undefined : amountOf(req.amount, v);
  const hash = fingerprint(
    'rollback',
    req.transactionId,
    req.betTransactionId,
    req.roundId,
    req.gameId,
    stated,
  );
  return moneyTransaction(db, async (trx) => {
    const c = await claim(trx, v, req.transactionId, 'rollback', hash);
    if (!c.fresh) return c.outcome;
    const fields = {
      roundId: req.roundId,
      gameId: req.gameId,
      currency: v.currency,
      betTransactionId: req.betTransactionId,
    };
    let bet = await lockBet(trx, v, req.betTransactionId);
    if (!bet) {
      // The rollback overtook its bet: leave a tombstone so the bet, when it comes, is refused.
      const tombstone = await trx
        .insertInto('seamless_transactions')
        .values({
          brand_id: v.brandId,
          vendor_id: v.id,
          transaction_id: req.betTransactionId,
          kind: 'tombstone',
          request_hash: '',
          round_id: req.roundId,
          game_id: req.gameId,
          bet_state: 'cancelled',
          error_code: 'bet_cancelled',
          answer: JSON.stringify(refused('bet_cancelled', null)),
        })
        .onConflict((oc) => oc.columns(['vendor_id', 'transaction_id']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (tombstone)
        return finish(trx, c.rowId, refused('bet_not_found', null), { ...fields, memberId: null });
      bet = await lockBet(trx, v, req.betTransactionId);
    }
    if (!bet || !BET_KINDS.has(bet.kind)) throw new AppError('bet_not_found');
    if (bet.kind === 'tombstone' || !bet.member_id) {
      return finish(trx, c.rowId, refused('bet_not_found', null), { ...fields, memberId: null });
    }
    const wallet = walletOfBet(v, bet) ?? (await memberWallet(db, trx, v, bet.member_id));
    const memberFields = { ...fields, memberId: bet.member_id };
    if (bet.bet_state === 'won') {
      return finish(
        trx,
        c.rowId,
        refused('bet_already_settled', await balanceValue(trx, v, wallet.id)),
        memberFields,
      );
    }
    if (bet.bet_state === 'rolled_back' || bet.bet_state === 'refused') {
      // Already cancelled (another rollback id) or never taken: success, nothing credited again.
      return finish(trx, c.rowId, ok(await balanceValue(trx, v, wallet.id)), memberFields);
    }
    const refund = BigInt(bet.amount);
    if (stated !== undefined && stated !== refund) throw new AppError('amount_invalid');
    const source = await vendorAccount(db, trx, v, bet.member_id);
    // Before the money moves, as for a win: the accounts stay locked one statement less.
    await trx
      .updateTable('seamless_transactions')
      .set({ bet_state: 'rolled_back', updated_at: new Date() })
      .where('id', '=', bet.id)
      .execute();
    const posted = await postOrRefuse(trx, v, req.transactionId, 'rollback', hash, [
      { account: source, amount: -refund },
      { account: wallet, amount: refund },
    ]);
    if (posted instanceof InsufficientFunds) throw posted;
    return finish(trx, c.rowId, ok(await balanceAfter(trx, v, wallet, posted)), {
      ...memberFields,
      amount: refund,
      entryId: posted.entryId,
    });
  });
}

export async function seamlessBetWin(
  db: Db,
  v: SeamlessVendor,
  req: SeamlessBetWinRequest,
): Promise<SeamlessOutcome> {
  checkCurrency(req.currency, v);
  const bet = amountOf(req.betAmount, v);
  const win = amountOf(req.winAmount, v);
  const hash = fingerprint('bet_win', req.transactionId, req.roundId, req.gameId, bet, win, req.currency);
  const player = await playerOf(db, v, req.token);
  return moneyTransaction(db, async (trx) => {
    const c = await claim(trx, v, req.transactionId, 'bet_win', hash);
    if (!c.fresh) return c.outcome;
    if (!player) throw new AppError('vendor_session_invalid');
    const { wallet, memberId } = player;
    const fields = {
      memberId,
      roundId: req.roundId,
      gameId: req.gameId,
      currency: v.currency,
      amount: bet,
      winAmount: win,
    };
    if ((await roundStatus(trx, v, req.roundId, req.gameId)) !== 'open') {
      const outcome = refused('round_closed', await balanceValue(trx, v, wallet.id));
      return finish(trx, c.rowId, outcome, { ...fields, betState: 'refused', wallet });
    }
    const house = await vendorAccount(db, trx, v, memberId);
    // Debit before credit on the wallet: the player must afford the stake, whatever the win.
    const posted = await postOrRefuse(trx, v, req.transactionId, 'bet_win', hash, [
      { account: wallet, amount: -bet },
      { account: house, amount: bet },
      { account: house, amount: -win },
      { account: wallet, amount: win },
    ]);
    if (posted instanceof InsufficientFunds) {
      const outcome = refused('insufficient_balance', {
        balance: formatAmount(posted.balance, v.currency),
        currency: v.currency,
      });
      return finish(trx, c.rowId, outcome, { ...fields, betState: 'refused', wallet });
    }
    return finish(trx, c.rowId, ok(await balanceAfter(trx, v, wallet, posted)), {
      ...fields,
      betState: win > 0n ? 'won' : 'settled',
      entryId: posted.entryId,
      wallet,
    });
  });
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
  return moneyTransaction(db, async (trx) => {
    await trx
      .insertInto('seamless_rounds')
      .values({ brand_id: v.brandId, vendor_id: v.id, round_id: req.roundId, game_id: req.gameId })
      .onConflict((oc) => oc.columns(['vendor_id', 'round_id']).doNothing())
      .execute();
    const round = await trx
      .selectFrom('seamless_rounds')
      .select(['id', 'status'])
      .where('vendor_id', '=', v.id)
      .where('round_id', '=', req.roundId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (round.status === 'settled' || round.status === 'cancelled') {
      return { roundId: req.roundId, status: round.status };
    }
    await trx
      .updateTable('seamless_transactions')
      .set({ bet_state: 'settled', updated_at: new Date() })
      .where('vendor_id', '=', v.id)
      .where('round_id', '=', req.roundId)
      .where('kind', 'in', ['bet', 'bet_win'])
      .where('bet_state', '=', 'open')
      .execute();
    const live = await trx
      .selectFrom('seamless_transactions')
      .select(sql<string>`count(*)`.as('n'))
      .where('vendor_id', '=', v.id)
      .where('round_id', '=', req.roundId)
      .where('kind', 'in', ['bet', 'bet_win'])
      .where('bet_state', 'in', ['won', 'settled'])
      .executeTakeFirstOrThrow();
    const status = Number(live.n) > 0 ? 'settled' : 'cancelled';
    await trx
      .updateTable('seamless_rounds')
      .set({ status, closed_at: new Date() })
      .where('id', '=', round.id)
      .execute();
    return { roundId: req.roundId, status };
  });
}

/**
 * Rounds are never open forever: a round with no round-end after `olderThanMinutes` is closed as
 * the vendor's round end would close it (open bets settled as lost, or cancelled when no bet
 * stands). Meant for a scheduled job; answers how many rounds it closed.
 */
export async function closeStaleRounds(db: Db, olderThanMinutes: number): Promise<number> {
  const stale = await db
    .selectFrom('seamless_rounds')
    .innerJoin('vendors', 'vendors.id', 'seamless_rounds.vendor_id')
    .innerJoin('brands', 'brands.id', 'seamless_rounds.brand_id')
    .select([
      'seamless_rounds.round_id',
      'seamless_rounds.game_id',
      'vendors.id as vendor_id',
      'vendors.code',
      'brands.id as brand_id',
      'brands.currency',
      'brands.currency_symbol',
    ])
    .where('seamless_rounds.status', '=', 'open')
    .where('seamless_rounds.created_at', '<', new Date(Date.now() - olderThanMinutes * 60_000))
    .orderBy('seamless_rounds.id')
    .limit(1000)
    .execute();
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
