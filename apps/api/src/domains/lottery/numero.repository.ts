import { type Selectable, sql } from 'kysely';
import type { Executor } from '../../db/executor.ts';
import type { LotteryNumerosTable, ResultRow } from './lottery.tables.ts';

/** SQL of numeros (draw periods), their result entries and the house's exposure per number. */

export type NumeroRow = Selectable<LotteryNumerosTable>;

export type NewNumero = {
  brandId: string;
  gameId: string;
  numero: string;
  openAt: Date;
  closeAt: Date;
  drawAt: Date;
  seed: string | null;
  seedHash: string | null;
};

/** Inserts the numeros a game does not have yet; answers how many were new. */
export async function insertNumeros(db: Executor, rows: NewNumero[]): Promise<number> {
  if (rows.length === 0) return 0;
  const inserted = await db
    .insertInto('lottery_numeros')
    .values(
      rows.map((r) => ({
        brand_id: r.brandId,
        game_id: r.gameId,
        numero: r.numero,
        open_at: r.openAt,
        close_at: r.closeAt,
        draw_at: r.drawAt,
        seed: r.seed,
        seed_hash: r.seedHash,
      })),
    )
    .onConflict((oc) => oc.columns(['game_id', 'numero']).doNothing())
    .returning('id')
    .execute();
  return inserted.length;
}

/** The latest draw time a game has a numero for (null when it has none). */
export async function lastDrawAt(db: Executor, gameId: string): Promise<Date | null> {
  const row = await db
    .selectFrom('lottery_numeros')
    .select('draw_at')
    .where('game_id', '=', gameId)
    .orderBy('draw_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.draw_at ?? null;
}

export async function findNumero(db: Executor, numeroId: string): Promise<NumeroRow | undefined> {
  return db.selectFrom('lottery_numeros').selectAll().where('id', '=', numeroId).executeTakeFirst();
}

export async function findNumeroByLabel(
  db: Executor,
  gameId: string,
  numero: string,
): Promise<NumeroRow | undefined> {
  return db
    .selectFrom('lottery_numeros')
    .selectAll()
    .where('game_id', '=', gameId)
    .where('numero', '=', numero)
    .executeTakeFirst();
}

/**
 * Share-locks a numero for an order or a cancellation: closing, drawing and cancelling it take the
 * row for update, so they wait for orders in flight and no order commits after its numero closed.
 */
export async function shareNumero(trx: Executor, numeroId: string): Promise<NumeroRow | undefined> {
  return trx
    .selectFrom('lottery_numeros')
    .selectAll()
    .where('id', '=', numeroId)
    .forShare()
    .executeTakeFirst();
}

export async function lockNumero(trx: Executor, numeroId: string): Promise<NumeroRow | undefined> {
  return trx
    .selectFrom('lottery_numeros')
    .selectAll()
    .where('id', '=', numeroId)
    .forUpdate()
    .executeTakeFirst();
}

/** Open numeros whose close time has come: closed. */
export async function closeDueNumeros(db: Executor, now: Date): Promise<number> {
  const rows = await db
    .updateTable('lottery_numeros')
    .set({ status: 'closed' })
    .where('status', '=', 'open')
    .where('close_at', '<=', now)
    .returning('id')
    .execute();
  return rows.length;
}

/** Numeros of platform-drawn games due for their draw (closed, or open past its close time). */
export async function dueForDraw(db: Executor, now: Date): Promise<{ id: string }[]> {
  return db
    .selectFrom('lottery_numeros as n')
    .innerJoin('lottery_games as g', 'g.id', 'n.game_id')
    .select('n.id')
    .where('n.status', 'in', ['open', 'closed'])
    .where('n.close_at', '<=', now)
    .where('n.draw_at', '<=', now)
    .where('g.draw_source', '=', 'platform')
    .orderBy('n.draw_at')
    .limit(500)
    .execute();
}

export async function setDrawn(
  trx: Executor,
  numeroId: string,
  result: ResultRow,
  now: Date,
): Promise<boolean> {
  const row = await trx
    .updateTable('lottery_numeros')
    .set({ status: 'drawn', result: JSON.stringify(result), drawn_at: now })
    .where('id', '=', numeroId)
    .where('status', 'in', ['open', 'closed'])
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function numerosWithStatus(
  db: Executor,
  status: string,
  limit = 500,
): Promise<{ id: string }[]> {
  return db
    .selectFrom('lottery_numeros')
    .select('id')
    .where('status', '=', status)
    .orderBy('draw_at')
    .limit(limit)
    .execute();
}

/** Cancelled numeros that still have orders to refund (a refund run that stopped half way). */
export async function cancelledWithPlacedOrders(db: Executor): Promise<{ id: string }[]> {
  return db
    .selectFrom('lottery_numeros as n')
    .select('n.id')
    .where('n.status', '=', 'cancelled')
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('lottery_orders as o')
          .select('o.id')
          .whereRef('o.numero_id', '=', 'n.id')
          .where('o.status', '=', 'placed'),
      ),
    )
    .limit(100)
    .execute();
}

