import { randomUUID } from 'node:crypto';
import { TRIAL_TYPE } from '@lotus/contracts/accounts';
import type { AuditPage } from '@lotus/contracts/backoffice';
import type { SeamlessSession } from '@lotus/contracts/game-launch';
import type {
  CatalogueGame,
  CatalogueGamePage,
  CatalogueVendor,
  GameListPage,
  GgrReport,
  LaunchGameResult,
  RoundPage,
} from '@lotus/contracts/games';
import type { GameMenus } from '@lotus/contracts/system';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { brandDay, utcDay } from '../../../test/days.ts';
import {
  catalogueTestVendor,
  house,
  launchTokenOf,
  memberGet,
  type Player,
  player,
  seamless,
  slot,
  type TestVendor,
} from '../../../test/games.ts';
import { reconcileAfterEach } from '../../../test/money.ts';
import { backOfficeTeam } from '../../../test/operators.ts';
import { call, createBrand, headers, setupTestApp } from '../../../test/support.ts';
import { rtpPercent } from './games.admin.service.ts';

const ctx = setupTestApp({ rateLimits: { gameLaunch: { max: 10_000, timeWindow: 60_000 } } });
reconcileAfterEach(ctx);
const { bo } = backOfficeTeam(ctx);

let tables: TestVendor;
let houseId: string;
let alice: Player;
const played: Record<string, string> = {};

async function sessionOf(p: Player, vendor: TestVendor, game: string) {
  const launched = await memberGet<LaunchGameResult>(
    ctx,
    `/wps/game/launchGame?vassalage=${vendor.code}&gameId=${game}`,
    p,
  );
  const session = await seamless<SeamlessSession>(ctx, vendor, 'session', {
    launchToken: launchTokenOf(launched.body.value.content.game_url),
  });
  return session.body.value?.token ?? '';
}

async function round(vendor: TestVendor, token: string, game: string, bet: string, win: string | null) {
  const roundId = randomUUID();
  const transactionId = randomUUID();
  await seamless(ctx, vendor, 'bet', {
    token,
    transactionId,
    roundId,
    gameId: game,
    amount: bet,
    currency: 'MYR',
  });
  if (win) {
    await seamless(ctx, vendor, 'win', {
      transactionId: randomUUID(),
      betTransactionId: transactionId,
      roundId,
      gameId: game,
      amount: win,
      currency: 'MYR',
    });
  }
  await seamless(ctx, vendor, 'roundEnd', { roundId, gameId: game });
  return roundId;
}

const houseVendor = { ...house, id: '' };

beforeAll(async () => {
  tables = await catalogueTestVendor(ctx, {
    code: 'TABLES',
    categories: ['LIVE'],
    games: [
      slot('blackjack', { category: 'LIVE', gameType: 'BJ', names: { en: '21% Blackjack', ms: '', cn: '' } }),
    ],
  });
  const row = await ctx.db
    .selectFrom('vendors')
    .select('id')
    .where('code', '=', 'HOUSE')
    .executeTakeFirstOrThrow();
  houseId = row.id;
  houseVendor.id = houseId;
  alice = await player(ctx, { funds: 100_000n, nickname: 'Alice' });
  const garden = await sessionOf(alice, houseVendor, 'lotus-garden');
  played.win = await round(houseVendor, garden, 'lotus-garden', '10.00', '30.00');
  played.loss = await round(houseVendor, garden, 'lotus-garden', '20.00', null);
  played.table = await round(
    tables,
    await sessionOf(alice, tables, 'blackjack'),
    'blackjack',
    '50.00',
    '40.00',
  );
  const bob = await player(ctx, { funds: 100_000n });
  played.bob = await round(
    houseVendor,
    await sessionOf(bob, houseVendor, 'jade-ways'),
    'jade-ways',
    '5.00',
    null,
  );
  // Demo money of a trial account stays out of GGR.
  const trial = await player(ctx, { isAgent: TRIAL_TYPE });
  await round(
    houseVendor,
    await sessionOf(trial, houseVendor, 'lotus-garden'),
    'lotus-garden',
    '100.00',
    '500.00',
  );
});

