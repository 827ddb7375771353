/**
 * Lottery orders (issue 14 "Orders"): `POST /lgw/orders/betting` places a cart on the current
 * numero (or a chase over the next numeros) in ONE transaction with its money: the numero is
 * share-locked and must still be open (server time), the order row and the house's exposure per
 * number are written (a number over its cap refuses everything) and the stake leaves the member's
 * main wallet in one journal entry whose key comes from the client's request id; insufficient
 * balance rolls all of it back. The same request id again answers the first order. A member may
 * cancel an order until its numero closes: the refund is a conditional state change, once.
 */
import { TRIAL_TYPE } from '@lotus/contracts/accounts';
import type { SupportedLanguage } from '@lotus/contracts/languages';
import {
  type BetPlaced,
  type BetRequest,
  LOTTERY_RULES,
  type LotteryBettingRecordRow,
  type LotteryOrder,
  type OrderDetail,
  type OrderPage,
  type OrderSearch,
  type OrderStatus,
} from '@lotus/contracts/lottery';
import { formatAmount } from '@lotus/contracts/money';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { addDays, dayStart, dayWindow, wallTimeInstant } from '../../lib/brand-time.ts';
import type { Brand } from '../brands/brand.ts';
import { accountBalance } from '../wallet/ledger.service.ts';
import { openMemberWallet } from '../wallet/wallet.service.ts';
import { cancelChase, chaseView, placeChaseStep, planMultiples } from './chase.service.ts';
import { playTypeById } from './engine/index.ts';
import {
  brandLottery,
  gameOf,
  type LotteryGameConfig,
  lotteryHoldAccount,
  lotteryHouseAccount,
  nameIn,
} from './game.service.ts';
import { lotteryMoney, postTransfers, type Transfer } from './lottery-money.ts';
import type { NumeroRow } from './numero.repository.ts';
import {
  addExposure,
  findNumero,
  findNumeroByLabel,
  releaseExposure,
  shareNumero,
} from './numero.repository.ts';
import {
  cancelPlacedOrder,
  findChaseByRequest,
  findMemberChase,
  findMemberOrder,
  findOrderByRequest,
  insertChase,
  insertOrder,
  type ListedOrder,
  listOrders,
  type OrderRow,
} from './order.repository.ts';
import {
  betFingerprint,
  capRefusal,
  checkLimits,
  exposureOf,
  overCapAlone,
  priceCart,
  slipRows,
} from './pricing.ts';
import { DrawSettler, toDraw, toWireResult } from './slips.ts';

export type Bettor = { id: string; brandId: string; isAgent: number };

/** Whether a numero takes bets at `now`: open, opened, not yet closed. */
export function takesBets(numero: Pick<NumeroRow, 'status' | 'open_at' | 'close_at'>, now: Date): boolean {
  return numero.status === 'open' && numero.open_at <= now && numero.close_at > now;
}

function toWireOrder(
  row: Pick<
    ListedOrder,
    | 'id'
    | 'game_id'
    | 'game_code'
    | 'name_en'
    | 'name_ms'
    | 'name_cn'
    | 'numero'
    | 'draw_at'
    | 'prize_mode'
    | 'slips'
    | 'amount'
    | 'payout'
    | 'status'
    | 'chase_id'
    | 'chase_step'
    | 'device'
    | 'created_at'
    | 'settled_at'
  >,
  currency: string,
  language: SupportedLanguage,
): LotteryOrder {
  return {
    orderId: row.id,
    orderNumber: row.id,
    gameId: row.game_id,
    gameCode: row.game_code,
    gameName: nameIn({ en: row.name_en, ms: row.name_ms, cn: row.name_cn }, language),
    numero: row.numero,
    drawAt: row.draw_at.getTime(),
    prizeMode: row.prize_mode,
    amount: formatAmount(row.amount, currency),
    payout: formatAmount(row.payout, currency),
    status: row.status as OrderStatus,
    slipCount: row.slips.length,
    chaseId: row.chase_id,
    chaseStep: row.chase_step,
    device: row.device,
    createdAt: row.created_at.getTime(),
    settledAt: row.settled_at ? row.settled_at.getTime() : null,
  };
}

function orderOf(row: OrderRow, game: LotteryGameConfig): ListedOrder {
  return {
    ...row,
    username: '',
    game_code: game.code,
    name_en: game.names.en,
    name_ms: game.names.ms,
    name_cn: game.names.cn,
    category: game.category,
  };
}

