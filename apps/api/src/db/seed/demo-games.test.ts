import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { brandOf, memberGet, player } from '../../../test/games.ts';
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
  it('is seeded with its sealed demo secret, categories, three slots and five live tables', async () => {
    const vendor = await house();
    expect(vendor).toMatchObject({
      name: 'Lotus Studio',
      display_name: 'Lotus Studio',
      active: true,
      launch_url: 'http://localhost:8081/play/{game}',
      verify_url: 'http://localhost:8081/verify?round={round}&game={game}',
    });
    expect(vendor.secret_encrypted).not.toContain(HOUSE_VENDOR_SECRET);
    expect(await decryptSecret(ctx.db, vendor.secret_encrypted)).toBe(HOUSE_VENDOR_SECRET);
    const games = await ctx.db
      .selectFrom('games')
      .select(['code', 'category', 'name_en', 'name_ms', 'name_cn', 'icon', 'min_bet', 'lines'])
      .where('vendor_id', '=', vendor.id)
      .orderBy('sort_order')
      .execute();
    expect(
      games.filter((g) => g.category === 'RNG').map((g) => [g.code, g.category, g.min_bet, g.lines]),
    ).toEqual([
      ['lotus-garden', 'RNG', '20', 20],
      ['jade-ways', 'RNG', '50', 243],
      ['lucky-sevens', 'RNG', '10', 5],
    ]);
    expect(games.every((g) => g.name_ms && g.name_cn && g.icon.startsWith('/games/icons/'))).toBe(true);
    for (const g of games) {
      // Every icon is a drawn file shipped with the web app.
      expect(existsSync(new URL(`../../../../web/public${g.icon}`, import.meta.url))).toBe(true);
    }
    const placements = await ctx.db
      .selectFrom('vendor_categories')
      .select('category')
      .where('vendor_id', '=', vendor.id)
      .orderBy('category')
      .execute();
    expect(placements).toEqual([{ category: 'LIVE' }, { category: 'RNG' }]);
    const live = await ctx.db
      .selectFrom('games')
      .innerJoin('game_rooms', 'game_rooms.game_id', 'games.id')
      .select([
        'games.code',
        'games.game_type',
        'game_rooms.code as room',
        'game_rooms.min_bet',
        'game_rooms.max_bet',
      ])
      .where('games.vendor_id', '=', vendor.id)
      .where('games.category', '=', 'LIVE')
      .orderBy('game_rooms.sort_order')
      .execute();
    expect(live.map((r) => [r.code, r.game_type, r.room, r.min_bet, r.max_bet])).toEqual([
      ['live-baccarat', 'BAC', 'main', '10', '500000'],
      ['live-baccarat-nc', 'BAC', 'main', '10', '500000'],
      ['live-dragon-tiger', 'DAT', 'main', '10', '500000'],
      ['live-roulette', 'ROU', 'main', '10', '200000'],
      ['live-sicbo', 'SIC', 'main', '10', '200000'],
    ]);
  });

  it('lists the live tables in GLS2_roomList with their limits', async () => {
    const alice = await player(ctx);
    const res = await memberGet<{
      rooms: { code: string; gameId: string; minBet: string; maxBet: string }[];
    }>(ctx, '/wps/relay/GLS2_roomList?vassalage=HOUSE', alice);
    expect(res.status).toBe(200);
    expect(res.body.value?.rooms.map((r) => [r.gameId, r.code, r.minBet, r.maxBet])).toEqual([
      ['live-baccarat', 'main', '0.10', '5000.00'],
      ['live-baccarat-nc', 'main', '0.10', '5000.00'],
      ['live-dragon-tiger', 'main', '0.10', '5000.00'],
      ['live-roulette', 'main', '0.10', '2000.00'],
      ['live-sicbo', 'main', '0.10', '2000.00'],
    ]);
  });

  it('follows HOUSE_VENDOR_PUBLIC_URL on a later seed and keeps operator changes and the games', async () => {
    const before = await house();
    await ctx.db.updateTable('games').set({ is_hot: false }).where('code', '=', 'lotus-garden').execute();
    await seed(ctx.db, { houseVendorUrl: 'https://house.example.com/' });
    const after = await house();
    expect(after.id).toBe(before.id);
    expect(after.launch_url).toBe('https://house.example.com/play/{game}');
    expect(after.verify_url).toBe('https://house.example.com/verify?round={round}&game={game}');
    expect(after.secret_encrypted).toBe(before.secret_encrypted);
    const games = await ctx.db
      .selectFrom('games')
      .select(['code', 'is_hot'])
      .where('vendor_id', '=', after.id)
      .execute();
    expect(games).toHaveLength(8);
    expect(games.find((g) => g.code === 'lotus-garden')?.is_hot).toBe(false);
  });
});

describe('a house vendor seeded before the live tables', () => {
  it('gets its LIVE placement, tables and rooms on the next seed, once', async () => {
    const vendor = await house();
    await ctx.db
      .deleteFrom('games')
      .where('vendor_id', '=', vendor.id)
      .where('category', '=', 'LIVE')
      .execute();
    await ctx.db
      .deleteFrom('vendor_categories')
      .where('vendor_id', '=', vendor.id)
      .where('category', '=', 'LIVE')
      .execute();
    await seed(ctx.db, {});
    await seed(ctx.db, {});
    const rooms = await ctx.db
      .selectFrom('game_rooms')
      .innerJoin('games', 'games.id', 'game_rooms.game_id')
      .select('games.code')
      .where('games.vendor_id', '=', vendor.id)
      .execute();
    expect(rooms).toHaveLength(5);
    const live = await ctx.db
      .selectFrom('vendor_categories')
      .select('category')
      .where('vendor_id', '=', vendor.id)
      .where('category', '=', 'LIVE')
      .execute();
    expect(live).toHaveLength(1);
  });
});