/** Numeros that were due for their draw long ago and are still undrawn (the cancel job's input). */
export async function overdueNumeros(
  db: Executor,
  platformBefore: Date,
  officialBefore: Date,
): Promise<{ id: string }[]> {
  return db
    .selectFrom('lottery_numeros as n')
    .innerJoin('lottery_games as g', 'g.id', 'n.game_id')
    .select('n.id')
    .where('n.status', 'in', ['open', 'closed'])
    .where((eb) =>
      eb.or([
        eb.and([eb('g.draw_source', '=', 'platform'), eb('n.draw_at', '<', platformBefore)]),
        eb.and([eb('g.draw_source', '=', 'official'), eb('n.draw_at', '<', officialBefore)]),
      ]),
    )
    .limit(100)
    .execute();
}

/** open/closed -> cancelled; false when the numero was drawn, settled or cancelled already. */
export async function setCancelled(
  trx: Executor,
  numeroId: string,
  reason: string,
  now: Date,
): Promise<boolean> {
  const row = await trx
    .updateTable('lottery_numeros')
    .set({ status: 'cancelled', cancel_reason: reason, cancelled_at: now })
    .where('id', '=', numeroId)
    .where('status', 'in', ['open', 'closed'])
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** drawn -> settled once no order of it is left to settle. */
export async function setSettled(db: Executor, numeroId: string, now: Date): Promise<boolean> {
  const row = await db
    .updateTable('lottery_numeros as n')
    .set({ status: 'settled', settled_at: now })
    .where('n.id', '=', numeroId)
    .where('n.status', '=', 'drawn')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('lottery_orders as o')
            .select('o.id')
            .where('o.numero_id', '=', numeroId)
            .where('o.status', '=', 'placed'),
        ),
      ),
    )
    .returning('n.id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Numeros of a game still open for bets at `now` (the current one first), up to `count`. */
export async function openNumeros(
  db: Executor,
  gameId: string,
  now: Date,
  count: number,
): Promise<NumeroRow[]> {
  return db
    .selectFrom('lottery_numeros')
    .selectAll()
    .where('game_id', '=', gameId)
    .where('status', '=', 'open')
    .where('close_at', '>', now)
    .orderBy('draw_at')
    .limit(count)
    .execute();
}

/** The numero of a game taking bets at `now`, if any. */
export async function currentNumero(db: Executor, gameId: string, now: Date): Promise<NumeroRow | undefined> {
  return db
    .selectFrom('lottery_numeros')
    .selectAll()
    .where('game_id', '=', gameId)
    .where('status', '=', 'open')
    .where('open_at', '<=', now)
    .where('close_at', '>', now)
    .orderBy('draw_at')
    .limit(1)
    .executeTakeFirst();
}

/** The next numero of a game after `after` that still takes bets at `now` (a chase's next step). */
export async function nextOpenNumero(
  db: Executor,
  gameId: string,
  after: Date,
  now: Date,
): Promise<NumeroRow | undefined> {
  return db
    .selectFrom('lottery_numeros')
    .selectAll()
    .where('game_id', '=', gameId)
    .where('status', '=', 'open')
    .where('draw_at', '>', after)
    .where('open_at', '<=', now)
    .where('close_at', '>', now)
    .orderBy('draw_at')
    .limit(1)
    .executeTakeFirst();
}

/** Whether a game has any numero still to come (a chase may wait for it). */
export async function hasFutureNumero(db: Executor, gameId: string, now: Date): Promise<boolean> {
  const row = await db
    .selectFrom('lottery_numeros')
    .select('id')
    .where('game_id', '=', gameId)
    .where('status', '=', 'open')
    .where('close_at', '>', now)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The latest numeros of a game with a result (drawn or settled), newest first. */
export async function drawnNumeros(db: Executor, gameId: string, count: number): Promise<NumeroRow[]> {
  return db
    .selectFrom('lottery_numeros')
    .selectAll()
    .where('game_id', '=', gameId)
    .where('status', 'in', ['drawn', 'settled'])
    .orderBy('draw_at', 'desc')
    .limit(count)
    .execute();
}

/** The latest drawn numero of each of the games (one query for the popular list). */
export async function latestDrawnOf(db: Executor, gameIds: string[]): Promise<NumeroRow[]> {
  if (gameIds.length === 0) return [];
  const result = await sql<NumeroRow>`
    select distinct on (game_id) * from lottery_numeros
    where game_id = any(${gameIds}::bigint[]) and status in ('drawn', 'settled')
    order by game_id, draw_at desc`.execute(db);
  return result.rows;
}

export async function currentOf(db: Executor, gameIds: string[], now: Date): Promise<NumeroRow[]> {
  if (gameIds.length === 0) return [];
  const result = await sql<NumeroRow>`
    select distinct on (game_id) * from lottery_numeros
    where game_id = any(${gameIds}::bigint[]) and status = 'open' and open_at <= ${now} and close_at > ${now}
    order by game_id, draw_at`.execute(db);
  return result.rows;
}

// ---- exposure ------------------------------------------------------------------------------------

export type ExposureDelta = { key: string; liability: bigint; stake: bigint; cap: bigint };

/**
 * Adds an order's liabilities to the numero's exposure, each number at most up to its cap: a number
 * that would cross its cap is not written and comes back in the answer (the caller refuses the
 * order and rolls back). Rows are written in key order, so two orders never wait for each other's
 * numbers in a circle.
 */
export async function addExposure(
  trx: Executor,
  numeroId: string,
  deltas: ExposureDelta[],
): Promise<string[]> {
  if (deltas.length === 0) return [];
  const sorted = [...deltas].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const written = await sql<{ key: string }>`
    insert into lottery_exposure as e (numero_id, key, liability, stake, cap)
    select ${numeroId}::bigint, d.key, d.liability, d.stake, d.cap
    from unnest(${sorted.map((d) => d.key)}::text[], ${sorted.map((d) => d.liability.toString())}::bigint[],
                ${sorted.map((d) => d.stake.toString())}::bigint[], ${sorted.map((d) => d.cap.toString())}::bigint[])
         with ordinality as d(key, liability, stake, cap, ord)
    order by d.ord
    on conflict (numero_id, key) do update
      set liability = e.liability + excluded.liability, stake = e.stake + excluded.stake, cap = excluded.cap
      where e.liability + excluded.liability <= excluded.cap
    returning e.key`.execute(trx);
  const done = new Set(written.rows.map((r) => r.key));
  return sorted.filter((d) => !done.has(d.key)).map((d) => d.key);
}

/** Takes a cancelled order's liabilities back off the numero's exposure. */
export async function releaseExposure(
  trx: Executor,
  numeroId: string,
  deltas: ExposureDelta[],
): Promise<void> {
  if (deltas.length === 0) return;
  const sorted = [...deltas].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  await sql`
    update lottery_exposure e
    set liability = greatest(e.liability - d.liability, 0), stake = greatest(e.stake - d.stake, 0)
    from unnest(${sorted.map((d) => d.key)}::text[], ${sorted.map((d) => d.liability.toString())}::bigint[],
                ${sorted.map((d) => d.stake.toString())}::bigint[]) as d(key, liability, stake)
    where e.numero_id = ${numeroId}::bigint and e.key = d.key`.execute(trx);
}

export async function exposurePage(db: Executor, numeroId: string, limit: number, offset: number) {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('lottery_exposure')
      .select(['key', 'liability', 'stake', 'cap'])
      .where('numero_id', '=', numeroId)
      .orderBy('liability', 'desc')
      .orderBy('key')
      .limit(limit)
      .offset(offset)
      .execute(),
    db
      .selectFrom('lottery_exposure')
      .select(sql<string>`count(*)`.as('n'))
      .where('numero_id', '=', numeroId)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

// ---- result entries ------------------------------------------------------------------------------

export type ResultEntryRow = {
  id: string;
  numero_id: string;
  result: ResultRow;
  status: string;
  entered_by: string;
  entered_at: Date;
  decided_by: string | null;
  decided_at: Date | null;
};

const ENTRY_COLUMNS = [
  'id',
  'numero_id',
  'result',
  'status',
  'entered_by',
  'entered_at',
  'decided_by',
  'decided_at',
] as const;

/** A new pending entry; a pending one of the numero is superseded first. */
export async function insertResultEntry(
  trx: Executor,
  entry: { brandId: string; numeroId: string; result: ResultRow; operatorId: string; now: Date },
): Promise<ResultEntryRow> {
  await trx
    .updateTable('lottery_result_entries')
    .set({ status: 'superseded', decided_by: entry.operatorId, decided_at: entry.now })
    .where('numero_id', '=', entry.numeroId)
    .where('status', '=', 'pending')
    .execute();
  return trx
    .insertInto('lottery_result_entries')
    .values({
      brand_id: entry.brandId,
      numero_id: entry.numeroId,
      result: JSON.stringify(entry.result),
      entered_by: entry.operatorId,
      entered_at: entry.now,
    })
    .returning(ENTRY_COLUMNS)
    .executeTakeFirstOrThrow();
}

export async function findResultEntry(
  db: Executor,
  brandId: string,
  entryId: string,
): Promise<ResultEntryRow | undefined> {
  return db
    .selectFrom('lottery_result_entries')
    .select(ENTRY_COLUMNS)
    .where('brand_id', '=', brandId)
    .where('id', '=', entryId)
    .executeTakeFirst();
}

export async function pendingEntryOf(db: Executor, numeroId: string): Promise<ResultEntryRow | undefined> {
  return db
    .selectFrom('lottery_result_entries')
    .select(ENTRY_COLUMNS)
    .where('numero_id', '=', numeroId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
}

/** pending -> approved/rejected by another operator than the one who entered it. */
export async function decideResultEntry(
  trx: Executor,
  entryId: string,
  operatorId: string,
  status: 'approved' | 'rejected',
  now: Date,
): Promise<ResultEntryRow | undefined> {
  return trx
    .updateTable('lottery_result_entries')
    .set({ status, decided_by: operatorId, decided_at: now })
    .where('id', '=', entryId)
    .where('status', '=', 'pending')
    .where('entered_by', '<>', operatorId)
    .returning(ENTRY_COLUMNS)
    .executeTakeFirst();
}
