import { randomUUID } from 'node:crypto';
import { formatAmount } from '@lotus/contracts/money';
import { isStakeLimited, VendorError } from '../errors.ts';
import { balanceIn, type VendorSession } from '../sessions.ts';
import { lateGraceMs } from './clock.ts';
import { BET_WRITE_ATTEMPTS, BET_WRITE_RETRY_MS, type LiveContext, sleep } from './context.ts';
import type { BetRow } from './rows.ts';
import type { Settlement } from './settlement.ts';
import { type LiveTableDef, limitOf, validateBet } from './tables.ts';
import { type BetView, betView, spotKey } from './views.ts';

/**
 * The players at the tables: a seat per player and round (`live_seats`, created with the player's
 * first bet by live_place_bet), and their bets, each its own wallet `bet`. A bet walks placing ->
 * placed (wallet accepted) | refused (insufficient balance) | rolling_back -> rolled_back (unanswered
 * or another refusal, or the round cancelled); undo: placed -> undoing -> undone. Undo and cancel use
 * the same rollback transaction id, so a bet is refunded at most once (settlement.ts).
 */

/** The least time between two `totals` broadcasts of one table's round. */
const TOTALS_EVERY_MS = 250;

export class Seats {
  readonly #ctx: LiveContext;
  readonly #settlement: Settlement;
  /** Tables (and rounds) whose totals broadcast is scheduled. */
  readonly #totalsDue = new Set<string>();

  constructor(context: LiveContext, settlement: Settlement) {
    this.#ctx = context;
    this.#settlement = settlement;
  }

