import { randomUUID } from 'node:crypto';
import { formatAmount } from '@lotus/contracts/money';
import type { FastifyBaseLogger } from 'fastify';
import { payoutMinor, stakeMinor } from '../../slots/bet.ts';
import type { RoundResult } from '../../slots/round.ts';
import type { VendorDb } from '../db/database.ts';
import type { RoundStatus } from '../db/schema.ts';
import { VendorError } from '../errors.ts';
import { activePair } from '../seeds.ts';
import { balanceIn, freeRoundsOf, type VendorSession } from '../sessions.ts';
import { type WalletCallRecord, type WalletClient, WalletClosedError } from '../wallet/client.ts';
import { compiledGame, deriveRound } from './games.ts';
import {
  claimRound,
  createRound,
  dueRounds,
  historyRows,
  platformTokenOf,
  type RoundChange,
  type RoundRow,
  releaseRound,
  roundIdByRequest,
  settleFreeRound,
  transitionRound,
  type ViewRow,
  viewRow,
} from './repository.ts';

/**
 * A spin, as a round that only the wallet's answers move forward:
 *
 *   betting ──bet accepted──> paying ──win accepted──> closing ──roundEnd──> settled
 *      │ (outcome derived only now)                       ^
 *      ├──insufficient balance──> refused (no outcome)    │
 *      └──no answer, other refusal──> rolling_back ──rollback answered──┘ (-> cancelled)
 *
 * `#advance` takes a round one answered call at a time from whatever status it is in, so the request
 * that created the round and the recovery job (after a crash, or when the request gave up) run the
 * same code. Every transition is conditional on the status it leaves, and every wallet call reuses
 * the round's own transaction ids (`<round>:bet`, `:win`, `:rollback`), so two runners never move
 * money twice. A result is shown only once the wallet accepted the win (status closing or settled).
 *
 * Database round trips (issue 23): each statement that moves a round answers the round as it left it
 * (`returning`), so the round is never read back, and the record of the wallet attempt that decided a
 * move is written in the statement that makes it. A paid spin is the bearer check, the round's
 * creation, and one statement per answered call (bet, win, round end): 5.
 */

export type RoundView = {
  id: string;
  requestId: string;
  game: string;
  mode: RoundRow['mode'];
  /** pending: the wallet has not decided yet (the page asks again). */
  status: 'pending' | 'settled' | 'refused' | 'cancelled' | 'failed';
  currency: string;
  coinValue: string;
  stake: string;
  payout: string | null;
  outcome: RoundResult | null;
  /** A free spin: the platform's free-round grant it used (null: a paid spin). */
  freeRoundGrantId: string | null;
  /** The balance after the round, in minor units, when the wallet told it. */
  balance: string | null;
  errorCode: string | null;
  nonce: number;
  serverSeedHash: string;
  clientSeed: string;
  /** Known once the pair was rotated. */
  serverSeed: string | null;
  createdAt: string;
};

export type RoundDeps = {
  db: VendorDb;
  wallet: WalletClient;
  log: FastifyBaseLogger;
  leaseMs: number;
};

/** Statuses a round never leaves. */
const FINAL: ReadonlySet<RoundStatus> = new Set(['refused', 'cancelled', 'settled', 'failed']);

/** The player's seamless token for a round's bet: known (the spin's session), or read once when needed. */
type TokenSource = { token: string | null } | { sessionId: string };

const txIds = (roundId: string) => ({
  bet: `${roundId}:bet`,
  win: `${roundId}:win`,
  rollback: `${roundId}:rollback`,
});

function publicStatus(row: Pick<RoundRow, 'status' | 'payout'>): RoundView['status'] {
  switch (row.status) {
    case 'betting':
    case 'paying':
    case 'rolling_back':
      return 'pending';
    case 'closing':
      // The money is final; only the round's end is still to be told.
      return row.payout === null ? 'cancelled' : 'settled';
    default:
      return row.status;
  }
}

async function loadView(db: VendorDb, where: { id: string; brand?: string; playerId?: string }) {
  const row = await viewRow(db, where);
  return row ? toView(row) : null;
}

