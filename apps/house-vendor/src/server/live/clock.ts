import { randomUUID } from 'node:crypto';
import { newServerSeed } from '../../fair/seeds.ts';
import { CUT_CARD_REMAINING, newRound, newShoe } from '../../live/index.ts';
import type { LiveContext } from './context.ts';
import type { RoundRow } from './rows.ts';
import type { Settlement } from './settlement.ts';
import { dealFromShoe, type LiveResult, type LiveTableDef, resultFromSeed } from './tables.ts';
import { loadRoundView } from './views.ts';

/**
 * The tables' clock: betting -> closed -> result -> settled (or cancelled), driven by the one process
 * holding the table's lease (`live_table_leases`, renewed on every step); every phase is decided by
 * the database's clock.
 */

/**
 * The most a bet may be placed after the round's close when its request arrived before it and
 * waited here (the database's connection pool): never more than 2 s, nor more than the table's
 * `closed` phase, so the result is revealed only after it (the reveal waits for it too).
 */
export const LATE_GRACE_MS = 2_000;
export const lateGraceMs = (table: LiveTableDef) => Math.max(0, Math.min(LATE_GRACE_MS, table.closedMs));

function sleepUnlessWoken(ms: number, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}

export class TableClock {
  readonly #ctx: LiveContext;
  readonly #settlement: Settlement;
  readonly #loops: Promise<void>[] = [];
  /** Wakes the loops' sleeps at stop (a loop may sleep up to a third of the lease). */
  readonly #wake = new AbortController();

  constructor(context: LiveContext, settlement: Settlement) {
    this.#ctx = context;
    this.#settlement = settlement;
  }

  /** Starts the clock loop of every table this process may drive. */
  start(): void {
    for (const table of this.#ctx.deps.tables)
      if (this.#ctx.deps.drive.has(table.id)) this.#loops.push(this.#loop(table));
  }

  /** Waits for the loops (the engine has stopped) and releases the leases, so another process takes over. */
  async stop(release: boolean): Promise<void> {
    this.#wake.abort();
    await Promise.all(this.#loops);
    if (release) await this.#ctx.repo.releaseTables(this.#ctx.owner).catch(() => {});
  }

  async #loop(table: LiveTableDef): Promise<void> {
    const { deps } = this.#ctx;
    while (!this.#ctx.stoppedOrClosed()) {
      let wait: number;
      try {
        wait = await this.tick(table);
      } catch (error) {
        if (this.#ctx.stoppedOrClosed()) return;
        deps.log.error({ err: error, table: table.id }, 'live table clock step failed');
        wait = 250;
      }
      // Until the table's next moment (the close, the reveal, the next round), at most a third of
      // the lease so it is renewed in time: a table nobody plays wakes a few times a round instead of
      // four times a second (issue 23: the five idle tables took 70% of an idle site's CPU).
      await sleepUnlessWoken(Math.max(10, Math.min(wait, deps.leaseMs / 3)), this.#wake.signal);
    }
  }

  #claimTable(tableId: string): Promise<boolean> {
    return this.#ctx.repo.claimTable(tableId, this.#ctx.owner, this.#ctx.deps.leaseMs);
  }

  async #emitPhase(tableId: string, event: 'phase' | 'result', roundId: string): Promise<void> {
    this.#ctx.deps.emitter.toTable(tableId, event, await loadRoundView(this.#ctx.repo, roundId));
  }

  /** One step of a table's clock; answers how long to wait before the next. */
  async tick(table: LiveTableDef): Promise<number> {
    const { deps, repo } = this.#ctx;
    if (!(await this.#claimTable(table.id))) return deps.leaseMs / 3;
    const round = await repo.openRound(table.id);
    if (!round) {
      const wait = await repo.waitAfterLastRound(table.id, table.resultMs);
      if (wait > 0) return wait;
      await this.#openNew(table);
      return 0;
    }
    switch (round.phase) {
      case 'betting': {
        if (round.ms_left > 0) return round.ms_left;
        if (await repo.closeBetting(round.id)) await this.#emitPhase(table.id, 'phase', round.id);
        return 0;
      }
      case 'closed': {
        const sinceClose = -round.ms_left;
        if (sinceClose < table.closedMs) return table.closedMs - sinceClose;
        // The clock stood still far longer than the round allows (its process died, the database
        // was away): nobody saw a result, so the round is cancelled and every bet rolled back.
        if (sinceClose > table.closedMs + 2 * deps.leaseMs + 1_000) {
          await this.#cancel(round);
          return 0;
        }
        await this.#reveal(table, round);
        return 0;
      }
      case 'result': {
        const done = await this.#holdingTable(table.id, () => this.#settlement.settleSeats(round));
        const ms = await repo.msSinceResult(round.id);
        // Seats still waiting for the wallet are left to the recovery job after a while, so one
        // unanswered wallet never stops the table.
        if (done || ms > deps.placingGraceMs + 2 * deps.leaseMs) {
          if (await repo.endRound(round.id)) await this.#emitPhase(table.id, 'phase', round.id);
          return 0;
        }
        return 100;
      }
      default:
        return 100;
    }
  }

  async #openNew(table: LiveTableDef): Promise<void> {
    const number = await this.#ctx.repo.nextRoundNumber(table.id);
    const id = randomUUID();
    let shoeId: string | null = null;
    let shoeStart: number | null = null;
    let roundSeed: string | null = null;
    let commitment: string;
    if (table.game === 'BAC' || table.game === 'DAT') {
      const shoe = await this.#activeShoe(table);
      shoeId = shoe.id;
      shoeStart = shoe.position;
      commitment = shoe.commitment;
    } else {
      const committed = await newRound(table.id, number);
      roundSeed = committed.roundSeed;
      commitment = committed.commitment;
    }
    const inserted = await this.#ctx.repo.insertRound({
      id,
      tableId: table.id,
      game: table.game,
      number,
      shoeId,
      shoeStart,
      roundSeed,
      commitment,
      bettingMs: table.bettingMs,
    });
    if (inserted) await this.#emitPhase(table.id, 'phase', id);
  }

  /** The table's shoe, a new one (committed now) when there is none or the cut card came out. */
  async #activeShoe(table: LiveTableDef): Promise<{ id: string; position: number; commitment: string }> {
    const { repo, deps } = this.#ctx;
    const shoe = await repo.activeShoe(table.id);
    if (shoe && shoe.size - shoe.position > CUT_CARD_REMAINING) return shoe;
    if (shoe) {
      await repo.finishShoe(shoe.id);
      deps.emitter.toTable(table.id, 'shoe', { table: table.id, finished: shoe.id });
    }
    const count = await repo.shoeCount(table.id);
    const created = await newShoe(newServerSeed(), table.id, count);
    const inserted = await repo.insertShoe({
      tableId: table.id,
      serverSeed: created.serverSeed,
      clientSeed: created.clientSeed,
      nonce: created.nonce,
      commitment: created.commitment,
      cards: created.cards,
    });
    if (!inserted) throw new Error('no shoe');
    return inserted;
  }

