import type { Dashboard } from '@lotus/contracts/backoffice';
import { formatAmount } from '@lotus/contracts/money';
import type { Db } from '../../db/database.ts';
import { dayWindow } from '../../lib/brand-time.ts';
import type { Brand } from '../brands/brand.ts';
import { entriesToday, membersToday, pendingAdjustmentCount } from './dashboard.repository.ts';

/** Ledger entry kinds the dashboard counts as deposits and withdrawals (paid out). */
const DEPOSIT_KINDS = ['deposit'];
const WITHDRAWAL_KINDS = ['withdrawal_paid'];

export async function dashboard(db: Db, brand: Brand, now = new Date()): Promise<Dashboard> {
  // "Today" is the brand's day: since midnight in its time zone.
  const since = dayWindow(now, brand.timeZone).from;
  const [deposits, withdrawals, members, pending] = await Promise.all([
    entriesToday(db, brand.id, DEPOSIT_KINDS, since),
    entriesToday(db, brand.id, WITHDRAWAL_KINDS, since),
    membersToday(db, brand.id, since),
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
