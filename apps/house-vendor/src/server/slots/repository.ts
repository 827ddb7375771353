import { type QueryCreator, type Selectable, sql } from 'kysely';
import type { RoundResult } from '../../slots/round.ts';
import { preparedMark, type VendorDb } from '../db/database.ts';
import { OPEN_STATUSES, type RoundStatus, type RoundsTable, type VendorDatabase } from '../db/schema.ts';
import type { WalletCallRecord } from '../wallet/client.ts';
import { walletCallRow } from '../wallet/records.ts';

/**
 * The slots' SQL: the `rounds` table (and the seed pair and session a round reads, and the record of
 * the wallet attempt that decided a move, written with it: `walletCallRow`, the core's row).
 */

export type RoundRow = Selectable<RoundsTable>;

/** Every column of a round, each named. */
export const ROUND_COLUMNS = [
  'id',
  'brand',
  'player_id',
  'session_id',
  'request_id',
  'game_id',
  'mode',
  'currency',
  'seed_pair_id',
  'nonce',
  'coin_value',
  'stake',
  'payout',
  'outcome',
  'status',
  'error_code',
  'balance_after',
  'lease_until',
  'created_at',
  'updated_at',
  'settled_at',
  'free_round_grant_id',
] as const;
const JOINED_ROUND_COLUMNS = ROUND_COLUMNS.map((c) => `rounds.${c}` as const);

/**
 * A round with its seed pair: what the page sees (the server seed is shown only once the pair is
 * revealed) and what the round's outcome is derived from. Every statement that moves a round answers
 * it (`returning`), so a spin never reads its round back.
 */
export type ViewRow = RoundRow & PairSide;
type PairSide = {
  server_seed_hash: string;
  client_seed: string;
  pair_status: 'active' | 'revealed';
  server_seed: string;
};

const PAIR_COLUMNS = [
  'seed_pairs.server_seed_hash',
  'seed_pairs.client_seed',
  'seed_pairs.status as pair_status',
  'seed_pairs.server_seed',
] as const;
/** A ViewRow's columns in an `update rounds ... from seed_pairs ... returning`. */
const VIEW_COLUMNS = [...JOINED_ROUND_COLUMNS, ...PAIR_COLUMNS];

function viewQuery(db: VendorDb) {
  return db
    .selectFrom('rounds')
    .innerJoin('seed_pairs', 'seed_pairs.id', 'rounds.seed_pair_id')
    .select(JOINED_ROUND_COLUMNS)
    .select(PAIR_COLUMNS);
}

/** A round with its seeds; `brand` and `playerId` narrow it to the player's own. */
export async function viewRow(
  db: VendorDb,
  where: { id: string; brand?: string; playerId?: string },
): Promise<ViewRow | undefined> {
  let query = viewQuery(db).where('rounds.id', '=', where.id);
  if (where.brand !== undefined) query = query.where('rounds.brand', '=', where.brand);
  if (where.playerId !== undefined) query = query.where('rounds.player_id', '=', where.playerId);
  return query.executeTakeFirst();
}

/** The player's latest rounds with their seeds, newest first. */
export function historyRows(
  db: VendorDb,
  player: { brand: string; playerId: string },
  limit: number,
): Promise<ViewRow[]> {
  return viewQuery(db)
    .where('rounds.brand', '=', player.brand)
    .where('rounds.player_id', '=', player.playerId)
    .orderBy('rounds.created_at', 'desc')
    .orderBy('rounds.id', 'desc')
    .limit(limit)
    .execute();
}

export function roundIdByRequest(
  db: VendorDb,
  player: { brand: string; playerId: string },
  requestId: string,
): Promise<{ id: string } | undefined> {
  return db
    .selectFrom('rounds')
    .select('id')
    .where('brand', '=', player.brand)
    .where('player_id', '=', player.playerId)
    .where('request_id', '=', requestId)
    .executeTakeFirst();
}

