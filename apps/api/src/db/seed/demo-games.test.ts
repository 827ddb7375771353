import { describe, expect, it } from 'vitest';
import { brandOf } from '../../../test/games.ts';
import { setupTestApp } from '../../../test/support.ts';
import { decryptSecret } from '../../domains/vendors/vendor.service.ts';
import { seed } from '../seed.ts';
import { HOUSE_VENDOR_SECRET } from './demo-games.ts';

const ctx = setupTestApp();

async function house() {
  const brand = await brandOf(ctx);
  return ctx.db
    .selectFrom('vendors')
    .select(['id', 'name', 'display_name', 'launch_url', 'verify_url', 'secret_encrypted', 'active'])
    .where('brand_id', '=', brand.id)
    .where('code', '=', 'HOUSE')
    .executeTakeFirstOrThrow();
}

describe('the demo brand house vendor', () => {
  it('is seeded with its sealed demo secret, category and three slots', async () => {
    const vendor = await house();
    expect(vendor).toMatchObject({
      name: 'Lotus Studio',
      display_name: 'Lotus Studio',
      active: true,
      launch_url: 'http://localhost:8081/play/{game}',
      verify_url: 'http://localhost:8081/verify?round={round}',
    });
    expect(vendor.secret_encrypted).not.toContain(HOUSE_VENDOR_SECRET);
    expect(await decryptSecret(ctx.db, vendor.secret_encrypted)).toBe(HOUSE_VENDOR_SECRET);
    const games = await ctx.db
      .selectFrom('games')
      .select(['code', 'category', 'name_en', 'name_ms', 'name_cn', 'icon', 'min_bet', 'lines'])
      .where('vendor_id', '=', vendor.id)
      .orderBy('sort_order')
      .execute();
    expect(games.map((g) => [g.code, g.category, g.min_bet, g.lines])).toEqual([
      ['lotus-garden', 'RNG', '20', 20],
      ['jade-ways', 'RNG', '50', 243],
      ['lucky-sevens', 'RNG', '10', 5],
    ]);
    expect(games.every((g) => g.name_ms && g.name_cn && g.icon.startsWith('/games/icons/'))).toBe(true);
    const placements = await ctx.db
      .selectFrom('vendor_categories')
      .select('category')
      .where('vendor_id', '=', vendor.id)
      .execute();
    expect(placements).toEqual([{ category: 'RNG' }]);
  });

  it('follows HOUSE_VENDOR_PUBLIC_URL on a later seed and keeps operator changes and the games', async () => {
    const before = await house();
    await ctx.db.updateTable('games').set({ is_hot: false }).where('code', '=', 'lotus-garden').execute();
    await seed(ctx.db, { houseVendorUrl: 'https://house.example.com/' });
    const after = await house();
    expect(after.id).toBe(before.id);
    expect(after.launch_url).toBe('https://house.example.com/play/{game}');
    expect(after.verify_url).toBe('https://house.example.com/verify?round={round}');
    expect(after.secret_encrypted).toBe(before.secret_encrypted);
    const games = await ctx.db
      .selectFrom('games')
      .select(['code', 'is_hot'])
      .where('vendor_id', '=', after.id)
      .execute();
    expect(games).toHaveLength(3);
    expect(games.find((g) => g.code === 'lotus-garden')?.is_hot).toBe(false);
  });
});
