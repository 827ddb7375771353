/**
 * The lottery's back office (issue 14 "Back office"): games and their schedules, odds per prize mode,
 * limits and liability caps, numeros with their orders and exposure per number, the official result
 * entry approved by a second operator, cancelling a numero (every order refunded) and the P&L per
 * game and day. Every change writes its audit row in the transaction that makes it.
 */
import type {
  AdminGame,
  AdminGameInput,
  AdminGameUpdate,
  AdminNumero,
  AdminNumeroPage,
  AdminOrderPage,
  ExposurePage,
  GameLimits,
  LimitsUpdate,
  OddsTable,
  OddsUpdate,
  OrderStatus,
  PnlReport,
  ResultEntry,
} from '@lotus/contracts/lottery';
import { formatAmount, parseAmount } from '@lotus/contracts/money';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { type AuditOperator, auditChange as audit } from '../operators/audit.service.ts';
import { PLAY_TYPES, playTypeById } from './engine/index.ts';
import {
  deleteLimits,
  deleteOdds,
  findGameById,
  insertGame,
  updateGame,
  upsertLimits,
  upsertOdds,
} from './game.repository.ts';
import {
  brandLottery,
  DEFAULT_LIMITS,
  gameOf,
  type Limits,
  type LotteryGameConfig,
  lotteryConfigChanged,
  oddsOf,
  toGameConfig,
  toWireGame,
} from './game.service.ts';
import {
  decideResultEntry,
  exposurePage,
  findResultEntry,
  insertResultEntry,
  lockNumero,
  type NumeroRow,
  pendingEntryOf,
  type ResultEntryRow,
  setDrawn,
} from './numero.repository.ts';
import { officialResult } from './numero.service.ts';
import { listOrders, numeroTotals } from './order.repository.ts';
import { toWireOrder } from './order.service.ts';
import { timingProblem } from './schedule.ts';
import { cancelNumero } from './settlement.service.ts';
import { toWireResult } from './slips.ts';

export type Operator = AuditOperator;
type Brand = { id: string; currency: string };

// ---- games ---------------------------------------------------------------------------------------

function toAdminGame(game: LotteryGameConfig): AdminGame {
  return {
    ...toWireGame(game, 'EN'),
    nameEn: game.names.en,
    nameMs: game.names.ms,
    nameCn: game.names.cn,
    schedule: game.schedule,
    utcOffsetMinutes: game.utcOffsetMinutes,
    closeOffsetSeconds: game.closeOffsetSeconds,
    status: game.status,
    sortOrder: game.sortOrder,
  };
}

export async function adminGames(db: Db, brandId: string): Promise<{ items: AdminGame[] }> {
  const config = await brandLottery(db, brandId);
  return {
    items: [...config.games.values()].sort((a, b) => a.sortOrder - b.sortOrder).map(toAdminGame),
  };
}

function checkTiming(timing: Pick<AdminGameInput, 'schedule' | 'utcOffsetMinutes' | 'closeOffsetSeconds'>) {
  if (timingProblem(timing)) throw new AppError('lottery_config_invalid');
}

export async function createGame(db: Db, operator: Operator, input: AdminGameInput): Promise<AdminGame> {
  checkTiming(input);
  // Official results are entered for the VN prize tables; the other families are drawn by the platform.
  if (input.drawSource === 'official' && input.family !== 'vn-north' && input.family !== 'vn-south') {
    throw new AppError('lottery_config_invalid');
  }
  const row = await db.transaction().execute(async (trx) => {
    const inserted = await insertGame(trx, {
      brandId: operator.brandId,
      code: input.code,
      family: input.family,
      category: input.category,
      accountTypeName: input.accountTypeName,
      nameEn: input.nameEn,
      nameMs: input.nameMs,
      nameCn: input.nameCn,
      drawSource: input.drawSource,
      schedule: input.schedule,
      utcOffsetMinutes: input.utcOffsetMinutes,
      closeOffsetSeconds: input.closeOffsetSeconds,
      status: input.status,
      prizeModes: [...new Set(input.prizeModes)],
      sortOrder: input.sortOrder,
      isHot: input.isHot,
    });
    if (!inserted) throw new AppError('lottery_game_code_taken');
    await audit(trx, operator, 'lottery.game.create', { type: 'lottery_game', id: inserted.id }, null, {
      ...input,
    });
    return inserted;
  });
  lotteryConfigChanged(db);
  return toAdminGame(toGameConfig(row));
}

