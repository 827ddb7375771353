import type {
  FavoriteGameResult,
  GameList,
  GameListPage,
  GameVendorLanes,
  RoomList,
  VassGameType,
} from '@lotus/contracts/games';
import type { GameMenus } from '@lotus/contracts/system';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  brandOf,
  catalogueTestVendor,
  memberGet,
  memberPost,
  type Player,
  player,
  slot,
} from '../../../test/games.ts';
import { call, createBrand, headers, setupTestApp } from '../../../test/support.ts';
import { invalidateDbCaches } from '../../lib/db-cache.ts';
import { updateBrandSettings } from '../brands/brand-settings.ts';
import { lotteryCatalogue } from '../lottery/game.service.ts';
import { lotteryCards } from './games.service.ts';

const ctx = setupTestApp();

let alice: Player;
let bob: Player;
let otherMerchant: string;
let otherGameId: string;

const list = (query: string, p: Player | null = null, merchant = 'DEMO') =>
  memberGet<GameListPage>(ctx, `/wps/relay/GCSGAME_gameList?${query}`, p, merchant);

beforeAll(async () => {
  // 30 RNG slots (one in maintenance), one FISH game, a disabled and a switched-off game.
  const games = Array.from({ length: 30 }, (_, i) =>
    slot(`big-${String(i + 1).padStart(2, '0')}`, {
      sortOrder: 100 - i,
      minBet: BigInt(10 * (i + 1)),
      lines: i + 1,
      isHot: i % 10 === 0,
      status: i === 29 ? 'maintenance' : 'active',
      gameType: i < 5 ? 'CLASSIC' : 'SLOT',
    }),
  );
  games.push(
    slot('big-special', {
      names: { en: '100% Fun_Time', ms: 'Keseronokan Hebat', cn: '龙凤呈祥' },
      sortOrder: 0,
    }),
    slot('big-fish', { category: 'FISH', gameType: 'FISH' }),
    slot('big-disabled', { status: 'disabled' }),
    slot('big-off'),
  );
  await catalogueTestVendor(ctx, { code: 'BIG', categories: ['RNG', 'FISH'], games, sortOrder: 5 });
  await ctx.db.updateTable('games').set({ enabled: false }).where('code', '=', 'big-off').execute();
  // A vendor placed in LIVE without games there, and one switched off for the seamless API.
  await catalogueTestVendor(ctx, { code: 'EMPTY', categories: ['LIVE'], games: [] });
  const off = await catalogueTestVendor(ctx, { code: 'OFFV', games: [slot('offv-1')] });
  await ctx.db.updateTable('vendors').set({ active: false }).where('id', '=', off.id).execute();
  const hidden = await catalogueTestVendor(ctx, { code: 'HIDDEN', games: [slot('hidden-1')] });
  await ctx.db.updateTable('vendors').set({ lobby_enabled: false }).where('id', '=', hidden.id).execute();

  const brand = await createBrand(ctx.db);
  otherMerchant = brand.merchantCode;
  await catalogueTestVendor(ctx, {
    merchant: otherMerchant,
    code: 'BIG',
    games: [slot('other-1', { names: { en: 'Other Brand Slot', ms: '', cn: '' } })],
  });
  const row = await ctx.db
    .selectFrom('games')
    .select('id')
    .where('code', '=', 'other-1')
    .executeTakeFirstOrThrow();
  otherGameId = row.id;
  invalidateDbCaches(ctx.db);
  alice = await player(ctx);
  bob = await player(ctx);
});

