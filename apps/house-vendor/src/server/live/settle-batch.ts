import { formatAmount } from '@lotus/contracts/money';
import { sql } from 'kysely';
import type { VendorDb } from '../db/database.ts';
import { balanceIn } from '../sessions.ts';
import type { WalletBatchItem, WalletItemAnswer } from '../wallet/client.ts';
import type { LiveContext } from './context.ts';
import type { BetRow, SeatRow } from './rows.ts';
import { betView } from './views.ts';

/**
 * A round's wallet settlement in signed batches (issue 23): the seats waiting for the wallet
 * (`paying`: its win then its roundEnd; `closing`: its roundEnd) go to the platform's
 * `/seamless/v1/batch`, up to `settleBatchSeats` (SEATS_PER_BATCH by default) seats, two items each,
 * per request and
 * BATCHES_IN_FLIGHT requests at once, instead of two signed calls per seat. The items are exactly the
 * single calls' (same transaction ids: `<seat>:win`, the seat's round), so a seat paid by a batch, by
 * a single call or by both (a batch whose answer was lost, then the recovery job) is paid once.
 *
 * Each batch's answers move its seats in one statement (`moveSeats`) and one read of their bets
 * feeds the players' `settled` events. A seat whose items were not decided (the batch unanswered, the
 * whole batch refused, an item `wallet_busy`) stays in its status and is handed back to the caller,
 * which takes it on with the single calls (retried by the same transaction ids).
 */
export const SEATS_PER_BATCH = 100;
export const BATCHES_IN_FLIGHT = 2;

/** A seat's move as one batch answered it. */
type SeatMove = {
  id: string;
  from: SeatRow['status'];
  to: SeatRow['status'];
  balance: string | null;
  error: string | null;
};

const FINAL = new Set<SeatRow['status']>(['settled', 'cancelled', 'failed']);

/**
 * Moves many seats at once, each from the status it was read in (conditional like every
 * transition); answers the seats that moved as they now stand.
 */
export async function moveSeats(db: VendorDb, moves: readonly SeatMove[]): Promise<SeatRow[]> {
  if (moves.length === 0) return [];
  const rows = moves.map((m) => ({ ...m, final: FINAL.has(m.to) }));
  const { rows: moved } = await sql<SeatRow>`
    update live_seats s set status = m.to_status,
      balance_after = coalesce(m.balance, s.balance_after),
      error_code = coalesce(m.error, s.error_code),
      ended_at = case when m.final then now() else s.ended_at end
    from jsonb_to_recordset(${JSON.stringify(rows.map((r) => ({ id: r.id, from_status: r.from, to_status: r.to, balance: r.balance, error: r.error, final: r.final })))}::jsonb)
      as m(id text, from_status text, to_status text, balance bigint, error text, final boolean)
    where s.id = m.id and s.status = m.from_status
    returning s.id, s.round_id, s.table_id, s.brand, s.player_id, s.session_id, s.currency, s.payout,
      s.win_bet_id, s.status, s.balance_after, s.error_code`.execute(db);
  return moved;
}

/** The bets of several seats (their payouts written), for the players' `settled` events. */
async function betsOfSeats(db: VendorDb, seatIds: readonly string[]): Promise<Map<string, BetRow[]>> {
  const bySeat = new Map<string, BetRow[]>();
  if (seatIds.length === 0) return bySeat;
  const { rows } = await sql<BetRow>`
    select id, seat_id, round_id, request_id, kind, numbers, stake, status, payout, error_code,
      0::float8 as age_ms
    from live_bets where seat_id = any(${[...seatIds]}::text[]) order by created_at, id`.execute(db);
  for (const bet of rows) {
    const list = bySeat.get(bet.seat_id);
    if (list) list.push(bet);
    else bySeat.set(bet.seat_id, [bet]);
  }
  return bySeat;
}

function itemsOf(seat: SeatRow): WalletBatchItem[] {
  const end: WalletBatchItem = { call: 'roundEnd', roundId: seat.id, gameId: seat.table_id };
  if (seat.status === 'closing') return [end];
  return [
    {
      call: 'win',
      transactionId: `${seat.id}:win`,
      betTransactionId: `${seat.win_bet_id}:bet`,
      roundId: seat.id,
      gameId: seat.table_id,
      amount: formatAmount(BigInt(seat.payout ?? '0'), seat.currency),
      currency: seat.currency,
    },
    end,
  ];
}

