import { sql } from 'kysely';
import type { VendorDb } from '../db/database.ts';
import type { BetRow, RoundRow, SeatRow, TableStateRow } from './rows.ts';
import type { LiveResult } from './tables.ts';

/**
 * The live tables' SQL, every statement of the clock, the seats' settlement and the players' bets:
 * `live_table_leases`, `live_rounds`, `live_shoes`, `live_seats`, `live_bets` (and the function
 * `live_place_bet`, sql/live_place_bet.sql). Conditional updates answer whether they moved a row.
 */

/** The columns of each row type, named (never `select *`: a new column never leaks into a row). */
const ROUND_COLUMNS = sql`id, table_id, game, number, shoe_id, shoe_start, round_seed, commitment, phase,
  closes_at, result, result_at, ended_at`;
const SEAT_COLUMNS = sql`id, round_id, table_id, brand, player_id, session_id, currency, payout, win_bet_id,
  status, balance_after, error_code`;
const BET_COLUMNS = sql`id, seat_id, round_id, request_id, kind, numbers, stake, status, payout, error_code`;

const moved = (result: { numAffectedRows?: bigint }) => Number(result.numAffectedRows ?? 0n) > 0;

export class LiveRepository {
  readonly #db: VendorDb;

  constructor(db: VendorDb) {
    this.#db = db;
  }

  // ------------------------------------------------------------------ the clock

