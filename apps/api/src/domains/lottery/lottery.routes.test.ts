import { randomBytes } from 'node:crypto';
import type { BettingRecordPage, PersonalProfit } from '@lotus/contracts/games';
import type {
  CurrentNumero,
  GameMenu,
  GamePlays,
  OpenedNumeros,
  OrderPage,
  PopularGames,
  RecentGames,
} from '@lotus/contracts/lottery';
import type { TransactionHistoryPage } from '@lotus/contracts/wallet';
import { beforeAll, describe, expect, it } from 'vitest';
import { oneUtcDay } from '../../../test/days.ts';
import { drainWritten } from '../../../test/events.ts';
import {
  afterDraw,
  bet,
  digitsOf,
  freshNumero,
  gameIdOf,
  lotteryMember,
  lotteryReconcileAfterEach,
  memberCall,
  testGame,
} from '../../../test/lottery.ts';
import { reconcileAfterEach } from '../../../test/money.ts';
import { call, headers, setupTestApp } from '../../../test/support.ts';
import { demoBrand } from '../../../test/withdrawals.ts';
import type { EventConsumer } from '../../events/event.ts';
import { updateBrandSettings } from '../brands/brand-settings.ts';
import { lotteryCatalogue, lotteryConfigChanged } from './game.service.ts';
import { createNumeros, drawNumero } from './numero.service.ts';
import { lotteryBettingRecords } from './order.service.ts';
import { settleNumero } from './settlement.service.ts';

const ctx = setupTestApp();
reconcileAfterEach(ctx);
lotteryReconcileAfterEach(ctx);

let lott1: string;
beforeAll(async () => {
  lott1 = await gameIdOf(ctx, 'LOTT1');
  await createNumeros(ctx.db, new Date());
});

const get = <T>(url: string, language = 'EN') =>
  call<T>(ctx.app, { method: 'GET', url, headers: headers('DEMO', language) });
const straight = (digit: number, multiple = 1) => `${digit}||||~1~101~1~1950~${multiple}`;

