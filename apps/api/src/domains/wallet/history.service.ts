import { formatAmount, MAIN_WALLET_TYPE } from '@lotus/contracts/money';
import {
  HISTORY_LIMITS,
  type TransactionHistoryPage,
  type TransactionHistoryQuery,
} from '@lotus/contracts/wallet';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { historyPage, memberWallets } from './wallet.repository.ts';
import type { WalletBrand, WalletOwner } from './wallet.service.ts';

const DAY_MS = 86_400_000;

/** The range asked for, or the default (the past 7 days); from < to and at most 92 days apart. */
export function historyRange(
  query: { from?: string; to?: string },
  now = new Date(),
): { from: Date; to: Date } {
  const to = query.to === undefined ? now : new Date(query.to);
  const from =
    query.from === undefined
      ? new Date(to.getTime() - HISTORY_LIMITS.defaultRangeDays * DAY_MS)
      : new Date(query.from);
  if (Number.isNaN(to.getTime()) || Number.isNaN(from.getTime())) throw new AppError('history_range_invalid');
  if (from.getTime() > to.getTime() || to.getTime() - from.getTime() > HISTORY_LIMITS.maxRangeDays * DAY_MS) {
    throw new AppError('history_range_invalid');
  }
  return { from, to };
}

/**
 * The account record (transactionHistory): every posting on the member's own wallets (main and
 * vendor wallets), newest first, with its type, signed amount and the wallet's balance after it.
 */
export async function transactionHistory(
  db: Db,
  brand: WalletBrand,
  member: WalletOwner,
  query: TransactionHistoryQuery,
): Promise<TransactionHistoryPage> {
  const { from, to } = historyRange(query);
  const page = query.page ?? 1;
  const size = Math.min(query.size ?? HISTORY_LIMITS.defaultSize, HISTORY_LIMITS.maxSize);
  const wallets = await memberWallets(db, brand.id, member.id, brand.currency);
  const walletType = new Map(
    wallets.map((w) => [w.id, w.kind === 'member_vendor' ? Number(w.vendor_id) : MAIN_WALLET_TYPE]),
  );
  const { rows, total } = await historyPage(
    db,
    { accountIds: wallets.map((w) => w.id), from, to, ...(query.type ? { type: query.type } : {}) },
    page,
    size,
  );
  return {
    items: rows.map((r) => ({
      id: r.id,
      type: r.type,
      accountTypeId: walletType.get(r.account_id) ?? MAIN_WALLET_TYPE,
      amount: formatAmount(r.amount, brand.currency),
      balanceAfter: formatAmount(r.balance_after, brand.currency),
      time: r.created_at.getTime(),
      reference: r.reference || r.entry_id,
    })),
    total,
    page,
    size,
    from: from.getTime(),
    to: to.getTime(),
    currency: brand.currency,
    currencySymbol: brand.currencySymbol,
  };
}
