import type { CustomerServiceItem, Resource, SystemStatus, WhitelabelMenu } from '@lotus/contracts/system';
import { CS_TYPES, type CsType, FEATURE_FLAGS } from '@lotus/contracts/system';
import { getCountries, getCountryCallingCode } from 'libphonenumber-js';
import type { Db } from '../../db/database.ts';
import { countryOf } from '../../lib/geoip.ts';
import type { Brand } from '../brands/brand.ts';
import { type CustomerServiceResource, listCustomerServiceResources } from './customer-service.repository.ts';

function isCsType(value: string): value is CsType {
  return (CS_TYPES as readonly string[]).includes(value);
}

/** Visitors get every channel except VIP service, which needs a member above rank 4 (spec §6). */
function visitorChannels(
  resources: CustomerServiceResource[],
): (CustomerServiceResource & { csType: CsType })[] {
  return resources.filter(
    (r): r is CustomerServiceResource & { csType: CsType } => isCsType(r.csType) && r.csType !== 'VIP',
  );
}

function toResource(r: CustomerServiceResource): Resource {
  return {
    resourceType: r.csType,
    url: r.url,
    qrCodeUrl: r.qrCodeUrl,
    labelNameEn: r.labelNameEn,
    labelNameCn: r.labelNameCn,
  };
}

function toCustomerServiceItem(r: CustomerServiceResource & { csType: CsType }): CustomerServiceItem {
  return {
    csType: r.csType,
    path: r.url,
    qrCodeUrl: r.qrCodeUrl,
    labelNameEn: r.labelNameEn,
    labelNameCn: r.labelNameCn,
  };
}

function flagsOf(brand: Brand): Record<string, boolean> {
  return Object.fromEntries(FEATURE_FLAGS.map((f) => [f, brand.featureFlags[f] === true]));
}

export function whitelabelInfo(brand: Brand): SystemStatus['info']['whitelabel'] {
  const defaultLanguage =
    brand.defaultLanguage === 'MS' || brand.defaultLanguage === 'CN' ? brand.defaultLanguage : 'EN';
  return {
    brandName: brand.name,
    platform: brand.platform,
    merchantCode: brand.merchantCode,
    lotteryType: brand.lotteryType,
    device: brand.device,
    defaultLanguage,
    supportedLanguages: brand.supportedLanguages,
    uiLanguages: brand.uiLanguages,
    chatHeaderColour: brand.chatHeaderColour,
    theme: brand.theme,
    currency: brand.currency,
    currencySymbol: brand.currencySymbol,
    country: brand.country,
    prizeModes: brand.prizeModes,
    announcementTypes: brand.announcementTypes,
    defaultAnnouncementType: brand.defaultAnnouncementType,
    flags: flagsOf(brand),
    loginedToHomePage: brand.loginedToHomePage,
    logoUrl: brand.logoUrl,
  };
}

/**
 * The permission response (spec §3, §4): maintenance wins over region restriction; region
 * restriction applies when the brand is set to 2 or the visitor's GeoIP country is blocked.
 */
export async function systemStatus(db: Db, brand: Brand, clientIp: string): Promise<SystemStatus> {
  const country = countryOf(clientIp);
  const channels = visitorChannels(await listCustomerServiceResources(db, brand.id));
  const flags = flagsOf(brand);
  const blocked = country !== '' && brand.blockedCountries.includes(country);
  const status: 0 | 1 | 2 = brand.systemStatus === 1 ? 1 : brand.systemStatus === 2 || blocked ? 2 : 0;
  return {
    info: {
      whitelabel: whitelabelInfo(brand),
      register: {
        usernameRegistration: flags.USERNAMEREG3 === true,
        mobileRegistration: flags.MOBILENUMREG3 === true,
        directRegistration: flags.DIRECTREG3 === true,
        freePlay: flags.FREEPLAY3 === true,
        smsLogin: flags.MOBILEVERCODELOGIN3 === true,
      },
      resources: channels.map(toResource),
      customerService: channels.map(toCustomerServiceItem),
      analytics: { gtagId: brand.analyticsGtagId },
      imageCDNs: brand.imageCdns,
      launchGameCDNs: brand.launchGameCdns,
    },
    location: { ip: clientIp, country },
    systemStatus: status,
    maintenance:
      status === 1
        ? {
            maintainTime: brand.maintenanceStart?.toISOString() ?? '',
            endTime: brand.maintenanceEnd?.toISOString() ?? '',
          }
        : null,
    regionRestriction: status === 2,
  };
}

export function whitelabelMenu(brand: Brand): WhitelabelMenu {
  return {
    brandName: brand.name,
    logoUrl: brand.logoUrl,
    footerLinks: brand.footerLinks,
    helpMenu: brand.helpMenu,
    copyright: brand.copyright,
  };
}

export async function domainRoute(db: Db, brand: Brand) {
  const channels = visitorChannels(await listCustomerServiceResources(db, brand.id));
  return { domainList: brand.domainList, resources: channels.map(toResource) };
}

/** Rank level above which a member gets VIP service (spec §6). */
export const VIP_SERVICE_MIN_RANK = 5;

/**
 * The right bar's channels: live chat, WhatsApp, Telegram for everyone, and VIP service for a
 * member whose rank level is above 4 (`rankLevel` null for a visitor).
 */
export async function customerService(
  db: Db,
  brand: Brand,
  rankLevel: number | null = null,
): Promise<CustomerServiceItem[]> {
  const resources = await listCustomerServiceResources(db, brand.id);
  const vip = rankLevel !== null && rankLevel >= VIP_SERVICE_MIN_RANK;
  return resources
    .filter(
      (r): r is CustomerServiceResource & { csType: CsType } =>
        isCsType(r.csType) && (r.csType !== 'VIP' || vip),
    )
    .map(toCustomerServiceItem);
}

const COUNTRY_CODES = getCountries()
  .map((countryCode) => ({ countryCode, countryDialingCode: String(getCountryCallingCode(countryCode)) }))
  .sort((a, b) => a.countryCode.localeCompare(b.countryCode));

/** Every country with its dialing code, from the metadata shipped in libphonenumber-js. */
export function countryCodes() {
  return COUNTRY_CODES;
}