export type NewRound = {
  id: string;
  brand: string;
  playerId: string;
  sessionId: string;
  requestId: string;
  gameId: string;
  mode: RoundRow['mode'];
  currency: string;
  coinValue: number;
  stake: bigint;
  leaseMs: number;
  freeRoundGrantId: string | null;
};

/**
 * Creates a round (`betting`) on the player's next nonce, in one statement: the round with its seeds;
 * `duplicate` when the same request id already has a round (this nonce stays unused); `rotated` when
 * the player has no active pair (a rotation committed in between took it, or none was made yet).
 *
 * The active pair is locked (`for update`) before the request id is checked, so two spins of one
 * player take their nonces one after the other, and a spin that waited on the lock sees the round
 * its twin request just committed (`on conflict` checks committed rows, whatever the statement's
 * snapshot): the nonce moves on only when the round was inserted.
 */
export async function createRound(db: VendorDb, round: NewRound): Promise<ViewRow | 'duplicate' | 'rotated'> {
  const result = await sql<ViewRow | (Record<keyof RoundRow, null> & PairSide)>`
      with pair as (
        select id, next_nonce, server_seed_hash, client_seed, status, server_seed
        from seed_pairs
        where brand = ${round.brand} and player_id = ${round.playerId} and status = 'active'
        for update
      ), created as (
        insert into rounds (id, brand, player_id, session_id, request_id, game_id, mode, currency,
                            seed_pair_id, nonce, coin_value, stake, status, lease_until, free_round_grant_id)
        select ${round.id}::text, ${round.brand}::text, ${round.playerId}::text, ${round.sessionId}::bigint,
               ${round.requestId}::text, ${round.gameId}::text, ${round.mode}::text, ${round.currency}::text,
               pair.id, pair.next_nonce, ${BigInt(round.coinValue)}::bigint, ${round.stake}::bigint, 'betting',
               now() + make_interval(secs => ${round.leaseMs / 1000}), ${round.freeRoundGrantId}::text
        from pair
        on conflict (brand, player_id, request_id) do nothing
        returning ${sql.join(ROUND_COLUMNS.map((column) => sql.ref(column)))}
      ), taken as (
        update seed_pairs set next_nonce = next_nonce + 1
        where id = (select seed_pair_id from created)
      )
      select created.*, pair.server_seed_hash, pair.client_seed, pair.status as pair_status, pair.server_seed
      from pair left join created on true
      ${preparedMark}`.execute(db);
  const row = result.rows[0];
  if (!row) return 'rotated';
  return row.id === null ? 'duplicate' : row;
}

/** Frees an open round for the recovery job's next run: the round, or nothing when it is no longer open. */
export function releaseRound(db: VendorDb, id: string): Promise<ViewRow | undefined> {
  return db
    .updateTable('rounds')
    .from('seed_pairs')
    .set({ lease_until: sql<Date>`now()` })
    .whereRef('seed_pairs.id', '=', 'rounds.seed_pair_id')
    .where('rounds.id', '=', id)
    .where('rounds.status', 'in', OPEN_STATUSES)
    .returning(VIEW_COLUMNS)
    .executeTakeFirst();
}

export type RoundChange = {
  outcome?: RoundResult;
  payout?: bigint;
  balance?: bigint | null;
  errorCode?: string | null;
};

/**
 * Moves a round on from the status it was read in: the round as it is now, or nothing when another
 * runner moved it meanwhile (the change is then not made). `call`: the record of the wallet attempt
 * whose answer causes the move, written in the same statement (kept whether the move is made or not,
 * as every attempt is).
 */
