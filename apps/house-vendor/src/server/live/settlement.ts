import { formatAmount } from '@lotus/contracts/money';
import type { Bet } from '../../live/index.ts';
import { balanceIn } from '../sessions.ts';
import { WalletClosedError } from '../wallet/client.ts';
import type { LiveContext } from './context.ts';
import type { BetRow, RoundRow, SeatRow } from './rows.ts';
import { settleInBatches } from './settle-batch.ts';
import { type LiveResult, settleBets } from './tables.ts';
import { betView } from './views.ts';

/**
 * The seats' settlement: a player's bets of a round hang off a seat (`live_seats`), whose id is the
 * wallet's round id for that player: one `win` (zero allowed) naming the player's first standing
 * bet, then `roundEnd`. A seat walks, moved only by wallet answers (the same pattern as the slots'
 * rounds):
 *
 *   open ──result──> paying ──win──> closing ──roundEnd──> settled
 *     │  (no standing bet) ─────────────^        (payout null -> cancelled)
 *     └──round cancelled──> cancelling ──every bet rolled back──> closing
 *
 * Every transition is an UPDATE conditional on the status it leaves (repository.ts).
 */

export const OPEN_SEAT = ['open', 'paying', 'closing', 'cancelling'] as const;
const FINAL_SEAT = new Set(['settled', 'cancelled', 'failed']);

/**
 * Runs `work` on every item, at most `limit` at once (a pool of workers taking the next item): the
 * p-limit pattern without a dependency. Resolves once every item's work has finished; a rejection is
 * the caller's to avoid (the settlement catches per seat).
 */
export async function forEachLimit<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next] as T;
      next += 1;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
}

export class Settlement {
  readonly #ctx: LiveContext;

  constructor(context: LiveContext) {
    this.#ctx = context;
  }