export async function changeGame(
  db: Db,
  operator: Operator,
  gameId: string,
  patch: AdminGameUpdate,
): Promise<AdminGame> {
  const before = await findGameById(db, gameId);
  if (!before || before.brand_id !== operator.brandId) throw new AppError('lottery_game_not_found');
  const current = toGameConfig(before);
  checkTiming({
    schedule: patch.schedule ?? current.schedule,
    utcOffsetMinutes: patch.utcOffsetMinutes ?? current.utcOffsetMinutes,
    closeOffsetSeconds: patch.closeOffsetSeconds ?? current.closeOffsetSeconds,
  });
  const row = await db.transaction().execute(async (trx) => {
    const updated = await updateGame(trx, operator.brandId, gameId, {
      ...patch,
      ...(patch.prizeModes ? { prizeModes: [...new Set(patch.prizeModes)] } : {}),
    });
    if (!updated) throw new AppError('lottery_game_not_found');
    await audit(
      trx,
      operator,
      'lottery.game.update',
      { type: 'lottery_game', id: gameId },
      toAdminGame(current),
      { ...patch },
    );
    return updated;
  });
  lotteryConfigChanged(db);
  return toAdminGame(toGameConfig(row));
}

// ---- odds ----------------------------------------------------------------------------------------

export async function oddsTable(
  db: Db,
  brandId: string,
  query: { prizeMode?: string | undefined; family?: string | undefined },
): Promise<OddsTable> {
  const config = await brandLottery(db, brandId);
  const items: OddsTable['items'] = [];
  for (const playType of PLAY_TYPES) {
    if (query.family && playType.family !== query.family) continue;
    for (const mode of ['LOTT', 'ZY', 'ELOTT', 'SEA'] as const) {
      if (query.prizeMode && mode !== query.prizeMode) continue;
      const effective = oddsOf(config, mode, playType);
      for (const [tier, odds] of Object.entries(playType.odds[mode])) {
        const value = effective[tier] as bigint;
        items.push({
          prizeMode: mode,
          playId: playType.id,
          playCode: playType.code,
          family: playType.family,
          tier,
          odds: value.toString(),
          defaultOdds: odds.toString(),
          overridden: value !== odds,
        });
      }
    }
  }
  return { items };
}

/** Sets (or with null removes) the brand's odds overrides; a play or tier that does not exist refuses all. */
export async function changeOdds(db: Db, operator: Operator, update: OddsUpdate): Promise<OddsTable> {
  for (const item of update.items) {
    const playType = playTypeById(item.playId);
    if (!playType || playType.odds[item.prizeMode][item.tier] === undefined) {
      throw new AppError('lottery_config_invalid');
    }
  }
  await db.transaction().execute(async (trx) => {
    for (const item of update.items) {
      if (item.odds === null) await deleteOdds(trx, operator.brandId, item);
      else await upsertOdds(trx, operator.brandId, operator.id, { ...item, odds: BigInt(item.odds) });
    }
    await audit(trx, operator, 'lottery.odds.update', { type: 'lottery_odds', id: operator.brandId }, null, {
      items: update.items,
    });
  });
  lotteryConfigChanged(db);
  return oddsTable(db, operator.brandId, {});
}

// ---- limits --------------------------------------------------------------------------------------

