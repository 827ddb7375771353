import { randomUUID } from 'node:crypto';
import {
  type BaccaratResult,
  baccaratRoads,
  type Dice,
  type DragonTigerResult,
  dragonTigerRoads,
  rouletteStrip,
  sicBoStrip,
} from '../../live/index.ts';
import { VendorError } from '../errors.ts';
import type { VendorSession } from '../sessions.ts';
import { TableClock } from './clock.ts';
import { BET_WRITE_ATTEMPTS, BET_WRITE_RETRY_MS, type LiveContext, type LiveDeps, sleep } from './context.ts';
import { LiveRepository } from './repository.ts';
import type { BetRow, RoundRow, SeatRow } from './rows.ts';
import { Seats } from './seats.ts';
import { Settlement } from './settlement.ts';
import type { LiveTableDef } from './tables.ts';
import { type BetView, betView, loadRoundView, roundViewOf, spotKey } from './views.ts';

export { LATE_GRACE_MS, lateGraceMs } from './clock.ts';
export type { LiveDeps, LiveEmitter } from './context.ts';
export { forEachLimit, OPEN_SEAT } from './settlement.ts';
export { type BetView, spotKey } from './views.ts';

/**
 * The live tables' server, one object over four parts that share a context: the tables' clock
 * (clock.ts: betting -> closed -> result -> settled, or cancelled, driven by the one process holding
 * the table's lease), the players' seats and bets (seats.ts: each bet its own wallet `bet`; undo,
 * rebet), the seats' settlement (settlement.ts: one `win` and one `roundEnd` per player and round;
 * the recovery job), and every SQL statement (repository.ts). The reads the pages and the platform's
 * lobby ask for (state, history, lobby, verification) are here.
 */
export class LiveEngine {
  readonly #deps: LiveDeps;
  readonly #tables: Map<string, LiveTableDef>;
  readonly #repo: LiveRepository;
  readonly #clock: TableClock;
  readonly #seats: Seats;
  readonly #settlement: Settlement;
  readonly owner = randomUUID();
  #stopped = false;

  constructor(deps: LiveDeps) {
    this.#deps = deps;
    this.#tables = new Map(deps.tables.map((t) => [t.id, t]));
    this.#repo = new LiveRepository(deps.db);
    const context: LiveContext = {
      deps,
      repo: this.#repo,
      owner: this.owner,
      table: (id) => this.table(id),
      stoppedOrClosed: () => this.#stopped || deps.wallet.closed,
    };
    this.#settlement = new Settlement(context);
    this.#clock = new TableClock(context, this.#settlement);
    this.#seats = new Seats(context, this.#settlement);
  }

  get tables(): readonly LiveTableDef[] {
    return this.#deps.tables;
  }

  table(id: string): LiveTableDef {
    const table = this.#tables.get(id);
    if (!table) throw new VendorError('table_unknown');
    return table;
  }

  /** Starts the clock loop of every table this process may drive. */
  start(): void {
    this.#clock.start();
  }

  /** Stops the clocks (the leases are released so another process takes over at once). */
  async stop(release = true): Promise<void> {
    this.#stopped = true;
    await this.#clock.stop(release);
  }

  /** One step of a table's clock; answers how long to wait before the next. */
  tick(table: LiveTableDef): Promise<number> {
    return this.#clock.tick(table);
  }

  /** The recovery job's run over the seats (settlement.ts); answers how many it took. */
  recover(limit?: number): Promise<number> {
    return this.#settlement.recover(limit);
  }

  /** Takes a seat as far as the wallet's answers allow (settlement.ts). */
  async advanceSeat(id: string, known?: RoundRow, claimed?: SeatRow, bets?: BetRow[]): Promise<void> {
    await this.#settlement.advanceSeat(id, known, claimed, bets);
  }

  placeBet(...args: Parameters<Seats['placeBet']>): Promise<BetView> {
    return this.#seats.placeBet(...args);
  }

  undo(session: VendorSession, tableId: string, requestId: string): Promise<BetView> {
    return this.#seats.undo(session, tableId, requestId);
  }

  rebet(...args: Parameters<Seats['rebet']>): Promise<BetView[]> {
    return this.#seats.rebet(...args);
  }

  /** Every player's stakes of a round per spot (kind and numbers), minor units. */
  totals(roundId: string): Promise<Record<string, string>> {
    return this.#seats.totals(roundId);
  }

