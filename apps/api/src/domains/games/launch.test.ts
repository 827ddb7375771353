import { TRIAL_TYPE } from '@lotus/contracts/accounts';
import type { SeamlessSession } from '@lotus/contracts/game-launch';
import type { GameMaintenanceValue, LaunchGameResult, RecentGames } from '@lotus/contracts/games';
import { signSeamlessRequest } from '@lotus/contracts/seamless-signature';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
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
import { call, createBrand, headers, setupTestApp } from '../../../test/support.ts';
import { invalidateDbCaches } from '../../lib/db-cache.ts';
import { updateBrandSettings } from '../brands/brand-settings.ts';
import { gameUrl } from './launch.service.ts';

const ctx = setupTestApp({ rateLimits: { gameLaunch: { max: 10_000, timeWindow: 60_000 } } });
reconcileAfterEach(ctx);

let side: TestVendor;
let otherMerchant: string;
let otherHouse: TestVendor;

const launch = (p: Player | null, query: string, merchant = 'DEMO', language = 'EN') =>
  call<LaunchGameResult>(ctx.app, {
    method: 'GET',
    url: `/wps/game/launchGame?launchMode=GLS&platform=html5-desktop&clientType=3&nodeId=1&confirmTrans=0&${query}`,
    headers: { ...headers(merchant, language), ...(p ? { authorization: p.token } : {}) },
  });

const exchange = (vendor: Pick<TestVendor, 'code' | 'secret' | 'merchant'>, launchToken: string) =>
  seamless<SeamlessSession>(ctx, vendor, 'session', { launchToken });

beforeAll(async () => {
  side = await catalogueTestVendor(ctx, {
    code: 'SIDE',
    games: [
      slot('side-free', { supportPlay: true }),
      slot('side-paid'),
      slot('side-fix', { status: 'maintenance', isHot: true }),
      slot('side-gone', { status: 'disabled' }),
    ],
  });
  const brand = await createBrand(ctx.db);
  otherMerchant = brand.merchantCode;
  otherHouse = await catalogueTestVendor(ctx, {
    merchant: otherMerchant,
    code: 'HOUSE',
    games: [slot('lotus-garden')],
  });
});