describe('catalogue: vendors', () => {
  it('lists the brand vendors with their lobby settings, for any operator', async () => {
    const res = await bo<CatalogueVendor[]>('readonly', 'GET', '/bo/v1/games/vendors');
    expect(res.status).toBe(200);
    expect(res.body.value.find((v) => v.code === 'HOUSE')).toMatchObject({
      displayName: 'Lotus Studio',
      smallIcon: '/games/vendors/house.svg',
      isHot: true,
      lobbyEnabled: true,
      maintenance: false,
      active: true,
      launchUrl: 'http://localhost:8081/play/{game}',
      verifyUrl: 'http://localhost:8081/verify?round={round}&game={game}',
      // Its three slots and the five live tables of the seed.
      categories: expect.arrayContaining([
        { gameCategory: 'RNG', sortOrder: 1 },
        { gameCategory: 'LIVE', sortOrder: 1 },
      ]),
      gameCount: 8,
    });
  });

  it('changes a vendor for marketing and admins, audited, seen by the lobby at once', async () => {
    const res = await bo<CatalogueVendor>('marketing', 'PUT', `/bo/v1/games/vendors/${tables.id}`, {
      displayName: 'Grand Tables',
      isHot: true,
      categories: [
        { gameCategory: 'LIVE', sortOrder: 0 },
        { gameCategory: 'PVP', sortOrder: 3 },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.value).toMatchObject({ displayName: 'Grand Tables', isHot: true });
    expect(res.body.value.categories).toEqual([
      { gameCategory: 'LIVE', sortOrder: 0 },
      { gameCategory: 'PVP', sortOrder: 3 },
    ]);
    const menus = await call<GameMenus>(ctx.app, {
      method: 'GET',
      url: '/lgw/games/game_menus',
      headers: headers(),
    });
    // TABLES (order 0) before the seeded house vendor's live tables (order 1).
    expect(menus.body.value.find((m) => m.gameCategory === 'LIVE')?.vendors).toEqual([
      {
        vassalage: 'TABLES',
        displayName: 'Grand Tables',
        smallIcon: '/games/vendors/tables.svg',
        isHot: true,
      },
      expect.objectContaining({ vassalage: 'HOUSE' }),
    ]);
    const audit = await bo<AuditPage>('admin', 'GET', '/bo/v1/audit?action=games.vendor.update');
    expect(audit.body.value.items[0]).toMatchObject({
      targetType: 'vendor',
      targetId: tables.id,
      before: { displayName: 'TABLES Studio', isHot: false },
      after: { displayName: 'Grand Tables', isHot: true },
    });
  });

  it('switches a vendor to maintenance: launches answer game_maintenance until it is off', async () => {
    await bo('admin', 'PUT', `/bo/v1/games/vendors/${tables.id}`, { maintenance: true });
    const res = await memberGet(ctx, '/wps/game/launchGame?vassalage=TABLES&gameId=blackjack', alice);
    expect(res.body.errorCode).toBe('game_maintenance');
    await bo('admin', 'PUT', `/bo/v1/games/vendors/${tables.id}`, { maintenance: false });
    const again = await memberGet<LaunchGameResult>(
      ctx,
      '/wps/game/launchGame?vassalage=TABLES&gameId=blackjack',
      alice,
    );
    expect(again.body.value.content.mode).toBe('real');
  });

  it('refuses other roles, unknown vendors, duplicate categories and bad URLs', async () => {
    expect(
      (await bo('cs', 'PUT', `/bo/v1/games/vendors/${tables.id}`, { isHot: false })).body.errorCode,
    ).toBe('operator_forbidden');
    expect(
      (await bo('admin', 'PUT', '/bo/v1/games/vendors/9223372036854775807', { isHot: false })).status,
    ).toBe(404);
    const brand = await createBrand(ctx.db);
    const foreign = await catalogueTestVendor(ctx, {
      merchant: brand.merchantCode,
      code: 'FOREIGN',
      games: [],
    });
    expect((await bo('admin', 'PUT', `/bo/v1/games/vendors/${foreign.id}`, { isHot: true })).status).toBe(
      404,
    );
    const twice = await bo('admin', 'PUT', `/bo/v1/games/vendors/${tables.id}`, {
      categories: [
        { gameCategory: 'LIVE', sortOrder: 0 },
        { gameCategory: 'LIVE', sortOrder: 1 },
      ],
    });
    expect(twice.status).toBe(400);
    for (const launchUrl of ['javascript:alert(1)', 'ftp://x', 'http://a b']) {
      expect(
        (await bo('admin', 'PUT', `/bo/v1/games/vendors/${tables.id}`, { launchUrl })).status,
        launchUrl,
      ).toBe(400);
    }
  });
});

describe('catalogue: games', () => {
  it('lists and searches the brand games (wildcards literal)', async () => {
    const all = await bo<CatalogueGamePage>('readonly', 'GET', `/bo/v1/games?vendorId=${houseId}`);
    expect(all.body.value.items.map((g) => g.code).filter((c) => !c.startsWith('live-'))).toEqual([
      'lotus-garden',
      'jade-ways',
      'lucky-sevens',
    ]);
    expect(all.body.value.items[0]).toMatchObject({
      nameCn: '莲花园',
      minBet: '0.20',
      lines: 20,
      enabled: true,
    });
    const found = await bo<CatalogueGamePage>(
      'readonly',
      'GET',
      `/bo/v1/games?search=${encodeURIComponent('21%')}`,
    );
    expect(found.body.value.items.map((g) => g.code)).toEqual(['blackjack']);
    const none = await bo<CatalogueGamePage>(
      'readonly',
      'GET',
      `/bo/v1/games?search=${encodeURIComponent('%')}&vendorId=${houseId}`,
    );
    expect(none.body.value.total).toBe(0);
    const cn = await bo<CatalogueGamePage>(
      'readonly',
      'GET',
      `/bo/v1/games?search=${encodeURIComponent('翡翠')}`,
    );
    expect(cn.body.value.items.map((g) => g.code)).toEqual(['jade-ways']);
  });

  it('disables, orders, flags and puts games under maintenance, audited', async () => {
    const { items } = (await bo<CatalogueGamePage>('admin', 'GET', `/bo/v1/games?vendorId=${houseId}`)).body
      .value;
    const sevens = items.find((g) => g.code === 'lucky-sevens') as CatalogueGame;
    const changed = await bo<CatalogueGame>('marketing', 'PUT', `/bo/v1/games/${sevens.id}`, {
      sortOrder: 0,
      isHot: true,
      icon: '/games/icons/other.svg',
    });
    expect(changed.body.value).toMatchObject({ sortOrder: 0, isHot: true, icon: '/games/icons/other.svg' });
    const lobby = await memberGet<GameListPage>(
      ctx,
      '/wps/relay/GCSGAME_gameList?vassalage=HOUSE&gameCategory=RNG',
      null,
    );
    expect(lobby.body.value.games.map((g) => g.code)).toEqual(['lucky-sevens', 'lotus-garden', 'jade-ways']);
    await bo('admin', 'PUT', `/bo/v1/games/${sevens.id}`, { status: 'maintenance' });
    expect(
      (await memberGet(ctx, '/wps/game/launchGame?vassalage=HOUSE&gameId=lucky-sevens', alice)).body
        .errorCode,
    ).toBe('game_maintenance');
    await bo('admin', 'PUT', `/bo/v1/games/${sevens.id}`, { enabled: false });
    const hidden = await memberGet<GameListPage>(
      ctx,
      '/wps/relay/GCSGAME_gameList?vassalage=HOUSE&gameCategory=RNG',
      null,
    );
    expect(hidden.body.value.games.map((g) => g.code)).toEqual(['lotus-garden', 'jade-ways']);
    expect(
      (await memberGet(ctx, '/wps/game/launchGame?vassalage=HOUSE&gameId=lucky-sevens', alice)).body
        .errorCode,
    ).toBe('game_not_found');
    await bo('admin', 'PUT', `/bo/v1/games/${sevens.id}`, {
      enabled: true,
      status: 'active',
      sortOrder: 3,
      isHot: false,
      icon: '/games/icons/lucky-sevens.svg',
    });
    const audit = await bo<AuditPage>('admin', 'GET', '/bo/v1/audit?action=games.game.update');
    expect(audit.body.value.total).toBe(4);
    expect(audit.body.value.items.at(-1)).toMatchObject({
      targetId: sevens.id,
      before: { sortOrder: 3, isHot: false, icon: '/games/icons/lucky-sevens.svg' },
      after: { sortOrder: 0, isHot: true, icon: '/games/icons/other.svg' },
    });
    expect((await bo('finance', 'PUT', `/bo/v1/games/${sevens.id}`, { isHot: true })).body.errorCode).toBe(
      'operator_forbidden',
    );
    expect((await bo('admin', 'PUT', `/bo/v1/games/${sevens.id}`, { status: 'gone' })).status).toBe(400);
    expect((await bo('admin', 'PUT', '/bo/v1/games/99999999999999999999', { isHot: true })).status).toBe(400);
  });
});

describe('round lookup', () => {
  it('finds a round by id with its seamless calls and the vendor verification link', async () => {
    const res = await bo<RoundPage>('cs', 'GET', `/bo/v1/games/rounds?roundId=${played.win}`);
    expect(res.status).toBe(200);
    expect(res.body.value.total).toBe(1);
    const r = res.body.value.items[0];
    expect(r).toMatchObject({
      vassalage: 'HOUSE',
      roundId: played.win,
      gameCode: 'lotus-garden',
      gameName: 'Lotus Garden',
      username: alice.username,
      status: 'settled',
      stake: '10.00',
      payout: '30.00',
      verifyUrl: `http://localhost:8081/verify?round=${played.win}&game=lotus-garden`,
    });
    expect(r?.calls.map((c) => [c.kind, c.amount, c.moved])).toEqual([
      ['bet', '10.00', true],
      ['win', '30.00', true],
    ]);
    expect((await bo<RoundPage>('cs', 'GET', '/bo/v1/games/rounds?roundId=nope')).body.value.items).toEqual(
      [],
    );
  });

  it("finds a member's rounds, newest first", async () => {
    const res = await bo<RoundPage>('finance', 'GET', `/bo/v1/games/rounds?username=${alice.username}`);
    expect(res.body.value.items.map((r) => r.roundId)).toEqual([played.table, played.loss, played.win]);
    expect(res.body.value.total).toBe(3);
    const paged = await bo<RoundPage>(
      'finance',
      'GET',
      `/bo/v1/games/rounds?username=${alice.username}&pageSize=2&page=2`,
    );
    expect(paged.body.value.items.map((r) => r.roundId)).toEqual([played.win]);
    expect((await bo('cs', 'GET', '/bo/v1/games/rounds?username=nobody-here')).body.errorCode).toBe(
      'member_not_found',
    );
    expect((await bo('cs', 'GET', '/bo/v1/games/rounds')).status).toBe(400);
    expect((await bo('marketing', 'GET', `/bo/v1/games/rounds?roundId=${played.win}`)).body.errorCode).toBe(
      'operator_forbidden',
    );
  });
});

describe('GGR report', () => {
  const report = (query: string, role = 'finance') => bo<GgrReport>(role, 'GET', `/bo/v1/games/ggr?${query}`);
  // The UTC days the real members' money moved on, by the calls' own times: one, or two when
  // beforeAll ran across midnight. The report is asked for those days, not for the clock's day.
  let days: string[] = [];
  let range = '';
  beforeAll(async () => {
    const { rows } = await sql<{ at: Date }>`
      select st.created_at as at from seamless_transactions st join members m on m.id = st.member_id
      where st.brand_id = ${alice.brand.id} and m.is_agent <> ${TRIAL_TYPE} and st.entry_id is not null`.execute(
      ctx.db,
    );
    days = [...new Set(rows.map((r) => brandDay(r.at)))].sort();
    range = `from=${days[0]}&to=${days.at(-1)}`;
  });

  it('sums stakes, payouts, GGR, RTP and players of real members', async () => {
    const res = await report(range);
    expect(res.status).toBe(200);
    // Alice: 10 + 20 + 50 staked, 30 + 40 paid; Bob: 5 staked. The trial account's 100/500 is left out.
    expect(res.body.value.totals).toEqual({
      bets: 4,
      stake: '85.00',
      payout: '70.00',
      ggr: '15.00',
      rtp: '82.35',
      players: 2,
    });
    // A row per day, each that day's own report (with one day: the totals themselves).
    expect(res.body.value.rows.map((r) => r.key)).toEqual(days);
    for (const { key, label, ...figures } of res.body.value.rows) {
      expect(label).toBe(key);
      expect((await report(`from=${key}&to=${key}`)).body.value.totals).toEqual(figures);
    }
  });

  it('groups by category, vendor and game', async () => {
    const byCategory = await report(`${range}&groupBy=category`);
    expect(byCategory.body.value.rows.map((r) => [r.key, r.stake, r.payout, r.players])).toEqual([
      ['LIVE', '50.00', '40.00', 1],
      ['RNG', '35.00', '30.00', 2],
    ]);
    const byVendor = await report(`${range}&groupBy=vendor`, 'readonly');
    expect(byVendor.body.value.rows.map((r) => [r.key, r.label, r.ggr])).toEqual([
      ['HOUSE', 'Lotus Studio', '5.00'],
      ['TABLES', 'Grand Tables', '10.00'],
    ]);
    const byGame = await report(`${range}&groupBy=game`, 'marketing');
    expect(byGame.body.value.rows.map((r) => [r.key, r.label, r.rtp])).toEqual([
      ['HOUSE:jade-ways', 'Jade Ways', '0.00'],
      ['HOUSE:lotus-garden', 'Lotus Garden', '100.00'],
      ['TABLES:blackjack', '21% Blackjack', '80.00'],
    ]);
  });

  it('refuses bad ranges and other roles', async () => {
    expect((await report('from=2026-02-30&to=2026-03-01')).status).toBe(400);
    expect((await report(`from=${utcDay()}&to=2020-01-01`)).body.errorCode).toBe('history_range_invalid');
    expect((await report('from=2025-01-01&to=2025-12-31')).body.errorCode).toBe('history_range_invalid');
    expect((await report(range, 'cs')).body.errorCode).toBe('operator_forbidden');
    expect((await report(`from=${utcDay()}`)).status).toBe(400);
  });

  it('computes RTP from integers', () => {
    expect(rtpPercent(9532n, 10_000n)).toBe('95.32');
    expect(rtpPercent(1n, 3n)).toBe('33.33');
    expect(rtpPercent(2n ** 70n, 2n ** 69n)).toBe('200.00');
    expect(rtpPercent(5n, 0n)).toBe('');
    expect(rtpPercent(5n, -1n)).toBe('');
  });
});
