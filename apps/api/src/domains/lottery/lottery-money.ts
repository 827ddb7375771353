import type { Db } from '../../db/database.ts';
import type { Tx } from '../../db/executor.ts';
import { AppError } from '../../http/app-error.ts';
import { moneyTransaction } from '../wallet/ledger.service.ts';

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