const undecided = (a: WalletItemAnswer | undefined) => !a || a.errorCode === 'wallet_busy';

/**
 * What one seat's answered items mean: its move, or null when it stays for the single calls. A
 * refused win fails the seat as the single win's refusal does (its roundEnd in the same batch closed
 * the platform's round: its bets count as lost there, as after the platform's hourly close).
 */
function moveOf(seat: SeatRow, answers: WalletItemAnswer[]): SeatMove | null {
  const ended: SeatRow['status'] = seat.payout === null ? 'cancelled' : 'settled';
  if (seat.status === 'closing') {
    const [end] = answers;
    if (undecided(end) || !end?.success) return null;
    return { id: seat.id, from: 'closing', to: ended, balance: null, error: null };
  }
  const [win, end] = answers;
  if (undecided(win)) return null;
  const balance = balanceIn(win?.value, seat.currency)?.toString() ?? null;
  if (!win?.success)
    return { id: seat.id, from: 'paying', to: 'failed', balance, error: win?.errorCode || 'http_error' };
  const to = undecided(end) || !end?.success ? 'closing' : ended;
  return { id: seat.id, from: 'paying', to, balance, error: null };
}

/**
 * Settles `seats` (claimed by this process, each `paying` or `closing`) through batches of one brand
 * each; answers the seats it could not finish (to be taken on one by one).
 */
export async function settleInBatches(ctx: LiveContext, seats: readonly SeatRow[]): Promise<SeatRow[]> {
  const { deps } = ctx;
  const chunks: SeatRow[][] = [];
  const byBrand = new Map<string, SeatRow[]>();
  for (const seat of seats) {
    const list = byBrand.get(seat.brand);
    if (list) list.push(seat);
    else byBrand.set(seat.brand, [seat]);
  }
  for (const list of byBrand.values())
    for (let i = 0; i < list.length; i += deps.settleBatchSeats)
      chunks.push(list.slice(i, i + deps.settleBatchSeats));
  const left: SeatRow[] = [];
  let next = 0;
  const worker = async () => {
    while (next < chunks.length) {
      const chunk = chunks[next] as SeatRow[];
      next += 1;
      if (ctx.stoppedOrClosed()) return;
      try {
        left.push(...(await settleChunk(ctx, chunk)));
      } catch (error) {
        if (ctx.stoppedOrClosed()) return;
        deps.log.error({ err: error, seats: chunk.length }, 'live batch settlement failed');
        left.push(...chunk);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(BATCHES_IN_FLIGHT, chunks.length) }, worker));
  return left;
}

async function settleChunk(ctx: LiveContext, chunk: SeatRow[]): Promise<SeatRow[]> {
  const { deps } = ctx;
  const perSeat = chunk.map(itemsOf);
  const brand = (chunk[0] as SeatRow).brand;
  const answer = await deps.wallet.batch(brand, perSeat.flat());
  if (answer.kind === 'unknown' || answer.items === null) {
    deps.log.warn(
      { seats: chunk.length, reason: answer.kind === 'unknown' ? answer.reason : answer.errorCode },
      'live settlement batch not applied: seats settled one by one',
    );
    return chunk;
  }
  const moves: SeatMove[] = [];
  const left: SeatRow[] = [];
  let at = 0;
  chunk.forEach((seat, i) => {
    const count = (perSeat[i] as WalletBatchItem[]).length;
    const answers = answer.items?.slice(at, at + count) ?? [];
    at += count;
    const move = moveOf(seat, answers);
    if (move?.to === 'failed')
      deps.log.error({ seat: seat.id, errorCode: move.error }, 'the wallet refused a live win');
    if (move) moves.push(move);
    if (!move || !FINAL.has(move.to)) left.push(move ? { ...seat, status: move.to } : seat);
  });
  const moved = await moveSeats(deps.db, moves);
  const ended = moved.filter((s) => s.status === 'settled' || s.status === 'cancelled');
  const bets = await betsOfSeats(
    deps.db,
    ended.map((s) => s.id),
  );
  for (const seat of ended)
    deps.emitter.toPlayer(seat.table_id, seat.brand, seat.player_id, 'settled', {
      table: seat.table_id,
      round: seat.round_id,
      status: seat.status,
      payout: seat.payout,
      balance: seat.balance_after,
      bets: (bets.get(seat.id) ?? []).map(betView),
    });
  return left;
}
