import type { SeamlessBalance } from '@lotus/contracts/seamless';
import { sql } from 'kysely';
import { type Db, preparedStatementMark } from '../../db/database.ts';
import type { Executor } from '../../db/executor.ts';

/**
 * Every SQL statement of the seamless wallet. Each call is one statement running one of the
 * functions under ./sql (their one source, see seamless.sql.ts), so it costs one round trip and
 * the rules live in the database functions only.
 */

/** What a seamless call answers; stored with its transaction so a retry gets exactly this again. */
export type SeamlessOutcome = { success: boolean; errorCode: string; value: SeamlessBalance | null };

/** Ids and settings every money call passes to its function. */
export type CallBase = {
  brandId: string;
  vendorId: string;
  vendorCode: string;
  currency: string;
  scale: number;
  shards: number;
};

/** A bet and a win are the calls of every game round: prepared once per database connection. */
const PREPARED_BET = sql.raw(preparedStatementMark('seamless_bet'));
const PREPARED_WIN = sql.raw(preparedStatementMark('seamless_win'));

async function outcomeOf(query: Promise<{ rows: { outcome: SeamlessOutcome }[] }>): Promise<SeamlessOutcome> {
  const outcome = (await query).rows[0]?.outcome;
  if (!outcome) throw new Error('seamless function answered nothing');
  return outcome;
}

export function callBet(
  executor: Executor,
  b: CallBase,
  r: {
    transactionId: string;
    hash: string;
    roundId: string;
    gameId: string;
    tokenHash: string;
    trialType: number;
    amount: bigint;
    freeRoundGrantId?: string | undefined;
  },
): Promise<SeamlessOutcome> {
  return outcomeOf(
    sql<{ outcome: SeamlessOutcome }>`${PREPARED_BET}select seamless_bet(
      ${b.brandId}::bigint, ${b.vendorId}::bigint, ${b.vendorCode}, ${r.transactionId}, ${r.hash},
      ${r.roundId}, ${r.gameId}, ${r.tokenHash}, ${r.trialType}::integer,
      ${r.amount.toString()}::bigint, ${b.currency}, ${b.scale}::integer, ${b.shards}::integer,
      ${r.freeRoundGrantId ?? null}::bigint
    ) as outcome`.execute(executor),
  );
}

export function callWin(
  executor: Executor,
  b: CallBase,
  r: {
    transactionId: string;
    hash: string;
    betTransactionId: string;
    roundId: string;
    gameId: string;
    amount: bigint;
    tokenHash: string | null;
  },
): Promise<SeamlessOutcome> {
  return outcomeOf(
    sql<{ outcome: SeamlessOutcome }>`${PREPARED_WIN}select seamless_win(
      ${b.brandId}::bigint, ${b.vendorId}::bigint, ${b.vendorCode}, ${r.transactionId}, ${r.hash},
      ${r.betTransactionId}, ${r.roundId}, ${r.gameId}, ${r.amount.toString()}::bigint,
      ${b.currency}, ${b.scale}::integer, ${b.shards}::integer, ${r.tokenHash}
    ) as outcome`.execute(executor),
  );
}

export function callRollback(
  executor: Executor,
  b: CallBase,
  r: {
    transactionId: string;
    hash: string;
    betTransactionId: string;
    roundId: string;
    gameId: string;
    amount: bigint | undefined;
    tokenHash: string | null;
  },
): Promise<SeamlessOutcome> {
  return outcomeOf(
    sql<{ outcome: SeamlessOutcome }>`select seamless_rollback(
      ${b.brandId}::bigint, ${b.vendorId}::bigint, ${b.vendorCode}, ${r.transactionId}, ${r.hash},
      ${r.betTransactionId}, ${r.roundId}, ${r.gameId}, ${r.amount?.toString() ?? null}::bigint,
      ${b.currency}, ${b.scale}::integer, ${b.shards}::integer, ${r.tokenHash}
    ) as outcome`.execute(executor),
  );
}

export function callBetWin(
  executor: Executor,
  b: CallBase,
  r: {
    transactionId: string;
    hash: string;
    roundId: string;
    gameId: string;
    tokenHash: string;
    trialType: number;
    bet: bigint;
    win: bigint;
    freeRoundGrantId?: string | undefined;
  },
): Promise<SeamlessOutcome> {
  return outcomeOf(
    sql<{ outcome: SeamlessOutcome }>`select seamless_bet_win(
      ${b.brandId}::bigint, ${b.vendorId}::bigint, ${b.vendorCode}, ${r.transactionId}, ${r.hash},
      ${r.roundId}, ${r.gameId}, ${r.tokenHash}, ${r.trialType}::integer,
      ${r.bet.toString()}::bigint, ${r.win.toString()}::bigint,
      ${b.currency}, ${b.scale}::integer, ${b.shards}::integer, ${r.freeRoundGrantId ?? null}::bigint
    ) as outcome`.execute(executor),
  );
}

export async function callRoundEnd(
  executor: Executor,
  r: { brandId: string; vendorId: string; roundId: string; gameId: string },
): Promise<'settled' | 'cancelled'> {
  const { rows } = await sql<{ status: 'settled' | 'cancelled' }>`select seamless_round_end(
      ${r.brandId}::bigint, ${r.vendorId}::bigint, ${r.roundId}, ${r.gameId}
    ) as status`.execute(executor);
  const status = rows[0]?.status;
  if (!status) throw new Error('seamless_round_end answered nothing');
  return status;
}

/** Rounds still open that were opened before `before`, with their vendor and brand (at most 1000). */
export function findStaleRounds(db: Db, before: Date) {
  return db
    .selectFrom('seamless_rounds')
    .innerJoin('vendors', 'vendors.id', 'seamless_rounds.vendor_id')
    .innerJoin('brands', 'brands.id', 'seamless_rounds.brand_id')
    .select([
      'seamless_rounds.round_id',
      'seamless_rounds.game_id',
      'vendors.id as vendor_id',
      'vendors.code',
      'brands.id as brand_id',
      'brands.currency',
      'brands.currency_symbol',
    ])
    .where('seamless_rounds.status', '=', 'open')
    .where('seamless_rounds.created_at', '<', before)
    .orderBy('seamless_rounds.id')
    .limit(1000)
    .execute();
}