describe('game_menus', () => {
  it("lists the brand's categories in its order, each with the vendors showing games there", async () => {
    const res = await call<GameMenus>(ctx.app, {
      method: 'GET',
      url: '/lgw/games/game_menus',
      headers: headers(),
    });
    expect(res.status).toBe(200);
    const brand = await brandOf(ctx);
    expect(res.body.value.map((m) => m.gameCategory)).toEqual(brand.categoryOrder);
    const rng = res.body.value.find((m) => m.gameCategory === 'RNG');
    // HOUSE is placed first (order 1), BIG after it (order 10); OFFV, HIDDEN and EMPTY do not show.
    expect(rng?.vendors.map((v) => v.vassalage)).toEqual(['HOUSE', 'BIG']);
    expect(rng?.vendors[0]).toEqual({
      vassalage: 'HOUSE',
      displayName: 'Lotus Studio',
      smallIcon: '/games/vendors/house.svg',
      isHot: true,
    });
    expect(res.body.value.find((m) => m.gameCategory === 'FISH')?.vendors.map((v) => v.vassalage)).toEqual([
      'BIG',
    ]);
    // The seed puts the house vendor's live tables in LIVE.
    expect(res.body.value.find((m) => m.gameCategory === 'LIVE')?.vendors.map((v) => v.vassalage)).toEqual([
      'HOUSE',
    ]);
  });

  it('lists the platform lottery under LOTT by entry, SEA 4D first, named in the language asked', async () => {
    const menus = async (language: string, merchant = 'DEMO') =>
      (
        await call<GameMenus>(ctx.app, {
          method: 'GET',
          url: '/lgw/games/game_menus',
          headers: headers(merchant, language),
        })
      ).body.value;
    // DEMO orders no ELOTT category: LOTT carries the fast games (ELOTT) too.
    const lott = (await menus('EN')).find((m) => m.gameCategory === 'LOTT');
    expect(lott?.vendors).toEqual([
      { vassalage: 'TCG_SEA', displayName: 'SEA 4D', smallIcon: '', isHot: expect.any(Boolean) },
      { vassalage: 'ELOTT', displayName: 'Fast Lottery', smallIcon: '', isHot: expect.any(Boolean) },
      {
        vassalage: 'TCG_LOTTO_VN',
        displayName: 'Vietnam Lottery',
        smallIcon: '',
        isHot: expect.any(Boolean),
      },
    ]);
    const cn = (await menus('CN')).find((m) => m.gameCategory === 'LOTT');
    expect(cn?.vendors.map((v) => v.displayName)).toEqual(['东南亚4D', '快速彩票', '越南彩票']);

    // A brand ordering ELOTT gets its fast games there, and LOTT keeps its own.
    const entries = await lotteryCatalogue(ctx.db, (await brandOf(ctx)).id);
    const order = ['LOTT', 'ELOTT'] as const;
    expect(lotteryCards(entries, 'LOTT', order, 'EN').map((v) => v.vassalage)).toEqual([
      'TCG_SEA',
      'TCG_LOTTO_VN',
    ]);
    expect(lotteryCards(entries, 'ELOTT', order, 'EN').map((v) => v.vassalage)).toEqual([
      'ELOTT',
      'TCG_LOTTO_VN',
    ]);
    expect(lotteryCards(entries, 'RNG', order, 'EN')).toEqual([]);

    // A suspended game has no entry; its entry returns with it.
    const brand = await brandOf(ctx);
    const suspend = (status: string) =>
      ctx.db
        .updateTable('lottery_games')
        .set({ status })
        .where('brand_id', '=', brand.id)
        .where('account_type_name', '=', 'TCG_SEA')
        .execute();
    await suspend('suspended');
    invalidateDbCaches(ctx.db);
    try {
      const without = (await menus('EN')).find((m) => m.gameCategory === 'LOTT');
      expect(without?.vendors.map((v) => v.vassalage)).toEqual(['ELOTT', 'TCG_LOTTO_VN']);
    } finally {
      await suspend('active');
      invalidateDbCaches(ctx.db);
    }
  });

  it('follows a change of the brand category order', async () => {
    await updateBrandSettings(ctx.db, otherMerchant, { categoryOrder: ['RNG', 'LIVE'] });
    const res = await call<GameMenus>(ctx.app, {
      method: 'GET',
      url: '/lgw/games/game_menus',
      headers: headers(otherMerchant),
    });
    expect(res.body.value.map((m) => m.gameCategory)).toEqual(['RNG', 'LIVE']);
    expect(res.body.value[0]?.vendors.map((v) => v.displayName)).toEqual(['BIG Studio']);
  });
});