function wireLimits(playId: number, limits: Limits, currency: string): GameLimits['items'][number] {
  return {
    playId,
    playCode: playId === 0 ? null : (playTypeById(playId)?.code ?? null),
    minSlip: formatAmount(limits.minSlip, currency),
    maxSlip: formatAmount(limits.maxSlip, currency),
    maxOrder: formatAmount(limits.maxOrder, currency),
    numberCap: formatAmount(limits.numberCap, currency),
  };
}

export async function gameLimits(db: Db, brand: Brand, gameId: string): Promise<GameLimits> {
  await gameOf(db, brand.id, gameId);
  const config = await brandLottery(db, brand.id);
  const rows = config.limits.get(gameId) ?? new Map<number, Limits>();
  const items = [wireLimits(0, rows.get(0) ?? DEFAULT_LIMITS, brand.currency)];
  for (const [playId, limits] of [...rows.entries()].sort((a, b) => a[0] - b[0])) {
    if (playId !== 0) items.push(wireLimits(playId, limits, brand.currency));
  }
  return { gameId, items };
}

export async function changeLimits(
  db: Db,
  operator: Operator,
  brand: Brand,
  gameId: string,
  update: LimitsUpdate,
): Promise<GameLimits> {
  const game = await gameOf(db, brand.id, gameId);
  const parsed = update.items.map((item) => {
    if (item.playId !== 0 && playTypeById(item.playId)?.family !== game.family) {
      throw new AppError('lottery_config_invalid');
    }
    if (item.limits === null) return { playId: item.playId, limits: null };
    const amount = (text: string) => {
      const minor = parseAmount(text, brand.currency);
      if (minor === null || minor <= 0n) throw new AppError('lottery_config_invalid');
      return minor;
    };
    const limits = {
      minSlip: amount(item.limits.minSlip),
      maxSlip: amount(item.limits.maxSlip),
      maxOrder: amount(item.limits.maxOrder),
      numberCap: amount(item.limits.numberCap),
    };
    if (limits.maxSlip < limits.minSlip || limits.maxOrder < limits.minSlip) {
      throw new AppError('lottery_config_invalid');
    }
    return { playId: item.playId, limits };
  });
  await db.transaction().execute(async (trx) => {
    for (const item of parsed) {
      if (item.limits === null) await deleteLimits(trx, gameId, item.playId);
      else await upsertLimits(trx, gameId, item.playId, item.limits);
    }
    await audit(trx, operator, 'lottery.limits.update', { type: 'lottery_game', id: gameId }, null, {
      items: update.items,
    });
  });
  lotteryConfigChanged(db);
  return gameLimits(db, brand, gameId);
}

// ---- numeros -------------------------------------------------------------------------------------

function toResultEntry(row: ResultEntryRow): ResultEntry {
  const result = toWireResult(row.result);
  if (!result) throw new Error('lottery: a result entry without its result');
  return {
    id: row.id,
    numeroId: row.numero_id,
    result,
    status: row.status as ResultEntry['status'],
    enteredBy: row.entered_by,
    enteredAt: row.entered_at.getTime(),
    decidedBy: row.decided_by,
    decidedAt: row.decided_at ? row.decided_at.getTime() : null,
  };
}

async function toAdminNumeros(db: Db, brand: Brand, rows: (NumeroRow & { game_code: string })[]) {
  const totals = await numeroTotals(
    db,
    rows.map((r) => r.id),
  );
  const pending = await Promise.all(rows.map((r) => pendingEntryOf(db, r.id)));
  return rows.map((row, i): AdminNumero => {
    const total = totals.get(row.id) ?? { orders: 0, stake: 0n, payout: 0n };
    const entry = pending[i];
    const drawn = row.status === 'drawn' || row.status === 'settled';
    return {
      id: row.id,
      gameId: row.game_id,
      gameCode: row.game_code,
      numero: row.numero,
      status: row.status as AdminNumero['status'],
      openAt: row.open_at.getTime(),
      closeAt: row.close_at.getTime(),
      drawAt: row.draw_at.getTime(),
      seedHash: row.seed_hash,
      seed: drawn ? row.seed : null,
      result: toWireResult(row.result),
      orders: total.orders,
      stake: formatAmount(total.stake, brand.currency),
      payout: formatAmount(total.payout, brand.currency),
      cancelReason: row.cancel_reason,
      pendingResult: entry ? toResultEntry(entry) : null,
    };
  });
}