function deviceOf(body: BetRequest, fallback: string): string {
  return (body.device ?? fallback).slice(0, 16);
}

/** The answer to a repeated request id: the first order (or chase), or a mismatch. */
async function replayBet(
  db: Db,
  brand: Brand,
  member: Bettor,
  body: BetRequest,
  fingerprint: string,
  game: LotteryGameConfig,
  language: SupportedLanguage,
  walletId: string,
): Promise<BetPlaced> {
  const balance = formatAmount(await accountBalance(db, walletId), brand.currency);
  if (body.chase) {
    const chase = await findChaseByRequest(db, brand.id, member.id, body.requestId);
    if (!chase || chase.request_hash !== fingerprint) throw new AppError('idempotency_mismatch');
    const view = await chaseView(db, chase, brand.currency);
    const firstOrderId = view.steps[0]?.orderId;
    const first = firstOrderId ? await findMemberOrder(db, brand.id, member.id, firstOrderId) : undefined;
    if (!first) throw new AppError('idempotency_mismatch');
    return { order: toWireOrder(orderOf(first, game), brand.currency, language), chase: view, balance };
  }
  const order = await findOrderByRequest(db, brand.id, member.id, body.requestId);
  if (!order || order.request_hash !== fingerprint) throw new AppError('idempotency_mismatch');
  return { order: toWireOrder(orderOf(order, game), brand.currency, language), chase: null, balance };
}

/**
 * Places a bet (a plain order, or a chase and its first order). Everything is checked before the
 * transaction (game, prize mode, slips, totals, limits, a number over its cap on this order alone)
 * and again inside it where others can change it (the numero still open, the exposure, the balance).
 */