describe('GCSGAME_gameList', () => {
  it('pages 24 at a time in the brand order, with the page count', async () => {
    const first = await list('vassalage=BIG&gameCategory=RNG');
    expect(first.status).toBe(200);
    expect(first.body.value).toMatchObject({ pageNum: 1, totalPages: 2, total: 31 });
    expect(first.body.value.games).toHaveLength(24);
    // sort_order ascending: big-special (0), then big-30 (70) ... down to big-01 (99).
    expect(first.body.value.games.slice(0, 3).map((g) => g.code)).toEqual([
      'big-special',
      'big-30',
      'big-29',
    ]);
    const second = await list('vassalage=BIG&gameCategory=RNG&pageNo=2');
    expect(second.body.value.games.map((g) => g.code)).toEqual([
      'big-07',
      'big-06',
      'big-05',
      'big-04',
      'big-03',
      'big-02',
      'big-01',
    ]);
    const past = await list('vassalage=BIG&pageNo=50');
    expect(past.body.value).toMatchObject({ games: [], pageNum: 50, totalPages: 2 });
    const small = await list('vassalage=BIG&pageSize=5&pageNo=7');
    expect(small.body.value.games.map((g) => g.code)).toEqual(['big-01', 'big-fish']);
  });

  it('answers games with the wire fields, money as decimal strings', async () => {
    const res = await list('vassalage=BIG&gameName=big-30');
    expect(res.body.value.games).toEqual([
      {
        id: expect.stringMatching(/^\d+$/),
        code: 'big-30',
        gameName: 'big-30 EN',
        gameCategory: 'RNG',
        gameType: 'SLOT',
        vassalage: 'BIG',
        accountTypeName: 'BIG',
        displayName: 'BIG Studio',
        showIcon: '/games/icons/big-30.svg',
        isHot: false,
        supportPlay: false,
        minBet: '3.00',
        lines: 30,
        status: 'maintenance',
        isFavorite: false,
        defaultPlayType: '',
        isGame: 'GAME',
        nodeName: '',
      },
    ]);
    const cn = await call<GameListPage>(ctx.app, {
      method: 'GET',
      url: '/wps/relay/GCSGAME_gameList?vassalage=BIG&gameName=big-01',
      headers: headers('DEMO', 'CN'),
    });
    expect(cn.body.value.games[0]?.gameName).toBe('big-01 中文');
  });

  it('searches names in any language and codes, case-insensitive, wildcards literal', async () => {
    const codes = async (q: string) =>
      (await list(`vassalage=BIG&gameName=${encodeURIComponent(q)}`)).body.value.games.map((g) => g.code);
    expect(await codes('FUN_time')).toEqual(['big-special']);
    expect(await codes('keseronokan')).toEqual(['big-special']);
    expect(await codes('呈祥')).toEqual(['big-special']);
    expect(await codes('100%')).toEqual(['big-special']);
    expect(await codes('%')).toEqual(['big-special']);
    expect(await codes('_')).toEqual(['big-special']);
    expect(await codes('BIG-2')).toHaveLength(10);
    expect(await codes("' or 1=1 --")).toEqual([]);
  });

  it('filters by minimum bet, lines, game type, hot flag and category', async () => {
    const codes = async (q: string) =>
      (await list(`vassalage=BIG&pageSize=100&${q}`)).body.value.games.map((g) => g.code);
    // minBet: games whose minimum bet is at most the amount (big-special and big-fish bet 0.20).
    expect(await codes('gameCategory=RNG&minBet=0.3')).toEqual(['big-special', 'big-03', 'big-02', 'big-01']);
    expect(await codes('minLineNum=29')).toEqual(['big-30', 'big-29']);
    expect(await codes('gameType=CLASSIC')).toEqual(['big-05', 'big-04', 'big-03', 'big-02', 'big-01']);
    expect(await codes('isHot=true')).toEqual(['big-21', 'big-11', 'big-01']);
    expect(await codes('gameCategory=FISH')).toEqual(['big-fish']);
    expect(await codes('gameCategory=')).toHaveLength(32);
  });

  it('never lists disabled, switched-off, hidden or unplaced games', async () => {
    const all = await list('pageSize=100');
    const codes = all.body.value.games.map((g) => g.code);
    expect(codes).not.toContain('big-disabled');
    expect(codes).not.toContain('big-off');
    expect(codes).not.toContain('offv-1');
    expect(codes).not.toContain('hidden-1');
    expect(codes).not.toContain('other-1');
    expect(codes).toEqual(expect.arrayContaining(['lotus-garden', 'jade-ways', 'lucky-sevens']));
  });

  it('shows another brand only its own games', async () => {
    const res = await list('pageSize=100', null, otherMerchant);
    expect(res.body.value.games.map((g) => g.code)).toEqual(['other-1']);
  });

  it('refuses hostile input with 400 and answers nothing else', async () => {
    for (const q of [
      'pageNo=99999999999999999999',
      'pageNo=0',
      'pageSize=101',
      'minBet=1e5',
      'minBet=0.001',
      'minLineNum=-1',
      `gameName=${'x'.repeat(65)}`,
      'gameName=a%00b',
      'vassalage=BIG%27--',
      'gameCategory=CASINO',
    ]) {
      const res = await list(q);
      expect(res.status, q).toBe(400);
      expect(res.body.errorCode, q).toBe('request_param_err');
    }
  });

  it('answers visitors without favourites and refuses a bad token', async () => {
    expect((await list('vassalage=BIG')).status).toBe(200);
    const bad = await memberGet(ctx, '/wps/relay/GCSGAME_gameList', { token: 'x'.repeat(43) });
    expect(bad.status).toBe(401);
  });
});

