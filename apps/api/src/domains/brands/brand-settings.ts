import type { Db } from '../../db/database.ts';
import {
  type BrandSettingsPatch,
  findBrandByMerchantCode,
  updateBrandSettingsRow,
} from './brand.repository.ts';
import type { Brand } from './brand.ts';

/**
 * Brand settings for operators and test harnesses (the e2e suite flips maintenance, blocked
 * countries and flags on a PostgreSQL database between tests). Flags are merged, not replaced.
 */
export type { BrandSettingsPatch };

export type BrandSettings = Pick<
  Brand,
  | 'merchantCode'
  | 'systemStatus'
  | 'maintenanceStart'
  | 'maintenanceEnd'
  | 'blockedCountries'
  | 'featureFlags'
  | 'loginedToHomePage'
  | 'categoryOrder'
>;

function settingsOf(brand: Brand): BrandSettings {
  return {
    merchantCode: brand.merchantCode,
    systemStatus: brand.systemStatus,
    maintenanceStart: brand.maintenanceStart,
    maintenanceEnd: brand.maintenanceEnd,
    blockedCountries: brand.blockedCountries,
    featureFlags: brand.featureFlags,
    loginedToHomePage: brand.loginedToHomePage,
    categoryOrder: brand.categoryOrder,
  };
}

export async function getBrandSettings(db: Db, merchantCode: string): Promise<BrandSettings | null> {
  const brand = await findBrandByMerchantCode(db, merchantCode);
  return brand ? settingsOf(brand) : null;
}

export async function updateBrandSettings(
  db: Db,
  merchantCode: string,
  patch: BrandSettingsPatch,
): Promise<BrandSettings> {
  const brand = await findBrandByMerchantCode(db, merchantCode);
  if (!brand) throw new Error(`Unknown merchant code ${merchantCode}`);
  const normalised: BrandSettingsPatch = {
    ...patch,
    ...(patch.featureFlags ? { featureFlags: { ...brand.featureFlags, ...patch.featureFlags } } : {}),
    ...(patch.blockedCountries
      ? { blockedCountries: patch.blockedCountries.map((c) => c.toUpperCase()) }
      : {}),
  };
  const updated = await updateBrandSettingsRow(db, brand.id, normalised);
  if (!updated) throw new Error(`Brand ${merchantCode} disappeared during the update`);
  return settingsOf(updated);
}