  /**
   * Advances every open seat of a round this process can claim, `settleConcurrency` seats at a time
   * (each seat is its own wallet round: one win and one roundEnd, independent of the others); true
   * when all are final. Each seat is claimed (its lease) just before its turn, so a seat waiting in
   * the queue stays free for another process, and a crash leaves every seat to the recovery job.
   * A seat that fails (the database away) is logged and left to a later step; the others go on.
   */
  async settleSeats(round: RoundRow): Promise<boolean> {
    const { repo, deps } = this.#ctx;
    const due = await repo.dueSeats(round.id);
    // A revealed round's bets, read once for all its seats: after the reveal no bet is added, and a
    // bet in a final status (placed, refused, undone, rolled back) no longer changes; a seat with a
    // bet still on its way is read again on its own.
    const betsBySeat = new Map<string, BetRow[]>();
    if (round.phase === 'result' || round.phase === 'settled') {
      for (const bet of await repo.betsOfRound(round.id)) {
        const list = betsBySeat.get(bet.seat_id);
        if (list) list.push(bet);
        else betsBySeat.set(bet.seat_id, [bet]);
      }
    }
    // The database's part first (claim, payouts, the move to `paying`), then the wallet's: every seat
    // waiting for its win or roundEnd in signed batches (settle-batch.ts), and what a batch left
    // undecided one seat at a time with the single calls.
    const waiting: SeatRow[] = [];
    await forEachLimit(due, deps.settleConcurrency, async ({ id }) => {
      if (this.#ctx.stoppedOrClosed()) return;
      try {
        const seat = await repo.claimSeat(id, deps.leaseMs);
        if (!seat) return;
        const ready = await this.advanceSeat(id, round, seat, betsBySeat.get(id) ?? [], true);
        if (ready) waiting.push(ready);
      } catch (error) {
        if (this.#ctx.stoppedOrClosed()) return;
        deps.log.error({ err: error, seat: id, round: round.id }, 'live seat settlement step failed');
      }
    });
    const left = await settleInBatches(this.#ctx, waiting);
    await forEachLimit(left, deps.settleConcurrency, async (seat) => {
      if (this.#ctx.stoppedOrClosed()) return;
      try {
        await this.advanceSeat(seat.id, round, seat);
      } catch (error) {
        if (this.#ctx.stoppedOrClosed()) return;
        deps.log.error({ err: error, seat: seat.id, round: round.id }, 'live seat settlement step failed');
      }
    });
    return (await repo.openSeatCount(round.id)) === 0;
  }

  /**
   * The recovery job: seats of revealed or cancelled rounds whose lease ran out, and rounds of
   * tables no process drives any more... are taken by the tables' clocks; this finishes the seats.
   */
  async recover(limit = 2_000): Promise<number> {
    const { repo, deps } = this.#ctx;
    const due = await repo.recoverableSeats(limit);
    let taken = 0;
    await forEachLimit(due, deps.settleConcurrency, async ({ id }) => {
      if (deps.wallet.closed) return;
      try {
        const seat = await repo.claimSeat(id, deps.leaseMs);
        if (!seat) return;
        taken += 1;
        await this.advanceSeat(id, undefined, seat);
      } catch (error) {
        if (deps.wallet.closed) return;
        deps.log.error({ err: error, seat: id }, 'live seat recovery step failed');
      }
    });
    return taken;
  }

  /**
   * Takes a seat as far as the wallet's answers allow (same shape as the slots' RoundEngine.advance).
   * `known`: the seat's round as the caller just read it with its result or cancelled (neither
   * changes any more), which spares a thousand seats of one round a thousand reads of it.
   * `untilWallet`: stop at the first step that needs the wallet's win or roundEnd (`paying`,
   * `closing`) and answer the seat as it stands then (the batch settlement takes it from there).
   */
  async advanceSeat(
    id: string,
    known?: RoundRow,
    claimed?: SeatRow,
    bets?: BetRow[],
    untilWallet = false,
  ): Promise<SeatRow | undefined> {
    // The seat as the caller read it (its claim) or as the last step's transition answered it: one
    // read per step spared. A step that lost a race (its conditional update changed nothing) answers
    // null and the seat is read again.
    let seat: SeatRow | null | undefined = claimed;
    for (let step = 0; step < 8; step += 1) {
      seat ??= await this.#ctx.repo.seatById(id);
      if (!seat || FINAL_SEAT.has(seat.status)) return undefined;
      if (untilWallet && (seat.status === 'paying' || seat.status === 'closing')) return seat;
      let moved: SeatRow | null | false;
      try {
        moved = await this.#seatStep(seat, known?.id === seat.round_id ? known : undefined, bets);
      } catch (error) {
        if (error instanceof WalletClosedError) return undefined;
        throw error;
      }
      if (moved === false) {
        await this.#ctx.repo.releaseSeat(id);
        return undefined;
      }
      seat = moved;
    }
    return undefined;
  }

  /**
   * Moves a seat on from the status it was read in; answers the seat as it now stands, or null when
   * it had moved meanwhile (nothing changed). `payouts`: each placed bet's payout, written by the
   * same statement (the seat's move to `paying`).
   */
  #seatTransition(
    seat: SeatRow,
    to: SeatRow['status'],
    set: {
      payout?: bigint | null;
      winBet?: string;
      balance?: bigint | null;
      error?: string;
      payouts?: ReadonlyArray<{ id: string; payout: string }>;
    } = {},
  ): Promise<SeatRow | null> {
    return this.#ctx.repo.transitionSeat(seat, to, FINAL_SEAT.has(to), set);
  }

  /** Rolls back a bet (undo or cancel: one transaction id); false when unanswered. */
  async rollbackBet(seat: SeatRow, bet: BetRow): Promise<boolean> {
    const { deps, repo } = this.#ctx;
    const answer = await deps.wallet.call(
      seat.brand,
      'rollback',
      {
        transactionId: `${bet.id}:rollback`,
        betTransactionId: `${bet.id}:bet`,
        roundId: seat.id,
        gameId: seat.table_id,
        amount: formatAmount(BigInt(bet.stake), seat.currency),
        currency: seat.currency,
      },
      { roundId: seat.id, transactionId: `${bet.id}:rollback` },
    );
    if (answer.kind === 'unknown') return false;
    const to = bet.status === 'undoing' ? 'undone' : 'rolled_back';
    const ok = answer.success || answer.errorCode === 'bet_not_found';
    if (!ok)
      deps.log.error({ bet: bet.id, errorCode: answer.errorCode }, 'the wallet refused a live rollback');
    await repo.finishRollback(
      bet,
      to,
      ok ? (answer.success ? null : 'bet_not_found') : answer.errorCode || `http_${answer.httpStatus}`,
    );
    return true;
  }

  /**
   * One step of a seat; answers the seat as it now stands, null when it moved but must be read again,
   * false when it cannot move now (waiting for the wallet or a bet still on its way).
   * `known`/`preread`: the round and the seat's bets as the settlement read them for every seat.
   */
  async #seatStep(seat: SeatRow, known?: RoundRow, preread?: BetRow[]): Promise<SeatRow | null | false> {
    const { deps, repo } = this.#ctx;
    switch (seat.status) {
      case 'open': {
        const round =
          known && (known.phase === 'cancelled' || known.result !== null)
            ? known
            : await repo.roundById(seat.round_id);
        if (!round) return false;
        if (round.phase === 'cancelled') return this.#seatTransition(seat, 'cancelling');
        if (round.phase !== 'result' && round.phase !== 'settled') return false;
        const settled = (b: BetRow) =>
          b.status !== 'placing' && b.status !== 'undoing' && b.status !== 'rolling_back';
        const bets = preread?.every(settled) ? preread : await repo.betsOfSeat(seat.id);
        for (const bet of bets) {
          if (bet.status === 'placing') {
            if (bet.age_ms < deps.placingGraceMs) return false;
            await repo.abandonPlacing(bet.id);
            return null;
          }
          if (bet.status === 'undoing' || bet.status === 'rolling_back') {
            if (!(await this.rollbackBet(seat, bet))) return false;
            return null;
          }
        }
        const placed = bets.filter((b) => b.status === 'placed');
        if (placed.length === 0) return this.#seatTransition(seat, 'closing', { payout: null });
        const table = this.#ctx.table(seat.table_id);
        const payouts = settleBets(
          table,
          round.result as LiveResult,
          placed.map((b): Bet => ({ kind: b.kind, numbers: b.numbers, stake: BigInt(b.stake) })),
        );
        let total = 0n;
        const each = placed.map((bet, i) => {
          const payout = payouts[i] ?? 0n;
          total += payout;
          return { id: bet.id, payout: payout.toString() };
        });
        // The bets' payouts and the seat's move to `paying` in one statement.
        return this.#seatTransition(seat, 'paying', {
          payout: total,
          winBet: placed[0]?.id ?? '',
          payouts: each,
        });
      }
      case 'cancelling': {
        await repo.rollBackSeatBets(seat.id);
        for (const bet of await repo.betsOfSeat(seat.id))
          if (bet.status === 'undoing' || bet.status === 'rolling_back')
            if (!(await this.rollbackBet(seat, bet))) return false;
        return this.#seatTransition(seat, 'closing', { payout: null });
      }
      case 'paying': {
        const answer = await deps.wallet.call(
          seat.brand,
          'win',
          {
            transactionId: `${seat.id}:win`,
            betTransactionId: `${seat.win_bet_id}:bet`,
            roundId: seat.id,
            gameId: seat.table_id,
            amount: formatAmount(BigInt(seat.payout ?? '0'), seat.currency),
            currency: seat.currency,
          },
          { roundId: seat.id, transactionId: `${seat.id}:win` },
        );
        if (answer.kind === 'unknown') return false;
        const balance = balanceIn(answer.value, seat.currency);
        if (!answer.success) {
          deps.log.error({ seat: seat.id, errorCode: answer.errorCode }, 'the wallet refused a live win');
          return this.#seatTransition(seat, 'failed', {
            balance,
            error: answer.errorCode || `http_${answer.httpStatus}`,
          });
        }
        return this.#seatTransition(seat, 'closing', { balance });
      }
      case 'closing': {
        const answer = await deps.wallet.call(
          seat.brand,
          'roundEnd',
          { roundId: seat.id, gameId: seat.table_id },
          { roundId: seat.id },
        );
        if (answer.kind === 'unknown') return false;
        const to = seat.payout === null ? 'cancelled' : 'settled';
        const ended = await this.#seatTransition(seat, to);
        if (ended) {
          const bets = await repo.betsOfSeat(seat.id);
          deps.emitter.toPlayer(seat.table_id, seat.brand, seat.player_id, 'settled', {
            table: seat.table_id,
            round: seat.round_id,
            status: to,
            payout: seat.payout,
            balance: seat.balance_after,
            bets: bets.map(betView),
          });
        }
        return ended;
      }
      default:
        return null;
    }
  }
}
