import { sql } from 'kysely';
import type { Executor } from '../../db/executor.ts';
import type { OddsSnapshot, SlipRow } from './lottery.tables.ts';

/** SQL of lottery orders and chases; a member's reads always carry the brand and the member. */

export type NewOrder = {
  brandId: string;
  memberId: string;
  gameId: string;
  numeroId: string;
  requestId: string | null;
  requestHash: string;
  chaseId: string | null;
  chaseStep: number | null;
  prizeMode: string;
  slips: SlipRow[];
  odds: OddsSnapshot;
  amount: bigint;
  isTrial: boolean;
  device: string;
  walletAccountId: string;
  houseAccountId: string;
  now: Date;
};

/** Inserts an order; null when the member's request id (or the chase step) has one already. */
export async function insertOrder(trx: Executor, order: NewOrder): Promise<string | null> {
  const values = {
    brand_id: order.brandId,
    member_id: order.memberId,
    game_id: order.gameId,
    numero_id: order.numeroId,
    request_id: order.requestId,
    request_hash: order.requestHash,
    chase_id: order.chaseId,
    chase_step: order.chaseStep,
    prize_mode: order.prizeMode,
    slips: JSON.stringify(order.slips),
    odds: JSON.stringify(order.odds),
    amount: order.amount.toString(),
    is_trial: order.isTrial,
    device: order.device,
    wallet_account_id: order.walletAccountId,
    house_account_id: order.houseAccountId,
    created_at: order.now,
  };
  const row = await trx
    .insertInto('lottery_orders')
    .values(values)
    .onConflict((oc) =>
      order.requestId !== null
        ? oc.columns(['brand_id', 'member_id', 'request_id']).where('request_id', 'is not', null).doNothing()
        : oc.columns(['chase_id', 'chase_step']).where('chase_id', 'is not', null).doNothing(),
    )
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

export type OrderRow = {
  id: string;
  brand_id: string;
  member_id: string;
  game_id: string;
  numero_id: string;
  request_id: string | null;
  request_hash: string;
  chase_id: string | null;
  chase_step: number | null;
  prize_mode: string;
  slips: SlipRow[];
  odds: OddsSnapshot;
  amount: string;
  payout: string;
  status: string;
  is_trial: boolean;
  device: string;
  wallet_account_id: string;
  house_account_id: string;
  created_at: Date;
  settled_at: Date | null;
  numero: string;
  draw_at: Date;
};

function orderQuery(db: Executor) {
  return db
    .selectFrom('lottery_orders as o')
    .innerJoin('lottery_numeros as n', 'n.id', 'o.numero_id')
    .select([
      'o.id',
      'o.brand_id',
      'o.member_id',
      'o.game_id',
      'o.numero_id',
      'o.request_id',
      'o.request_hash',
      'o.chase_id',
      'o.chase_step',
      'o.prize_mode',
      'o.slips',
      'o.odds',
      'o.amount',
      'o.payout',
      'o.status',
      'o.is_trial',
      'o.device',
      'o.wallet_account_id',
      'o.house_account_id',
      'o.created_at',
      'o.settled_at',
      'n.numero',
      'n.draw_at',
    ]);
}

export async function findOrderByRequest(
  db: Executor,
  brandId: string,
  memberId: string,
  requestId: string,
): Promise<OrderRow | undefined> {
  return orderQuery(db)
    .where('o.brand_id', '=', brandId)
    .where('o.member_id', '=', memberId)
    .where('o.request_id', '=', requestId)
    .executeTakeFirst();
}

/** An order of the member (another member's or brand's id is simply not found). */
export async function findMemberOrder(
  db: Executor,
  brandId: string,
  memberId: string,
  orderId: string,
): Promise<OrderRow | undefined> {
  return orderQuery(db)
    .where('o.brand_id', '=', brandId)
    .where('o.member_id', '=', memberId)
    .where('o.id', '=', orderId)
    .executeTakeFirst();
}

export async function findOrder(db: Executor, orderId: string): Promise<OrderRow | undefined> {
  return orderQuery(db).where('o.id', '=', orderId).executeTakeFirst();
}

/** placed -> cancelled by its member (conditional: one of several concurrent cancels wins). */
export async function cancelPlacedOrder(trx: Executor, orderId: string, now: Date): Promise<boolean> {
  const row = await trx
    .updateTable('lottery_orders')
    .set({ status: 'cancelled', settled_at: now })
    .where('id', '=', orderId)
    .where('status', '=', 'placed')
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export type OrderFilter = {
  brandId: string;
  memberId?: string;
  gameId?: string;
  numeroId?: string;
  numero?: string;
  orderId?: string;
  status?: string;
  chasing?: boolean;
  chaseStatus?: string;
  from?: Date;
  to?: Date;
};

function filtered(db: Executor, f: OrderFilter) {
  return db
    .selectFrom('lottery_orders as o')
    .innerJoin('lottery_numeros as n', 'n.id', 'o.numero_id')
    .innerJoin('lottery_games as g', 'g.id', 'o.game_id')
    .innerJoin('members as m', 'm.id', 'o.member_id')
    .leftJoin('lottery_chases as c', 'c.id', 'o.chase_id')
    .where('o.brand_id', '=', f.brandId)
    .$if(f.memberId !== undefined, (q) => q.where('o.member_id', '=', f.memberId as string))
    .$if(f.gameId !== undefined, (q) => q.where('o.game_id', '=', f.gameId as string))
    .$if(f.numeroId !== undefined, (q) => q.where('o.numero_id', '=', f.numeroId as string))
    .$if(f.numero !== undefined, (q) => q.where('n.numero', '=', f.numero as string))
    .$if(f.orderId !== undefined, (q) => q.where('o.id', '=', f.orderId as string))
    .$if(f.status !== undefined, (q) => q.where('o.status', '=', f.status as string))
    .$if(f.chasing === true, (q) => q.where('o.chase_id', 'is not', null))
    .$if(f.chasing === false, (q) => q.where('o.chase_id', 'is', null))
    .$if(f.chaseStatus !== undefined, (q) => q.where('c.status', '=', f.chaseStatus as string))
    .$if(f.from !== undefined, (q) => q.where('o.created_at', '>=', f.from as Date))
    .$if(f.to !== undefined, (q) => q.where('o.created_at', '<', f.to as Date));
}

export type ListedOrder = {
  id: string;
  member_id: string;
  username: string;
  game_id: string;
  game_code: string;
  name_en: string;
  name_ms: string;
  name_cn: string;
  category: string;
  numero: string;
  draw_at: Date;
  prize_mode: string;
  slips: SlipRow[];
  amount: string;
  payout: string;
  status: string;
  is_trial: boolean;
  chase_id: string | null;
  chase_step: number | null;
  device: string;
  created_at: Date;
  settled_at: Date | null;
};

/** One page of orders, newest first. */
export async function listOrders(db: Executor, filter: OrderFilter, limit: number, offset: number) {
  const [rows, count] = await Promise.all([
    filtered(db, filter)
      .select([
        'o.id',
        'o.member_id',
        'm.username',
        'o.game_id',
        'g.code as game_code',
        'g.name_en',
        'g.name_ms',
        'g.name_cn',
        'g.category',
        'n.numero',
        'n.draw_at',
        'o.prize_mode',
        'o.slips',
        'o.amount',
        'o.payout',
        'o.status',
        'o.is_trial',
        'o.chase_id',
        'o.chase_step',
        'o.device',
        'o.created_at',
        'o.settled_at',
      ])
      .orderBy('o.created_at', 'desc')
      .orderBy('o.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    filtered(db, filter).select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows as ListedOrder[], total: Number(count.n) };
}

/** Games the member ordered on, most recent first. */
export async function recentGameIds(db: Executor, brandId: string, memberId: string, limit: number) {
  const result = await sql<{ game_id: string }>`
    select game_id from lottery_orders
    where brand_id = ${brandId}::bigint and member_id = ${memberId}::bigint
    group by game_id order by max(created_at) desc limit ${limit}`.execute(db);
  return result.rows.map((r) => r.game_id);
}

/** Orders per game of a brand over the last day (the popular list's order). */
export async function ordersPerGameSince(db: Executor, brandId: string, since: Date) {
  const rows = await db
    .selectFrom('lottery_orders')
    .select(['game_id', sql<string>`count(*)`.as('n')])
    .where('brand_id', '=', brandId)
    .where('created_at', '>=', since)
    .groupBy('game_id')
    .execute();
  return new Map(rows.map((r) => [r.game_id, Number(r.n)]));
}

// ---- settlement ----------------------------------------------------------------------------------

export type SettleRow = {
  id: string;
  member_id: string;
  prize_mode: string;
  slips: SlipRow[];
  odds: OddsSnapshot;
  amount: string;
  wallet_account_id: string;
  house_account_id: string;
  is_trial: boolean;
};

/** The next batch of a numero's orders still to settle (or refund), in id order after `afterId`. */
export async function placedOrders(db: Executor, numeroId: string, afterId: string, limit: number) {
  return db
    .selectFrom('lottery_orders')
    .select([
      'id',
      'member_id',
      'prize_mode',
      'slips',
      'odds',
      'amount',
      'wallet_account_id',
      'house_account_id',
      'is_trial',
    ])
    .where('numero_id', '=', numeroId)
    .where('status', '=', 'placed')
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute() as Promise<SettleRow[]>;
}

/**
 * placed -> won/lost with the payout, for the orders still placed (a concurrent or earlier run has
 * settled the others): answers the ids this statement settled, so only their wins are paid.
 */
export async function markSettled(
  trx: Executor,
  rows: { id: string; payout: bigint }[],
  now: Date,
): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const result = await sql<{ id: string }>`
    update lottery_orders o
    set status = case when x.payout > 0 then 'won' else 'lost' end, payout = x.payout, settled_at = ${now}
    from unnest(${rows.map((r) => r.id)}::bigint[], ${rows.map((r) => r.payout.toString())}::bigint[]) as x(id, payout)
    where o.id = x.id and o.status = 'placed'
    returning o.id`.execute(trx);
  return new Set(result.rows.map((r) => r.id));
}

/** placed -> refunded (the numero was cancelled): answers the ids this statement refunded. */
export async function markRefunded(trx: Executor, ids: string[], now: Date): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const result = await sql<{ id: string }>`
    update lottery_orders set status = 'refunded', settled_at = ${now}
    where id = any(${ids}::bigint[]) and status = 'placed'
    returning id`.execute(trx);
  return new Set(result.rows.map((r) => r.id));
}

/** Orders, stake and payout of a numero (real money only). */
export async function numeroTotals(db: Executor, numeroIds: string[]) {
  if (numeroIds.length === 0) return new Map<string, { orders: number; stake: bigint; payout: bigint }>();
  const rows = await db
    .selectFrom('lottery_orders')
    .select([
      'numero_id',
      sql<string>`count(*) filter (where status not in ('cancelled', 'refunded'))`.as('orders'),
      sql<string>`coalesce(sum(amount) filter (where status not in ('cancelled', 'refunded')), 0)`.as(
        'stake',
      ),
      sql<string>`coalesce(sum(payout), 0)`.as('payout'),
    ])
    .where('numero_id', 'in', numeroIds)
    .where('is_trial', '=', false)
    .groupBy('numero_id')
    .execute();
  return new Map(
    rows.map((r) => [
      r.numero_id,
      { orders: Number(r.orders), stake: BigInt(r.stake), payout: BigInt(r.payout) },
    ]),
  );
}

// ---- chases --------------------------------------------------------------------------------------

export type NewChase = {
  brandId: string;
  memberId: string;
  gameId: string;
  requestId: string;
  requestHash: string;
  plan: string;
  prizeMode: string;
  slips: SlipRow[];
  odds: OddsSnapshot;
  winningStop: boolean;
  abandoning: boolean;
  quickChase: boolean;
  isTrial: boolean;
  device: string;
  totalAmount: bigint;
  steps: { multiple: bigint; amount: bigint }[];
  walletAccountId: string;
  holdAccountId: string;
  houseAccountId: string;
  now: Date;
};

/** Inserts a chase and its steps; null when the member's request id has one already. */
export async function insertChase(trx: Executor, chase: NewChase): Promise<string | null> {
  const row = await trx
    .insertInto('lottery_chases')
    .values({
      brand_id: chase.brandId,
      member_id: chase.memberId,
      game_id: chase.gameId,
      request_id: chase.requestId,
      request_hash: chase.requestHash,
      plan: chase.plan,
      prize_mode: chase.prizeMode,
      slips: JSON.stringify(chase.slips),
      odds: JSON.stringify(chase.odds),
      winning_stop: chase.winningStop,
      abandoning: chase.abandoning,
      quick_chase: chase.quickChase,
      is_trial: chase.isTrial,
      device: chase.device,
      total_amount: chase.totalAmount.toString(),
      steps_count: chase.steps.length,
      wallet_account_id: chase.walletAccountId,
      hold_account_id: chase.holdAccountId,
      house_account_id: chase.houseAccountId,
      created_at: chase.now,
    })
    .onConflict((oc) => oc.columns(['brand_id', 'member_id', 'request_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!row) return null;
  await trx
    .insertInto('lottery_chase_steps')
    .values(
      chase.steps.map((step, index) => ({
        chase_id: row.id,
        step: index,
        multiple: step.multiple.toString(),
        amount: step.amount.toString(),
      })),
    )
    .execute();
  return row.id;
}

export type ChaseRow = {
  id: string;
  brand_id: string;
  member_id: string;
  game_id: string;
  request_id: string;
  request_hash: string;
  plan: string;
  prize_mode: string;
  slips: SlipRow[];
  odds: OddsSnapshot;
  winning_stop: boolean;
  abandoning: boolean;
  is_trial: boolean;
  device: string;
  total_amount: string;
  returned_amount: string;
  steps_count: number;
  next_step: number;
  status: string;
  wallet_account_id: string;
  hold_account_id: string;
  house_account_id: string;
  created_at: Date;
};

const CHASE_COLUMNS = [
  'id',
  'brand_id',
  'member_id',
  'game_id',
  'request_id',
  'request_hash',
  'plan',
  'prize_mode',
  'slips',
  'odds',
  'winning_stop',
  'abandoning',
  'is_trial',
  'device',
  'total_amount',
  'returned_amount',
  'steps_count',
  'next_step',
  'status',
  'wallet_account_id',
  'hold_account_id',
  'house_account_id',
  'created_at',
] as const;

export async function findChase(db: Executor, chaseId: string): Promise<ChaseRow | undefined> {
  return db.selectFrom('lottery_chases').select(CHASE_COLUMNS).where('id', '=', chaseId).executeTakeFirst();
}

export async function findMemberChase(
  db: Executor,
  brandId: string,
  memberId: string,
  chaseId: string,
): Promise<ChaseRow | undefined> {
  return db
    .selectFrom('lottery_chases')
    .select(CHASE_COLUMNS)
    .where('brand_id', '=', brandId)
    .where('member_id', '=', memberId)
    .where('id', '=', chaseId)
    .executeTakeFirst();
}

export type ChaseFilter = { brandId: string; memberId: string; gameId?: string; status?: string };

export type ListedChase = ChaseRow & {
  game_code: string;
  name_en: string;
  name_ms: string;
  name_cn: string;
};

function chasesOf(db: Executor, f: ChaseFilter) {
  return db
    .selectFrom('lottery_chases as c')
    .innerJoin('lottery_games as g', 'g.id', 'c.game_id')
    .where('c.brand_id', '=', f.brandId)
    .where('c.member_id', '=', f.memberId)
    .$if(f.gameId !== undefined, (q) => q.where('c.game_id', '=', f.gameId as string))
    .$if(f.status !== undefined, (q) => q.where('c.status', '=', f.status as string));
}

/** One page of a member's chases, newest first (the member index: brand, member, id desc). */
export async function listMemberChases(
  db: Executor,
  filter: ChaseFilter,
  limit: number,
  offset: number,
): Promise<{ rows: ListedChase[]; total: number }> {
  const [rows, count] = await Promise.all([
    chasesOf(db, filter)
      .select(CHASE_COLUMNS.map((c) => `c.${c}` as const))
      .select(['g.code as game_code', 'g.name_en', 'g.name_ms', 'g.name_cn'])
      .orderBy('c.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    chasesOf(db, filter).select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows as ListedChase[], total: Number(count.n) };
}

export async function findChaseByRequest(
  db: Executor,
  brandId: string,
  memberId: string,
  requestId: string,
): Promise<ChaseRow | undefined> {
  return db
    .selectFrom('lottery_chases')
    .select(CHASE_COLUMNS)
    .where('brand_id', '=', brandId)
    .where('member_id', '=', memberId)
    .where('request_id', '=', requestId)
    .executeTakeFirst();
}

export async function lockChase(trx: Executor, chaseId: string): Promise<ChaseRow | undefined> {
  return trx
    .selectFrom('lottery_chases')
    .select(CHASE_COLUMNS)
    .where('id', '=', chaseId)
    .forNoKeyUpdate()
    .executeTakeFirst();
}

export type ChaseStepRow = {
  chase_id: string;
  step: number;
  multiple: string;
  amount: string;
  numero_id: string | null;
  order_id: string | null;
  status: string;
  numero: string | null;
  draw_at: Date | null;
  numero_status: string | null;
  order_status: string | null;
};

export async function chaseSteps(db: Executor, chaseId: string): Promise<ChaseStepRow[]> {
  return stepsOfChases(db, [chaseId]);
}

/** The steps of several chases (one query for a page of them), by chase then step. */
export async function stepsOfChases(db: Executor, chaseIds: readonly string[]): Promise<ChaseStepRow[]> {
  if (chaseIds.length === 0) return [];
  return db
    .selectFrom('lottery_chase_steps as s')
    .leftJoin('lottery_numeros as n', 'n.id', 's.numero_id')
    .leftJoin('lottery_orders as o', 'o.id', 's.order_id')
    .select([
      's.chase_id',
      's.step',
      's.multiple',
      's.amount',
      's.numero_id',
      's.order_id',
      's.status',
      'n.numero',
      'n.draw_at',
      'n.status as numero_status',
      'o.status as order_status',
    ])
    .where('s.chase_id', 'in', [...chaseIds])
    .orderBy('s.chase_id')
    .orderBy('s.step')
    .execute();
}

export async function setStep(
  trx: Executor,
  chaseId: string,
  step: number,
  values: { status: string; numeroId?: string; orderId?: string },
): Promise<void> {
  await trx
    .updateTable('lottery_chase_steps')
    .set({
      status: values.status,
      ...(values.numeroId !== undefined ? { numero_id: values.numeroId } : {}),
      ...(values.orderId !== undefined ? { order_id: values.orderId } : {}),
    })
    .where('chase_id', '=', chaseId)
    .where('step', '=', step)
    .execute();
}

/** Pending steps of a chase -> cancelled; answers their total. */
export async function cancelPendingSteps(trx: Executor, chaseId: string): Promise<bigint> {
  const rows = await trx
    .updateTable('lottery_chase_steps')
    .set({ status: 'cancelled' })
    .where('chase_id', '=', chaseId)
    .where('status', '=', 'pending')
    .returning('amount')
    .execute();
  return rows.reduce((sum, r) => sum + BigInt(r.amount), 0n);
}

export async function advanceChase(
  trx: Executor,
  chaseId: string,
  values: { nextStep?: number; status?: string; returned?: bigint; endedAt?: Date },
): Promise<void> {
  await trx
    .updateTable('lottery_chases')
    .set({
      ...(values.nextStep !== undefined ? { next_step: values.nextStep } : {}),
      ...(values.status !== undefined ? { status: values.status } : {}),
      ...(values.returned !== undefined
        ? { returned_amount: sql<string>`returned_amount + ${values.returned.toString()}::bigint` }
        : {}),
      ...(values.endedAt !== undefined ? { ended_at: values.endedAt } : {}),
    })
    .where('id', '=', chaseId)
    .execute();
}

/**
 * Active chases whose last step is over (its numero settled or cancelled, its order no longer
 * placed) or that have not placed a step yet: the chase job decides their next step.
 */
export async function chasesToAdvance(db: Executor, limit: number): Promise<{ id: string }[]> {
  const result = await sql<{ id: string }>`
    select c.id from lottery_chases c
    left join lottery_chase_steps s on s.chase_id = c.id and s.step = c.next_step - 1
    left join lottery_numeros n on n.id = s.numero_id
    left join lottery_orders o on o.id = s.order_id
    where c.status = 'active'
      and (c.next_step = 0
           or (n.status in ('settled', 'cancelled') and (o.id is null or o.status <> 'placed')))
    order by c.id limit ${limit}`.execute(db);
  return result.rows;
}