function calendarDay(text: string, field: string): Date {
  const day = new Date(`${text}T00:00:00Z`);
  if (Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== text) {
    throw new AppError('request_param_err', { fieldErrors: { [field]: 'errors.request_param_err' } });
  }
  return day;
}

const DAY_MS = 86_400_000;

export async function numeroPage(
  db: Db,
  brand: Brand,
  query: {
    gameId?: string | undefined;
    status?: string | undefined;
    from?: string | undefined;
    to?: string | undefined;
    page?: number | undefined;
    pageSize?: number | undefined;
  },
): Promise<AdminNumeroPage> {
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? 20;
  const from = query.from ? calendarDay(query.from, 'from') : undefined;
  const to = query.to ? new Date(calendarDay(query.to, 'to').getTime() + DAY_MS) : undefined;
  const base = db
    .selectFrom('lottery_numeros as n')
    .innerJoin('lottery_games as g', 'g.id', 'n.game_id')
    .where('n.brand_id', '=', brand.id)
    .$if(query.gameId !== undefined, (q) => q.where('n.game_id', '=', query.gameId as string))
    .$if(query.status !== undefined, (q) => q.where('n.status', '=', query.status as string))
    .$if(from !== undefined, (q) => q.where('n.draw_at', '>=', from as Date))
    .$if(to !== undefined, (q) => q.where('n.draw_at', '<', to as Date));
  const [rows, count] = await Promise.all([
    base
      .selectAll('n')
      .select('g.code as game_code')
      .orderBy('n.draw_at', 'desc')
      .orderBy('n.id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    base.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items: await toAdminNumeros(db, brand, rows), total: Number(count.n), page, pageSize };
}

async function brandNumero(db: Db, brandId: string, numeroId: string) {
  const row = await db
    .selectFrom('lottery_numeros as n')
    .innerJoin('lottery_games as g', 'g.id', 'n.game_id')
    .selectAll('n')
    .select('g.code as game_code')
    .where('n.brand_id', '=', brandId)
    .where('n.id', '=', numeroId)
    .executeTakeFirst();
  if (!row) throw new AppError('lottery_numero_not_found');
  return row;
}

export async function adminNumero(db: Db, brand: Brand, numeroId: string): Promise<AdminNumero> {
  const [numero] = await toAdminNumeros(db, brand, [await brandNumero(db, brand.id, numeroId)]);
  return numero as AdminNumero;
}

export async function numeroOrders(
  db: Db,
  brand: Brand,
  numeroId: string,
  query: { page?: number | undefined; pageSize?: number | undefined },
): Promise<AdminOrderPage> {
  await brandNumero(db, brand.id, numeroId);
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? 20;
  const { rows, total } = await listOrders(
    db,
    { brandId: brand.id, numeroId },
    pageSize,
    (page - 1) * pageSize,
  );
  return {
    items: rows.map((r) => ({
      ...toWireOrder(r, brand.currency, 'EN'),
      memberId: r.member_id,
      username: r.username,
      isTrial: r.is_trial,
      status: r.status as OrderStatus,
    })),
    total,
    page,
    pageSize,
  };
}

export async function numeroExposure(
  db: Db,
  brand: Brand,
  numeroId: string,
  query: { page?: number | undefined; pageSize?: number | undefined },
): Promise<ExposurePage> {
  await brandNumero(db, brand.id, numeroId);
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? 20;
  const { rows, total } = await exposurePage(db, numeroId, pageSize, (page - 1) * pageSize);
  return {
    items: rows.map((r) => {
      const [playId = '0', ...number] = r.key.split(':');
      return {
        key: r.key,
        playId: Number(playId),
        playCode: playTypeById(Number(playId))?.code ?? '',
        number: number.join(':'),
        liability: formatAmount(r.liability, brand.currency),
        cap: formatAmount(r.cap, brand.currency),
        stake: formatAmount(r.stake, brand.currency),
      };
    }),
    total,
    page,
    pageSize,
  };
}

// ---- official results ----------------------------------------------------------------------------

/** An operator enters an official result (closed numero of an official-result game); it waits for approval. */
export async function enterResult(
  db: Db,
  operator: Operator,
  numeroId: string,
  prizes: { tier: string; number: string }[],
  now: Date = new Date(),
): Promise<ResultEntry> {
  const numero = await brandNumero(db, operator.brandId, numeroId);
  const game = await gameOf(db, operator.brandId, numero.game_id);
  if (game.drawSource !== 'official') throw new AppError('lottery_numero_state_invalid');
  const result = officialResult(game, prizes);
  const entry = await db.transaction().execute(async (trx) => {
    const locked = await lockNumero(trx, numeroId);
    if (!locked || (locked.status !== 'open' && locked.status !== 'closed') || locked.close_at > now) {
      throw new AppError('lottery_numero_state_invalid');
    }
    const inserted = await insertResultEntry(trx, {
      brandId: operator.brandId,
      numeroId,
      result,
      operatorId: operator.id,
      now,
    });
    await audit(trx, operator, 'lottery.result.enter', { type: 'lottery_numero', id: numeroId }, null, {
      entryId: inserted.id,
      prizes,
    });
    return inserted;
  });
  return toResultEntry(entry);
}

/**
 * A second operator approves a pending result: the entry (conditional: pending, entered by someone
 * else) and the numero (-> drawn with that result) change together; the settle job pays it.
 */
export async function approveResult(
  db: Db,
  operator: Operator,
  entryId: string,
  now: Date = new Date(),
): Promise<ResultEntry> {
  const entry = await findResultEntry(db, operator.brandId, entryId);
  if (!entry) throw new AppError('lottery_result_not_found');
  if (entry.status !== 'pending') throw new AppError('lottery_result_state_invalid');
  if (entry.entered_by === operator.id) throw new AppError('lottery_result_same_operator');
  const decided = await db.transaction().execute(async (trx) => {
    const numero = await lockNumero(trx, entry.numero_id);
    const approved = await decideResultEntry(trx, entryId, operator.id, 'approved', now);
    if (!approved) throw new AppError('lottery_result_state_invalid');
    if (!numero || numero.close_at > now || !(await setDrawn(trx, numero.id, entry.result, now))) {
      throw new AppError('lottery_numero_state_invalid');
    }
    await audit(
      trx,
      operator,
      'lottery.result.approve',
      { type: 'lottery_numero', id: entry.numero_id },
      null,
      {
        entryId,
      },
    );
    return approved;
  });
  return toResultEntry(decided);
}

export async function rejectResult(
  db: Db,
  operator: Operator,
  entryId: string,
  now: Date = new Date(),
): Promise<ResultEntry> {
  const entry = await findResultEntry(db, operator.brandId, entryId);
  if (!entry) throw new AppError('lottery_result_not_found');
  if (entry.status !== 'pending') throw new AppError('lottery_result_state_invalid');
  if (entry.entered_by === operator.id) throw new AppError('lottery_result_same_operator');
  const decided = await db.transaction().execute(async (trx) => {
    const rejected = await decideResultEntry(trx, entryId, operator.id, 'rejected', now);
    if (!rejected) throw new AppError('lottery_result_state_invalid');
    await audit(
      trx,
      operator,
      'lottery.result.reject',
      { type: 'lottery_numero', id: entry.numero_id },
      null,
      {
        entryId,
      },
    );
    return rejected;
  });
  return toResultEntry(decided);
}

/** An operator cancels a numero that cannot be drawn: every order refunded once. */
export async function cancelNumeroByOperator(
  db: Db,
  operator: Operator,
  brand: Brand,
  numeroId: string,
  reason: string,
  now: Date = new Date(),
): Promise<{ numero: AdminNumero; refunded: number }> {
  const before = await brandNumero(db, operator.brandId, numeroId);
  const refunded = await cancelNumero(db, numeroId, reason.trim() || 'cancelled', now, (trx) =>
    audit(
      trx,
      operator,
      'lottery.numero.cancel',
      { type: 'lottery_numero', id: numeroId },
      { status: before.status },
      { status: 'cancelled', reason },
    ),
  );
  return { numero: await adminNumero(db, brand, numeroId), refunded };
}

// ---- P&L -----------------------------------------------------------------------------------------

/**
 * The lottery's result per game and draw day (UTC) on real money (trial orders left out): stake of
 * the orders that stand, payouts, refunds, the stake still open, and net = settled stake - payout.
 */
export async function pnlReport(
  db: Db,
  brand: Brand,
  query: { from: string; to: string; gameId?: string | undefined },
): Promise<PnlReport> {
  const from = calendarDay(query.from, 'from');
  const to = new Date(calendarDay(query.to, 'to').getTime() + DAY_MS);
  if (from >= to || to.getTime() - from.getTime() > 366 * DAY_MS) throw new AppError('history_range_invalid');
  const rows = await sql<{
    day: string;
    game_id: string;
    code: string;
    orders: string;
    stake: string;
    payout: string;
    refunded: string;
    open_stake: string;
  }>`
    select to_char(n.draw_at at time zone 'UTC', 'YYYY-MM-DD') as day, o.game_id, g.code,
           count(*) filter (where o.status in ('placed', 'won', 'lost')) as orders,
           coalesce(sum(o.amount) filter (where o.status in ('placed', 'won', 'lost')), 0) as stake,
           coalesce(sum(o.payout), 0) as payout,
           coalesce(sum(o.amount) filter (where o.status in ('cancelled', 'refunded')), 0) as refunded,
           coalesce(sum(o.amount) filter (where o.status = 'placed'), 0) as open_stake
    from lottery_orders o
    join lottery_numeros n on n.id = o.numero_id
    join lottery_games g on g.id = o.game_id
    where o.brand_id = ${brand.id}::bigint and not o.is_trial
      and n.draw_at >= ${from} and n.draw_at < ${to}
      ${query.gameId ? sql`and o.game_id = ${query.gameId}::bigint` : sql``}
    group by 1, o.game_id, g.code
    order by 1, g.code`.execute(db);
  const totals = { orders: 0, stake: 0n, payout: 0n, refunded: 0n, net: 0n };
  const fmt = (v: bigint) => formatAmount(v, brand.currency);
  const items = rows.rows.map((r) => {
    const stake = BigInt(r.stake);
    const payout = BigInt(r.payout);
    const open = BigInt(r.open_stake);
    const net = stake - open - payout;
    totals.orders += Number(r.orders);
    totals.stake += stake;
    totals.payout += payout;
    totals.refunded += BigInt(r.refunded);
    totals.net += net;
    return {
      day: r.day,
      gameId: r.game_id,
      gameCode: r.code,
      orders: Number(r.orders),
      stake: fmt(stake),
      payout: fmt(payout),
      refunded: fmt(BigInt(r.refunded)),
      openStake: fmt(open),
      net: fmt(net),
    };
  });
  return {
    items,
    totals: {
      orders: totals.orders,
      stake: fmt(totals.stake),
      payout: fmt(totals.payout),
      refunded: fmt(totals.refunded),
      net: fmt(totals.net),
    },
    currency: brand.currency,
  };
}