describe('lottery calls', () => {
  it('lists the demo games by menu group, in the request language', async () => {
    const menu = await get<GameMenu>('/lgw/vn/games/game_menu', 'CN');
    expect(menu.body.value.groups.map((g) => g.group)).toEqual([
      'fast',
      'dice',
      'vn-north',
      'vn-south',
      'sea4d',
    ]);
    const fast = menu.body.value.groups[0]?.games.map((g) => [g.code, g.name, g.intervalSeconds]);
    expect(fast).toEqual([
      ['LOTT1', '1分彩', 60],
      ['LOTT3', '3分彩', 180],
      ['LOTT5', '5分彩', 300],
    ]);
    const north = menu.body.value.groups
      .find((g) => g.group === 'vn-north')
      ?.games.map((g) => [g.code, g.drawSource]);
    expect(north).toEqual([
      ['VNNORTH', 'official'],
      ['VNFAST1', 'platform'],
      ['VNFAST5', 'platform'],
    ]);
    const sea = menu.body.value.groups.find((g) => g.group === 'sea4d')?.games[0];
    expect(sea).toMatchObject({
      code: 'SEA4D',
      accountTypeName: 'TCG_SEA',
      category: 'LOTT',
      intervalSeconds: null,
    });
  });

  it("answers a game's play types with their odds and limits, per prize mode", async () => {
    const plays = await get<GamePlays>(`/lgw/lottery/plays?gameId=${lott1}`);
    expect(plays.body.success).toBe(true);
    const value = plays.body.value;
    expect(value).toMatchObject({ gameId: lott1, family: 'digits', prizeMode: 'LOTT', currency: 'MYR' });
    expect(value.prizeModes).toEqual(['LOTT', 'ZY', 'ELOTT', 'SEA']);
    expect(value.units).toEqual([
      { mode: '1', amount: '2.00' },
      { mode: '2', amount: '0.20' },
      { mode: '3', amount: '0.02' },
    ]);
    expect(value.maxOrder).toBe('50000.00');
    expect(value.plays.every((p) => p.playId >= 100 && p.playId < 200)).toBe(true);
    expect(value.plays.find((p) => p.playId === 101)).toEqual({
      playId: 101,
      playCode: 'pos-straight',
      odds: [{ tier: 'hit', odds: '98000' }],
      minSlip: '0.02',
      maxSlip: '10000.00',
    });
    const elott = await get<GamePlays>(`/lgw/lottery/plays?gameId=${lott1}&prizeMode=Elott`);
    expect(elott.body.value.prizeMode).toBe('ELOTT');
    expect(elott.body.value.plays.find((p) => p.playId === 101)?.odds).toEqual([
      { tier: 'hit', odds: '99000' },
    ]);
    const bad = await get<GamePlays>(`/lgw/lottery/plays?gameId=${lott1}&prizeMode=XX`);
    expect(bad.body.errorCode).toBe('lottery_prize_mode_invalid');
    const missing = await get<GamePlays>('/lgw/lottery/plays?gameId=999999999');
    expect(missing.body.errorCode).toBe('lottery_game_not_found');
  });

  it('publishes the games for the catalogue with their account type names', async () => {
    const brand = await demoBrand(ctx);
    const entries = await lotteryCatalogue(ctx.db, brand.id);
    const demo = entries.filter((e) => !e.code.startsWith('T'));
    expect(demo.map((e) => [e.code, e.accountTypeName, e.category, e.defaultPlayType])).toEqual([
      ['LOTT1', 'ELOTT', 'ELOTT', 101],
      ['LOTT3', 'ELOTT', 'ELOTT', 101],
      ['LOTT5', 'ELOTT', 'ELOTT', 101],
      ['K3F1', 'ELOTT', 'ELOTT', 201],
      ['VNNORTH', 'TCG_LOTTO_VN', 'LOTT', 301],
      ['VNSOUTH', 'TCG_LOTTO_VN', 'LOTT', 401],
      ['VNFAST1', 'TCG_LOTTO_VN', 'ELOTT', 301],
      ['VNFAST5', 'TCG_LOTTO_VN', 'ELOTT', 301],
      ['SEA4D', 'TCG_SEA', 'LOTT', 501],
    ]);
  });

  it('lists opened numeros (count up to 100) and the current numero with the last result (T)', async () => {
    const opened = await get<OpenedNumeros>(`/lgw/vn/numeros/opened/game?gameId=${lott1}&count=100`);
    expect(opened.body.value.numeros.length).toBeGreaterThanOrEqual(99);
    const draws = opened.body.value.numeros.map((n) => n.drawAt);
    expect([...draws].sort((a, b) => a - b)).toEqual(draws);
    expect(opened.body.value.numeros.every((n) => /^[0-9a-f]{64}$/.test(n.seedHash ?? ''))).toBe(true);
    expect((await get(`/lgw/vn/numeros/opened/game?gameId=${lott1}&count=101`)).status).toBe(400);

    expect((await get(`/lotto/lgw/games/opened/numero?gameId=${lott1}`)).body.errorCode).toBe(
      'CUSTOMER_NOT_LOGIN',
    );
    const m = await lotteryMember(ctx, 10_000n);
    const current = await memberCall<CurrentNumero>(
      ctx,
      m,
      'GET',
      `/lotto/lgw/games/opened/numero?gameId=${lott1}`,
    );
    expect(current.body.value.game.code).toBe('LOTT1');
    if (current.body.value.current) {
      expect(current.body.value.current.closeAt).toBeGreaterThan(current.body.value.serverTime);
      expect(current.body.value.current.openAt).toBeLessThanOrEqual(current.body.value.serverTime);
    }
    const other = await memberCall(
      ctx,
      m,
      'GET',
      '/lotto/lgw/games/opened/numero?gameId=9223372036854775807',
    );
    expect(other.body.errorCode).toBe('lottery_game_not_found');
  });

  it('shows recent games (T) and popular games by orders of the last day (count 20, prizeMode)', async () => {
    const gameId = await testGame(ctx, 'dice');
    const n = await freshNumero(ctx, gameId);
    const m = await lotteryMember(ctx, 10_000n);
    for (let i = 0; i < 3; i++) {
      const res = await bet(ctx, m, {
        gameId,
        currentNumero: n.numero,
        bettingSlipString: 'B~1~202~1~1950~1',
        betCartAmountSum: '2.00',
      });
      expect(res.body.success).toBe(true);
    }
    const recent = await memberCall<RecentGames>(ctx, m, 'GET', '/lgw/vn/games/game_menu/recent');
    expect(recent.body.value.games.map((g) => g.gameId)).toEqual([gameId]);
    // spec §7 /lgw/games/popular: the vendors' games in `list`, the lotteries beside them
    const popular = await get<PopularGames>('/lgw/games/popular?count=3&prizeMode=Lott');
    expect(popular.body.value.lotteries).toHaveLength(3);
    expect(popular.body.value.lotteries[0]).toMatchObject({ gameId, orders24h: 3 });
    expect(popular.body.value.lotteries[0]?.current?.numero).toBe(n.numero);
    expect(popular.body.value.list.length).toBeLessThanOrEqual(3);
    const all = await get<PopularGames>('/lgw/games/popular?count=50');
    expect(all.body.value.lotteries.length).toBeGreaterThan(3);
    expect(all.body.value.lotteries.length).toBeLessThanOrEqual(20);
    // only the lotteries offering the prize mode, only those of the category asked for
    await ctx.db
      .updateTable('lottery_games')
      .set({ prize_modes: JSON.stringify(['LOTT', 'ZY']) })
      .where('id', '=', gameId)
      .execute();
    lotteryConfigChanged(ctx.db);
    const sea = await get<PopularGames>('/lgw/games/popular?prizeMode=SEA');
    expect(sea.body.value.lotteries.every((g) => g.prizeModes.includes('SEA'))).toBe(true);
    expect(sea.body.value.lotteries.map((g) => g.gameId)).not.toContain(gameId);
    const elott = await get<PopularGames>('/lgw/games/popular?gameCategory=ELOTT');
    expect(elott.body.value.lotteries.every((g) => g.category === 'ELOTT')).toBe(true);
    expect((await get<PopularGames>('/lgw/games/popular?gameCategory=RNG')).body.value.lotteries).toEqual([]);
    // the separate lottery call is gone; bad input is refused
    expect((await get('/lgw/lottery/popular')).status).toBe(404);
    for (const query of ['count=51', 'count=0', 'prizeMode=L', 'prizeMode=LOTT1', 'gameCategory=XYZ'])
      expect((await get(`/lgw/games/popular?${query}`)).status, query).toBe(400);
  });

  it('closes every lottery call in maintenance, /lotto included', async () => {
    const m = await lotteryMember(ctx, 10_000n);
    await updateBrandSettings(ctx.db, 'DEMO', { systemStatus: 1 });
    try {
      const menu = await get('/lgw/vn/games/game_menu');
      expect([menu.status, menu.body.errorCode]).toEqual([503, 'system_maintenance']);
      const current = await memberCall(ctx, m, 'GET', `/lotto/lgw/games/opened/numero?gameId=${lott1}`);
      expect([current.status, current.body.errorCode]).toEqual([503, 'system_maintenance']);
    } finally {
      await updateBrandSettings(ctx.db, 'DEMO', { systemStatus: 0 });
    }
  });

  it(
    "puts orders in the member's account record and the betting-record rows",
    oneUtcDay(async () => {
      const gameId = await testGame(ctx);
      const n = await freshNumero(ctx, gameId);
      const digit = digitsOf(n)[0] as number;
      const m = await lotteryMember(ctx, 10_000n);
      const won = await bet(ctx, m, {
        gameId,
        currentNumero: n.numero,
        bettingSlipString: straight(digit),
        betCartAmountSum: '2.00',
      });
      const cancelled = await bet(ctx, m, {
        gameId,
        currentNumero: n.numero,
        bettingSlipString: straight(digit),
        betCartAmountSum: '2.00',
      });
      await memberCall(ctx, m, 'POST', `/lgw/orders/${cancelled.body.value.order.orderId}/cancel`);
      const at = await afterDraw(ctx, n);
      await drawNumero(ctx.db, n.id, at);
      await settleNumero(ctx.db, n.id, at);
      const history = await memberCall<TransactionHistoryPage>(ctx, m, 'GET', '/wps/member/transactions');
      const lottery = history.body.value.items
        .filter((i) => i.reference.startsWith('lottery:'))
        .map((i) => [i.type, i.amount]);
      expect(lottery).toEqual([
        ['win', '19.60'],
        ['rollback', '2.00'],
        ['bet', '-2.00'],
        ['bet', '-2.00'],
      ]);
      const brand = await demoBrand(ctx);
      const records = await lotteryBettingRecords(ctx.db, {
        brandId: brand.id,
        currency: brand.currency,
        memberId: m.id,
        from: new Date(Date.now() - 3_600_000),
        to: new Date(Date.now() + 3_600_000),
      });
      expect(records.total).toBe(2);
      expect(
        records.items.map((r) => [r.orderId, r.category, r.roundId, r.stake, r.payout, r.status]),
      ).toEqual([
        [cancelled.body.value.order.orderId, 'ELOTT', n.numero, '2.00', '0.00', 'cancelled'],
        [won.body.value.order.orderId, 'ELOTT', n.numero, '2.00', '19.60', 'won'],
      ]);
      const today = await memberCall<OrderPage>(
        ctx,
        m,
        'GET',
        `/lgw/orders/today?gameId=${gameId}&size=1&page=2`,
      );
      expect(today.body.value).toMatchObject({ total: 2, page: 2, size: 1 });
      const won2 = await memberCall<OrderPage>(ctx, m, 'POST', '/lgw/orders', {
        orderStatus: 'won',
        numero: n.numero,
      });
      expect(won2.body.value.items.map((o) => o.orderId)).toEqual([won.body.value.order.orderId]);
      const range = await memberCall(ctx, m, 'POST', '/lgw/orders', {
        startDate: '2025-01-01',
        endDate: '2026-01-01',
      });
      expect(range.body.errorCode).toBe('history_range_invalid');
      const bad = await memberCall(ctx, m, 'POST', '/lgw/orders', { startDate: '2026-02-30' });
      expect(bad.status).toBe(400);

      // The member's betting record and profit and loss (the games domain's calls) list the orders
      // beside the vendors' bets: the cancelled order counts neither stake nor payout.
      const record = await memberCall<BettingRecordPage>(ctx, m, 'GET', '/wps/relay/MCSFE_getBettingRecord');
      expect(
        record.body.value.items.map((i) => [
          i.gameCategory,
          i.vassalage,
          i.roundId,
          i.stake,
          i.payout,
          i.winLoss,
          i.status,
        ]),
      ).toEqual([
        ['ELOTT', 'ELOTT', n.numero, '2.00', '0.00', '0.00', 'cancelled'],
        ['ELOTT', 'ELOTT', n.numero, '2.00', '19.60', '17.60', 'settled'],
      ]);
      expect(record.body.value.items[1]?.gameName).toBe('Test digits');
      expect(record.body.value.totals).toEqual({
        betCount: 1,
        stake: '2.00',
        payout: '19.60',
        winLoss: '17.60',
      });
      const slots = await memberCall<BettingRecordPage>(
        ctx,
        m,
        'GET',
        '/wps/relay/MCSFE_getBettingRecord?gameCategory=RNG',
      );
      expect(slots.body.value.total).toBe(0);
      const byProduct = await memberCall<BettingRecordPage>(
        ctx,
        m,
        'GET',
        '/wps/relay/MCSFE_getBettingRecord?vassalage=ELOTT&size=1&page=2',
      );
      expect(byProduct.body.value).toMatchObject({ total: 2, page: 2 });
      expect(byProduct.body.value.items.map((i) => i.status)).toEqual(['settled']);
      const profit = await memberCall<PersonalProfit>(ctx, m, 'GET', '/wps/relay/MCSFE_getPersonalProfit');
      expect(profit.body.value.categories).toEqual([
        { gameCategory: 'ELOTT', betCount: 1, stake: '2.00', payout: '19.60', profit: '17.60' },
      ]);
      expect(profit.body.value.totals).toEqual({
        betCount: 1,
        stake: '2.00',
        payout: '19.60',
        profit: '17.60',
      });
      // The event feed hands the order's money to a consumer of stakes, returns and wins (rewards count
      // lottery turnover from them): two stakes, the cancelled one's refund and the win, with the member,
      // all the lottery's.
      const moved: [string, unknown, unknown][] = [];
      const consumer: EventConsumer<'stake_placed' | 'stake_returned' | 'win_paid'> = {
        name: `test_lottery_${randomBytes(4).toString('hex')}`,
        facts: ['stake_placed', 'stake_returned', 'win_paid'],
        handle: async (_trx, events) => {
          for (const e of events) if (e.memberId === m.id) moved.push([e.kind, e.orderId, e.product]);
        },
      };
      await drainWritten(ctx.db, consumer);
      const wonId = won.body.value.order.orderId;
      const cancelledId = cancelled.body.value.order.orderId;
      expect(
        moved
          .map(
            ([kind, order]) =>
              `${kind}:${order === wonId ? 'won' : order === cancelledId ? 'cancelled' : order}`,
          )
          .sort(),
      ).toEqual(['lottery_bet:cancelled', 'lottery_bet:won', 'lottery_refund:cancelled', 'lottery_win:won']);
      expect(new Set(moved.map(([, , product]) => product))).toEqual(new Set(['lottery']));
      // Another member sees none of it.
      const other = await lotteryMember(ctx, 10_000n);
      const theirs = await memberCall<BettingRecordPage>(
        ctx,
        other,
        'GET',
        '/wps/relay/MCSFE_getBettingRecord',
      );
      expect(theirs.body.value.total).toBe(0);
    }),
  );
});