export async function placeBet(
  db: Db,
  brand: Brand,
  member: Bettor,
  body: BetRequest,
  options: { language?: SupportedLanguage; device?: string; now?: Date } = {},
): Promise<BetPlaced> {
  const now = options.now ?? new Date();
  const language = options.language ?? 'EN';
  const config = await brandLottery(db, brand.id);
  const game = config.games.get(body.gameId);
  if (!game) throw new AppError('lottery_game_not_found');
  if (game.status !== 'active') throw new AppError('lottery_game_unavailable');
  const chasePlan = body.chase ?? null;
  if ((body.orderType === 'chase') !== (chasePlan !== null) && body.orderType !== undefined) {
    throw new AppError('lottery_chase_invalid');
  }
  const priced = priceCart(config, game, brand, body);
  const multiples = chasePlan ? planMultiples(priced.cart, priced.odds, chasePlan) : [1n];
  for (const multiple of multiples) checkLimits(config, game, priced.cart, multiple);
  const first = multiples[0] as bigint;
  const firstSlips = slipRows(priced.cart, first);
  const trial = member.isAgent === TRIAL_TYPE;
  const exposure = exposureOf(config, game, firstSlips, priced.odds);
  if (!trial) {
    const alone = overCapAlone(exposure);
    if (alone) throw capRefusal(exposure, alone);
  }
  const numero = await findNumeroByLabel(db, game.id, body.currentNumero);
  if (!numero) throw new AppError('lottery_numero_not_found');
  if (!takesBets(numero, now)) throw new AppError('lottery_numero_closed');

  const fingerprint = betFingerprint(body);
  const wallet = await openMemberWallet(db, brand, member);
  const house = await lotteryHouseAccount(db, brand, member.id, trial);
  const device = deviceOf(body, options.device ?? '');
  const steps = multiples.map((multiple) => ({ multiple, amount: priced.cart.total * multiple }));
  const total = steps.reduce((sum, step) => sum + step.amount, 0n);
  const hold = chasePlan ? await lotteryHoldAccount(db, brand, member.id) : null;

  const placed = await lotteryMoney(db, async (trx) => {
    const locked = await shareNumero(trx, numero.id);
    if (!locked || !takesBets(locked, now)) throw new AppError('lottery_numero_closed');
    if (chasePlan && hold) {
      const chaseId = await insertChase(trx, {
        brandId: brand.id,
        memberId: member.id,
        gameId: game.id,
        requestId: body.requestId,
        requestHash: fingerprint,
        plan: chasePlan.kind,
        prizeMode: priced.prizeMode,
        slips: slipRows(priced.cart),
        odds: priced.odds,
        winningStop: body.winningStop,
        abandoning: body.abandoning,
        quickChase: body.quickChase ?? false,
        isTrial: trial,
        device,
        totalAmount: total,
        steps,
        walletAccountId: wallet.id,
        holdAccountId: hold.id,
        houseAccountId: house.id,
        now,
      });
      if (!chaseId) return null;
      const step = await placeChaseStep(
        db,
        trx,
        {
          brandId: brand.id,
          currency: brand.currency,
          game,
          chase: {
            id: chaseId,
            member_id: member.id,
            prize_mode: priced.prizeMode,
            slips: slipRows(priced.cart),
            odds: priced.odds,
            is_trial: trial,
            device,
            wallet_account_id: wallet.id,
            hold_account_id: hold.id,
            house_account_id: house.id,
          },
        },
        { index: 0, multiple: first, amount: steps[0]?.amount as bigint },
        locked,
        now,
      );
      if ('overCap' in step) throw capRefusal(exposure, step.overCap);
      // The same key as a plain order's: one request id is one bet, a chase or not.
      const holdKey = `lottery:bet:${member.id}:${body.requestId}`;
      const transfers: Transfer[] = [
        {
          key: holdKey,
          kind: 'lottery_chase_hold',
          reference: `lottery:chase:${chaseId}`,
          metadata: { chaseId, memberId: member.id },
          from: wallet.id,
          to: hold.id,
          amount: total,
        },
        step.transfer,
      ];
      const posted = await postTransfers(trx, brand.id, brand.currency, transfers);
      if (!posted.entries.has(holdKey)) throw new AppError('idempotency_mismatch');
      await trx.updateTable('lottery_chases').set({ next_step: 1 }).where('id', '=', chaseId).execute();
      return { orderId: step.orderId, chaseId, balance: posted.balances.get(wallet.id) as bigint };
    }
    const orderId = await insertOrder(trx, {
      brandId: brand.id,
      memberId: member.id,
      gameId: game.id,
      numeroId: numero.id,
      requestId: body.requestId,
      requestHash: fingerprint,
      chaseId: null,
      chaseStep: null,
      prizeMode: priced.prizeMode,
      slips: firstSlips,
      odds: priced.odds,
      amount: priced.cart.total,
      isTrial: trial,
      device,
      walletAccountId: wallet.id,
      houseAccountId: house.id,
      now,
    });
    if (!orderId) return null;
    const key = `lottery:bet:${member.id}:${body.requestId}`;
    const posted = await postTransfers(trx, brand.id, brand.currency, [
      {
        key,
        kind: 'lottery_bet',
        reference: `lottery:order:${orderId}`,
        metadata: { orderId, memberId: member.id },
        from: wallet.id,
        to: house.id,
        amount: priced.cart.total,
        stake: true,
      },
    ]);
    if (!posted.entries.has(key)) throw new AppError('idempotency_mismatch');
    // Last: the exposure rows of popular numbers are the hottest rows, held only until the commit.
    if (!trial) {
      const over = await addExposure(trx, numero.id, exposure.deltas);
      if (over.length > 0) throw capRefusal(exposure, over[0] as string);
    }
    return { orderId, chaseId: null, balance: posted.balances.get(wallet.id) as bigint };
  });
  if (!placed) return replayBet(db, brand, member, body, fingerprint, game, language, wallet.id);
  const chase = placed.chaseId ? await findMemberChase(db, brand.id, member.id, placed.chaseId) : undefined;
  // The order as it was just written (no second read on the hot path).
  const order: ListedOrder = {
    id: placed.orderId,
    member_id: member.id,
    username: '',
    game_id: game.id,
    game_code: game.code,
    name_en: game.names.en,
    name_ms: game.names.ms,
    name_cn: game.names.cn,
    category: game.category,
    numero: numero.numero,
    draw_at: numero.draw_at,
    prize_mode: priced.prizeMode,
    slips: firstSlips,
    amount: (priced.cart.total * first).toString(),
    payout: '0',
    status: 'placed',
    is_trial: trial,
    chase_id: placed.chaseId,
    chase_step: placed.chaseId ? 0 : null,
    device,
    created_at: now,
    settled_at: null,
  };
  return {
    order: toWireOrder(order, brand.currency, language),
    chase: chase ? await chaseView(db, chase, brand.currency) : null,
    balance: formatAmount(placed.balance, brand.currency),
  };
}

