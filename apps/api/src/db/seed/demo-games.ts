import { catalogueVendor, type NewGame, setVendorUrls } from '../../domains/games/catalogue.service.ts';
import { findVendorByCode, upsertVendor } from '../../domains/vendors/vendor.repository.ts';
import type { Db } from '../database.ts';

/**
 * The platform's own game studio as a vendor of the demo brand (README: Games). Its signing secret
 * is public on purpose, for the demo only: a real brand rotates it in the back office (Vendors) and
 * gives the new one to its house-vendor deployment.
 */
export const HOUSE_VENDOR_CODE = 'HOUSE';
export const HOUSE_VENDOR_SECRET = 'house-vendor-demo-secret-not-for-production';
export const DEFAULT_HOUSE_VENDOR_URL = 'http://localhost:8081';

/** The house vendor's slots (apps/house-vendor/src/slots/games): minimum bet = smallest coin x coins per spin. */
export const HOUSE_GAMES: readonly NewGame[] = [
  {
    code: 'lotus-garden',
    category: 'RNG',
    gameType: 'SLOT',
    names: { en: 'Lotus Garden', ms: 'Taman Teratai', cn: '莲花园' },
    icon: '/games/icons/lotus-garden.svg',
    isHot: true,
    supportPlay: true,
    minBet: 20n,
    lines: 20,
    sortOrder: 1,
  },
  {
    code: 'jade-ways',
    category: 'RNG',
    gameType: 'SLOT',
    names: { en: 'Jade Ways', ms: 'Laluan Jed', cn: '翡翠之路' },
    icon: '/games/icons/jade-ways.svg',
    isHot: true,
    supportPlay: true,
    minBet: 50n,
    lines: 243,
    sortOrder: 2,
  },
  {
    code: 'lucky-sevens',
    category: 'RNG',
    gameType: 'SLOT',
    names: { en: 'Lucky Sevens', ms: 'Tujuh Bertuah', cn: '幸运七' },
    icon: '/games/icons/lucky-sevens.svg',
    isHot: false,
    supportPlay: true,
    minBet: 10n,
    lines: 5,
    sortOrder: 3,
  },
];

/** `<url>/play/{game}` and `<url>/verify?round={round}` of a house-vendor deployment. */
export function houseVendorUrls(publicUrl: string): { launchUrl: string; verifyUrl: string } {
  const base = publicUrl.replace(/\/+$/, '');
  return { launchUrl: `${base}/play/{game}`, verifyUrl: `${base}/verify?round={round}` };
}

/**
 * Registers the house vendor (code HOUSE, "Lotus Studio", category RNG, its three slots) with the
 * demo brand when missing; its launch and verification URLs follow `publicUrl`
 * (HOUSE_VENDOR_PUBLIC_URL) at every run. Operators' later changes to the games are kept.
 */
export async function seedHouseVendor(db: Db, brandId: string, publicUrl: string): Promise<void> {
  const urls = houseVendorUrls(publicUrl);
  const existing = await findVendorByCode(db, brandId, HOUSE_VENDOR_CODE);
  if (existing) {
    await setVendorUrls(db, brandId, existing.id, urls);
    return;
  }
  const vendor = await upsertVendor(db, {
    brandId,
    code: HOUSE_VENDOR_CODE,
    name: 'Lotus Studio',
    secret: HOUSE_VENDOR_SECRET,
  });
  await catalogueVendor(db, {
    brandId,
    vendorId: vendor.id,
    presentation: {
      displayName: 'Lotus Studio',
      smallIcon: '/games/vendors/house.svg',
      isHot: true,
      sortOrder: 1,
      ...urls,
    },
    categories: [{ category: 'RNG', sortOrder: 1 }],
    games: HOUSE_GAMES,
  });
}
