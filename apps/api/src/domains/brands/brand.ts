import type { DomainRouteRow, MenuLinkRow, ThemeColoursRow } from '../../db/schema.ts';

/** A brand (tenant) and its whole configuration, as the services use it. */
export type Brand = {
  id: string;
  merchantCode: string;
  name: string;
  platform: string;
  lotteryType: string;
  device: string;
  defaultLanguage: string;
  supportedLanguages: string[];
  uiLanguages: string[];
  chatHeaderColour: string;
  theme: ThemeColoursRow;
  currency: string;
  currencySymbol: string;
  /** ISO 3166 alpha-2 market of the brand: default region of phone numbers and dialing codes. */
  country: string;
  /** IANA time zone name (`Asia/Kuala_Lumpur`), from brand:create; stored, not read by reports yet. */
  timeZone: string;
  prizeModes: string[];
  announcementTypes: string[];
  defaultAnnouncementType: string;
  featureFlags: Record<string, boolean>;
  loginedToHomePage: boolean;
  /** 0 normal, 1 maintenance, 2 region restriction for every visitor. */
  systemStatus: 0 | 1 | 2;
  maintenanceStart: Date | null;
  maintenanceEnd: Date | null;
  /** ISO 3166 codes whose visitors get the region-restriction page. */
  blockedCountries: string[];
  categoryOrder: string[];
  analyticsGtagId: string;
  imageCdns: string[];
  launchGameCdns: string[];
  domainList: DomainRouteRow[];
  logoUrl: string;
  footerLinks: MenuLinkRow[];
  helpMenu: MenuLinkRow[];
  copyright: string;
};

/** What a new brand needs; everything else has a database default. */
/** A brand to create; without `timeZone` it takes the column's default (Asia/Kuala_Lumpur). */
export type NewBrand = Omit<Brand, 'id' | 'timeZone'> & { domains: string[]; timeZone?: string };

export function flagOn(brand: Brand, flag: string): boolean {
  return brand.featureFlags[flag] === true;
}