  /** The result: dealt from the committed shoe (advancing it) or drawn from the round seed. */
  async #reveal(table: LiveTableDef, round: RoundRow): Promise<void> {
    let result: LiveResult;
    let end: number | null = null;
    if (round.game === 'BAC' || round.game === 'DAT') {
      const cards = await this.#ctx.repo.shoeCards(round.shoe_id);
      const dealt = dealFromShoe(round.game, cards, round.shoe_start ?? 0);
      result = dealt.result;
      end = dealt.end;
    } else {
      result = await resultFromSeed(round.game, round.round_seed ?? '', table.id, round.number);
    }
    if (await this.#ctx.repo.reveal(round, result, end, lateGraceMs(table)))
      await this.#emitPhase(table.id, 'result', round.id);
  }

  async #cancel(round: RoundRow): Promise<void> {
    const { repo, deps } = this.#ctx;
    if (!(await repo.cancelRound(round.id))) return;
    deps.log.warn({ round: round.id, table: round.table_id }, 'live round cancelled');
    await this.#emitPhase(round.table_id, 'phase', round.id);
    const cancelled = await repo.roundById(round.id);
    if (cancelled) await this.#holdingTable(round.table_id, () => this.#settlement.settleSeats(cancelled));
  }

  /** Runs `work` while renewing the table's lease (a settlement of many seats outlasts one lease). */
  async #holdingTable<T>(tableId: string, work: () => Promise<T>): Promise<T> {
    const timer = setInterval(
      () => void this.#claimTable(tableId).catch(() => {}),
      Math.max(50, this.#ctx.deps.leaseMs / 3),
    );
    try {
      return await work();
    } finally {
      clearInterval(timer);
    }
  }
}