function toView(row: ViewRow): RoundView {
  const status = publicStatus(row);
  return {
    id: row.id,
    requestId: row.request_id,
    game: row.game_id,
    mode: row.mode,
    status,
    currency: row.currency,
    coinValue: row.coin_value,
    stake: row.stake,
    payout: status === 'settled' ? row.payout : null,
    outcome: status === 'settled' ? row.outcome : null,
    freeRoundGrantId: row.free_round_grant_id,
    balance: row.balance_after,
    errorCode: row.error_code,
    nonce: row.nonce,
    serverSeedHash: row.server_seed_hash,
    clientSeed: row.client_seed,
    serverSeed: row.pair_status === 'revealed' ? row.server_seed : null,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

export class RoundEngine {
  readonly #deps: RoundDeps;

  constructor(deps: RoundDeps) {
    this.#deps = deps;
  }

  /**
   * Plays a spin of the session's game at `coinValue`. The same `requestId` (a double click, a
   * repeated request) answers the one round it created, never a second round. A free spin names
   * one of the session's free-round grants (`freeRoundGrantId`) and plays at its stake; its bet
   * carries the grant id and the platform takes the round of the grant instead of the stake.
   */
  async spin(
    session: VendorSession,
    input: { requestId: string; coinValue: number; freeRoundGrantId?: string | undefined },
    attempt = 0,
  ): Promise<RoundView> {
    const { db } = this.#deps;
    const game = compiledGame(session.gameId);
    if (!game) throw new VendorError('game_unknown');
    if (!game.def.coinValues.includes(input.coinValue)) throw new VendorError('bet_invalid');
    const stake = stakeMinor(game.def, input.coinValue);
    const grant = input.freeRoundGrantId ?? null;
    if (grant !== null) {
      // A repeated request answers its round, even once its grant is used up.
      const existing = await this.#byRequest(session, input.requestId);
      if (existing) return this.#await(existing, session);
      const offer = (await freeRoundsOf(db, session)).find((f) => f.grantId === grant);
      if (!offer || BigInt(offer.stake) !== stake) throw new VendorError('free_round_invalid');
    }
    // A repeated paid request is told apart by the creation itself (`duplicate`): no read before it.
    const created = await createRound(db, {
      id: randomUUID(),
      brand: session.brand,
      playerId: session.playerId,
      sessionId: session.id,
      requestId: input.requestId,
      gameId: session.gameId,
      mode: session.mode,
      currency: session.currency,
      coinValue: input.coinValue,
      stake,
      leaseMs: this.#deps.leaseMs,
      freeRoundGrantId: grant,
    });
    if (typeof created === 'string') {
      const again = await this.#byRequest(session, input.requestId);
      if (again) return this.#await(again, session);
      // A rotation took the pair (or the player has none yet): once more on the active pair.
      if (attempt >= 3) throw new VendorError('round_in_progress');
      await activePair(db, session.brand, session.playerId);
      return this.spin(session, input, attempt + 1);
    }
    return toView(await this.#advance(created, { token: session.platformToken }));
  }

  async #byRequest(session: VendorSession, requestId: string) {
    return roundIdByRequest(this.#deps.db, session, requestId);
  }

  /** The round another request is playing, once it leaves its pending states (or after 15 s). */
  async #await(round: { id: string }, session: VendorSession): Promise<RoundView> {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const view = await loadView(this.#deps.db, {
        id: round.id,
        brand: session.brand,
        playerId: session.playerId,
      });
      if (!view) throw new VendorError('round_not_found');
      if (view.status !== 'pending' || Date.now() > deadline || this.#deps.wallet.closed) return view;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** A round of the session's player (another player's round is not found). */
  async round(session: VendorSession, id: string): Promise<RoundView> {
    const view = await loadView(this.#deps.db, { id, brand: session.brand, playerId: session.playerId });
    if (!view) throw new VendorError('round_not_found');
    return view;
  }

  /** The player's latest rounds, newest first. */
  async history(session: VendorSession, limit: number): Promise<RoundView[]> {
    const rows = await historyRows(this.#deps.db, session, limit);
    return rows.map(toView);
  }

  /**
   * A round's fairness data for the public verification page: the game, seeds (the server seed
   * only once revealed), nonce and the stored outcome; nothing about the player.
   */
  async verification(id: string) {
    const view = await loadView(this.#deps.db, { id });
    if (!view) throw new VendorError('round_not_found');
    return {
      id: view.id,
      game: view.game,
      status: view.status,
      coinValue: view.coinValue,
      stake: view.stake,
      payout: view.payout,
      currency: view.currency,
      outcome: view.outcome,
      nonce: view.nonce,
      serverSeedHash: view.serverSeedHash,
      clientSeed: view.clientSeed,
      serverSeed: view.serverSeed,
      createdAt: view.createdAt,
    };
  }

  /**
   * Takes a round as far as the wallet's answers allow, and answers it as it then is: final, or still
   * open when a call stayed unanswered (the round keeps its status and the recovery job goes on
   * later). It stops as soon as the round is final: nothing is read once a round cannot move.
   */
  async #advance(start: ViewRow, token: TokenSource): Promise<ViewRow> {
    const { db, log } = this.#deps;
    let row = start;
    for (let step = 0; step < 8 && !FINAL.has(row.status); step += 1) {
      let next: ViewRow | undefined | 'unanswered';
      try {
        next = await this.#step(row, token);
      } catch (error) {
        if (error instanceof WalletClosedError) return row;
        throw error;
      }
      if (next === 'unanswered') {
        // Unanswered: free the round for the recovery job's next run.
        const released = (await releaseRound(db, row.id)) ?? (await viewRow(db, { id: row.id }));
        log.warn(
          { round: row.id, status: row.status },
          'wallet did not answer; the recovery job finishes the round',
        );
        return released ?? row;
      }
      // Nothing returned: another runner moved the round meanwhile; go on from where it is now.
      const now = next ?? (await viewRow(db, { id: row.id }));
      if (!now) return row;
      row = now;
    }
    return row;
  }

  /**
   * One transition: the round as it moved, undefined when another runner moved it first, or
   * `unanswered` when the wallet gave no answer.
   */
  async #step(row: ViewRow, token: TokenSource): Promise<ViewRow | undefined | 'unanswered'> {
    switch (row.status) {
      case 'betting':
        return row.mode === 'free' ? this.#playFree(row) : this.#bet(row, token);
      case 'rolling_back':
        return this.#rollback(row);
      case 'paying':
        return this.#win(row);
      case 'closing':
        return this.#end(row);
      default:
        return row;
    }
  }

  #transition(
    row: RoundRow,
    to: RoundStatus,
    set: RoundChange = {},
    call?: WalletCallRecord,
  ): Promise<ViewRow | undefined> {
    return transitionRound(this.#deps.db, row, to, set, call);
  }

  /** The round's outcome, from the seeds it carries (no read). */
  async #outcome(row: ViewRow): Promise<{ outcome: RoundResult; payout: bigint }> {
    const game = compiledGame(row.game_id);
    if (!game) throw new Error(`round ${row.id}: unknown game ${row.game_id}`);
    const outcome = await deriveRound(game, row.server_seed, row.client_seed, row.nonce);
    return { outcome, payout: payoutMinor(game.def, outcome.coins, Number(row.coin_value)) };
  }

  async #platformToken(row: RoundRow, source: TokenSource): Promise<string> {
    const token = 'token' in source ? source.token : await platformTokenOf(this.#deps.db, source.sessionId);
    if (token === null) throw new Error(`round ${row.id}: no platform token`);
    return token;
  }

  /** Free play: the vendor's play money, one transaction, no wallet call at all. */
  async #playFree(row: ViewRow): Promise<ViewRow | undefined> {
    const { outcome, payout } = await this.#outcome(row);
    return settleFreeRound(this.#deps.db, row, outcome, payout);
  }

  async #bet(row: ViewRow, token: TokenSource): Promise<ViewRow | undefined> {
    const ids = txIds(row.id);
    const answer = await this.#deps.wallet.call(
      row.brand,
      'bet',
      {
        token: await this.#platformToken(row, token),
        transactionId: ids.bet,
        roundId: row.id,
        gameId: row.game_id,
        amount: formatAmount(BigInt(row.stake), row.currency),
        currency: row.currency,
        // A free spin: the platform takes a round of this grant instead of the stake.
        ...(row.free_round_grant_id === null ? {} : { freeRoundGrantId: row.free_round_grant_id }),
      },
      { roundId: row.id, transactionId: ids.bet, deferRecord: true },
    );
    if (answer.kind === 'unknown') {
      // Nobody knows whether the stake was taken: cancel it (a rollback also stops a late bet).
      return this.#transition(row, 'rolling_back', { errorCode: 'bet_unanswered' });
    }
    const balance = balanceIn(answer.value, row.currency);
    if (!answer.success) {
      const code = answer.errorCode || `http_${answer.httpStatus}`;
      // The money rules make an insufficient-balance refusal final for this transaction id. Any other
      // refusal (an expired session, a closed round...) might hide a copy applied earlier, so the bet
      // is cancelled as well: a rollback of a bet that never arrived is harmless (bet_not_found).
      return this.#transition(
        row,
        code === 'insufficient_balance' ? 'refused' : 'rolling_back',
        { errorCode: code, balance },
        answer.record,
      );
    }
    // Accepted: only now is the outcome computed and kept.
    const { outcome, payout } = await this.#outcome(row);
    return this.#transition(row, 'paying', { outcome, payout, balance }, answer.record);
  }

  async #win(row: ViewRow): Promise<ViewRow | undefined | 'unanswered'> {
    const ids = txIds(row.id);
    const answer = await this.#deps.wallet.call(
      row.brand,
      'win',
      {
        transactionId: ids.win,
        betTransactionId: ids.bet,
        roundId: row.id,
        gameId: row.game_id,
        amount: formatAmount(BigInt(row.payout ?? '0'), row.currency),
        currency: row.currency,
      },
      { roundId: row.id, transactionId: ids.win, deferRecord: true },
    );
    if (answer.kind === 'unknown') return 'unanswered';
    const balance = balanceIn(answer.value, row.currency);
    if (!answer.success) {
      this.#deps.log.error(
        { round: row.id, errorCode: answer.errorCode },
        'the wallet refused a win: round failed',
      );
      return this.#transition(
        row,
        'failed',
        { errorCode: answer.errorCode || `http_${answer.httpStatus}`, balance },
        answer.record,
      );
    }
    return this.#transition(row, 'closing', { balance }, answer.record);
  }

  async #rollback(row: ViewRow): Promise<ViewRow | undefined | 'unanswered'> {
    const ids = txIds(row.id);
    const answer = await this.#deps.wallet.call(
      row.brand,
      'rollback',
      {
        transactionId: ids.rollback,
        betTransactionId: ids.bet,
        roundId: row.id,
        gameId: row.game_id,
        amount: formatAmount(BigInt(row.stake), row.currency),
        currency: row.currency,
      },
      { roundId: row.id, transactionId: ids.rollback, deferRecord: true },
    );
    if (answer.kind === 'unknown') return 'unanswered';
    const balance = balanceIn(answer.value, row.currency);
    // Refunded, or the bet never arrived (the platform keeps a tombstone: a late bet is refused).
    if (answer.success || answer.errorCode === 'bet_not_found') {
      return this.#transition(
        row,
        'closing',
        {
          balance,
          // An unanswered bet is described by the rollback's answer; a refused one keeps its refusal.
          ...(row.error_code === 'bet_unanswered' || row.error_code === null
            ? { errorCode: answer.success ? 'bet_rolled_back' : 'bet_not_found' }
            : {}),
        },
        answer.record,
      );
    }
    this.#deps.log.error(
      { round: row.id, errorCode: answer.errorCode },
      'the wallet refused a rollback: round failed',
    );
    return this.#transition(
      row,
      'failed',
      { errorCode: answer.errorCode || `http_${answer.httpStatus}`, balance },
      answer.record,
    );
  }

  async #end(row: ViewRow): Promise<ViewRow | undefined | 'unanswered'> {
    const answer = await this.#deps.wallet.call(
      row.brand,
      'roundEnd',
      { roundId: row.id, gameId: row.game_id },
      { roundId: row.id, deferRecord: true },
    );
    if (answer.kind === 'unknown') return 'unanswered';
    if (!answer.success)
      this.#deps.log.warn(
        { round: row.id, errorCode: answer.errorCode },
        'round end refused; the money is final',
      );
    return this.#transition(row, row.payout === null ? 'cancelled' : 'settled', {}, answer.record);
  }

  /**
   * The recovery job's run: every open round whose lease ran out (its process stopped, or gave up
   * waiting for the wallet) is claimed (a conditional update, so two processes never take the same
   * round) and advanced. Answers how many rounds it took.
   */
  async recover(limit = 100): Promise<number> {
    const { db, leaseMs } = this.#deps;
    const due = await dueRounds(db, limit);
    let taken = 0;
    for (const { id } of due) {
      if (this.#deps.wallet.closed) break;
      const claimed = await claimRound(db, id, leaseMs);
      if (!claimed) continue;
      taken += 1;
      await this.#advance(claimed, { sessionId: claimed.session_id });
    }
    return taken;
  }
}
