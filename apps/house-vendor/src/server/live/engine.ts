import { randomUUID } from 'node:crypto';
import { formatAmount } from '@lotus/contracts/money';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { newServerSeed } from '../../fair/seeds.ts';
import {
  type BaccaratResult,
  type Bet,
  baccaratRoads,
  CUT_CARD_REMAINING,
  type Dice,
  type DragonTigerResult,
  dragonTigerRoads,
  newRound,
  newShoe,
  rouletteStrip,
  sicBoStrip,
} from '../../live/index.ts';
import type { VendorDb } from '../db/database.ts';
import { VendorError } from '../errors.ts';
import { balanceIn, type VendorSession } from '../sessions.ts';
import { type WalletClient, WalletClosedError } from '../wallet/client.ts';
import {
  dealFromShoe,
  type LiveResult,
  type LiveTableDef,
  limitOf,
  resultFromSeed,
  settleBets,
  validateBet,
} from './tables.ts';

/**
 * The live tables' server: a clock per table (betting -> closed -> result -> settled, or cancelled)
 * driven by the one process holding the table's lease, and the players' bets, each its own wallet
 * `bet`. A player's bets of a round hang off a seat (`live_seats`), whose id is the wallet's round id
 * for that player: one `win` (zero allowed) naming the player's first standing bet, then `roundEnd`.
 *
 * A seat walks, moved only by wallet answers (the same pattern as the slots' rounds.ts):
 *
 *   open ──result──> paying ──win──> closing ──roundEnd──> settled
 *     │  (no standing bet) ─────────────^        (payout null -> cancelled)
 *     └──round cancelled──> cancelling ──every bet rolled back──> closing
 *
 * A bet walks placing -> placed (wallet accepted) | refused (insufficient balance) | rolling_back ->
 * rolled_back (unanswered or another refusal, or the round cancelled); undo: placed -> undoing ->
 * undone. Undo and cancel use the same rollback transaction id, so a bet is refunded at most once.
 * Every transition is an UPDATE conditional on the status it leaves.
 */

export type LiveEmitter = {
  toTable(tableId: string, event: string, payload: unknown): void;
  toPlayer(tableId: string, brand: string, playerId: string, event: string, payload: unknown): void;
};

export type LiveDeps = {
  db: VendorDb;
  wallet: WalletClient;
  log: FastifyBaseLogger;
  tables: readonly LiveTableDef[];
  /** Tables whose clock this process may drive. */
  drive: ReadonlySet<string>;
  leaseMs: number;
  /** How long a placement may wait for the wallet before the settlement rolls it back. */
  placingGraceMs: number;
  /** Seats of one round settled at once (wallet win + roundEnd in flight together). */
  settleConcurrency: number;
  emitter: LiveEmitter;
};

type RoundRow = {
  id: string;
  table_id: string;
  game: 'BAC' | 'DAT' | 'ROU' | 'SIC';
  number: number;
  shoe_id: string | null;
  shoe_start: number | null;
  round_seed: string | null;
  commitment: string;
  phase: 'betting' | 'closed' | 'result' | 'settled' | 'cancelled';
  closes_at: Date;
  result: LiveResult | null;
  result_at: Date | null;
  ended_at: Date | null;
  /** closes_at - now(), in ms (the database's clock). */
  ms_left: number;
};

type SeatRow = {
  id: string;
  round_id: string;
  table_id: string;
  brand: string;
  player_id: string;
  session_id: string;
  currency: string;
  payout: string | null;
  win_bet_id: string | null;
  status: 'open' | 'paying' | 'closing' | 'settled' | 'cancelling' | 'cancelled' | 'failed';
  balance_after: string | null;
  error_code: string | null;
};

type BetRow = {
  id: string;
  seat_id: string;
  round_id: string;
  request_id: string;
  kind: string;
  numbers: number[];
  stake: string;
  status: 'placing' | 'placed' | 'refused' | 'undoing' | 'undone' | 'rolling_back' | 'rolled_back';
  payout: string | null;
  error_code: string | null;
  age_ms: number;
};

/** The columns of each row type, named (never `select *`: a new column never leaks into a row). */
const ROUND_COLUMNS = sql`id, table_id, game, number, shoe_id, shoe_start, round_seed, commitment, phase,
  closes_at, result, result_at, ended_at`;
const SEAT_COLUMNS = sql`id, round_id, table_id, brand, player_id, session_id, currency, payout, win_bet_id,
  status, balance_after, error_code`;
const BET_COLUMNS = sql`id, seat_id, round_id, request_id, kind, numbers, stake, status, payout, error_code`;

const OPEN_SEAT = ['open', 'paying', 'closing', 'cancelling'] as const;
/** The least time between two `totals` broadcasts of one table's round. */
const TOTALS_EVERY_MS = 250;
const FINAL_SEAT = new Set(['settled', 'cancelled', 'failed']);

export type BetView = {
  id: string;
  requestId: string;
  kind: string;
  numbers: number[];
  stake: string;
  status: 'pending' | 'placed' | 'refused' | 'undone' | 'rolled_back';
  payout: string | null;
};

function betView(row: BetRow): BetView {
  const status: BetView['status'] =
    row.status === 'placing' || row.status === 'undoing' || row.status === 'rolling_back'
      ? 'pending'
      : row.status;
  return {
    id: row.id,
    requestId: row.request_id,
    kind: row.kind,
    numbers: row.numbers,
    stake: row.stake,
    status,
    payout: row.payout,
  };
}