  /** A round as the players see it: the commitment always, the result and seeds once revealed. */
  roundView(id: string) {
    return loadRoundView(this.#repo, id);
  }

  /** What a player sees on joining or reconnecting: the table, the round, totals and their own bets. */
  async state(session: VendorSession, tableId: string) {
    const table = this.table(tableId);
    if (session.gameId !== table.id) throw new VendorError('session_invalid');
    // One statement (repository.ts, tableState): the last round, the player's bets, totals, balance.
    const row = await this.#repo.tableState(table.id, session);
    const round = row?.id ? roundViewOf(row as RoundRow) : null;
    const totals: Record<string, string> = {};
    if (round) for (const t of row?.totals ?? []) totals[spotKey(t.kind, t.numbers)] = t.total;
    return {
      round,
      totals,
      bets: round ? (row?.bets ?? []).map((b) => betView({ ...b, age_ms: 0 })) : [],
      balance: row?.balance ?? null,
    };
  }

  /**
   * The table's state answered with a bet, an undo or a rebet: the money has moved by then, so a
   * lost database connection (a restart, a failover) does not turn the player's answer into an
   * error; the read (nothing written) is tried again on a new connection.
   */
  async stateAfterMove(
    session: VendorSession,
    tableId: string,
  ): Promise<Awaited<ReturnType<LiveEngine['state']>>> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await this.state(session, tableId);
      } catch (error) {
        const stopping = this.#stopped || this.#deps.wallet.closed;
        if (error instanceof VendorError || attempt >= BET_WRITE_ATTEMPTS || stopping) throw error;
        this.#deps.log.warn(
          { err: error, table: tableId, attempt },
          'live table state after a bet: reading again',
        );
        await sleep(BET_WRITE_RETRY_MS * attempt);
      }
    }
  }

  /**
   * Every table at a glance (public, for the platform's live lobby): its current round's phase and
   * countdown and its last results with the roads.
   */
  async lobby() {
    const tables = [];
    for (const table of this.#deps.tables) {
      const current = await this.#repo.lastRoundId(table.id);
      const history = await this.history(table.id);
      tables.push({
        id: table.id,
        game: table.game,
        name: table.name,
        round: current ? await this.roundView(current) : null,
        recent: history.rounds.slice(-20).map((r) => r.result),
        roads: history.roads,
      });
    }
    return { tables, serverTime: new Date().toISOString() };
  }

  /**
   * The table's history and roads (public): baccarat and dragon tiger from the rounds of the current
   * shoe (the roads start again with each shoe), roulette and sic bo from the last 100 results.
   */
  async history(tableId: string) {
    const table = this.table(tableId);
    const shoe =
      table.game === 'BAC' || table.game === 'DAT' ? await this.#repo.currentShoeId(table.id) : null;
    const rows = await this.#repo.results(table.id, shoe);
    const rounds = rows.map((r) => ({ id: r.id, number: r.number, result: r.result }));
    const results = rows.map((r) => r.result);
    let roads: unknown;
    switch (table.game) {
      case 'BAC':
        roads = baccaratRoads(results.map((r) => (r as { hand: BaccaratResult }).hand));
        break;
      case 'DAT':
        roads = dragonTigerRoads(results.map((r) => (r as { hand: DragonTigerResult }).hand));
        break;
      case 'ROU':
        roads = { strip: rouletteStrip(results.map((r) => (r as { pocket: number }).pocket)) };
        break;
      case 'SIC':
        roads = { strip: sicBoStrip(results.map((r) => (r as { dice: Dice }).dice)) };
        break;
    }
    return { table: table.id, shoe, rounds, roads };
  }

  /** Public fairness data of a round: commitment, and the seeds once revealed (shoe: once finished). */
  async verification(id: string) {
    // The platform knows a player's round by its seat id (the wallet's round id): that works too.
    const roundId = await this.#repo.roundOfSeat(id);
    const round = await this.roundView(roundId ?? id);
    const shoe = round.shoe ? await this.#repo.shoeSeeds(round.shoe) : undefined;
    return {
      ...round,
      shoeSeeds:
        shoe && shoe.status === 'finished'
          ? { serverSeed: shoe.server_seed, clientSeed: shoe.client_seed, nonce: shoe.nonce }
          : null,
    };
  }
}