  #seatOf(table: LiveTableDef, session: VendorSession): void {
    if (session.gameId !== table.id) throw new VendorError('session_invalid');
    if (session.mode === 'free' || session.platformToken === null) throw new VendorError('bet_invalid');
  }

  /**
   * Places one bet on the table's current round. Refused before the wallet hears of it when betting
   * is closed (server time), the bet is not one of the table's, or a limit would be passed.
   */
  async placeBet(
    session: VendorSession,
    tableId: string,
    input: { requestId: string; kind: string; numbers?: number[]; stake: string },
    arrivedAt: number = performance.now(),
  ): Promise<BetView> {
    const table = this.#ctx.table(tableId);
    this.#seatOf(table, session);
    const valid = validateBet(table, { kind: input.kind, numbers: input.numbers, stake: input.stake });
    if (!valid.ok) throw new VendorError('bet_invalid', valid.error);
    const bet = valid.bet;
    const limit = limitOf(table, session.currency, bet.kind);
    const perRound = table.limits[session.currency]?.perRound;
    if (!limit || perRound === undefined) throw new VendorError('bet_invalid', 'currency not served');
    if (bet.stake < limit.min || bet.stake > limit.max) throw new VendorError('bet_limit');
    // One round trip (the function live_place_bet, live/sql/live_place_bet.sql): the round open at the
    // request's arrival (opened before it, closing after it), the player's lock, the seat, a repeated
    // request id (in any round of the table: its bet), the per-round limit (of the stakes, and of the
    // bets: at most 200 a seat, each a wallet call), the bet. How long the request waited here (this
    // process's monotonic clock, measured once a database connection is ours, so the pool's queue
    // counts) places its arrival on the database's clock.
    const answer = await this.#ctx.repo.placeBet(
      {
        tableId: table.id,
        brand: session.brand,
        playerId: session.playerId,
        sessionId: session.id,
        currency: session.currency,
        requestId: input.requestId,
        kind: bet.kind,
        numbers: [...(bet.numbers ?? [])],
        stake: bet.stake,
        perRound,
        graceMs: lateGraceMs(table),
      },
      { seat: randomUUID(), bet: randomUUID() },
      arrivedAt,
    );
    if (answer?.outcome === 'limit') throw new VendorError('bet_limit', 'per round');
    if (
      (answer?.outcome !== 'fresh' && answer?.outcome !== 'again') ||
      !answer.bet_id ||
      !answer.seat_id ||
      !answer.round_id
    )
      throw new VendorError('bet_late');
    const placed = {
      betId: answer.bet_id,
      seatId: answer.seat_id,
      roundId: answer.round_id,
      fresh: answer.outcome === 'fresh',
    };
    const row = placed.fresh
      ? await this.#sendBet(session, table, placed.seatId, placed.betId, bet.stake)
      : await this.#ctx.repo.betById(placed.betId);
    if (!row) throw new VendorError('internal_error');
    if (placed.fresh) await this.#emitTotals(table.id, placed.roundId);
    if (row.status === 'refused')
      throw new VendorError(
        row.error_code === 'insufficient_balance' ? 'insufficient_balance' : 'bet_invalid',
      );
    // The player's own limit refused the stake: nothing was taken (the rollback only confirms it).
    if (isStakeLimited(row.error_code)) throw new VendorError('stake_limited');
    if (row.status === 'rolling_back' || row.status === 'rolled_back')
      throw new VendorError('bet_unconfirmed');
    return betView(row);
  }

  async #sendBet(
    session: VendorSession,
    table: LiveTableDef,
    seatId: string,
    betId: string,
    stake: bigint,
  ): Promise<BetRow | undefined> {
    const { deps, repo } = this.#ctx;
    const answer = await deps.wallet.call(
      session.brand,
      'bet',
      {
        token: session.platformToken,
        transactionId: `${betId}:bet`,
        roundId: seatId,
        gameId: table.id,
        amount: formatAmount(stake, session.currency),
        currency: session.currency,
      },
      { roundId: seatId, transactionId: `${betId}:bet` },
    );
    // The bet's new status and the balance the wallet told, and the bet as it stands, in one
    // statement: a bet no longer `placing` (taken by the recovery job meanwhile) is left as it is.
    // The wallet has moved money by now: a lost database connection (a restart, a failover) must
    // not lose its answer, so the statement (conditional, the same each time) is tried again on a
    // new connection; still failing, the bet stays `placing` and the settlement rolls it back.
    let status: string;
    let code: string | null = null;
    let balance: bigint | null = null;
    if (answer.kind === 'unknown') {
      status = 'rolling_back';
      code = 'bet_unanswered';
    } else if (answer.success) {
      status = 'placed';
      balance = balanceIn(answer.value, session.currency);
    } else {
      code = answer.errorCode || `http_${answer.httpStatus}`;
      // Insufficient balance is final for the id; any other refusal might hide an applied copy: roll back.
      status = code === 'insufficient_balance' ? 'refused' : 'rolling_back';
    }
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await repo.answerBet(betId, seatId, status, code, balance);
      } catch (error) {
        if (attempt >= BET_WRITE_ATTEMPTS || this.#ctx.stoppedOrClosed()) {
          deps.log.error({ err: error, bet: betId }, "a live bet's wallet answer could not be written");
          throw new VendorError('bet_unconfirmed');
        }
        deps.log.warn({ err: error, bet: betId, attempt }, "a live bet's wallet answer: writing again");
        await sleep(BET_WRITE_RETRY_MS * attempt);
      }
    }
  }

  /**
   * Undoes the player's last standing bet of the current round (the wallet's rollback of that bet).
   * `requestId` is the undo's own id, kept on the bet it took back (live_bets.undo_request_id): the
   * same id of the same player (brand, player, table) answers that bet as it now stands, in any round,
   * and never takes back a second one, also when the copies arrive at once (they wait for each other
   * on the player's undo lock, taken before the round's). Ids are the player's: a bet's request id or
   * another player's undo id is a new undo id here.
   */
  async undo(session: VendorSession, tableId: string, requestId: string): Promise<BetView> {
    const table = this.#ctx.table(tableId);
    this.#seatOf(table, session);
    const { repo } = this.#ctx;
    const taken = await repo.takeForUndo(table.id, session, requestId);
    if (taken === 'bet_late' || taken === 'nothing_to_undo') throw new VendorError(taken);
    if (taken.roundId === null) {
      // A repeat of an undo already taken: the bet as it now stands, nothing sent again.
      const again = await repo.betById(taken.betId);
      if (!again) throw new VendorError('internal_error');
      return betView(again);
    }
    const bet = await repo.betById(taken.betId);
    const seat = bet ? await repo.seatById(bet.seat_id) : undefined;
    if (!bet || !seat) throw new VendorError('internal_error');
    await this.#settlement.rollbackBet(seat, bet);
    await this.#emitTotals(table.id, taken.roundId);
    const after = await repo.betById(bet.id);
    return betView(after ?? bet);
  }

  /** Places again the bets the player had standing on their previous round at this table. */
  async rebet(
    session: VendorSession,
    tableId: string,
    requestId: string,
    arrivedAt: number = performance.now(),
  ): Promise<BetView[]> {
    const table = this.#ctx.table(tableId);
    this.#seatOf(table, session);
    const previous = await this.#ctx.repo.previousBets(table.id, session);
    if (previous.length === 0) throw new VendorError('nothing_to_rebet');
    const placed: BetView[] = [];
    for (const [i, bet] of previous.entries())
      placed.push(
        await this.placeBet(
          session,
          tableId,
          {
            requestId: `${requestId}.${i}`,
            kind: bet.kind,
            numbers: bet.numbers,
            stake: bet.stake,
          },
          arrivedAt,
        ),
      );
    return placed;
  }

  /**
   * Tells the table every player's stakes per spot after a bet or an undo, at most once per
   * TOTALS_EVERY_MS per table and round (the last change always goes out): with a thousand players
   * a broadcast per bet would be a million messages a round and a totals query per bet.
   */
  async #emitTotals(tableId: string, roundId: string): Promise<void> {
    const key = `${tableId}/${roundId}`;
    if (this.#totalsDue.has(key)) return;
    this.#totalsDue.add(key);
    const { deps } = this.#ctx;
    setTimeout(() => {
      this.#totalsDue.delete(key);
      void this.totals(roundId)
        .then((spots) => deps.emitter.toTable(tableId, 'totals', { table: tableId, round: roundId, spots }))
        .catch((error: unknown) => {
          if (!this.#ctx.stoppedOrClosed())
            deps.log.warn({ err: error, round: roundId }, 'live totals not sent');
        });
    }, TOTALS_EVERY_MS).unref();
  }

  /** Every player's stakes of a round per spot (kind and numbers), minor units. */
  async totals(roundId: string): Promise<Record<string, string>> {
    const spots: Record<string, string> = {};
    for (const row of await this.#ctx.repo.totals(roundId)) spots[spotKey(row.kind, row.numbers)] = row.total;
    return spots;
  }
}
