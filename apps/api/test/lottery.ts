import { randomBytes, randomUUID } from 'node:crypto';
import type { BetPlaced, BetRefusal } from '@lotus/contracts/lottery';
import { afterEach, expect } from 'vitest';
import { seedHash } from '../src/domains/lottery/engine/index.ts';
import { insertGame } from '../src/domains/lottery/game.repository.ts';
import { lotteryConfigChanged } from '../src/domains/lottery/game.service.ts';
import { lotteryReconcile } from '../src/domains/lottery/lottery-reconcile.ts';
import { platformDraw } from '../src/domains/lottery/numero.service.ts';
import { call, headers, type TestContext } from './support.ts';
import { memberWithFunds, type SignedIn } from './withdrawals.ts';

/** Test support of the lottery: the demo brand's games, numeros at chosen times, bets through the API. */

/** After every lottery test: each order's entries match its status, each chase hold its pending steps. */
export function lotteryReconcileAfterEach(ctx: TestContext): void {
  afterEach(async () => {
    expect(await lotteryReconcile(ctx.db)).toEqual([]);
  });
}

export async function gameIdOf(ctx: TestContext, code: string, merchant = 'DEMO'): Promise<string> {
  const row = await ctx.db
    .selectFrom('lottery_games as g')
    .innerJoin('brands as b', 'b.id', 'g.brand_id')
    .select('g.id')
    .where('b.merchant_code', '=', merchant)
    .where('g.code', '=', code)
    .executeTakeFirstOrThrow();
  return row.id;
}

export type TestNumero = {
  id: string;
  numero: string;
  seed: string | null;
  gameId: string;
  gameCode: string;
};

let counter = 0;

/**
 * A numero of the game taking bets now (opened a minute ago, closing `closeInMs` from now, drawn
 * at its close), outside the game's schedule so a test owns it. Official games get no seed.
 */
export async function freshNumero(
  ctx: TestContext,
  gameId: string,
  options: { closeInMs?: number; openedAgoMs?: number; official?: boolean } = {},
): Promise<TestNumero> {
  const now = Date.now();
  counter += 1;
  const numero = `T${now.toString(36)}-${counter}-${randomBytes(2).toString('hex')}`;
  const seed = options.official ? null : randomBytes(32).toString('hex');
  const closeAt = new Date(now + (options.closeInMs ?? 600_000));
  const game = await ctx.db
    .selectFrom('lottery_games')
    .select(['brand_id', 'code'])
    .where('id', '=', gameId)
    .executeTakeFirstOrThrow();
  const row = await ctx.db
    .insertInto('lottery_numeros')
    .values({
      brand_id: game.brand_id,
      game_id: gameId,
      numero,
      open_at: new Date(now - (options.openedAgoMs ?? 60_000)),
      close_at: closeAt,
      draw_at: closeAt,
      seed,
      seed_hash: seed ? seedHash(seed) : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, numero, seed, gameId, gameCode: game.code };
}

/** The five digits a platform digits numero will draw (its seed is known to the test). */
export function digitsOf(n: TestNumero): number[] {
  if (!n.seed) throw new Error('no seed');
  const draw = platformDraw({ family: 'digits', code: n.gameCode }, n.seed, n.numero);
  if (draw.kind !== 'digits') throw new Error('not digits');
  return [...draw.digits];
}

/** A moment after the numero's draw time (for the draw and settle functions' clock). */
export async function afterDraw(ctx: TestContext, n: TestNumero): Promise<Date> {
  const row = await ctx.db
    .selectFrom('lottery_numeros')
    .select('draw_at')
    .where('id', '=', n.id)
    .executeTakeFirstOrThrow();
  return new Date(row.draw_at.getTime() + 1000);
}

export function lotteryMember(ctx: TestContext, funds = 100_000n, isAgent = 0): Promise<SignedIn> {
  return memberWithFunds(ctx, { funds, fundsPassword: null, isAgent });
}

export type BetBody = {
  gameId: string;
  currentNumero: string;
  bettingSlipString: string;
  betCartAmountSum: string;
  prizeModeId?: string;
  requestId?: string;
  winningStop?: boolean;
  abandoning?: boolean;
  chase?: unknown;
  orderType?: string;
};

export function bet(ctx: TestContext, m: { token: string }, body: BetBody, merchant = 'DEMO') {
  return call<BetPlaced & BetRefusal>(ctx.app, {
    method: 'POST',
    url: '/lgw/orders/betting',
    headers: { ...headers(merchant), authorization: m.token },
    payload: {
      prizeModeId: 'LOTT',
      winningStop: false,
      abandoning: false,
      device: 'web',
      requestId: randomUUID(),
      ...body,
    },
  });
}

export function memberCall<T = unknown>(
  ctx: TestContext,
  m: { token: string },
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
) {
  return call<T>(ctx.app, {
    method,
    url,
    headers: { ...headers(), authorization: m.token },
    ...(payload === undefined ? {} : { payload }),
  });
}

export async function orderRow(ctx: TestContext, orderId: string) {
  return ctx.db
    .selectFrom('lottery_orders')
    .select(['status', 'payout', 'amount'])
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
}

/** Journal entries of an order (its bet, win and refund keys). */
export async function entriesOf(ctx: TestContext, orderId: string): Promise<string[]> {
  const rows = await ctx.db
    .selectFrom('journal_entries')
    .select('kind')
    .where('reference', '=', `lottery:order:${orderId}`)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.kind);
}

/** A game of its own for a test (no other test's numeros in between), of the demo brand. */
export async function testGame(
  ctx: TestContext,
  family: 'digits' | 'dice' | 'vn-north' | 'vn-south' | 'sea4d' = 'digits',
  drawSource: 'platform' | 'official' = 'platform',
): Promise<string> {
  const brand = await ctx.db
    .selectFrom('brands')
    .select('id')
    .where('merchant_code', '=', 'DEMO')
    .executeTakeFirstOrThrow();
  counter += 1;
  const row = await insertGame(ctx.db, {
    brandId: brand.id,
    code: `T${counter}${randomBytes(3).toString('hex')}`,
    family,
    category: 'ELOTT',
    accountTypeName: 'ELOTT',
    nameEn: `Test ${family}`,
    nameMs: '',
    nameCn: '',
    drawSource,
    schedule: { kind: 'interval', seconds: 3600 },
    utcOffsetMinutes: 0,
    closeOffsetSeconds: 60,
    status: 'active',
    prizeModes: ['LOTT', 'ZY', 'ELOTT', 'SEA'],
    sortOrder: 100,
    isHot: false,
  });
  if (!row) throw new Error('test game not created');
  lotteryConfigChanged(ctx.db);
  return row.id;
}
