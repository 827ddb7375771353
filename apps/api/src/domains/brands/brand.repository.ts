import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { BrandsTable, MenuLinkRow, ThemeColoursRow } from '../../db/schema.ts';
import { createDbCache, invalidateDbCaches } from '../../lib/db-cache.ts';
import type { Brand, NewBrand } from './brand.ts';

const BRAND_COLUMNS = [
  'id',
  'merchant_code',
  'name',
  'platform',
  'lottery_type',
  'device',
  'default_language',
  'supported_languages',
  'ui_languages',
  'chat_header_colour',
  'theme',
  'currency',
  'currency_symbol',
  'country',
  'time_zone',
  'prize_modes',
  'announcement_types',
  'default_announcement_type',
  'feature_flags',
  'logined_to_home_page',
  'system_status',
  'maintenance_start',
  'maintenance_end',
  'blocked_countries',
  'category_order',
  'analytics_gtag_id',
  'image_cdns',
  'launch_game_cdns',
  'domain_list',
  'logo_url',
  'footer_links',
  'help_menu',
  'copyright',
] as const;

type BrandRow = Pick<Selectable<BrandsTable>, (typeof BRAND_COLUMNS)[number]>;

function toBrand(row: BrandRow): Brand {
  return {
    id: row.id,
    merchantCode: row.merchant_code,
    name: row.name,
    platform: row.platform,
    lotteryType: row.lottery_type,
    device: row.device,
    defaultLanguage: row.default_language,
    supportedLanguages: row.supported_languages,
    uiLanguages: row.ui_languages,
    chatHeaderColour: row.chat_header_colour,
    theme: row.theme,
    currency: row.currency,
    currencySymbol: row.currency_symbol,
    country: row.country,
    timeZone: row.time_zone,
    prizeModes: row.prize_modes,
    announcementTypes: row.announcement_types,
    defaultAnnouncementType: row.default_announcement_type,
    featureFlags: row.feature_flags,
    loginedToHomePage: row.logined_to_home_page,
    systemStatus: row.system_status === 1 ? 1 : row.system_status === 2 ? 2 : 0,
    maintenanceStart: row.maintenance_start,
    maintenanceEnd: row.maintenance_end,
    blockedCountries: row.blocked_countries,
    categoryOrder: row.category_order,
    analyticsGtagId: row.analytics_gtag_id,
    imageCdns: row.image_cdns,
    launchGameCdns: row.launch_game_cdns,
    domainList: row.domain_list,
    logoUrl: row.logo_url,
    footerLinks: row.footer_links,
    helpMenu: row.help_menu,
    copyright: row.copyright,
  };
}

/** Brands as requests see them: read through a 2-second cache (see createDbCache). */
const requestBrands = createDbCache<Brand | null>(2_000);

/** The brand of a request's Merchant header, cached; write paths read with findBrandByMerchantCode. */
export function resolveBrand(db: Db, merchantCode: string): Promise<Brand | null> {
  return requestBrands.get(db, merchantCode, () => findBrandByMerchantCode(db, merchantCode));
}

export async function findBrandByMerchantCode(db: Db, merchantCode: string): Promise<Brand | null> {
  const row = await db
    .selectFrom('brands')
    .select(BRAND_COLUMNS)
    .where('merchant_code', '=', merchantCode)
    .executeTakeFirst();
  return row ? toBrand(row) : null;
}

/** The merchant code serving a host name (page loads), or null for an unknown domain. */
export async function findMerchantCodeByDomain(db: Db, domain: string): Promise<string | null> {
  const row = await db
    .selectFrom('brand_domains')
    .innerJoin('brands', 'brands.id', 'brand_domains.brand_id')
    .select('brands.merchant_code')
    .where('brand_domains.domain', '=', domain.toLowerCase())
    .executeTakeFirst();
  return row?.merchant_code ?? null;
}

export async function listBrandDomains(db: Db, brandId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('brand_domains')
    .select('domain')
    .where('brand_id', '=', brandId)
    .orderBy('domain')
    .execute();
  return rows.map((r) => r.domain);
}

const json = (value: unknown) => JSON.stringify(value);