/**
 * A member cancels an order before its numero closes: placed -> cancelled (one of any number of
 * concurrent cancels wins), its exposure released and its stake refunded to the member's main
 * wallet (key `lottery:order:<id>:refund`), in one transaction under the numero's share lock.
 */
export async function cancelOrder(
  db: Db,
  brand: Brand,
  memberId: string,
  orderId: string,
  options: { language?: SupportedLanguage; now?: Date } = {},
): Promise<LotteryOrder> {
  const now = options.now ?? new Date();
  const order = await findMemberOrder(db, brand.id, memberId, orderId);
  if (!order) throw new AppError('lottery_order_not_found');
  const config = await brandLottery(db, brand.id);
  const game = config.games.get(order.game_id);
  if (!game) throw new AppError('lottery_order_not_found');
  await lotteryMoney(db, async (trx) => {
    const numero = await shareNumero(trx, order.numero_id);
    if (numero?.status !== 'open' || numero.close_at <= now) throw new AppError('lottery_numero_closed');
    if (!(await cancelPlacedOrder(trx, order.id, now))) throw new AppError('lottery_order_state_invalid');
    if (!order.is_trial) {
      await releaseExposure(trx, numero.id, exposureOf(config, game, order.slips, order.odds).deltas);
    }
    await postTransfers(trx, brand.id, brand.currency, [
      {
        key: `lottery:order:${order.id}:refund`,
        kind: 'lottery_refund',
        reference: `lottery:order:${order.id}`,
        metadata: { orderId: order.id, memberId },
        from: order.house_account_id,
        to: order.wallet_account_id,
        amount: BigInt(order.amount),
      },
    ]);
  });
  const after = await findMemberOrder(db, brand.id, memberId, orderId);
  if (!after) throw new AppError('lottery_order_not_found');
  return toWireOrder(orderOf(after, game), brand.currency, options.language ?? 'EN');
}

export { cancelChase };

// ---- history -------------------------------------------------------------------------------------

const DAY_MS = 86_400_000;

/**
 * `yyyy-MM-dd[ HH:mm:ss]` that exists, on the brand's clock (its time zone): a date alone is the
 * brand's midnight; an impossible date is request_param_err.
 */
function parseDate(text: string, field: string, timeZone: string): Date {
  const iso = text.length === 10 ? `${text}T00:00:00Z` : `${text.replace(' ', 'T')}Z`;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== text.slice(0, 10)) {
    throw new AppError('request_param_err', { fieldErrors: { [field]: 'errors.request_param_err' } });
  }
  const day = text.slice(0, 10);
  return text.length === 10 ? dayStart(day, timeZone) : wallTimeInstant(day, text.slice(11), timeZone);
}

function page(query: { page?: number | undefined; size?: number | undefined }) {
  const pageNo = query.page ?? 1;
  const size = query.size ?? 20;
  return { pageNo, size, offset: (pageNo - 1) * size };
}

/** `/lgw/orders/today`: the member's orders placed today (the brand's day), optionally of one game, newest first. */
export async function todayOrders(
  db: Db,
  brand: Brand,
  memberId: string,
  query: { gameId?: string | undefined; page?: number | undefined; size?: number | undefined },
  options: { language?: SupportedLanguage; now?: Date } = {},
): Promise<OrderPage> {
  const now = options.now ?? new Date();
  const { pageNo, size, offset } = page(query);
  const { rows, total } = await listOrders(
    db,
    {
      brandId: brand.id,
      memberId,
      ...(query.gameId ? { gameId: query.gameId } : {}),
      from: dayWindow(now, brand.timeZone).from,
      to: dayWindow(now, brand.timeZone).to,
    },
    size,
    offset,
  );
  return {
    items: rows.map((r) => toWireOrder(r, brand.currency, options.language ?? 'EN')),
    total,
    page: pageNo,
    size,
  };
}

