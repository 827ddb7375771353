import type { NewAnnouncement, NewBanner } from '../domains/announcements/announcement.repository.ts';
import { insertAnnouncements, insertBanners } from '../domains/announcements/announcement.repository.ts';
import { findBrandByMerchantCode, insertBrand } from '../domains/brands/brand.repository.ts';
import type { Brand, NewBrand } from '../domains/brands/brand.ts';
import { seedDemoDeposits } from '../domains/deposits/deposit-seed.ts';
import { insertHelpContent, type NewHelpCategory } from '../domains/help/help.repository.ts';
import { seedDemoLottery } from '../domains/lottery/lottery-seed.ts';
import { findOperatorByUsername } from '../domains/operators/operator.repository.ts';
import {
  type CustomerServiceResource,
  insertCustomerServiceResources,
} from '../domains/system/customer-service.repository.ts';
import { seedDemoVip } from '../domains/vip/vip-seed.ts';
import type { PasswordHashing } from '../lib/hashing.ts';
import type { Db } from './database.ts';
import { seedDemoAccounts } from './seed/demo-accounts.ts';
import { DEMO_ANNOUNCEMENTS, DEMO_BANNERS, DEMO_BRAND, DEMO_CUSTOMER_SERVICE } from './seed/demo-brand.ts';
import { DEFAULT_HOUSE_VENDOR_URL, seedHouseVendor } from './seed/demo-games.ts';
import { DEMO_HELP } from './seed/demo-help.ts';
import { seedDemoHistory } from './seed/demo-history.ts';
import { DEMO_OPERATORS, seedDemoOperators } from './seed/demo-operators.ts';
import { type SeedOperator, seedDemoRewards } from './seed/demo-rewards.ts';

export type BrandContent = {
  brand: NewBrand;
  customerService: CustomerServiceResource[];
  announcements: NewAnnouncement[];
  banners: NewBanner[];
  help: NewHelpCategory[];
};

/**
 * Creates a brand with its content in one transaction. Idempotent: when the merchant code already
 * exists nothing is written and null is returned.
 */
export async function createBrandWithContent(db: Db, content: BrandContent): Promise<Brand | null> {
  return db.transaction().execute(async (trx) => {
    const brand = await insertBrand(trx, content.brand);
    if (!brand) return null;
    await insertCustomerServiceResources(trx, brand.id, content.customerService);
    await insertAnnouncements(trx, brand.id, content.announcements);
    await insertBanners(trx, brand.id, content.banners);
    await insertHelpContent(trx, brand.id, content.help);
    return brand;
  });
}

export const DEMO_CONTENT: BrandContent = {
  brand: DEMO_BRAND,
  customerService: DEMO_CUSTOMER_SERVICE,
  announcements: DEMO_ANNOUNCEMENTS,
  banners: DEMO_BANNERS,
  help: DEMO_HELP,
};

/**
 * Seeds the demo brand (merchant DEMO on localhost and 127.0.0.1) unless it exists, then its
 * account settings and demo accounts unless they exist (seed/demo-accounts.ts), its deposit methods
 * and the house game vendor (seed/demo-games.ts; its URLs follow `houseVendorUrl` at every run).
 */
export async function seed(
  db: Db,
  options: { hashing?: PasswordHashing; houseVendorUrl?: string } = {},
): Promise<{ created: boolean }> {
  const brand = await createBrandWithContent(db, DEMO_CONTENT);
  await seedDemoAccounts(db, 'DEMO', options.hashing);
  await seedDemoOperators(db, 'DEMO', options.hashing);
  const demo = await db
    .selectFrom('brands')
    .select('id')
    .where('merchant_code', '=', 'DEMO')
    .executeTakeFirst();
  if (demo) {
    await seedDemoDeposits(db, demo.id);
    await seedDemoLottery(db, demo.id);
    await seedDemoVip(db, demo.id);
    await seedHouseVendor(db, demo.id, options.houseVendorUrl ?? DEFAULT_HOUSE_VENDOR_URL);
    await seedDemoLife(db);
  }
  return { created: brand !== null };
}

/** A demo operator as the seed's acting operator (audited as that operator, from the machine). */
async function seedOperator(db: Db, brandId: string, username: string): Promise<SeedOperator | null> {
  const operator = await findOperatorByUsername(db, brandId, username);
  if (!operator) return null;
  const { id, username: name, role, mustChangePassword } = operator;
  return { id, brandId, username: name, role, mustChangePassword, sessionId: 'seed', ip: '127.0.0.1' };
}

/** The demo brand's rewards and demoplayer's start (README: Demo brand). */
async function seedDemoLife(db: Db): Promise<void> {
  const brand = await findBrandByMerchantCode(db, 'DEMO');
  if (!brand) return;
  const [adminName, financeName] = DEMO_OPERATORS.map((o) => o.username);
  const admin = await seedOperator(db, brand.id, adminName as string);
  const finance = await seedOperator(db, brand.id, financeName as string);
  if (!admin || !finance) return;
  await seedDemoRewards(db, brand, admin);
  await seedDemoHistory(db, brand, { admin, finance });
}