/** Inserts a brand with its domains; returns null when the merchant code already exists. */
export async function insertBrand(db: Db, brand: NewBrand): Promise<Brand | null> {
  const inserted = await db
    .insertInto('brands')
    .values({
      merchant_code: brand.merchantCode,
      name: brand.name,
      platform: brand.platform,
      lottery_type: brand.lotteryType,
      device: brand.device,
      default_language: brand.defaultLanguage,
      supported_languages: json(brand.supportedLanguages),
      ui_languages: json(brand.uiLanguages),
      chat_header_colour: brand.chatHeaderColour,
      theme: json(brand.theme),
      currency: brand.currency,
      currency_symbol: brand.currencySymbol,
      country: brand.country,
      ...(brand.timeZone ? { time_zone: brand.timeZone } : {}),
      prize_modes: json(brand.prizeModes),
      announcement_types: json(brand.announcementTypes),
      default_announcement_type: brand.defaultAnnouncementType,
      feature_flags: json(brand.featureFlags),
      logined_to_home_page: brand.loginedToHomePage,
      system_status: brand.systemStatus,
      maintenance_start: brand.maintenanceStart,
      maintenance_end: brand.maintenanceEnd,
      blocked_countries: json(brand.blockedCountries),
      category_order: json(brand.categoryOrder),
      analytics_gtag_id: brand.analyticsGtagId,
      image_cdns: json(brand.imageCdns),
      launch_game_cdns: json(brand.launchGameCdns),
      domain_list: json(brand.domainList),
      logo_url: brand.logoUrl,
      footer_links: json(brand.footerLinks),
      help_menu: json(brand.helpMenu),
      copyright: brand.copyright,
    })
    .onConflict((oc) => oc.column('merchant_code').doNothing())
    .returning(BRAND_COLUMNS)
    .executeTakeFirst();
  if (!inserted) return null;
  invalidateDbCaches(db);
  if (brand.domains.length > 0) {
    await db
      .insertInto('brand_domains')
      .values(brand.domains.map((domain) => ({ domain: domain.toLowerCase(), brand_id: inserted.id })))
      .execute();
  }
  return toBrand(inserted);
}

/** The settings an operator (or a test harness) flips on a live brand. */
export type BrandSettingsPatch = {
  systemStatus?: 0 | 1 | 2;
  maintenanceStart?: Date | null;
  maintenanceEnd?: Date | null;
  blockedCountries?: string[];
  featureFlags?: Record<string, boolean>;
  loginedToHomePage?: boolean;
  categoryOrder?: string[];
  logoUrl?: string;
  theme?: ThemeColoursRow;
  footerLinks?: MenuLinkRow[];
};

export async function updateBrandSettingsRow(
  db: Db,
  brandId: string,
  patch: BrandSettingsPatch,
): Promise<Brand | null> {
  const row = await db
    .updateTable('brands')
    .set({
      updated_at: new Date(),
      ...(patch.systemStatus !== undefined ? { system_status: patch.systemStatus } : {}),
      ...(patch.maintenanceStart !== undefined ? { maintenance_start: patch.maintenanceStart } : {}),
      ...(patch.maintenanceEnd !== undefined ? { maintenance_end: patch.maintenanceEnd } : {}),
      ...(patch.blockedCountries !== undefined ? { blocked_countries: json(patch.blockedCountries) } : {}),
      ...(patch.featureFlags !== undefined ? { feature_flags: json(patch.featureFlags) } : {}),
      ...(patch.loginedToHomePage !== undefined ? { logined_to_home_page: patch.loginedToHomePage } : {}),
      ...(patch.categoryOrder !== undefined ? { category_order: json(patch.categoryOrder) } : {}),
      ...(patch.logoUrl !== undefined ? { logo_url: patch.logoUrl } : {}),
      ...(patch.theme !== undefined ? { theme: json(patch.theme) } : {}),
      ...(patch.footerLinks !== undefined ? { footer_links: json(patch.footerLinks) } : {}),
    })
    .where('id', '=', brandId)
    .returning(BRAND_COLUMNS)
    .executeTakeFirst();
  invalidateDbCaches(db);
  return row ? toBrand(row) : null;
}
