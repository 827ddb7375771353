import type { Db } from '../../db/database.ts';
import type { Executor, Tx } from '../../db/executor.ts';
import { AppError } from '../../http/app-error.ts';
import { sha256Hex } from '../../lib/hashing.ts';
import { moneyTransaction, postBatch } from '../wallet/ledger.service.ts';

/** PostgreSQL's lock_not_available: a row stayed locked longer than the pool's lock_timeout. */
const LOCK_NOT_AVAILABLE = '55P03';

/**
 * The lottery's money transactions: the ledger's moneyTransaction (deadlocks and serialization
 * failures retried, then wallet_busy), and a lock wait past the pool's lock_timeout answered as the
 * temporary wallet_busy too, never as a fault: nothing was kept, the client may send it again.
 */
export async function lotteryMoney<T>(db: Db, work: (trx: Tx) => Promise<T>): Promise<T> {
  try {
    return await moneyTransaction(db, work);
  } catch (error) {
    if ((error as { code?: unknown }).code === LOCK_NOT_AVAILABLE)
      throw new AppError('wallet_busy', { cause: error });
    throw error;
  }
}

/**
 * A lottery movement: one journal entry of two postings, `amount` from one account to another.
 * `stake` marks a member's stake on a numero (a bet, a chase step): the wallet's stake gate is
 * asked before it posts.
 */
export type Transfer = {
  key: string;
  /** The lottery's journal kinds (lottery.ledger-kinds.ts); the kinds scan reads this union. */
  kind:
    | 'lottery_bet'
    | 'lottery_chase_stake'
    | 'lottery_win'
    | 'lottery_refund'
    | 'lottery_chase_hold'
    | 'lottery_chase_return';
  reference: string;
  metadata: Record<string, string> & { memberId: string };
  from: string;
  to: string;
  amount: bigint;
  stake?: boolean;
};

export type Posted = {
  /** Keys posted now, with their entry id; a key the ledger held already is absent (a replay). */
  entries: Map<string, string>;
  /** Balance of each account touched, after the batch. */
  balances: Map<string, bigint>;
};

function requestHashOf(transfer: Transfer): string {
  return sha256Hex(`${transfer.kind}|${transfer.key}|${transfer.from}|${transfer.to}|${transfer.amount}`);
}

/**
 * Posts the lottery's movements through the wallet's batch posting (postBatch): any number of
 * transfers in a fixed number of statements, so settling a numero pays thousands of winning orders
 * per batch. Lock order `wallets_first`: the accounts that may not go negative (wallets, holds) by
 * id, then the house accounts by id. Every lottery movement follows it (the lottery's house
 * accounts move only here), so a settlement batch and a member's order never wait for each other
 * in a circle, and the hot house rows are held last, for the shortest time. A transfer of 0 posts
 * nothing.
 */
export async function postTransfers(
  trx: Executor,
  brandId: string,
  currency: string,
  transfers: readonly Transfer[],
): Promise<Posted> {
  const live = transfers.filter((t) => t.amount !== 0n);
  for (const t of live) {
    if (t.amount < 0n || t.from === t.to) throw new Error(`lottery ledger: bad transfer ${t.key}`);
  }
  const entries = new Map<string, string>();
  if (live.length === 0) return { entries, balances: new Map() };
  const { results, balances } = await postBatch(
    trx,
    live.map((t) => ({
      brandId,
      kind: t.kind,
      idempotencyKey: t.key,
      requestHash: requestHashOf(t),
      reference: t.reference,
      metadata: t.metadata,
      ...(t.stake ? { stake: { memberId: t.metadata.memberId, amount: t.amount } } : {}),
      legs: [
        { account: { id: t.from, currency }, amount: -t.amount },
        { account: { id: t.to, currency }, amount: t.amount },
      ],
    })),
    { lockOrder: 'wallets_first' },
  );
  live.forEach((t, i) => {
    const result = results[i];
    if (result?.status === 'posted') entries.set(t.key, result.entryId);
  });
  return { entries, balances };
}