describe('favourites', () => {
  const favorite = (p: Player | null, gameId: string, action: 'add' | 'remove', merchant = 'DEMO') =>
    memberPost<FavoriteGameResult>(ctx, '/wps/relay/MCSFE_getFavoriteGames', p, { gameId, action }, merchant);
  const idOf = async (code: string) =>
    (await ctx.db.selectFrom('games').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;

  it("are each member's own, marked in lists, idempotent and newest first", async () => {
    const a = await idOf('big-02');
    const b = await idOf('lotus-garden');
    expect((await favorite(alice, a, 'add')).body.value).toEqual({ gameId: a, favorite: true });
    expect((await favorite(alice, a, 'add')).body.success).toBe(true);
    await favorite(alice, b, 'add');
    const mine = await memberGet<GameListPage>(ctx, '/wps/relay/MCSFE_getFavoriteGamesList', alice);
    expect(mine.body.value.games.map((g) => g.code)).toEqual(['lotus-garden', 'big-02']);
    expect(mine.body.value.games.every((g) => g.isFavorite)).toBe(true);
    const inList = await list('vassalage=BIG&gameName=big-02', alice);
    expect(inList.body.value.games[0]?.isFavorite).toBe(true);
    // Bob sees none of Alice's.
    const bobs = await memberGet<GameListPage>(ctx, '/wps/relay/MCSFE_getFavoriteGamesList', bob);
    expect(bobs.body.value).toMatchObject({ games: [], total: 0 });
    expect((await list('vassalage=BIG&gameName=big-02', bob)).body.value.games[0]?.isFavorite).toBe(false);
    // Removing twice is fine; only the other remains.
    await favorite(alice, a, 'remove');
    expect((await favorite(alice, a, 'remove')).body.value).toEqual({ gameId: a, favorite: false });
    const after = await memberGet<GameListPage>(
      ctx,
      '/wps/relay/MCSFE_getFavoriteGamesList?gameCategory=RNG',
      alice,
    );
    expect(after.body.value.games.map((g) => g.code)).toEqual(['lotus-garden']);
  });

  it("refuses visitors, another brand's game, unknown and out-of-range ids", async () => {
    expect((await favorite(null, await idOf('big-02'), 'add')).status).toBe(401);
    expect((await favorite(alice, otherGameId, 'add')).body.errorCode).toBe('game_not_found');
    expect((await favorite(alice, '9223372036854775807', 'add')).body.errorCode).toBe('game_not_found');
    const huge = await favorite(alice, '9223372036854775808', 'add');
    expect(huge.status).toBe(400);
    const nul = await favorite(alice, '1\u0000', 'add');
    expect(nul.status).toBe(400);
    expect((await memberGet(ctx, '/wps/relay/MCSFE_getFavoriteGamesList', null)).status).toBe(401);
  });

  it("of another brand's member stay in that brand", async () => {
    const stranger = await player(ctx, { merchant: otherMerchant });
    await favorite(stranger, otherGameId, 'add', otherMerchant);
    const theirs = await memberGet<GameListPage>(
      ctx,
      '/wps/relay/MCSFE_getFavoriteGamesList',
      stranger,
      otherMerchant,
    );
    expect(theirs.body.value.games.map((g) => g.code)).toEqual(['other-1']);
    // Their token is no session of DEMO.
    expect((await memberGet(ctx, '/wps/relay/MCSFE_getFavoriteGamesList', stranger)).status).toBe(401);
  });
});

describe('lobby views', () => {
  it('hot games: the hot flag, in the brand order', async () => {
    const res = await memberGet<GameList>(
      ctx,
      '/wps/relay/GCSGAME_hotGamesV2?gameCategory=RNG&limit=50',
      null,
    );
    expect(res.body.value.list.map((g) => g.code)).toEqual([
      'lotus-garden',
      'jade-ways',
      'big-21',
      'big-11',
      'big-01',
    ]);
    const one = await memberGet<GameList>(
      ctx,
      '/wps/relay/GCSGAME_hotGamesV2?vassalage=HOUSE&gameCategory=RNG&limit=1',
      null,
    );
    expect(one.body.value.list.map((g) => g.code)).toEqual(['lotus-garden']);
  });

  it('game types per category and vendor', async () => {
    const res = await memberGet<VassGameType>(ctx, '/wps/relay/GCSGAME_getVassGameType', alice);
    expect(res.body.value.content).toEqual({
      RNG: { HOUSE: ['SLOT'], BIG: ['SLOT', 'CLASSIC'] },
      FISH: { BIG: ['FISH'] },
      LIVE: { HOUSE: ['BAC', 'DAT', 'ROU', 'SIC'] },
    });
  });

  it('vendor lanes with game counts', async () => {
    const res = await memberGet<GameVendorLanes>(ctx, '/wps/relay/GCSGAME_gameVendor', alice);
    expect(res.body.value.data.lanes).toEqual([
      { gameCategory: 'LIVE', vendors: [expect.objectContaining({ vassalage: 'HOUSE', gameCount: 5 })] },
      {
        gameCategory: 'RNG',
        vendors: [
          expect.objectContaining({ vassalage: 'HOUSE', gameCount: 3 }),
          expect.objectContaining({ vassalage: 'BIG', gameCount: 31 }),
        ],
      },
      { gameCategory: 'FISH', vendors: [expect.objectContaining({ vassalage: 'BIG', gameCount: 1 })] },
    ]);
  });

  it('rooms of live games, for members', async () => {
    const live = await catalogueTestVendor(ctx, {
      code: 'LIVEV',
      categories: ['LIVE'],
      games: [slot('baccarat', { category: 'LIVE', gameType: 'BAC' })],
    });
    const game = await ctx.db
      .selectFrom('games')
      .select(['id', 'brand_id'])
      .where('code', '=', 'baccarat')
      .executeTakeFirstOrThrow();
    await ctx.db
      .insertInto('game_rooms')
      .values([
        {
          brand_id: game.brand_id,
          game_id: game.id,
          code: 'b1',
          name_en: 'Table 1',
          name_cn: '一号桌',
          min_bet: 1000n,
          max_bet: 500000n,
          sort_order: 1,
        },
        {
          brand_id: game.brand_id,
          game_id: game.id,
          code: 'b2',
          name_en: 'Table 2',
          min_bet: 5000n,
          max_bet: 1000000n,
          sort_order: 2,
          status: 'maintenance',
        },
        {
          brand_id: game.brand_id,
          game_id: game.id,
          code: 'b3',
          name_en: 'Closed',
          min_bet: 0n,
          max_bet: 0n,
          status: 'disabled',
        },
      ])
      .execute();
    invalidateDbCaches(ctx.db);
    const res = await call<RoomList>(ctx.app, {
      method: 'GET',
      url: `/wps/relay/GLS2_roomList?vassalage=${live.code}`,
      headers: { ...headers('DEMO', 'CN'), authorization: alice.token },
    });
    expect(res.body.value.rooms).toEqual([
      expect.objectContaining({
        code: 'b1',
        name: '一号桌',
        gameId: 'baccarat',
        minBet: '10.00',
        maxBet: '5000.00',
        status: 'active',
      }),
      expect.objectContaining({ code: 'b2', name: 'Table 2', status: 'maintenance' }),
    ]);
    expect((await memberGet(ctx, '/wps/relay/GLS2_roomList', null)).status).toBe(401);
  });
});