describe('GET /wps/game/launchGame', () => {
  it("answers the vendor's game page with a launch token for a member (real money)", async () => {
    const alice = await player(ctx, { funds: 10_000n });
    const res = await launch(alice, 'vassalage=HOUSE&gameId=lotus-garden&accountType=1', 'DEMO', 'CN');
    expect(res.status).toBe(200);
    expect(res.body.value.content.mode).toBe('real');
    const url = new URL(res.body.value.content.game_url);
    expect(`${url.origin}${url.pathname}`).toBe('http://localhost:8081/play/lotus-garden');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      launch: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      game: 'lotus-garden',
      lang: 'CN',
      merchant: 'DEMO',
    });
    // Stored only as its hash, bound to the member, vendor and game, for 120 s.
    const rows = await ctx.db
      .selectFrom('launch_tokens')
      .select(['token_hash', 'member_id', 'game_code', 'mode', 'expires_at', 'created_at', 'used_at'])
      .where('member_id', '=', alice.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.token_hash).not.toContain(launchTokenOf(res.body.value.content.game_url));
    expect(rows[0]).toMatchObject({ game_code: 'lotus-garden', mode: 'real', used_at: null });
    const ttl = (rows[0]?.expires_at.getTime() ?? 0) - (rows[0]?.created_at.getTime() ?? 0);
    expect(Math.abs(ttl - 120_000)).toBeLessThan(5_000);
  });

  it('refuses visitors with 401 (the site opens the login popup) and stores nothing', async () => {
    const before = await ctx.db
      .selectFrom('launch_tokens')
      .select(sql<string>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    const res = await launch(null, 'vassalage=HOUSE&gameId=lotus-garden');
    expect(res.status).toBe(401);
    expect(res.body.errorCode).toBe('CUSTOMER_NOT_LOGIN');
    const after = await ctx.db
      .selectFrom('launch_tokens')
      .select(sql<string>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('launches trial accounts in demo mode, on their demo balance', async () => {
    const trial = await player(ctx, { isAgent: TRIAL_TYPE });
    const res = await launch(trial, 'vassalage=HOUSE&gameId=jade-ways');
    expect(res.body.value.content.mode).toBe('demo');
    const session = await exchange(house, launchTokenOf(res.body.value.content.game_url));
    expect(session.body.value).toMatchObject({ mode: 'demo', balance: '2000.00', currency: 'MYR' });
    // The session bets the demo balance; the member's wallet is the demo one.
    const bet = await seamless(ctx, house, 'bet', {
      token: session.body.value?.token,
      transactionId: `t-${trial.id}`,
      roundId: `r-${trial.id}`,
      gameId: 'jade-ways',
      amount: '1.00',
      currency: 'MYR',
    });
    expect(bet.body.value?.balance).toBe('1999.00');
  });

  it('free play (accountType 0) only for games with supportPlay', async () => {
    const bob = await player(ctx);
    const free = await launch(bob, 'vassalage=SIDE&gameId=side-free&accountType=0');
    expect(free.body.value.content.mode).toBe('free');
    expect(free.body.value.content.game_url).toMatch(
      /^https:\/\/side\.games\.test\/play\/side-free\?launch=/,
    );
    const refused = await launch(bob, 'vassalage=SIDE&gameId=side-paid&accountType=0');
    expect(refused.body).toMatchObject({ success: false, errorCode: 'game_free_play_unavailable' });
    expect((await launch(bob, 'vassalage=SIDE&gameId=side-paid&accountType=2')).status).toBe(400);
  });

  it('answers a game under maintenance with its error and recommended games', async () => {
    const bob = await player(ctx);
    const res = await call<GameMaintenanceValue>(ctx.app, {
      method: 'GET',
      url: '/wps/game/launchGame?vassalage=SIDE&gameId=side-fix',
      headers: { ...headers(), authorization: bob.token },
    });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(false);
    expect(res.body.errorCode).toBe('game_maintenance');
    expect(res.body.message).toBe('This game is under maintenance. Try one of these instead.');
    const recommended = res.body.value.recommended.map((g) => g.code);
    expect(recommended.length).toBeGreaterThan(0);
    expect(recommended).not.toContain('side-fix');
    expect(res.body.value.recommended.every((g) => g.status === 'active')).toBe(true);
    // The game's own category first (other categories' hot games, such as the live tables, fill up).
    expect(res.body.value.recommended.slice(0, 2).every((g) => g.gameCategory === 'RNG')).toBe(true);
    // Hot games of the category come first.
    expect(recommended.slice(0, 2)).toEqual(['lotus-garden', 'jade-ways']);
  });

  it('a vendor under maintenance puts all its games under maintenance', async () => {
    await ctx.db.updateTable('vendors').set({ maintenance: true }).where('id', '=', side.id).execute();
    invalidateDbCaches(ctx.db);
    try {
      const bob = await player(ctx);
      const res = await launch(bob, 'vassalage=SIDE&gameId=side-paid');
      expect(res.body.errorCode).toBe('game_maintenance');
      const list = await memberGet<{ games: { code: string; status: string }[] }>(
        ctx,
        '/wps/relay/GCSGAME_gameList?vassalage=SIDE',
        bob,
      );
      expect(list.body.value.games.every((g) => g.status === 'maintenance')).toBe(true);
    } finally {
      await ctx.db.updateTable('vendors').set({ maintenance: false }).where('id', '=', side.id).execute();
      invalidateDbCaches(ctx.db);
    }
  });

  it("refuses disabled, unknown and another brand's games, and incomplete payloads", async () => {
    const bob = await player(ctx);
    for (const query of [
      'vassalage=SIDE&gameId=side-gone',
      'vassalage=SIDE&gameId=nope',
      'vassalage=NOPE&gameId=side-paid',
      'roomId=9223372036854775807',
    ]) {
      expect((await launch(bob, query)).body.errorCode, query).toBe('game_not_found');
    }
    // The other brand has a HOUSE vendor with lotus-garden too: its member launches its own.
    const stranger = await player(ctx, { merchant: otherMerchant });
    const theirs = await launch(stranger, 'vassalage=HOUSE&gameId=lotus-garden', otherMerchant);
    expect(theirs.body.value.content.game_url).toMatch(/^https:\/\/house\.games\.test\/play\/lotus-garden\?/);
    expect((await launch(stranger, 'vassalage=SIDE&gameId=side-paid', otherMerchant)).body.errorCode).toBe(
      'game_not_found',
    );
    for (const query of ['gameId=side-paid', 'vassalage=SIDE', 'roomId=9223372036854775808', 'gameId=a%00']) {
      expect((await launch(bob, query)).status, query).toBe(400);
    }
  });

  it('keeps the launched games as recent games, newest first', async () => {
    const carol = await player(ctx);
    await launch(carol, 'vassalage=HOUSE&gameId=lucky-sevens');
    await launch(carol, 'vassalage=SIDE&gameId=side-free&accountType=0');
    await launch(carol, 'vassalage=HOUSE&gameId=lucky-sevens');
    const recent = await memberGet<RecentGames>(ctx, '/wps/relay/GCS_recentGame', carol);
    expect(recent.body.value.games.map((g) => g.code)).toEqual(['lucky-sevens', 'side-free']);
    const dave = await player(ctx);
    expect((await memberGet<RecentGames>(ctx, '/wps/relay/GCS_recentGame', dave)).body.value.games).toEqual(
      [],
    );
    expect((await memberGet(ctx, '/wps/relay/GCS_recentGame', null)).status).toBe(401);
  });
});

describe('game URL', () => {
  it('fills the game and a launch CDN, and refuses unusable templates', () => {
    const values = { game: 'a b', token: 'tok', language: 'MS', merchant: 'DEMO' };
    expect(gameUrl('{cdn}/g/{game}', values, ['https://c1.test/', 'c2.test'], () => 0.9)).toBe(
      'https://c2.test/g/a%20b?launch=tok&game=a+b&lang=MS&merchant=DEMO',
    );
    expect(gameUrl('https://x.test/p?x=1', values, [])).toBe(
      'https://x.test/p?x=1&launch=tok&game=a+b&lang=MS&merchant=DEMO',
    );
    expect(gameUrl('{cdn}/g/{game}', values, [])).toBeNull();
    expect(gameUrl('', values, [])).toBeNull();
    expect(gameUrl('javascript:alert(1)', values, [])).toBeNull();
  });

  it('answers game_launch_unavailable for a vendor without a usable launch URL', async () => {
    const bare = await catalogueTestVendor(ctx, {
      code: 'BARE',
      games: [slot('bare-1')],
      launchUrl: '{cdn}/x/{game}',
    });
    await updateBrandSettings(ctx.db, 'DEMO', {});
    const bob = await player(ctx);
    const brandCdns = await ctx.db
      .selectFrom('brands')
      .select('launch_game_cdns')
      .where('merchant_code', '=', 'DEMO')
      .executeTakeFirstOrThrow();
    expect(brandCdns.launch_game_cdns.length).toBeGreaterThan(0);
    const onCdn = await launch(bob, `vassalage=${bare.code}&gameId=bare-1`);
    expect(onCdn.body.value.content.game_url).toMatch(
      /^https:\/\/play[12]\.lotus-cdn\.example\/x\/bare-1\?launch=/,
    );
    await ctx.db.updateTable('vendors').set({ launch_url: '' }).where('id', '=', bare.id).execute();
    expect((await launch(bob, `vassalage=${bare.code}&gameId=bare-1`)).body.errorCode).toBe(
      'game_launch_unavailable',
    );
  });
});

describe('POST /seamless/v1/session (launch token exchange)', () => {
  it("gives the vendor the player's seamless session once", async () => {
    const erin = await player(ctx, { funds: 12_345n, nickname: 'Erin' });
    const res = await launch(erin, 'vassalage=HOUSE&gameId=lotus-garden', 'DEMO', 'MS');
    const token = launchTokenOf(res.body.value.content.game_url);
    const first = await exchange(house, token);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ success: true, errorCode: '' });
    expect(first.body.value).toEqual({
      mode: 'real',
      token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      playerId: expect.stringMatching(/^[0-9a-f]{32}$/),
      nickname: 'Erin',
      gameId: 'lotus-garden',
      currency: 'MYR',
      // The brand's symbol: the game shows money as the site does (one currency label).
      currencySymbol: 'RM',
      language: 'MS',
      balance: '123.45',
      expiresAt: expect.any(String),
      // No free-round reward granted for this game (docs/free-rounds.md).
      freeRounds: [],
    });
    // The session token works for balance calls; the player id stays the same on the next launch.
    const balance = await seamless(ctx, house, 'balance', { token: first.body.value?.token });
    expect(balance.body.value?.balance).toBe('123.45');
    const again = await launch(erin, 'vassalage=HOUSE&gameId=jade-ways');
    const second = await exchange(house, launchTokenOf(again.body.value.content.game_url));
    expect(second.body.value?.playerId).toBe(first.body.value?.playerId);
    expect(second.body.value?.token).not.toBe(first.body.value?.token);
    // Reused: refused.
    const reused = await exchange(house, token);
    expect(reused.status).toBe(200);
    expect(reused.body).toMatchObject({ success: false, value: null, errorCode: 'launch_token_invalid' });
  });

  it('answers free play without a session token or balance', async () => {
    const frank = await player(ctx, { funds: 5_000n });
    const res = await launch(frank, 'vassalage=SIDE&gameId=side-free&accountType=0');
    const session = await exchange(side, launchTokenOf(res.body.value.content.game_url));
    expect(session.body.value).toMatchObject({
      mode: 'free',
      token: null,
      balance: null,
      gameId: 'side-free',
    });
  });

  it('refuses an expired token', async () => {
    const gina = await player(ctx);
    const res = await launch(gina, 'vassalage=HOUSE&gameId=lotus-garden');
    await ctx.db
      .updateTable('launch_tokens')
      .set({ expires_at: new Date(Date.now() - 1_000) })
      .where('member_id', '=', gina.id)
      .execute();
    const late = await exchange(house, launchTokenOf(res.body.value.content.game_url));
    expect(late.body.errorCode).toBe('launch_token_invalid');
  });

  it("refuses another vendor's token, and spends it", async () => {
    const hank = await player(ctx);
    const res = await launch(hank, 'vassalage=HOUSE&gameId=lotus-garden');
    const token = launchTokenOf(res.body.value.content.game_url);
    expect((await exchange(side, token)).body.errorCode).toBe('launch_token_invalid');
    expect((await exchange(house, token)).body.errorCode).toBe('launch_token_invalid');
  });

  it("refuses a token of another brand's vendor of the same code", async () => {
    const ivy = await player(ctx, { merchant: otherMerchant });
    const res = await launch(ivy, 'vassalage=HOUSE&gameId=lotus-garden', otherMerchant);
    const token = launchTokenOf(res.body.value.content.game_url);
    // The DEMO brand's HOUSE, with its own valid signature, gets nothing.
    expect((await exchange(house, token)).body.errorCode).toBe('launch_token_invalid');
    const jim = await player(ctx, { merchant: otherMerchant });
    const mine = await launch(jim, 'vassalage=HOUSE&gameId=lotus-garden', otherMerchant);
    const ok = await exchange(otherHouse, launchTokenOf(mine.body.value.content.game_url));
    expect(ok.body.value?.mode).toBe('real');
  });

  it('refuses a forged signature before anything else: the token stays unspent', async () => {
    const kim = await player(ctx);
    const res = await launch(kim, 'vassalage=HOUSE&gameId=lotus-garden');
    const token = launchTokenOf(res.body.value.content.game_url);
    const forged = await seamless(
      ctx,
      house,
      'session',
      { launchToken: token },
      { secret: 'not-the-secret' },
    );
    expect(forged.status).toBe(401);
    expect(forged.body.errorCode).toBe('vendor_signature_invalid');
    // A signature of the same body for another call is refused too.
    const raw = JSON.stringify({ vendor: 'HOUSE', launchToken: token });
    const replayed = await ctx.app.inject({
      method: 'POST',
      url: '/seamless/v1/session',
      headers: {
        merchant: 'DEMO',
        'x-vendor': 'HOUSE',
        'x-signature': await signSeamlessRequest(house.secret, 'POST', '/seamless/v1/balance', raw),
        'content-type': 'application/json',
      },
      payload: raw,
    });
    expect(replayed.statusCode).toBe(401);
    expect((await exchange(house, token)).body.value?.mode).toBe('real');
  });

  it('refuses NUL, malformed and unknown tokens without a 5xx', async () => {
    const kim = await player(ctx);
    const res = await launch(kim, 'vassalage=HOUSE&gameId=lotus-garden');
    const token = launchTokenOf(res.body.value.content.game_url);
    const nul = await exchange(house, `${token}\u0000`);
    expect(nul.status).toBe(400);
    expect((await exchange(house, 'short')).status).toBe(400);
    expect((await exchange(house, 'x'.repeat(300))).status).toBe(400);
    expect((await exchange(house, 'y'.repeat(43))).body.errorCode).toBe('launch_token_invalid');
    const extra = await seamless(ctx, house, 'session', { launchToken: token, memberId: '1' });
    expect(extra.status).toBe(400);
    // None of these spent it.
    expect((await exchange(house, token)).body.value?.mode).toBe('real');
  });

  it('spends a token exactly once under 20 concurrent exchanges', async () => {
    const lee = await player(ctx, { funds: 1_000n });
    const res = await launch(lee, 'vassalage=HOUSE&gameId=lotus-garden');
    const token = launchTokenOf(res.body.value.content.game_url);
    const answers = await Promise.all(Array.from({ length: 20 }, () => exchange(house, token)));
    expect(answers.filter((a) => a.body.success)).toHaveLength(1);
    expect(answers.filter((a) => a.body.errorCode === 'launch_token_invalid')).toHaveLength(19);
    const sessions = await ctx.db
      .selectFrom('vendor_sessions')
      .select('id')
      .where('member_id', '=', lee.id)
      .execute();
    expect(sessions).toHaveLength(1);
  });

  it('refuses a token of a member locked since the launch', async () => {
    const mo = await player(ctx);
    const res = await launch(mo, 'vassalage=HOUSE&gameId=lotus-garden');
    await ctx.db.updateTable('members').set({ status: 'LOCKED' }).where('id', '=', mo.id).execute();
    expect((await exchange(house, launchTokenOf(res.body.value.content.game_url))).body.errorCode).toBe(
      'launch_token_invalid',
    );
  });
});