/** A round as the players see it: the commitment always, the result and seeds once revealed. */
function roundViewOf(round: RoundRow) {
  const revealed = round.phase === 'result' || round.phase === 'settled' || round.phase === 'cancelled';
  return {
    id: round.id,
    table: round.table_id,
    game: round.game,
    number: round.number,
    phase: round.phase,
    closesAt: new Date(round.closes_at).toISOString(),
    msLeft: Math.max(0, Math.round(round.ms_left)),
    serverTime: new Date().toISOString(),
    commitment: round.commitment,
    shoe: round.shoe_id,
    shoeStart: round.shoe_start,
    result: revealed ? round.result : null,
    roundSeed: revealed ? round.round_seed : null,
  };
}

export const spotKey = (kind: string, numbers: readonly number[]) =>
  numbers.length === 0 ? kind : `${kind}:${numbers.join('-')}`;

/**
 * The most a bet may be placed after the round's close when its request arrived before it and
 * waited here (the database's connection pool): never more than 2 s, nor more than the table's
 * `closed` phase, so the result is revealed only after it (the reveal waits for it too).
 */
export const LATE_GRACE_MS = 2_000;
export const lateGraceMs = (table: LiveTableDef) => Math.max(0, Math.min(LATE_GRACE_MS, table.closedMs));

/** Writes of a bet's wallet answer tried (the database lost meanwhile), and the wait before the next. */
const BET_WRITE_ATTEMPTS = 4;
const BET_WRITE_RETRY_MS = 100;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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

export class LiveEngine {
  readonly #deps: LiveDeps;
  readonly #tables: Map<string, LiveTableDef>;
  readonly owner = randomUUID();
  #stopped = false;
  readonly #loops: Promise<void>[] = [];
  /** Tables (and rounds) whose totals broadcast is scheduled. */
  readonly #totalsDue = new Set<string>();