/** `POST /lgw/orders`: the member's orders by the TCG filters (default today, at most 92 days). */
export async function searchOrders(
  db: Db,
  brand: Brand,
  memberId: string,
  search: OrderSearch,
  options: { language?: SupportedLanguage; now?: Date } = {},
): Promise<OrderPage> {
  const now = options.now ?? new Date();
  const zone = brand.timeZone;
  const from = search.startDate ? parseDate(search.startDate, 'startDate', zone) : dayWindow(now, zone).from;
  const endInclusive = search.endDate ? parseDate(search.endDate, 'endDate', zone) : now;
  const to =
    search.endDate && search.endDate.length === 10
      ? dayStart(addDays(search.endDate, 1), zone)
      : new Date(endInclusive.getTime() + 1000);
  // One hour of slack for the days a daylight-saving change makes 25 hours long.
  if (from >= to || to.getTime() - from.getTime() > LOTTERY_RULES.maxHistoryDays * DAY_MS + 3_600_000) {
    throw new AppError('history_range_invalid');
  }
  const { pageNo, size, offset } = page(search);
  const { rows, total } = await listOrders(
    db,
    {
      brandId: brand.id,
      memberId,
      ...(search.gameId ? { gameId: search.gameId } : {}),
      ...(search.orderNumber ? { orderId: search.orderNumber } : {}),
      ...(search.orderStatus ? { status: search.orderStatus } : {}),
      ...(search.numero ? { numero: search.numero } : {}),
      ...(search.chasingOrder !== undefined ? { chasing: search.chasingOrder } : {}),
      ...(search.chasingStatus ? { chaseStatus: search.chasingStatus } : {}),
      from,
      to,
    },
    size,
    offset,
  );
  return {
    items: rows.map((r) => toWireOrder(r, brand.currency, options.language ?? 'EN')),
    total,
    page: pageNo,
    size,
  };
}

/** `/lgw/orders/detail/{id}/info`: one of the member's orders with its slips, result and chase. */
export async function orderDetail(
  db: Db,
  brand: Brand,
  memberId: string,
  orderId: string,
  options: { language?: SupportedLanguage } = {},
): Promise<OrderDetail> {
  const order = await findMemberOrder(db, brand.id, memberId, orderId);
  if (!order) throw new AppError('lottery_order_not_found');
  const game = await gameOf(db, brand.id, order.game_id).catch(() => {
    throw new AppError('lottery_order_not_found');
  });
  const numero = await findNumero(db, order.numero_id);
  if (!numero) throw new AppError('lottery_order_not_found');
  const drawn = numero.result !== null;
  const payouts = numero.result
    ? new DrawSettler(toDraw(numero.result)).slipPayouts(order.slips, order.odds)
    : null;
  const chase = order.chase_id ? await findMemberChase(db, brand.id, memberId, order.chase_id) : undefined;
  return {
    ...toWireOrder(orderOf(order, game), brand.currency, options.language ?? 'EN'),
    slips: order.slips.map((slip, index) => ({
      index,
      playId: slip.playId,
      playCode: playTypeById(slip.playId)?.code ?? '',
      balls: slip.balls,
      mode: slip.mode,
      series: slip.series,
      multiple: slip.multiple,
      combinations: slip.combinations,
      amount: formatAmount(slip.amount, brand.currency),
      payout: payouts ? formatAmount(payouts[index] as bigint, brand.currency) : null,
    })),
    numeroStatus: numero.status as OrderDetail['numeroStatus'],
    result: toWireResult(numero.result),
    seedHash: numero.seed_hash,
    seed: drawn ? numero.seed : null,
    chase: chase ? await chaseView(db, chase, brand.currency) : null,
  };
}

/**
 * For the betting record (published): a member's lottery orders in `[from, to)` as betting-record
 * rows, newest first: time, category (LOTT/ELOTT), game, the numero as the round id, stake, payout
 * and status.
 */
export async function lotteryBettingRecords(
  db: Db,
  query: {
    brandId: string;
    currency: string;
    memberId: string;
    from: Date;
    to: Date;
    page?: number;
    size?: number;
    language?: SupportedLanguage;
  },
): Promise<{ items: LotteryBettingRecordRow[]; total: number }> {
  const size = Math.min(query.size ?? 20, 100);
  const pageNo = query.page ?? 1;
  const { rows, total } = await listOrders(
    db,
    { brandId: query.brandId, memberId: query.memberId, from: query.from, to: query.to },
    size,
    (pageNo - 1) * size,
  );
  return {
    items: rows.map((r) => ({
      orderId: r.id,
      time: r.created_at.getTime(),
      category: r.category as LotteryBettingRecordRow['category'],
      gameCode: r.game_code,
      gameName: nameIn({ en: r.name_en, ms: r.name_ms, cn: r.name_cn }, query.language ?? 'EN'),
      roundId: r.numero,
      stake: formatAmount(r.amount, query.currency),
      payout: formatAmount(r.payout, query.currency),
      status: r.status as OrderStatus,
    })),
    total,
  };
}

export { toWireOrder };
