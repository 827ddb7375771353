import type { Dashboard } from '@lotus/contracts/backoffice';
import { formatAmount } from '@lotus/contracts/money';
import type { Db } from '../../db/database.ts';
import type { Brand } from '../brands/brand.ts';
import { entriesToday, membersToday, pendingAdjustmentCount } from './dashboard.repository.ts';

/** Ledger entry kinds the dashboard counts as deposits and withdrawals (paid out). */
const DEPOSIT_KINDS = ['deposit'];
const WITHDRAWAL_KINDS = ['withdrawal_paid'];

export async function dashboard(db: Db, brand: Brand): Promise<Dashboard> {
  const [deposits, withdrawals, members, pending] = await Promise.all([
    entriesToday(db, brand.id, DEPOSIT_KINDS),
    entriesToday(db, brand.id, WITHDRAWAL_KINDS),
    membersToday(db, brand.id),
    pendingAdjustmentCount(db, brand.id),
  ]);
  return {
    currency: brand.currency,
    currencySymbol: brand.currencySymbol,
    depositsToday: { count: deposits.count, sum: formatAmount(deposits.sum, brand.currency) },
    withdrawalsToday: { count: withdrawals.count, sum: formatAmount(withdrawals.sum, brand.currency) },
    activeMembersToday: members.active,
    registrationsToday: members.registered,
    pendingAdjustments: pending,
  };
}