export function transitionRound(
  db: VendorDb,
  row: Pick<RoundRow, 'id' | 'status'>,
  to: RoundStatus,
  set: RoundChange = {},
  call?: WalletCallRecord,
): Promise<ViewRow | undefined> {
  const final = to === 'settled' || to === 'cancelled' || to === 'refused' || to === 'failed';
  const creator: QueryCreator<VendorDatabase> = call
    ? db.with('call', (w) => w.insertInto('wallet_calls').values(walletCallRow(call)).returning('id'))
    : db;
  return creator
    .updateTable('rounds')
    .from('seed_pairs')
    .set({
      status: to,
      updated_at: sql<Date>`now()`,
      ...(set.outcome !== undefined ? { outcome: JSON.stringify(set.outcome) } : {}),
      ...(set.payout !== undefined ? { payout: set.payout } : {}),
      ...(set.balance !== undefined && set.balance !== null ? { balance_after: set.balance } : {}),
      ...(set.errorCode !== undefined ? { error_code: set.errorCode } : {}),
      ...(final ? { settled_at: sql<Date>`now()` } : {}),
    })
    .whereRef('seed_pairs.id', '=', 'rounds.seed_pair_id')
    .where('rounds.id', '=', row.id)
    .where('rounds.status', '=', row.status)
    .returning(VIEW_COLUMNS)
    .modifyEnd(preparedMark)
    .executeTakeFirst();
}

export async function platformTokenOf(db: VendorDb, sessionId: string): Promise<string | null> {
  const session = await db
    .selectFrom('sessions')
    .select('platform_token')
    .where('id', '=', sessionId)
    .executeTakeFirstOrThrow();
  return session.platform_token;
}

/**
 * Free play: the session's play money pays the stake and takes the payout, and the round is settled
 * (or refused for insufficient play money), in one transaction: the round as it is then, or nothing
 * when it had already left `betting`.
 */
export function settleFreeRound(
  db: VendorDb,
  row: Pick<RoundRow, 'id' | 'session_id' | 'stake'>,
  outcome: RoundResult,
  payout: bigint,
): Promise<ViewRow | undefined> {
  return db.transaction().execute(async (tx) => {
    const paid = await sql<{ play_balance: string }>`
        update sessions set play_balance = play_balance - ${BigInt(row.stake)} + ${payout}
        where id = ${row.session_id} and play_balance >= ${BigInt(row.stake)}
        returning play_balance`.execute(tx);
    const balance = paid.rows[0];
    const update = tx
      .updateTable('rounds')
      .from('seed_pairs')
      .whereRef('seed_pairs.id', '=', 'rounds.seed_pair_id')
      .where('rounds.id', '=', row.id)
      .where('rounds.status', '=', 'betting')
      .set({ updated_at: sql<Date>`now()`, settled_at: sql<Date>`now()` })
      .returning(VIEW_COLUMNS);
    if (balance) {
      return update
        .set({
          status: 'settled',
          outcome: JSON.stringify(outcome),
          payout,
          balance_after: BigInt(balance.play_balance),
        })
        .executeTakeFirst();
    }
    return update.set({ status: 'refused', error_code: 'insufficient_balance' }).executeTakeFirst();
  });
}

/** Open rounds whose lease ran out, oldest lease first. */
export function dueRounds(db: VendorDb, limit: number): Promise<Array<{ id: string }>> {
  return db
    .selectFrom('rounds')
    .select('id')
    .where('status', 'in', OPEN_STATUSES)
    .where('lease_until', '<=', sql<Date>`now()`)
    .orderBy('lease_until')
    .limit(limit)
    .execute();
}

/**
 * Takes an open round whose lease ran out (a conditional update: two processes never both do): the
 * round, or nothing when another process has it or it is no longer open.
 */
export function claimRound(db: VendorDb, id: string, leaseMs: number): Promise<ViewRow | undefined> {
  return db
    .updateTable('rounds')
    .from('seed_pairs')
    .set({ lease_until: sql<Date>`now() + make_interval(secs => ${leaseMs / 1000})` })
    .whereRef('seed_pairs.id', '=', 'rounds.seed_pair_id')
    .where('rounds.id', '=', id)
    .where('rounds.status', 'in', OPEN_STATUSES)
    .where('rounds.lease_until', '<=', sql<Date>`now()`)
    .returning(VIEW_COLUMNS)
    .executeTakeFirst();
}