  constructor(deps: LiveDeps) {
    this.#deps = deps;
    this.#tables = new Map(deps.tables.map((t) => [t.id, t]));
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
    for (const table of this.#deps.tables)
      if (this.#deps.drive.has(table.id)) this.#loops.push(this.#loop(table));
  }

  /** Stops the clocks (the leases are released so another process takes over at once). */
  async stop(release = true): Promise<void> {
    this.#stopped = true;
    await Promise.all(this.#loops);
    if (release)
      await sql`update live_table_leases set lease_until = now() where owner = ${this.owner}`
        .execute(this.#deps.db)
        .catch(() => {});
  }

  async #loop(table: LiveTableDef): Promise<void> {
    while (!this.#stopped && !this.#deps.wallet.closed) {
      let wait: number;
      try {
        wait = await this.tick(table);
      } catch (error) {
        if (this.#stopped || this.#deps.wallet.closed) return;
        this.#deps.log.error({ err: error, table: table.id }, 'live table clock step failed');
        wait = 250;
      }
      await sleep(Math.max(10, Math.min(wait, 250, this.#deps.leaseMs / 3)));
    }
  }

  async #claimTable(tableId: string): Promise<boolean> {
    const claimed = await sql<{ owner: string }>`
      insert into live_table_leases (table_id, owner, lease_until)
      values (${tableId}, ${this.owner}, now() + make_interval(secs => ${this.#deps.leaseMs / 1000}))
      on conflict (table_id) do update set owner = excluded.owner, lease_until = excluded.lease_until
      where live_table_leases.owner = excluded.owner or live_table_leases.lease_until <= now()
      returning owner`.execute(this.#deps.db);
    return claimed.rows.length > 0;
  }

  async #openRound(tableId: string): Promise<RoundRow | undefined> {
    const rows = await sql<RoundRow>`
      select ${ROUND_COLUMNS}, (extract(epoch from (closes_at - now())) * 1000)::float8 as ms_left
      from live_rounds where table_id = ${tableId} and phase in ('betting', 'closed', 'result')`.execute(
      this.#deps.db,
    );
    return rows.rows[0];
  }

  async #roundById(id: string): Promise<RoundRow | undefined> {
    const rows = await sql<RoundRow>`
      select ${ROUND_COLUMNS}, (extract(epoch from (closes_at - now())) * 1000)::float8 as ms_left
      from live_rounds where id = ${id}`.execute(this.#deps.db);
    return rows.rows[0];
  }

  /** One step of a table's clock; answers how long to wait before the next. */
  async tick(table: LiveTableDef): Promise<number> {
    const { db } = this.#deps;
    if (!(await this.#claimTable(table.id))) return this.#deps.leaseMs / 3;
    const round = await this.#openRound(table.id);
    if (!round) {
      const last = await sql<{ wait: number }>`
        select (extract(epoch from (ended_at - now())) * 1000 + ${table.resultMs})::float8 as wait
        from live_rounds where table_id = ${table.id} order by number desc limit 1`.execute(db);
      const wait = last.rows[0]?.wait ?? 0;
      if (wait > 0) return wait;
      await this.#openNew(table);
      return 0;
    }
    switch (round.phase) {
      case 'betting': {
        if (round.ms_left > 0) return round.ms_left;
        const closed = await sql`
          update live_rounds set phase = 'closed' where id = ${round.id} and phase = 'betting'`.execute(db);
        if (Number(closed.numAffectedRows ?? 0n) > 0)
          this.#deps.emitter.toTable(table.id, 'phase', await this.roundView(round.id));
        return 0;
      }
      case 'closed': {
        const sinceClose = -round.ms_left;
        if (sinceClose < table.closedMs) return table.closedMs - sinceClose;
        // The clock stood still far longer than the round allows (its process died, the database
        // was away): nobody saw a result, so the round is cancelled and every bet rolled back.
        if (sinceClose > table.closedMs + 2 * this.#deps.leaseMs + 1_000) {
          await this.#cancel(round);
          return 0;
        }
        await this.#reveal(table, round);
        return 0;
      }
      case 'result': {
        const done = await this.#holdingTable(table.id, () => this.#settleSeats(round));
        const sinceResult = await sql<{ ms: number }>`
          select (extract(epoch from (now() - result_at)) * 1000)::float8 as ms
          from live_rounds where id = ${round.id}`.execute(db);
        const ms = sinceResult.rows[0]?.ms ?? 0;
        // Seats still waiting for the wallet are left to the recovery job after a while, so one
        // unanswered wallet never stops the table.
        if (done || ms > this.#deps.placingGraceMs + 2 * this.#deps.leaseMs) {
          const ended = await sql`
            update live_rounds set phase = 'settled', ended_at = now()
            where id = ${round.id} and phase = 'result'`.execute(db);
          if (Number(ended.numAffectedRows ?? 0n) > 0)
            this.#deps.emitter.toTable(table.id, 'phase', await this.roundView(round.id));
          return 0;
        }
        return 100;
      }
      default:
        return 100;
    }
  }

  async #openNew(table: LiveTableDef): Promise<void> {
    const { db } = this.#deps;
    const numberRow = await sql<{ number: number }>`
      select coalesce(max(number), 0)::int + 1 as number from live_rounds where table_id = ${table.id}`.execute(
      db,
    );
    const number = numberRow.rows[0]?.number ?? 1;
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
    const inserted = await sql`
      insert into live_rounds (id, table_id, game, number, shoe_id, shoe_start, round_seed, commitment, phase, closes_at)
      values (${id}, ${table.id}, ${table.game}, ${number}, ${shoeId}, ${shoeStart}, ${roundSeed}, ${commitment},
              'betting', now() + make_interval(secs => ${table.bettingMs / 1000}))
      on conflict do nothing`.execute(db);
    if (Number(inserted.numAffectedRows ?? 0n) > 0)
      this.#deps.emitter.toTable(table.id, 'phase', await this.roundView(id));
  }

  /** The table's shoe, a new one (committed now) when there is none or the cut card came out. */
  async #activeShoe(table: LiveTableDef): Promise<{ id: string; position: number; commitment: string }> {
    const { db } = this.#deps;
    const current = await sql<{ id: string; position: number; commitment: string; size: number }>`
      select id, position, commitment, jsonb_array_length(cards) as size
      from live_shoes where table_id = ${table.id} and status = 'active'`.execute(db);
    const shoe = current.rows[0];
    if (shoe && shoe.size - shoe.position > CUT_CARD_REMAINING) return shoe;
    if (shoe) {
      await sql`update live_shoes set status = 'finished', finished_at = now() where id = ${shoe.id} and status = 'active'`.execute(
        db,
      );
      this.#deps.emitter.toTable(table.id, 'shoe', { table: table.id, finished: shoe.id });
    }
    const count = await sql<{ n: number }>`
      select count(*)::int as n from live_shoes where table_id = ${table.id}`.execute(db);
    const created = await newShoe(newServerSeed(), table.id, count.rows[0]?.n ?? 0);
    const row = await sql<{ id: string; position: number; commitment: string }>`
      insert into live_shoes (table_id, server_seed, client_seed, nonce, commitment, cards)
      values (${table.id}, ${created.serverSeed}, ${created.clientSeed}, ${created.nonce}, ${created.commitment},
              ${JSON.stringify(created.cards)})
      returning id, position, commitment`.execute(db);
    const inserted = row.rows[0];
    if (!inserted) throw new Error('no shoe');
    return inserted;
  }

  /** The result: dealt from the committed shoe (advancing it) or drawn from the round seed. */
  async #reveal(table: LiveTableDef, round: RoundRow): Promise<void> {
    const { db } = this.#deps;
    let result: LiveResult;
    let end: number | null = null;
    if (round.game === 'BAC' || round.game === 'DAT') {
      const shoe = await sql<{
        cards: number[];
      }>`select cards from live_shoes where id = ${round.shoe_id}`.execute(db);
      const dealt = dealFromShoe(round.game, shoe.rows[0]?.cards ?? [], round.shoe_start ?? 0);
      result = dealt.result;
      end = dealt.end;
    } else {
      result = await resultFromSeed(round.game, round.round_seed ?? '', table.id, round.number);
    }
    const moved = await db.transaction().execute(async (tx) => {
      const updated = await sql`
        update live_rounds set phase = 'result', result = ${JSON.stringify(result)}, result_at = now()
        where id = ${round.id} and phase = 'closed'
          and clock_timestamp() >= closes_at + make_interval(secs => ${lateGraceMs(table) / 1000})`.execute(
        tx,
      );
      if (Number(updated.numAffectedRows ?? 0n) === 0) return false;
      if (end !== null)
        await sql`update live_shoes set position = ${end} where id = ${round.shoe_id} and position = ${round.shoe_start}`.execute(
          tx,
        );
      return true;
    });
    if (moved) this.#deps.emitter.toTable(table.id, 'result', await this.roundView(round.id));
  }

  async #cancel(round: RoundRow): Promise<void> {
    const { db } = this.#deps;
    const moved = await db.transaction().execute(async (tx) => {
      const updated = await sql`
        update live_rounds set phase = 'cancelled', ended_at = now()
        where id = ${round.id} and phase in ('betting', 'closed')`.execute(tx);
      if (Number(updated.numAffectedRows ?? 0n) === 0) return false;
      await sql`update live_seats set status = 'cancelling' where round_id = ${round.id} and status = 'open'`.execute(
        tx,
      );
      return true;
    });
    if (!moved) return;
    this.#deps.log.warn({ round: round.id, table: round.table_id }, 'live round cancelled');
    this.#deps.emitter.toTable(round.table_id, 'phase', await this.roundView(round.id));
    const cancelled = await this.#roundById(round.id);
    if (cancelled) await this.#holdingTable(round.table_id, () => this.#settleSeats(cancelled));
  }

  /**
   * Advances every open seat of a round this process can claim, `settleConcurrency` seats at a time
   * (each seat is its own wallet round: one win and one roundEnd, independent of the others); true
   * when all are final. Each seat is claimed (its lease) just before its turn, so a seat waiting in
   * the queue stays free for another process, and a crash leaves every seat to the recovery job.
   * A seat that fails (the database away) is logged and left to a later step; the others go on.
   */
  async #settleSeats(round: RoundRow): Promise<boolean> {
    const { db } = this.#deps;
    const due = await sql<{ id: string }>`
      select id from live_seats
      where round_id = ${round.id} and status in ('open', 'paying', 'closing', 'cancelling')
        and lease_until <= now()
      order by id`.execute(db);
    // A revealed round's bets, read once for all its seats: after the reveal no bet is added, and a
    // bet in a final status (placed, refused, undone, rolled back) no longer changes; a seat with a
    // bet still on its way is read again on its own.
    const betsBySeat = new Map<string, BetRow[]>();
    if (round.phase === 'result' || round.phase === 'settled') {
      const bets = await sql<BetRow>`
        select ${BET_COLUMNS}, (extract(epoch from (now() - created_at)) * 1000)::float8 as age_ms
        from live_bets where round_id = ${round.id} order by created_at, id`.execute(db);
      for (const bet of bets.rows) {
        const list = betsBySeat.get(bet.seat_id);
        if (list) list.push(bet);
        else betsBySeat.set(bet.seat_id, [bet]);
      }
    }
    await forEachLimit(due.rows, this.#deps.settleConcurrency, async ({ id }) => {
      if (this.#stoppedOrClosed()) return;
      try {
        const seat = await this.#claimSeat(id);
        if (seat) await this.advanceSeat(id, round, seat, betsBySeat.get(id) ?? []);
      } catch (error) {
        if (this.#stoppedOrClosed()) return;
        this.#deps.log.error({ err: error, seat: id, round: round.id }, 'live seat settlement step failed');
      }
    });
    const left = await sql<{ n: number }>`
      select count(*)::int as n from live_seats
      where round_id = ${round.id} and status in ('open', 'paying', 'closing', 'cancelling')`.execute(db);
    return (left.rows[0]?.n ?? 0) === 0;
  }

  #stoppedOrClosed(): boolean {
    return this.#stopped || this.#deps.wallet.closed;
  }

  /** Runs `work` while renewing the table's lease (a settlement of many seats outlasts one lease). */
  async #holdingTable<T>(tableId: string, work: () => Promise<T>): Promise<T> {
    const timer = setInterval(
      () => void this.#claimTable(tableId).catch(() => {}),
      Math.max(50, this.#deps.leaseMs / 3),
    );
    try {
      return await work();
    } finally {
      clearInterval(timer);
    }
  }

  /** Takes a seat's lease; answers the seat as it stands (undefined: final or another's). */
  async #claimSeat(id: string): Promise<SeatRow | undefined> {
    const claimed = await sql<SeatRow>`
      update live_seats set lease_until = now() + make_interval(secs => ${this.#deps.leaseMs / 1000})
      where id = ${id} and status in ('open', 'paying', 'closing', 'cancelling') and lease_until <= now()
      returning ${SEAT_COLUMNS}`.execute(this.#deps.db);
    return claimed.rows[0];
  }

  /**
   * The recovery job: seats of revealed or cancelled rounds whose lease ran out, and rounds of
   * tables no process drives any more... are taken by the tables' clocks; this finishes the seats.
   */
  async recover(limit = 2_000): Promise<number> {
    const due = await sql<{ id: string }>`
      select s.id from live_seats s join live_rounds r on r.id = s.round_id
      where s.status in ('open', 'paying', 'closing', 'cancelling') and s.lease_until <= now()
        and (r.phase in ('result', 'settled', 'cancelled') or s.status <> 'open')
      order by s.lease_until limit ${limit}`.execute(this.#deps.db);
    let taken = 0;
    await forEachLimit(due.rows, this.#deps.settleConcurrency, async ({ id }) => {
      if (this.#deps.wallet.closed) return;
      try {
        const seat = await this.#claimSeat(id);
        if (!seat) return;
        taken += 1;
        await this.advanceSeat(id, undefined, seat);
      } catch (error) {
        if (this.#deps.wallet.closed) return;
        this.#deps.log.error({ err: error, seat: id }, 'live seat recovery step failed');
      }
    });
    return taken;
  }

  /**
   * Takes a seat as far as the wallet's answers allow (same shape as RoundEngine.advance). `known`:
   * the seat's round as the caller just read it with its result or cancelled (neither changes any
   * more), which spares a thousand seats of one round a thousand reads of it.
   */
  async advanceSeat(id: string, known?: RoundRow, claimed?: SeatRow, bets?: BetRow[]): Promise<void> {
    // The seat as the caller read it (its claim) or as the last step's transition answered it: one
    // read per step spared. A step that lost a race (its conditional update changed nothing) answers
    // null and the seat is read again.
    let seat: SeatRow | null | undefined = claimed;
    for (let step = 0; step < 8; step += 1) {
      seat ??= (
        await sql<SeatRow>`select ${SEAT_COLUMNS} from live_seats where id = ${id}`.execute(this.#deps.db)
      ).rows[0];
      if (!seat || FINAL_SEAT.has(seat.status)) return;
      let moved: SeatRow | null | false;
      try {
        moved = await this.#seatStep(seat, known?.id === seat.round_id ? known : undefined, bets);
      } catch (error) {
        if (error instanceof WalletClosedError) return;
        throw error;
      }
      if (moved === false) {
        await sql`update live_seats set lease_until = now() where id = ${id}`.execute(this.#deps.db);
        return;
      }
      seat = moved;
    }
  }

  /**
   * Moves a seat on from the status it was read in; answers the seat as it now stands, or null when
   * it had moved meanwhile (nothing changed). `payouts`: each placed bet's payout, written by the
   * same statement (the seat's move to `paying`).
   */
  async #seatTransition(
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
    const final = FINAL_SEAT.has(to);
    const payouts = set.payouts ?? [];
    const updated = await sql<SeatRow>`
      with moved as (
        update live_seats set status = ${to},
          payout = ${set.payout === undefined ? sql`payout` : set.payout},
          win_bet_id = ${set.winBet === undefined ? sql`win_bet_id` : set.winBet},
          balance_after = ${set.balance === undefined || set.balance === null ? sql`balance_after` : set.balance},
          error_code = ${set.error === undefined ? sql`error_code` : set.error},
          ended_at = ${final ? sql`now()` : sql`ended_at`}
        where id = ${seat.id} and status = ${seat.status}
        returning ${SEAT_COLUMNS}),
      paid as (
        update live_bets b set payout = p.payout
        from jsonb_to_recordset(${JSON.stringify(payouts)}::jsonb) as p(id text, payout bigint)
        where ${payouts.length > 0} and b.id = p.id and b.seat_id = ${seat.id} and exists (select 1 from moved)
        returning b.id)
      select ${SEAT_COLUMNS} from moved`.execute(this.#deps.db);
    return updated.rows[0] ?? null;
  }

  async #bets(seatId: string): Promise<BetRow[]> {
    const rows = await sql<BetRow>`
      select ${BET_COLUMNS}, (extract(epoch from (now() - created_at)) * 1000)::float8 as age_ms
      from live_bets where seat_id = ${seatId} order by created_at, id`.execute(this.#deps.db);
    return rows.rows;
  }

  async #platformToken(sessionId: string): Promise<string> {
    const row = await sql<{ platform_token: string | null }>`
      select platform_token from sessions where id = ${sessionId}`.execute(this.#deps.db);
    const token = row.rows[0]?.platform_token;
    if (!token) throw new Error(`session ${sessionId}: no platform token`);
    return token;
  }

  /** Rolls back a bet (undo or cancel: one transaction id); false when unanswered. */
  async #rollbackBet(seat: SeatRow, bet: BetRow): Promise<boolean> {
    const answer = await this.#deps.wallet.call(
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
      this.#deps.log.error(
        { bet: bet.id, errorCode: answer.errorCode },
        'the wallet refused a live rollback',
      );
    await sql`
      update live_bets set status = ${to}, updated_at = now(),
        error_code = ${ok ? (answer.success ? null : 'bet_not_found') : answer.errorCode || `http_${answer.httpStatus}`}
      where id = ${bet.id} and status = ${bet.status}`.execute(this.#deps.db);
    return true;
  }

  /**
   * One step of a seat; answers the seat as it now stands, null when it moved but must be read again,
   * false when it cannot move now (waiting for the wallet or a bet still on its way).
   * `known`/`preread`: the round and the seat's bets as the settlement read them for every seat.
   */
  async #seatStep(seat: SeatRow, known?: RoundRow, preread?: BetRow[]): Promise<SeatRow | null | false> {
    const { db } = this.#deps;
    switch (seat.status) {
      case 'open': {
        const round =
          known && (known.phase === 'cancelled' || known.result !== null)
            ? known
            : await this.#roundById(seat.round_id);
        if (!round) return false;
        if (round.phase === 'cancelled') return this.#seatTransition(seat, 'cancelling');
        if (round.phase !== 'result' && round.phase !== 'settled') return false;
        const settled = (b: BetRow) =>
          b.status !== 'placing' && b.status !== 'undoing' && b.status !== 'rolling_back';
        const bets = preread?.every(settled) ? preread : await this.#bets(seat.id);
        for (const bet of bets) {
          if (bet.status === 'placing') {
            if (bet.age_ms < this.#deps.placingGraceMs) return false;
            await sql`update live_bets set status = 'rolling_back', error_code = 'bet_unanswered', updated_at = now()
                      where id = ${bet.id} and status = 'placing'`.execute(db);
            return null;
          }
          if (bet.status === 'undoing' || bet.status === 'rolling_back') {
            if (!(await this.#rollbackBet(seat, bet))) return false;
            return null;
          }
        }
        const placed = bets.filter((b) => b.status === 'placed');
        if (placed.length === 0) return this.#seatTransition(seat, 'closing', { payout: null });
        const table = this.table(seat.table_id);
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
        await sql`update live_bets set status = 'rolling_back', updated_at = now()
                  where seat_id = ${seat.id} and status in ('placing', 'placed')`.execute(db);
        for (const bet of await this.#bets(seat.id))
          if (bet.status === 'undoing' || bet.status === 'rolling_back')
            if (!(await this.#rollbackBet(seat, bet))) return false;
        return this.#seatTransition(seat, 'closing', { payout: null });
      }
      case 'paying': {
        const answer = await this.#deps.wallet.call(
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
          this.#deps.log.error(
            { seat: seat.id, errorCode: answer.errorCode },
            'the wallet refused a live win',
          );
          return this.#seatTransition(seat, 'failed', {
            balance,
            error: answer.errorCode || `http_${answer.httpStatus}`,
          });
        }
        return this.#seatTransition(seat, 'closing', { balance });
      }
      case 'closing': {
        const answer = await this.#deps.wallet.call(
          seat.brand,
          'roundEnd',
          { roundId: seat.id, gameId: seat.table_id },
          { roundId: seat.id },
        );
        if (answer.kind === 'unknown') return false;
        const to = seat.payout === null ? 'cancelled' : 'settled';
        const ended = await this.#seatTransition(seat, to);
        if (ended) {
          const bets = await this.#bets(seat.id);
          this.#deps.emitter.toPlayer(seat.table_id, seat.brand, seat.player_id, 'settled', {
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

  // ---------------------------------------------------------------- players

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
    const table = this.table(tableId);
    this.#seatOf(table, session);
    const valid = validateBet(table, { kind: input.kind, numbers: input.numbers, stake: input.stake });
    if (!valid.ok) throw new VendorError('bet_invalid', valid.error);
    const bet = valid.bet;
    const limit = limitOf(table, session.currency, bet.kind);
    const perRound = table.limits[session.currency]?.perRound;
    if (!limit || perRound === undefined) throw new VendorError('bet_invalid', 'currency not served');
    if (bet.stake < limit.min || bet.stake > limit.max) throw new VendorError('bet_limit');
    const numbers = [...(bet.numbers ?? [])];
    const { db } = this.#deps;
    // One round trip (the function live_place_bet, live/sql/live_place_bet.sql): the round open at the
    // request's arrival (opened before it, closing after it), the player's lock, the seat, a repeated
    // request id (in any round of the table: its bet), the per-round limit (of the stakes, and of the
    // bets: at most 200 a seat, each a wallet call), the bet. How long the request waited here (this
    // process's monotonic clock, measured once a database connection is ours, so the pool's queue
    // counts) places its arrival on the database's clock.
    const answer = await db.connection().execute(
      async (connection) =>
        (
          await sql<{
            outcome: string;
            bet_id: string | null;
            seat_id: string | null;
            round_id: string | null;
          }>`
            select outcome, bet_id, seat_id, round_id from live_place_bet(
              ${table.id}, ${session.brand}, ${session.playerId}, ${session.id}, ${session.currency},
              ${randomUUID()}, ${randomUUID()}, ${input.requestId}, ${bet.kind}, ${JSON.stringify(numbers)}::jsonb,
              ${bet.stake}, ${perRound}, ${Math.max(0, performance.now() - arrivedAt)}::float8,
              ${lateGraceMs(table)}::int)`.execute(connection)
        ).rows[0],
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
      : (
          await sql<BetRow>`select ${BET_COLUMNS}, 0::float8 as age_ms from live_bets where id = ${placed.betId}`.execute(
            db,
          )
        ).rows[0];
    if (!row) throw new VendorError('internal_error');
    if (placed.fresh) await this.#emitTotals(table.id, placed.roundId);
    if (row.status === 'refused')
      throw new VendorError(
        row.error_code === 'insufficient_balance' ? 'insufficient_balance' : 'bet_invalid',
      );
    if (row.status === 'rolling_back' || row.status === 'rolled_back')
      throw new VendorError('bet_unconfirmed');
    return betView(row);
  }

  async #sendBet(session: VendorSession, table: LiveTableDef, seatId: string, betId: string, stake: bigint) {
    const answer = await this.#deps.wallet.call(
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
    const write = () =>
      sql<BetRow>`
      with changed as (
        update live_bets set status = ${status}, error_code = coalesce(${code}::text, error_code), updated_at = now()
        where id = ${betId} and status = 'placing'
        returning ${BET_COLUMNS}, 0::float8 as age_ms),
      seat as (
        update live_seats set balance_after = ${balance}::bigint
        where id = ${seatId} and ${balance}::bigint is not null
        returning id)
      select ${BET_COLUMNS}, age_ms from changed
      union all
      select ${BET_COLUMNS}, 0::float8 as age_ms from live_bets
      where id = ${betId} and not exists (select 1 from changed)`.execute(this.#deps.db);
    for (let attempt = 1; ; attempt += 1) {
      try {
        return (await write()).rows[0];
      } catch (error) {
        if (attempt >= BET_WRITE_ATTEMPTS || this.#stoppedOrClosed()) {
          this.#deps.log.error({ err: error, bet: betId }, "a live bet's wallet answer could not be written");
          throw new VendorError('bet_unconfirmed');
        }
        this.#deps.log.warn({ err: error, bet: betId, attempt }, "a live bet's wallet answer: writing again");
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
    const table = this.table(tableId);
    this.#seatOf(table, session);
    const { db } = this.#deps;
    const taken = await db.transaction().execute(async (tx) => {
      await sql`select pg_advisory_xact_lock(hashtext(${`undo/${table.id}/${session.brand}/${session.playerId}`}))`.execute(
        tx,
      );
      const before = (
        await sql<{ id: string }>`
          select b.id from live_bets b join live_seats s on s.id = b.seat_id
          where b.undo_request_id = ${requestId} and s.table_id = ${table.id}
            and s.brand = ${session.brand} and s.player_id = ${session.playerId}
          limit 1`.execute(tx)
      ).rows[0];
      if (before) return { betId: before.id, roundId: null };
      const round = (
        await sql<{ id: string; open: boolean }>`
          select id, (phase = 'betting' and closes_at > clock_timestamp()) as open
          from live_rounds where table_id = ${table.id} and phase in ('betting', 'closed', 'result')
          for share`.execute(tx)
      ).rows[0];
      if (!round?.open) throw new VendorError('bet_late');
      await sql`select pg_advisory_xact_lock(hashtext(${`${round.id}/${session.brand}/${session.playerId}`}))`.execute(
        tx,
      );
      const last = (
        await sql<{ id: string }>`
          update live_bets set status = 'undoing', undo_request_id = ${requestId}, updated_at = now()
          where id = (
            select b.id from live_bets b join live_seats s on s.id = b.seat_id
            where s.round_id = ${round.id} and s.brand = ${session.brand} and s.player_id = ${session.playerId}
              and s.status = 'open' and b.status = 'placed'
            order by b.created_at desc, b.id desc limit 1)
          and status = 'placed'
          returning id`.execute(tx)
      ).rows[0];
      if (!last) throw new VendorError('nothing_to_undo');
      return { betId: last.id, roundId: round.id };
    });
    if (taken.roundId === null) {
      // A repeat of an undo already taken: the bet as it now stands, nothing sent again.
      const again = (
        await sql<BetRow>`select ${BET_COLUMNS}, 0::float8 as age_ms from live_bets where id = ${taken.betId}`.execute(
          db,
        )
      ).rows[0];
      if (!again) throw new VendorError('internal_error');
      return betView(again);
    }
    const bet = (
      await sql<BetRow>`select ${BET_COLUMNS}, 0::float8 as age_ms from live_bets where id = ${taken.betId}`.execute(
        db,
      )
    ).rows[0];
    const seat = bet
      ? (await sql<SeatRow>`select ${SEAT_COLUMNS} from live_seats where id = ${bet.seat_id}`.execute(db))
          .rows[0]
      : undefined;
    if (!bet || !seat) throw new VendorError('internal_error');
    await this.#rollbackBet(seat, bet);
    await this.#emitTotals(table.id, taken.roundId);
    const after = (
      await sql<BetRow>`select ${BET_COLUMNS}, 0::float8 as age_ms from live_bets where id = ${bet.id}`.execute(
        db,
      )
    ).rows[0];
    return betView(after ?? bet);
  }

  /** Places again the bets the player had standing on their previous round at this table. */
  async rebet(
    session: VendorSession,
    tableId: string,
    requestId: string,
    arrivedAt: number = performance.now(),
  ): Promise<BetView[]> {
    const table = this.table(tableId);
    this.#seatOf(table, session);
    const previous = await sql<{ kind: string; numbers: number[]; stake: string }>`
      select b.kind, b.numbers, b.stake::text as stake from live_bets b
      where b.seat_id = (
        select s.id from live_seats s join live_rounds r on r.id = s.round_id
        where s.table_id = ${table.id} and s.brand = ${session.brand} and s.player_id = ${session.playerId}
          and s.status = 'settled' and r.phase = 'settled'
        order by r.number desc limit 1)
      and b.status = 'placed'
      order by b.created_at, b.id`.execute(this.#deps.db);
    if (previous.rows.length === 0) throw new VendorError('nothing_to_rebet');
    const placed: BetView[] = [];
    for (const [i, bet] of previous.rows.entries())
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
    setTimeout(() => {
      this.#totalsDue.delete(key);
      void this.totals(roundId)
        .then((spots) =>
          this.#deps.emitter.toTable(tableId, 'totals', { table: tableId, round: roundId, spots }),
        )
        .catch((error: unknown) => {
          if (!this.#stoppedOrClosed())
            this.#deps.log.warn({ err: error, round: roundId }, 'live totals not sent');
        });
    }, TOTALS_EVERY_MS).unref();
  }

  /** Every player's stakes of a round per spot (kind and numbers), minor units. */
  async totals(roundId: string): Promise<Record<string, string>> {
    const rows = await sql<{ kind: string; numbers: number[]; total: string }>`
      select kind, numbers, sum(stake)::text as total from live_bets
      where round_id = ${roundId} and status in ('placing', 'placed')
      group by kind, numbers`.execute(this.#deps.db);
    const spots: Record<string, string> = {};
    for (const row of rows.rows) spots[spotKey(row.kind, row.numbers)] = row.total;
    return spots;
  }

  /** A round as the players see it: the commitment always, the result and seeds once revealed. */
  async roundView(id: string) {
    const round = await this.#roundById(id);
    if (!round) throw new VendorError('round_not_found');
    return roundViewOf(round);
  }

  /** What a player sees on joining or reconnecting: the table, the round, totals and their own bets. */
  async state(session: VendorSession, tableId: string) {
    const table = this.table(tableId);
    if (session.gameId !== table.id) throw new VendorError('session_invalid');
    // One statement (answered after every bet: at a thousand players its six round trips counted):
    // the table's last round, the player's bets on it, the round's totals per spot, and the balance
    // the wallet told last at this table (a bet's or a win's answer), minor units.
    const row = (
      await sql<
        Partial<RoundRow> & {
          bets: Array<Omit<BetRow, 'age_ms'>> | null;
          totals: Array<{ kind: string; numbers: number[]; total: string }> | null;
          balance: string | null;
        }
      >`
        select r.id, r.table_id, r.game, r.number, r.shoe_id, r.shoe_start, r.round_seed, r.commitment,
          r.phase, r.closes_at, r.result, r.result_at, r.ended_at, r.ms_left,
          (select json_agg(json_build_object('id', b.id, 'seat_id', b.seat_id, 'round_id', b.round_id,
                    'request_id', b.request_id, 'kind', b.kind, 'numbers', b.numbers, 'stake', b.stake::text,
                    'status', b.status, 'payout', b.payout::text, 'error_code', b.error_code)
                  order by b.created_at, b.id)
             from live_seats s join live_bets b on b.seat_id = s.id
             where s.round_id = r.id and s.brand = ${session.brand} and s.player_id = ${session.playerId}) as bets,
          (select json_agg(json_build_object('kind', t.kind, 'numbers', t.numbers, 'total', t.total))
             from (select kind, numbers, sum(stake)::text as total from live_bets
                   where round_id = r.id and status in ('placing', 'placed')
                   group by kind, numbers) t) as totals,
          (select balance_after::text from live_seats
             where table_id = ${table.id} and brand = ${session.brand} and player_id = ${session.playerId}
               and balance_after is not null
             order by created_at desc limit 1) as balance
        from (select 1) as one
        left join lateral (
          select ${ROUND_COLUMNS}, (extract(epoch from (closes_at - now())) * 1000)::float8 as ms_left
          from live_rounds where table_id = ${table.id} order by number desc limit 1) as r on true`.execute(
        this.#deps.db,
      )
    ).rows[0];
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
        if (error instanceof VendorError || attempt >= BET_WRITE_ATTEMPTS || this.#stoppedOrClosed())
          throw error;
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
      const current = (
        await sql<{ id: string }>`
          select id from live_rounds where table_id = ${table.id} order by number desc limit 1`.execute(
          this.#deps.db,
        )
      ).rows[0];
      const history = await this.history(table.id);
      tables.push({
        id: table.id,
        game: table.game,
        name: table.name,
        round: current ? await this.roundView(current.id) : null,
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
    const { db } = this.#deps;
    const shoe =
      table.game === 'BAC' || table.game === 'DAT'
        ? ((
            await sql<{ id: string }>`
              select shoe_id as id from live_rounds where table_id = ${table.id} and shoe_id is not null
              order by number desc limit 1`.execute(db)
          ).rows[0]?.id ?? null)
        : null;
    const rows = (
      await sql<{ id: string; number: number; result: LiveResult }>`
        select id, number, result from (
          select id, number, result from live_rounds
          where table_id = ${table.id} and result is not null and phase in ('result', 'settled')
            and (${shoe}::bigint is null or shoe_id = ${shoe}::bigint)
          order by number desc limit ${shoe === null ? 100 : 100_000}) last
        order by number`.execute(db)
    ).rows;
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
    const seat = (
      await sql<{ round_id: string }>`select round_id from live_seats where id = ${id}`.execute(this.#deps.db)
    ).rows[0];
    const round = await this.roundView(seat?.round_id ?? id);
    const shoe = round.shoe
      ? (
          await sql<{
            server_seed: string;
            client_seed: string;
            nonce: number;
            commitment: string;
            status: string;
          }>`
            select server_seed, client_seed, nonce, commitment, status from live_shoes where id = ${round.shoe}`.execute(
            this.#deps.db,
          )
        ).rows[0]
      : undefined;
    return {
      ...round,
      shoeSeeds:
        shoe && shoe.status === 'finished'
          ? { serverSeed: shoe.server_seed, clientSeed: shoe.client_seed, nonce: shoe.nonce }
          : null,
    };
  }
}

export { OPEN_SEAT };
