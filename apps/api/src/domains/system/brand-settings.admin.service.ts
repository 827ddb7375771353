import type { BrandSettingsBody, BrandSettingsView } from '@lotus/contracts/backoffice';
import type { Db } from '../../db/database.ts';
import { invalidateDbCaches } from '../../lib/db-cache.ts';
import { findBrandByMerchantCode } from '../brands/brand.service.ts';
import type { Brand } from '../brands/brand.ts';
import { updateBrandSettings } from '../brands/brand-settings.ts';
import { recordAudit } from '../operators/audit.service.ts';
import type { OperatorContext } from '../operators/operator-session.service.ts';
import { getWalletSettings, setWalletSettings } from '../wallet/wallet.service.ts';

async function settingsView(db: Db, brand: Brand): Promise<BrandSettingsView> {
  const wallet = await getWalletSettings(db, brand.id);
  return {
    systemStatus: brand.systemStatus,
    maintenanceEnd: brand.maintenanceEnd?.toISOString() ?? null,
    blockedCountries: brand.blockedCountries,
    featureFlags: brand.featureFlags,
    walletMode: wallet.singleWallet ? 'single' : 'transfer',
    categoryOrder: brand.categoryOrder,
    logoUrl: brand.logoUrl,
    theme: brand.theme,
  };
}

/** The settings as stored now (the request's brand may come from the 2-second cache). */
export async function brandSettingsView(db: Db, brand: Brand): Promise<BrandSettingsView> {
  return settingsView(db, (await findBrandByMerchantCode(db, brand.merchantCode)) ?? brand);
}

/**
 * Changes system status, maintenance end, blocked countries, feature flags (merged), the wallet
 * mode, the game categories' order, the logo and the theme colours in one transaction with its audit
 * row; the brand caches are cleared after (every process's with Redis).
 */
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
      ...(body.categoryOrder === undefined ? {} : { categoryOrder: body.categoryOrder }),
      ...(body.logoUrl === undefined ? {} : { logoUrl: body.logoUrl }),
      ...(body.theme === undefined ? {} : { theme: body.theme }),
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
  await invalidateDbCaches(db);
  return brandSettingsView(db, brand);
}
