import {
  catalogueLiveTables,
  catalogueVendor,
  type NewGame,
  setVendorUrls,
} from '../../domains/games/catalogue.service.ts';
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

/**
 * The house vendor's slots (apps/house-vendor/src/slots/games): stakes = each coin value x coins per
 * spin (the only total bets a spin accepts, so the only stakes a free-round reward may use), minimum
 * bet = the smallest. scripts/house-stakes.test.ts checks them against the vendor's game definitions.
 */
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
    stakes: [20n, 40n, 100n, 200n, 400n, 1000n, 2000n],
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
    stakes: [50n, 100n, 250n, 500n, 1000n, 2500n],
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
    stakes: [10n, 25n, 50n, 100n, 250n, 500n, 1000n],
    lines: 5,
    sortOrder: 3,
  },
];

/**
 * The house vendor's live tables (apps/house-vendor README: Live tables), game type = the live
 * classification code of spec §9. Each table is one game (its code is the vendor's table id) with one
 * room carrying its main-bet limits in the demo brand's currency (MYR: a tenth of the PHP limits).
 */
export const HOUSE_LIVE_GAMES: readonly (NewGame & { room: { minBet: bigint; maxBet: bigint } })[] = [
  {
    code: 'live-baccarat',
    category: 'LIVE',
    gameType: 'BAC',
    names: { en: 'Lotus Baccarat', ms: 'Bakarat Teratai', cn: '莲花百家乐' },
    icon: '/games/icons/live-baccarat.svg',
    isHot: true,
    supportPlay: false,
    minBet: 10n,
    lines: 0,
    sortOrder: 1,
    room: { minBet: 10n, maxBet: 500_000n },
  },
  {
    code: 'live-baccarat-nc',
    category: 'LIVE',
    gameType: 'BAC',
    names: { en: 'No Commission Baccarat', ms: 'Bakarat Tanpa Komisen', cn: '免佣百家乐' },
    icon: '/games/icons/live-baccarat-nc.svg',
    isHot: false,
    supportPlay: false,
    minBet: 10n,
    lines: 0,
    sortOrder: 2,
    room: { minBet: 10n, maxBet: 500_000n },
  },
  {
    code: 'live-dragon-tiger',
    category: 'LIVE',
    gameType: 'DAT',
    names: { en: 'Dragon Tiger', ms: 'Naga Harimau', cn: '龙虎' },
    icon: '/games/icons/live-dragon-tiger.svg',
    isHot: true,
    supportPlay: false,
    minBet: 10n,
    lines: 0,
    sortOrder: 3,
    room: { minBet: 10n, maxBet: 500_000n },
  },
  {
    code: 'live-roulette',
    category: 'LIVE',
    gameType: 'ROU',
    names: { en: 'Lotus Roulette', ms: 'Rolet Teratai', cn: '莲花轮盘' },
    icon: '/games/icons/live-roulette.svg',
    isHot: false,
    supportPlay: false,
    minBet: 10n,
    lines: 0,
    sortOrder: 4,
    room: { minBet: 10n, maxBet: 200_000n },
  },
  {
    code: 'live-sicbo',
    category: 'LIVE',
    gameType: 'SIC',
    names: { en: 'Sic Bo', ms: 'Sic Bo', cn: '骰宝' },
    icon: '/games/icons/live-sicbo.svg',
    isHot: false,
    supportPlay: false,
    minBet: 10n,
    lines: 0,
    sortOrder: 5,
    room: { minBet: 10n, maxBet: 200_000n },
  },
];

/**
 * `<url>/play/{game}` and `<url>/verify?round={round}&game={game}` of a house-vendor deployment (the
 * vendor's verification page opens a live table's round on its live verification, a slot's on its own).
 */
export function houseVendorUrls(publicUrl: string): { launchUrl: string; verifyUrl: string } {
  const base = publicUrl.replace(/\/+$/, '');
  return { launchUrl: `${base}/play/{game}`, verifyUrl: `${base}/verify?round={round}&game={game}` };
}

/**
 * Registers the house vendor (code HOUSE, "Lotus Studio", categories RNG and LIVE, its three slots and
 * five live tables with their rooms) with the demo brand when missing; its launch and verification
 * URLs follow `publicUrl` (HOUSE_VENDOR_PUBLIC_URL) at every run, and a vendor seeded before the live
 * tables gets them (and its LIVE placement) on the next run. Operators' later changes are kept.
 */
export async function seedHouseVendor(db: Db, brandId: string, publicUrl: string): Promise<void> {
  const urls = houseVendorUrls(publicUrl);
  const existing = await findVendorByCode(db, brandId, HOUSE_VENDOR_CODE);
  if (existing) {
    await setVendorUrls(db, brandId, existing.id, urls);
    await addLiveTables(db, brandId, existing.id);
    return;
  }
  await registerHouseVendor(db, brandId, publicUrl, HOUSE_VENDOR_SECRET);
}

/**
 * Registers the house vendor HOUSE for a brand with its signing secret (the demo's, or a production
 * brand's own from `npm run brand:create`): the vendor, its catalogue and its live tables.
 */
export async function registerHouseVendor(
  db: Db,
  brandId: string,
  publicUrl: string,
  secret: string,
): Promise<void> {
  const urls = houseVendorUrls(publicUrl);
  const vendor = await upsertVendor(db, { brandId, code: HOUSE_VENDOR_CODE, name: 'Lotus Studio', secret });
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
    categories: [
      { category: 'RNG', sortOrder: 1 },
      { category: 'LIVE', sortOrder: 1 },
    ],
    games: HOUSE_GAMES,
  });
  await addLiveTables(db, brandId, vendor.id);
}

async function addLiveTables(db: Db, brandId: string, vendorId: string): Promise<void> {
  await catalogueLiveTables(db, {
    brandId,
    vendorId,
    category: { category: 'LIVE', sortOrder: 1 },
    tables: HOUSE_LIVE_GAMES.map(({ room, ...game }) => ({
      game,
      room: { code: 'main', names: game.names, minBet: room.minBet, maxBet: room.maxBet },
    })),
  });
}
