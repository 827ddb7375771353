import { type Selectable, sql } from 'kysely';
import type { RoundResult } from '../../slots/round.ts';
import type { VendorDb } from '../db/database.ts';
import { OPEN_STATUSES, type RoundStatus, type RoundsTable } from '../db/schema.ts';

/** The slots' SQL: the `rounds` table (and the seed pair and session a round reads). */

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

/** A round with its seed pair's public side (the server seed is shown only once the pair is revealed). */
export type ViewRow = RoundRow & {
  server_seed_hash: string;
  client_seed: string;
  pair_status: 'active' | 'revealed';
  server_seed: string;
};

function viewQuery(db: VendorDb) {
  return db
    .selectFrom('rounds')
    .innerJoin('seed_pairs', 'seed_pairs.id', 'rounds.seed_pair_id')
    .select(JOINED_ROUND_COLUMNS)
    .select([
      'seed_pairs.server_seed_hash',
      'seed_pairs.client_seed',
      'seed_pairs.status as pair_status',
      'seed_pairs.server_seed',
    ]);
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
 * Creates a round (`betting`) on the player's next nonce, in one transaction: `created`;
 * `duplicate` when the same request id won the race in another request (this nonce stays unused);
 * `rotated` when a rotation committed in between took the active pair.
 */
export async function createRound(
  db: VendorDb,
  round: NewRound,
): Promise<'created' | 'duplicate' | 'rotated'> {
  return db
    .transaction()
    .execute(async (tx) => {
      const pair = await sql<{ id: string; nonce: number }>`
          update seed_pairs set next_nonce = next_nonce + 1
          where brand = ${round.brand} and player_id = ${round.playerId} and status = 'active'
          returning id, next_nonce - 1 as nonce`.execute(tx);
      const taken = pair.rows[0];
      if (!taken) throw new RotatedPair();
      const inserted = await sql<{ id: string }>`
          insert into rounds (id, brand, player_id, session_id, request_id, game_id, mode, currency,
                              seed_pair_id, nonce, coin_value, stake, status, lease_until, free_round_grant_id)
          values (${round.id}, ${round.brand}, ${round.playerId}, ${round.sessionId}, ${round.requestId},
                  ${round.gameId}, ${round.mode}, ${round.currency}, ${taken.id}, ${taken.nonce},
                  ${BigInt(round.coinValue)}, ${round.stake}, 'betting',
                  now() + make_interval(secs => ${round.leaseMs / 1000}), ${round.freeRoundGrantId})
          on conflict (brand, player_id, request_id) do nothing
          returning id`.execute(tx);
      if (inserted.rows.length === 0) throw new DuplicateRound();
      return 'created' as const;
    })
    .catch((error: unknown) => {
      if (error instanceof DuplicateRound) return 'duplicate' as const;
      if (error instanceof RotatedPair) return 'rotated' as const;
      throw error;
    });
}

class DuplicateRound extends Error {}
class RotatedPair extends Error {}

export function roundById(db: VendorDb, id: string): Promise<RoundRow | undefined> {
  return db.selectFrom('rounds').select(ROUND_COLUMNS).where('id', '=', id).executeTakeFirst();
}

/** Frees an open round for the recovery job's next run. */
export async function releaseRound(db: VendorDb, id: string): Promise<void> {
  await db
    .updateTable('rounds')
    .set({ lease_until: sql<Date>`now()` })
    .where('id', '=', id)
    .where('status', 'in', OPEN_STATUSES)
    .execute();
}

export type RoundChange = {
  outcome?: RoundResult;
  payout?: bigint;
  balance?: bigint | null;
  errorCode?: string | null;
};

/** Moves a round on from the status it was read in (nothing when it moved meanwhile). */
export async function transitionRound(
  db: VendorDb,
  row: Pick<RoundRow, 'id' | 'status'>,
  to: RoundStatus,
  set: RoundChange = {},
): Promise<void> {
  const final = to === 'settled' || to === 'cancelled' || to === 'refused' || to === 'failed';
  await db
    .updateTable('rounds')
    .set({
      status: to,
      updated_at: sql<Date>`now()`,
      ...(set.outcome !== undefined ? { outcome: JSON.stringify(set.outcome) } : {}),
      ...(set.payout !== undefined ? { payout: set.payout } : {}),
      ...(set.balance !== undefined && set.balance !== null ? { balance_after: set.balance } : {}),
      ...(set.errorCode !== undefined ? { error_code: set.errorCode } : {}),
      ...(final ? { settled_at: sql<Date>`now()` } : {}),
    })
    .where('id', '=', row.id)
    .where('status', '=', row.status)
    .execute();
}

export function seedsOfPair(
  db: VendorDb,
  pairId: string,
): Promise<{ server_seed: string; client_seed: string }> {
  return db
    .selectFrom('seed_pairs')
    .select(['server_seed', 'client_seed'])
    .where('id', '=', pairId)
    .executeTakeFirstOrThrow();
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
 * (or refused for insufficient play money), in one transaction.
 */
export async function settleFreeRound(
  db: VendorDb,
  row: Pick<RoundRow, 'id' | 'session_id' | 'stake'>,
  outcome: RoundResult,
  payout: bigint,
): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const paid = await sql<{ play_balance: string }>`
        update sessions set play_balance = play_balance - ${BigInt(row.stake)} + ${payout}
        where id = ${row.session_id} and play_balance >= ${BigInt(row.stake)}
        returning play_balance`.execute(tx);
    const balance = paid.rows[0];
    const update = tx.updateTable('rounds').where('id', '=', row.id).where('status', '=', 'betting').set({
      updated_at: sql<Date>`now()`,
      settled_at: sql<Date>`now()`,
    });
    if (balance) {
      await update
        .set({
          status: 'settled',
          outcome: JSON.stringify(outcome),
          payout,
          balance_after: BigInt(balance.play_balance),
        })
        .execute();
    } else {
      await update.set({ status: 'refused', error_code: 'insufficient_balance' }).execute();
    }
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

/** Takes an open round whose lease ran out (a conditional update: two processes never both do). */
export async function claimRound(db: VendorDb, id: string, leaseMs: number): Promise<boolean> {
  const claimed = await db
    .updateTable('rounds')
    .set({ lease_until: sql<Date>`now() + make_interval(secs => ${leaseMs / 1000})` })
    .where('id', '=', id)
    .where('status', 'in', OPEN_STATUSES)
    .where('lease_until', '<=', sql<Date>`now()`)
    .returning('id')
    .executeTakeFirst();
  return claimed !== undefined;
}
