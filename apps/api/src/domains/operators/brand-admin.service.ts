import type { AuditPage, BrandSettingsBody, BrandSettingsView, Dashboard } from '@lotus/contracts/backoffice';
import { formatAmount } from '@lotus/contracts/money';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { invalidateDbCaches } from '../../lib/db-cache.ts';
import { findBrandByMerchantCode } from '../brands/brand.repository.ts';
import type { Brand } from '../brands/brand.ts';
import { updateBrandSettings } from '../brands/brand-settings.ts';
import { getWalletSettings, setWalletSettings } from '../wallet/wallet.service.ts';
import { listAudit, recordAudit } from './audit.repository.ts';
import { entriesToday, membersToday, pendingAdjustmentCount } from './dashboard.repository.ts';
import type { OperatorContext } from './operator-session.service.ts';

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

async function settingsView(db: Db, brand: Brand): Promise<BrandSettingsView> {
  const wallet = await getWalletSettings(db, brand.id);
  return {
    systemStatus: brand.systemStatus,
    maintenanceEnd: brand.maintenanceEnd?.toISOString() ?? null,
    blockedCountries: brand.blockedCountries,
    featureFlags: brand.featureFlags,
    walletMode: wallet.singleWallet ? 'single' : 'transfer',
  };
}

/** The settings as stored now (the request's brand may come from the 2-second cache). */
export async function brandSettingsView(db: Db, brand: Brand): Promise<BrandSettingsView> {
  return settingsView(db, (await findBrandByMerchantCode(db, brand.merchantCode)) ?? brand);
}

/**
 * Changes system status, maintenance end, blocked countries, feature flags (merged) and the wallet
 * mode in one transaction with its audit row; the brand cache of this process is cleared after.
 */
/**
 * A `YYYY-MM-DD` day (UTC midnight) that exists: 2026-02-30 or 2026-13-45 is request_param_err,
 * never a rolled-over date nor an Invalid Date reaching the database.
 */
function calendarDay(value: string, field: string): Date {
  const day = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== value) {
    throw new AppError('request_param_err', { fieldErrors: { [field]: 'errors.request_param_err' } });
  }
  return day;
}

export async function changeBrandSettings(
  db: Db,
  brand: Brand,
  operator: OperatorContext,
  ip: string,
  body: BrandSettingsBody,
): Promise<BrandSettingsView> {
  const before = await brandSettingsView(db, brand);
  await db.transaction().execute(async (trx) => {
    await updateBrandSettings(trx, brand.merchantCode, {
      ...(body.systemStatus === undefined ? {} : { systemStatus: body.systemStatus }),
      ...(body.maintenanceEnd === undefined
        ? {}
        : { maintenanceEnd: body.maintenanceEnd === null ? null : new Date(body.maintenanceEnd) }),
      ...(body.blockedCountries === undefined ? {} : { blockedCountries: body.blockedCountries }),
      ...(body.featureFlags === undefined ? {} : { featureFlags: body.featureFlags }),
    });
    if (body.walletMode !== undefined) {
      await setWalletSettings(trx, brand.id, { singleWallet: body.walletMode === 'single' });
    }
    const after = await settingsView(trx, (await findBrandByMerchantCode(trx, brand.merchantCode)) ?? brand);
    await recordAudit(trx, {
      brandId: brand.id,
      operatorId: operator.id,
      action: 'brand.settings',
      targetType: 'brand',
      targetId: brand.id,
      before,
      after,
      ip,
    });
  });
  invalidateDbCaches(db);
  return brandSettingsView(db, brand);
}

export async function auditPage(
  db: Db,
  brand: Brand,
  query: {
    operatorId?: string;
    action?: string;
    from?: string;
    to?: string;
    page?: number;
    pageSize?: number;
  },
): Promise<AuditPage> {
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? 50;
  const from = query.from ? calendarDay(query.from, 'from') : undefined;
  const to = query.to ? calendarDay(query.to, 'to') : undefined;
  if (to) to.setUTCDate(to.getUTCDate() + 1);
  const { rows, total } = await listAudit(db, brand.id, {
    ...(query.operatorId ? { operatorId: query.operatorId } : {}),
    ...(query.action ? { action: query.action } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
    page,
    pageSize,
  });
  return {
    items: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    total,
    page,
    pageSize,
  };
}