  /** Gives up every table lease of `owner` (another process takes over at once). */
  async releaseTables(owner: string): Promise<void> {
    await sql`update live_table_leases set lease_until = now() where owner = ${owner}`.execute(this.#db);
  }

  /** Takes or renews a table's lease; false while another owner holds it. */
  async claimTable(tableId: string, owner: string, leaseMs: number): Promise<boolean> {
    const claimed = await sql<{ owner: string }>`
      insert into live_table_leases (table_id, owner, lease_until)
      values (${tableId}, ${owner}, now() + make_interval(secs => ${leaseMs / 1000}))
      on conflict (table_id) do update set owner = excluded.owner, lease_until = excluded.lease_until
      where live_table_leases.owner = excluded.owner or live_table_leases.lease_until <= now()
      returning owner`.execute(this.#db);
    return claimed.rows.length > 0;
  }

  async openRound(tableId: string): Promise<RoundRow | undefined> {
    const rows = await sql<RoundRow>`
      select ${ROUND_COLUMNS}, (extract(epoch from (closes_at - now())) * 1000)::float8 as ms_left
      from live_rounds where table_id = ${tableId} and phase in ('betting', 'closed', 'result')`.execute(
      this.#db,
    );
    return rows.rows[0];
  }

  async roundById(id: string): Promise<RoundRow | undefined> {
    const rows = await sql<RoundRow>`
      select ${ROUND_COLUMNS}, (extract(epoch from (closes_at - now())) * 1000)::float8 as ms_left
      from live_rounds where id = ${id}`.execute(this.#db);
    return rows.rows[0];
  }

  /** How long until the table's next round may open (its last round's end + the result time), ms. */
  async waitAfterLastRound(tableId: string, resultMs: number): Promise<number> {
    const last = await sql<{ wait: number }>`
        select (extract(epoch from (ended_at - now())) * 1000 + ${resultMs})::float8 as wait
        from live_rounds where table_id = ${tableId} order by number desc limit 1`.execute(this.#db);
    return last.rows[0]?.wait ?? 0;
  }

  async closeBetting(roundId: string): Promise<boolean> {
    return moved(
      await sql`
          update live_rounds set phase = 'closed' where id = ${roundId} and phase = 'betting'`.execute(
        this.#db,
      ),
    );
  }

  async msSinceResult(roundId: string): Promise<number> {
    const sinceResult = await sql<{ ms: number }>`
          select (extract(epoch from (now() - result_at)) * 1000)::float8 as ms
          from live_rounds where id = ${roundId}`.execute(this.#db);
    return sinceResult.rows[0]?.ms ?? 0;
  }

  async endRound(roundId: string): Promise<boolean> {
    return moved(
      await sql`
            update live_rounds set phase = 'settled', ended_at = now()
            where id = ${roundId} and phase = 'result'`.execute(this.#db),
    );
  }

  async nextRoundNumber(tableId: string): Promise<number> {
    const numberRow = await sql<{ number: number }>`
      select coalesce(max(number), 0)::int + 1 as number from live_rounds where table_id = ${tableId}`.execute(
      this.#db,
    );
    return numberRow.rows[0]?.number ?? 1;
  }

  /** Opens a round for betting (nothing when another process opened that number first). */
  async insertRound(round: {
    id: string;
    tableId: string;
    game: RoundRow['game'];
    number: number;
    shoeId: string | null;
    shoeStart: number | null;
    roundSeed: string | null;
    commitment: string;
    bettingMs: number;
  }): Promise<boolean> {
    return moved(
      await sql`
      insert into live_rounds (id, table_id, game, number, shoe_id, shoe_start, round_seed, commitment, phase, closes_at)
      values (${round.id}, ${round.tableId}, ${round.game}, ${round.number}, ${round.shoeId}, ${round.shoeStart},
              ${round.roundSeed}, ${round.commitment},
              'betting', now() + make_interval(secs => ${round.bettingMs / 1000}))
      on conflict do nothing`.execute(this.#db),
    );
  }

  async activeShoe(
    tableId: string,
  ): Promise<{ id: string; position: number; commitment: string; size: number } | undefined> {
    const current = await sql<{ id: string; position: number; commitment: string; size: number }>`
      select id, position, commitment, jsonb_array_length(cards) as size
      from live_shoes where table_id = ${tableId} and status = 'active'`.execute(this.#db);
    return current.rows[0];
  }

  async finishShoe(shoeId: string): Promise<void> {
    await sql`update live_shoes set status = 'finished', finished_at = now() where id = ${shoeId} and status = 'active'`.execute(
      this.#db,
    );
  }

  async shoeCount(tableId: string): Promise<number> {
    const count = await sql<{ n: number }>`
      select count(*)::int as n from live_shoes where table_id = ${tableId}`.execute(this.#db);
    return count.rows[0]?.n ?? 0;
  }

  async insertShoe(shoe: {
    tableId: string;
    serverSeed: string;
    clientSeed: string;
    nonce: number;
    commitment: string;
    cards: readonly number[];
  }): Promise<{ id: string; position: number; commitment: string } | undefined> {
    const row = await sql<{ id: string; position: number; commitment: string }>`
      insert into live_shoes (table_id, server_seed, client_seed, nonce, commitment, cards)
      values (${shoe.tableId}, ${shoe.serverSeed}, ${shoe.clientSeed}, ${shoe.nonce}, ${shoe.commitment},
              ${JSON.stringify(shoe.cards)})
      returning id, position, commitment`.execute(this.#db);
    return row.rows[0];
  }

  async shoeCards(shoeId: string | null): Promise<number[]> {
    const shoe = await sql<{
      cards: number[];
    }>`select cards from live_shoes where id = ${shoeId}`.execute(this.#db);
    return shoe.rows[0]?.cards ?? [];
  }

  /**
   * Reveals a closed round's result, never before the late bets' grace after the close has passed,
   * and moves its shoe past the cards dealt (`shoeEnd`), in one transaction; false when it moved
   * meanwhile or the grace is not over.
   */
  async reveal(
    round: Pick<RoundRow, 'id' | 'shoe_id' | 'shoe_start'>,
    result: LiveResult,
    shoeEnd: number | null,
    graceMs: number,
  ): Promise<boolean> {
    return this.#db.transaction().execute(async (tx) => {
      const updated = await sql`
        update live_rounds set phase = 'result', result = ${JSON.stringify(result)}, result_at = now()
        where id = ${round.id} and phase = 'closed'
          and clock_timestamp() >= closes_at + make_interval(secs => ${graceMs / 1000})`.execute(tx);
      if (!moved(updated)) return false;
      if (shoeEnd !== null)
        await sql`update live_shoes set position = ${shoeEnd} where id = ${round.shoe_id} and position = ${round.shoe_start}`.execute(
          tx,
        );
      return true;
    });
  }

  /** Cancels a round not yet revealed, its open seats to be refunded, in one transaction. */
  async cancelRound(roundId: string): Promise<boolean> {
    return this.#db.transaction().execute(async (tx) => {
      const updated = await sql`
        update live_rounds set phase = 'cancelled', ended_at = now()
        where id = ${roundId} and phase in ('betting', 'closed')`.execute(tx);
      if (!moved(updated)) return false;
      await sql`update live_seats set status = 'cancelling' where round_id = ${roundId} and status = 'open'`.execute(
        tx,
      );
      return true;
    });
  }

  // ------------------------------------------------------------------ the seats' settlement

  /** A round's open seats whose lease ran out. */
  async dueSeats(roundId: string): Promise<Array<{ id: string }>> {
    const due = await sql<{ id: string }>`
      select id from live_seats
      where round_id = ${roundId} and status in ('open', 'paying', 'closing', 'cancelling')
        and lease_until <= now()
      order by id`.execute(this.#db);
    return due.rows;
  }

  async betsOfRound(roundId: string): Promise<BetRow[]> {
    const bets = await sql<BetRow>`
        select ${BET_COLUMNS}, (extract(epoch from (now() - created_at)) * 1000)::float8 as age_ms
        from live_bets where round_id = ${roundId} order by created_at, id`.execute(this.#db);
    return bets.rows;
  }

  async openSeatCount(roundId: string): Promise<number> {
    const left = await sql<{ n: number }>`
      select count(*)::int as n from live_seats
      where round_id = ${roundId} and status in ('open', 'paying', 'closing', 'cancelling')`.execute(
      this.#db,
    );
    return left.rows[0]?.n ?? 0;
  }

  /** Takes a seat's lease; answers the seat as it stands (undefined: final or another's). */
  async claimSeat(id: string, leaseMs: number): Promise<SeatRow | undefined> {
    const claimed = await sql<SeatRow>`
      update live_seats set lease_until = now() + make_interval(secs => ${leaseMs / 1000})
      where id = ${id} and status in ('open', 'paying', 'closing', 'cancelling') and lease_until <= now()
      returning ${SEAT_COLUMNS}`.execute(this.#db);
    return claimed.rows[0];
  }

  /** Open seats of revealed or cancelled rounds (or already moving) whose lease ran out. */
  async recoverableSeats(limit: number): Promise<Array<{ id: string }>> {
    const due = await sql<{ id: string }>`
      select s.id from live_seats s join live_rounds r on r.id = s.round_id
      where s.status in ('open', 'paying', 'closing', 'cancelling') and s.lease_until <= now()
        and (r.phase in ('result', 'settled', 'cancelled') or s.status <> 'open')
      order by s.lease_until limit ${limit}`.execute(this.#db);
    return due.rows;
  }

  async seatById(id: string): Promise<SeatRow | undefined> {
    return (await sql<SeatRow>`select ${SEAT_COLUMNS} from live_seats where id = ${id}`.execute(this.#db))
      .rows[0];
  }

  async releaseSeat(id: string): Promise<void> {
    await sql`update live_seats set lease_until = now() where id = ${id}`.execute(this.#db);
  }

  /**
   * Moves a seat on from the status it was read in; answers the seat as it now stands, or null when
   * it had moved meanwhile. `payouts`: each placed bet's payout, written by the same statement.
   */
  async transitionSeat(
    seat: Pick<SeatRow, 'id' | 'status'>,
    to: SeatRow['status'],
    final: boolean,
    set: {
      payout?: bigint | null;
      winBet?: string;
      balance?: bigint | null;
      error?: string;
      payouts?: ReadonlyArray<{ id: string; payout: string }>;
    },
  ): Promise<SeatRow | null> {
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
      select ${SEAT_COLUMNS} from moved`.execute(this.#db);
    return updated.rows[0] ?? null;
  }

  async betsOfSeat(seatId: string): Promise<BetRow[]> {
    const rows = await sql<BetRow>`
      select ${BET_COLUMNS}, (extract(epoch from (now() - created_at)) * 1000)::float8 as age_ms
      from live_bets where seat_id = ${seatId} order by created_at, id`.execute(this.#db);
    return rows.rows;
  }

  /** A rolled back (or undone) bet's final status and code, from the status it was read in. */
  async finishRollback(
    bet: Pick<BetRow, 'id' | 'status'>,
    to: 'undone' | 'rolled_back',
    errorCode: string | null,
  ): Promise<void> {
    await sql`
      update live_bets set status = ${to}, updated_at = now(),
        error_code = ${errorCode}
      where id = ${bet.id} and status = ${bet.status}`.execute(this.#db);
  }

  /** A bet the wallet never answered: to be rolled back. */
  async abandonPlacing(betId: string): Promise<void> {
    await sql`update live_bets set status = 'rolling_back', error_code = 'bet_unanswered', updated_at = now()
                      where id = ${betId} and status = 'placing'`.execute(this.#db);
  }

  /** A cancelled round's seat: every bet it still has standing (or on its way) to be rolled back. */
  async rollBackSeatBets(seatId: string): Promise<void> {
    await sql`update live_bets set status = 'rolling_back', updated_at = now()
                  where seat_id = ${seatId} and status in ('placing', 'placed')`.execute(this.#db);
  }

  // ------------------------------------------------------------------ the players' bets

  async betById(id: string): Promise<BetRow | undefined> {
    return (
      await sql<BetRow>`select ${BET_COLUMNS}, 0::float8 as age_ms from live_bets where id = ${id}`.execute(
        this.#db,
      )
    ).rows[0];
  }

  /**
   * Takes the player's last standing bet of the table's open round for an undo (`undoing`, the
   * undo's request id kept on it), in one transaction under the player's undo lock then the round's;
   * a repeated undo id answers the bet it took (`roundId` null). Throws VendorError-ready codes.
   */
  async takeForUndo(
    tableId: string,
    player: { brand: string; playerId: string },
    requestId: string,
  ): Promise<{ betId: string; roundId: string | null } | 'bet_late' | 'nothing_to_undo'> {
    return this.#db.transaction().execute(async (tx) => {
      await sql`select pg_advisory_xact_lock(hashtext(${`undo/${tableId}/${player.brand}/${player.playerId}`}))`.execute(
        tx,
      );
      const before = (
        await sql<{ id: string }>`
          select b.id from live_bets b join live_seats s on s.id = b.seat_id
          where b.undo_request_id = ${requestId} and s.table_id = ${tableId}
            and s.brand = ${player.brand} and s.player_id = ${player.playerId}
          limit 1`.execute(tx)
      ).rows[0];
      if (before) return { betId: before.id, roundId: null };
      const round = (
        await sql<{ id: string; open: boolean }>`
          select id, (phase = 'betting' and closes_at > clock_timestamp()) as open
          from live_rounds where table_id = ${tableId} and phase in ('betting', 'closed', 'result')
          for share`.execute(tx)
      ).rows[0];
      if (!round?.open) return 'bet_late';
      await sql`select pg_advisory_xact_lock(hashtext(${`${round.id}/${player.brand}/${player.playerId}`}))`.execute(
        tx,
      );
      const last = (
        await sql<{ id: string }>`
          update live_bets set status = 'undoing', undo_request_id = ${requestId}, updated_at = now()
          where id = (
            select b.id from live_bets b join live_seats s on s.id = b.seat_id
            where s.round_id = ${round.id} and s.brand = ${player.brand} and s.player_id = ${player.playerId}
              and s.status = 'open' and b.status = 'placed'
            order by b.created_at desc, b.id desc limit 1)
          and status = 'placed'
          returning id`.execute(tx)
      ).rows[0];
      if (!last) return 'nothing_to_undo';
      return { betId: last.id, roundId: round.id };
    });
  }

  /** The bets the player had standing on their last settled round at the table, in their order. */
  async previousBets(
    tableId: string,
    player: { brand: string; playerId: string },
  ): Promise<Array<{ kind: string; numbers: number[]; stake: string }>> {
    const previous = await sql<{ kind: string; numbers: number[]; stake: string }>`
      select b.kind, b.numbers, b.stake::text as stake from live_bets b
      where b.seat_id = (
        select s.id from live_seats s join live_rounds r on r.id = s.round_id
        where s.table_id = ${tableId} and s.brand = ${player.brand} and s.player_id = ${player.playerId}
          and s.status = 'settled' and r.phase = 'settled'
        order by r.number desc limit 1)
      and b.status = 'placed'
      order by b.created_at, b.id`.execute(this.#db);
    return previous.rows;
  }

  /** Every player's stakes of a round per spot (kind and numbers), minor units. */
  async totals(roundId: string): Promise<Array<{ kind: string; numbers: number[]; total: string }>> {
    const rows = await sql<{ kind: string; numbers: number[]; total: string }>`
      select kind, numbers, sum(stake)::text as total from live_bets
      where round_id = ${roundId} and status in ('placing', 'placed')
      group by kind, numbers`.execute(this.#db);
    return rows.rows;
  }

  /**
   * One statement (answered after every bet: at a thousand players its six round trips counted):
   * the table's last round, the player's bets on it, the round's totals per spot, and the balance
   * the wallet told last at this table (a bet's or a win's answer), minor units.
   */
  async tableState(
    tableId: string,
    player: { brand: string; playerId: string },
  ): Promise<TableStateRow | undefined> {
    return (
      await sql<TableStateRow>`
        select r.id, r.table_id, r.game, r.number, r.shoe_id, r.shoe_start, r.round_seed, r.commitment,
          r.phase, r.closes_at, r.result, r.result_at, r.ended_at, r.ms_left,
          (select json_agg(json_build_object('id', b.id, 'seat_id', b.seat_id, 'round_id', b.round_id,
                    'request_id', b.request_id, 'kind', b.kind, 'numbers', b.numbers, 'stake', b.stake::text,
                    'status', b.status, 'payout', b.payout::text, 'error_code', b.error_code)
                  order by b.created_at, b.id)
             from live_seats s join live_bets b on b.seat_id = s.id
             where s.round_id = r.id and s.brand = ${player.brand} and s.player_id = ${player.playerId}) as bets,
          (select json_agg(json_build_object('kind', t.kind, 'numbers', t.numbers, 'total', t.total))
             from (select kind, numbers, sum(stake)::text as total from live_bets
                   where round_id = r.id and status in ('placing', 'placed')
                   group by kind, numbers) t) as totals,
          (select balance_after::text from live_seats
             where table_id = ${tableId} and brand = ${player.brand} and player_id = ${player.playerId}
               and balance_after is not null
             order by created_at desc limit 1) as balance
        from (select 1) as one
        left join lateral (
          select ${ROUND_COLUMNS}, (extract(epoch from (closes_at - now())) * 1000)::float8 as ms_left
          from live_rounds where table_id = ${tableId} order by number desc limit 1) as r on true`.execute(
        this.#db,
      )
    ).rows[0];
  }

  /**
   * One round trip (the function live_place_bet, sql/live_place_bet.sql): the round open at the
   * request's arrival, the player's lock, the seat, a repeated request id, the per-round limits, the
   * bet. `waitedMs`: how long the request waited in this process before a connection was its own.
   */
  async placeBet(
    bet: {
      tableId: string;
      brand: string;
      playerId: string;
      sessionId: string;
      currency: string;
      requestId: string;
      kind: string;
      numbers: readonly number[];
      stake: bigint;
      perRound: bigint;
      graceMs: number;
    },
    ids: { seat: string; bet: string },
    arrivedAt: number,
  ): Promise<
    { outcome: string; bet_id: string | null; seat_id: string | null; round_id: string | null } | undefined
  > {
    return this.#db.connection().execute(
      async (connection) =>
        (
          await sql<{
            outcome: string;
            bet_id: string | null;
            seat_id: string | null;
            round_id: string | null;
          }>`
            select outcome, bet_id, seat_id, round_id from live_place_bet(
              ${bet.tableId}, ${bet.brand}, ${bet.playerId}, ${bet.sessionId}, ${bet.currency},
              ${ids.seat}, ${ids.bet}, ${bet.requestId}, ${bet.kind}, ${JSON.stringify(bet.numbers)}::jsonb,
              ${bet.stake}, ${bet.perRound}, ${Math.max(0, performance.now() - arrivedAt)}::float8,
              ${bet.graceMs}::int)`.execute(connection)
        ).rows[0],
    );
  }

  /**
   * A bet's wallet answer: its new status and the balance the wallet told, and the bet as it
   * stands, in one statement; a bet no longer `placing` (taken by the recovery job) is left as it is.
   */
  async answerBet(
    betId: string,
    seatId: string,
    status: string,
    code: string | null,
    balance: bigint | null,
  ): Promise<BetRow | undefined> {
    return (
      await sql<BetRow>`
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
      where id = ${betId} and not exists (select 1 from changed)`.execute(this.#db)
    ).rows[0];
  }

  // ------------------------------------------------------------------ public reads

  async lastRoundId(tableId: string): Promise<string | undefined> {
    return (
      await sql<{ id: string }>`
          select id from live_rounds where table_id = ${tableId} order by number desc limit 1`.execute(
        this.#db,
      )
    ).rows[0]?.id;
  }

  /** The shoe of the table's last dealt round (its roads start again with each shoe). */
  async currentShoeId(tableId: string): Promise<string | null> {
    return (
      (
        await sql<{ id: string }>`
              select shoe_id as id from live_rounds where table_id = ${tableId} and shoe_id is not null
              order by number desc limit 1`.execute(this.#db)
      ).rows[0]?.id ?? null
    );
  }

  /** Revealed results in order: of `shoe` when given, else the last 100. */
  async results(
    tableId: string,
    shoe: string | null,
  ): Promise<Array<{ id: string; number: number; result: LiveResult }>> {
    return (
      await sql<{ id: string; number: number; result: LiveResult }>`
        select id, number, result from (
          select id, number, result from live_rounds
          where table_id = ${tableId} and result is not null and phase in ('result', 'settled')
            and (${shoe}::bigint is null or shoe_id = ${shoe}::bigint)
          order by number desc limit ${shoe === null ? 100 : 100_000}) last
        order by number`.execute(this.#db)
    ).rows;
  }

  async roundOfSeat(seatId: string): Promise<string | undefined> {
    return (
      await sql<{ round_id: string }>`select round_id from live_seats where id = ${seatId}`.execute(this.#db)
    ).rows[0]?.round_id;
  }

  async shoeSeeds(
    shoeId: string,
  ): Promise<
    | { server_seed: string; client_seed: string; nonce: number; commitment: string; status: string }
    | undefined
  > {
    return (
      await sql<{
        server_seed: string;
        client_seed: string;
        nonce: number;
        commitment: string;
        status: string;
      }>`
            select server_seed, client_seed, nonce, commitment, status from live_shoes where id = ${shoeId}`.execute(
        this.#db,
      )
    ).rows[0];
  }
}
